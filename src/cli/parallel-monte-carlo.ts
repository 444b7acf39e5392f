/**
 * The Monte Carlo evaluation of a graph's entries in worker threads (`node:worker_threads`), for
 * `cdr-engine evaluate --threads N`. This thread and N - 1 workers (monte-carlo-worker.ts, each
 * preparing the same document, sent once; started before the engine is loaded when N is given, early-workers.ts)
 * claim chunks of entries until none is left (monte-carlo-claims.ts); the runs are merged. An
 * entry's draws come from counter-based streams keyed by block and datapoint (docs/result.md), so
 * the figures, and the JSON, are the same byte for byte with one thread or several. Lives in the CLI: the library core and the report never load worker threads.
 */
import type { AccountingPolicies, EvaluateOptions, PreparedGraph } from '../accounting';
import { mergeMonteCarloRuns, type MonteCarloRun } from '../accounting/monte-carlo';
import { monteCarloSettings, monteCarloShares } from '../accounting/evaluate';
import type { GraphIssue } from '../model';
import { type ClaimedRun, runClaimedChunks } from './monte-carlo-claims';
import { type EarlyWorkers, startWorker, type ThreadDocument, type WorkerAnswer } from './early-workers';
import { addThreadTimes, noteTime } from './thread-times';

/** The outcome of a parallel run. */
export type ParallelAnswer =
  | { readonly ok: true; readonly run: MonteCarloRun }
  | { readonly ok: false; readonly issues: readonly GraphIssue[] };

/** Chunks per thread: enough that the threads end within a small chunk of each other (the last ones wait on the slowest), few enough that preparing a chunk (its draw plan) stays negligible. */
const CHUNKS_PER_THREAD = 32;

/**
 * The Monte Carlo run of every entry on `threads` threads (this one and `threads - 1` workers,
 * each claiming chunks of entries); undefined when the options ask for none. With one thread (or
 * one entry) it runs here alone, without workers. Workers started early (`early`, already sent
 * the document) are used first; whatever is not used is stopped.
 */
export async function runMonteCarloInThreads(
  document: ThreadDocument,
  policies: Partial<AccountingPolicies>,
  prepared: PreparedGraph,
  options: EvaluateOptions,
  threads: number,
  early?: EarlyWorkers,
): Promise<ParallelAnswer | undefined> {
  const settings = monteCarloSettings(prepared, options);
  const count = prepared.entries.count;
  const parts = Math.max(1, Math.min(threads, count));
  const shares = settings === null ? [] : monteCarloShares(prepared);
  const started = early?.workers ?? [];
  for (const w of started.slice(settings === null || !(shares instanceof Float64Array) ? 0 : parts - 1)) w.stop();
  if (settings === null) return undefined;
  if (!(shares instanceof Float64Array)) return { ok: false, issues: shares };
  noteTime('main Monte Carlo');
  const next = new Int32Array(new SharedArrayBuffer(4));
  const chunk = parts === 1 ? count : Math.max(1, Math.ceil(count / (parts * CHUNKS_PER_THREAD)));
  // Workers not started early start now, prepare the document, then claim; this thread, whose graph is prepared already, claims chunks meanwhile.
  const workers = started.slice(0, parts - 1);
  while (workers.length < parts - 1) {
    const w = startWorker(true);
    w.post({ kind: 'prepare', document, policies });
    workers.push(w);
  }
  for (const w of workers) w.post({ kind: 'run', settings, next, chunk, threads: parts });
  noteTime('main workers created');
  let mine: ClaimedRun;
  let answers: WorkerAnswer[];
  try {
    mine = runClaimedChunks(prepared, settings, shares, next, chunk, parts);
    noteTime('main claims done');
    answers = await Promise.all(workers.map((w) => w.answer));
    answers.forEach((a, i) => addThreadTimes(`worker${i + 1}`, a.ok ? a.times : undefined));
    noteTime('main answers in');
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
