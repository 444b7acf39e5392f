/**
 * The Monte Carlo evaluation of a graph's entries in worker threads (`node:worker_threads`), for
 * `cdr-engine evaluate --threads N`. The entries are split into N contiguous ranges: the first run
 * here, each other by a worker (monte-carlo-worker.ts) that prepares the same document; the runs
 * are merged. An entry's draws come from counter-based streams keyed by block and datapoint
 * (docs/result.md), so the figures, and the JSON, are the same byte for byte with one thread or
 * several. Lives in the CLI: the library core and the report never load worker threads.
 */
import { Worker } from 'node:worker_threads';
import type { AccountingPolicies, EvaluateOptions, PreparedGraph } from '../accounting';
import { mergeMonteCarloRuns, runMonteCarlo, type MonteCarloRun, type MonteCarloSettings } from '../accounting/monte-carlo';
import { monteCarloSettings, monteCarloShares } from '../accounting/evaluate';
import type { GraphIssue } from '../model';

/** What a worker is asked: the document, how to prepare and run it, and its range of entries. */
export interface WorkerTask {
  readonly document: unknown;
  readonly policies: Partial<AccountingPolicies>;
  readonly settings: MonteCarloSettings;
  readonly from: number;
  readonly to: number;
}

/** A worker's answer. */
export type WorkerAnswer = { readonly ok: true; readonly run: MonteCarloRun } | { readonly ok: false; readonly issues: readonly GraphIssue[] };

/**
 * The Monte Carlo run of every entry with `threads` workers; undefined when the options ask for
 * none. With one thread (or one entry) it runs here alone, without workers.
 */
export async function runMonteCarloInThreads(document: unknown, policies: Partial<AccountingPolicies>, prepared: PreparedGraph, options: EvaluateOptions, threads: number): Promise<WorkerAnswer | undefined> {
  const settings = monteCarloSettings(prepared, options);
  if (settings === null) return undefined;
  const count = prepared.entries.count;
  const parts = Math.max(1, Math.min(threads, count));
  const shares = monteCarloShares(prepared);
  if (!(shares instanceof Float64Array)) return { ok: false, issues: shares };
  const bounds = Array.from({ length: parts + 1 }, (_, i) => Math.round((i * count) / parts));
  // The workers take the ranges after the first; this thread, whose graph is prepared already,
  // runs the first meanwhile (a worker must first load the engine and prepare the document).
  const workers = bounds.slice(1, -1).map((from, i) => inWorker({ document, policies, settings, from, to: bounds[i + 2] as number }));
  const first = runMonteCarlo(prepared, settings, shares, 0, bounds[1] as number);
  const answers: WorkerAnswer[] = [Array.isArray(first) ? { ok: false, issues: first } : { ok: true, run: first as MonteCarloRun }, ...(await Promise.all(workers))];
  const issues = answers.flatMap((a) => (a.ok ? [] : a.issues));
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, run: parts === 1 ? (answers[0] as { run: MonteCarloRun }).run : mergeMonteCarloRuns(answers.map((a) => (a as { run: MonteCarloRun }).run), count) };
}

/** Runs one task in a new worker thread. */
function inWorker(task: WorkerTask): Promise<WorkerAnswer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./monte-carlo-worker.js', import.meta.url), { workerData: task });
    worker.once('message', (answer: WorkerAnswer) => {
      resolve(answer);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`Monte Carlo worker stopped with exit code ${code}`));
    });
  });
}
