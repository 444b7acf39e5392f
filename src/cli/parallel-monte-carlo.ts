/**
 * The Monte Carlo evaluation of a graph's entries in worker threads (`node:worker_threads`), for
 * `cdr-engine evaluate --threads N`. This thread and N - 1 workers (monte-carlo-worker.ts, each
 * preparing the same document) claim chunks of entries until none is left
 * (monte-carlo-claims.ts); the runs are merged. An entry's draws come from counter-based streams keyed by block and datapoint
 * (docs/result.md), so the figures, and the JSON, are the same byte for byte with one thread or
 * several. Lives in the CLI: the library core and the report never load worker threads.
 */
import { Worker } from 'node:worker_threads';
import type { AccountingPolicies, EvaluateOptions, PreparedGraph } from '../accounting';
import { mergeMonteCarloRuns, type MonteCarloRun, type MonteCarloSettings } from '../accounting/monte-carlo';
import { monteCarloSettings, monteCarloShares } from '../accounting/evaluate';
import type { GraphIssue } from '../model';
import { type ClaimedRun, runClaimedChunks } from './monte-carlo-claims';

/** What a worker is asked: the document, how to prepare and run it, and where to claim chunks of entries. */
export interface WorkerTask {
  readonly document: unknown;
  readonly policies: Partial<AccountingPolicies>;
  readonly settings: MonteCarloSettings;
  /** next[0]: the first entry no thread has claimed yet (over a SharedArrayBuffer). */
  readonly next: Int32Array;
  readonly chunk: number;
}

/** A worker's answer: what it ran, or the problems of preparing the document. */
export type WorkerAnswer =
  | { readonly ok: true; readonly claimed: ClaimedRun }
  | { readonly ok: false; readonly issues: readonly GraphIssue[] };

/** The outcome of a parallel run. */
export type ParallelAnswer =
  | { readonly ok: true; readonly run: MonteCarloRun }
  | { readonly ok: false; readonly issues: readonly GraphIssue[] };

/** Chunks per thread: enough that the threads end within a small chunk of each other (the last ones wait on the slowest), few enough that preparing a chunk (its draw plan) stays negligible. */
const CHUNKS_PER_THREAD = 32;

/**
 * The Monte Carlo run of every entry with `threads` workers; undefined when the options ask for
 * none. With one thread (or one entry) it runs here alone, without workers.
 */
export async function runMonteCarloInThreads(
  document: unknown,
  policies: Partial<AccountingPolicies>,
  prepared: PreparedGraph,
  options: EvaluateOptions,
  threads: number,
): Promise<ParallelAnswer | undefined> {
  const settings = monteCarloSettings(prepared, options);
  if (settings === null) return undefined;
  const count = prepared.entries.count;
  const parts = Math.max(1, Math.min(threads, count));
  const shares = monteCarloShares(prepared);
  if (!(shares instanceof Float64Array)) return { ok: false, issues: shares };
  const next = new Int32Array(new SharedArrayBuffer(4));
  const chunk = parts === 1 ? count : Math.max(1, Math.ceil(count / (parts * CHUNKS_PER_THREAD)));
  // The workers start first; this thread, whose graph is prepared already, claims chunks meanwhile.
  const workers = Array.from({ length: parts - 1 }, () => inWorker({ document, policies, settings, next, chunk }));
  const mine = runClaimedChunks(prepared, settings, shares, next, chunk);
  const answers = await Promise.all(workers);
  const failed = answers.flatMap((a) => (a.ok ? [] : a.issues));
  if (failed.length > 0) return { ok: false, issues: failed };
  const claimed = [mine, ...answers.map((a) => (a as { claimed: ClaimedRun }).claimed)];
  // The problems in entry order, whichever thread met them.
  const issues = claimed
    .flatMap((c) => c.issues)
    .sort((x, y) => x[0] - y[0])
    .flatMap(([, found]) => found);
  if (issues.length > 0) return { ok: false, issues };
  return {
    ok: true,
    run:
      parts === 1
        ? mine.run
        : mergeMonteCarloRuns(
            claimed.map((c) => c.run),
            count,
          ),
  };
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
