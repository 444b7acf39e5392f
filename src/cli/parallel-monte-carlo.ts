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
 * The Monte Carlo run of every entry on `threads` threads (this one and `threads - 1` workers,
 * each claiming chunks of entries); undefined when the options ask for none. With one thread (or
 * one entry) it runs here alone, without workers.
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
  let mine: ClaimedRun;
  let answers: WorkerAnswer[];
  try {
    mine = runClaimedChunks(prepared, settings, shares, next, chunk);
    answers = await Promise.all(workers.map((w) => w.answer));
  } catch (error) {
    // One thread failed: the others' chunks are of no use, so they stop rather than run on.
    for (const w of workers) w.stop();
    throw error;
  }
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

/** A task running in a worker thread: its answer, and a way to stop it early. */
interface RunningWorker {
  readonly answer: Promise<WorkerAnswer>;
  stop(): void;
}

/**
 * Runs one task in a new worker thread. The answer is rejected when the worker fails, when its
 * message cannot be read, or when it exits without answering (whatever its exit code), so a run
 * never waits on a worker that is gone.
 */
function inWorker(task: WorkerTask): RunningWorker {
  const worker = new Worker(new URL('./monte-carlo-worker.js', import.meta.url), { workerData: task });
  const answer = new Promise<WorkerAnswer>((resolve, reject) => {
    let settled = false;
    const settle = (done: () => void): void => {
      if (settled) return;
      settled = true;
      done();
    };
    worker.once('message', (message: WorkerAnswer) => {
      settle(() => resolve(message));
      void worker.terminate();
    });
    worker.once('messageerror', (error) => settle(() => reject(error)));
    worker.once('error', (error) => settle(() => reject(error)));
    worker.once('exit', (code) => settle(() => reject(new Error(`Monte Carlo worker stopped (exit code ${code}) before it answered`))));
  });
  return { answer, stop: () => void worker.terminate() };
}
