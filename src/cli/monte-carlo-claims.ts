/**
 * The share of a parallel Monte Carlo run one thread does (parallel-monte-carlo.ts): the entries
 * come in chunks, and each thread (the main one and every worker) claims the next chunk from a
 * counter they share until none is left, so a thread that started late (a worker loads the engine
 * and prepares the document first) or runs on a busier core simply does fewer chunks. An entry's
 * figures depend only on its own draws, so who ran which chunk changes nothing.
 */
import type { PreparedGraph } from '../accounting';
import { mergeMonteCarloRuns, runMonteCarlo, type MonteCarloRun, type MonteCarloSettings } from '../accounting/monte-carlo';
import type { GraphIssue } from '../model';

/** What one thread did: its chunks' runs as one run, and each refused chunk's first entry with its problems. */
export interface ClaimedRun {
  readonly run: MonteCarloRun;
  readonly issues: readonly (readonly [first: number, issues: readonly GraphIssue[]])[];
}

/** Claims chunks of `chunk` entries from `next` (next[0]: the first unclaimed entry) and runs them. */
export function runClaimedChunks(
  prepared: PreparedGraph,
  settings: MonteCarloSettings,
  shares: Float64Array,
  next: Int32Array,
  chunk: number,
): ClaimedRun {
  const count = prepared.entries.count;
  const runs: MonteCarloRun[] = [];
  const issues: (readonly [number, readonly GraphIssue[]])[] = [];
  for (;;) {
    const from = Atomics.add(next, 0, chunk);
    if (from >= count) break;
    const run = runMonteCarlo(prepared, settings, shares, from, Math.min(count, from + chunk));
    if (Array.isArray(run)) issues.push([from, run]);
    else runs.push(run as MonteCarloRun);
  }
  return { run: mergeMonteCarloRuns(runs, count), issues };
}
