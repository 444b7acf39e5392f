/**
 * The share of a parallel Monte Carlo run one thread does (parallel-monte-carlo.ts): the entries
 * come in chunks, and each thread (the main one and every worker) claims the next chunk from a
 * counter they share until none is left, so a thread that started late (a worker loads the engine
 * and prepares the document first) or runs on a busier core simply does fewer chunks. An entry's
 * figures depend only on its own draws, so who ran which chunk changes nothing.
 */
import type { PreparedGraph } from '../accounting';
import {
  mergeMonteCarloRuns,
  NetBuffers,
  netSamplerOf,
  runMonteCarlo,
  type MonteCarloRun,
  type MonteCarloSettings,
} from '../accounting/monte-carlo';
import type { GraphIssue } from '../model';
import { noteTime } from './thread-times';

/** What one thread did: its chunks' runs as one run, and each refused chunk's first entry with its problems. */
export interface ClaimedRun {
  readonly run: MonteCarloRun;
  readonly issues: readonly (readonly [first: number, issues: readonly GraphIssue[]])[];
}

/** The claims shrink near the end: a chunk is at most this fraction of what is left per thread, so that the threads end close together. */
const TAIL_SHARE = 4;

/**
 * Claims chunks of at most `chunk` entries from `next` (next[0]: the first unclaimed entry) and
 * runs them. Near the end the chunks shrink when `threads` share the counter (at most a quarter of
 * what is left per thread, down to one entry), so that no thread waits long on the last chunk of another.
 */
export function runClaimedChunks(
  prepared: PreparedGraph,
  settings: MonteCarloSettings,
  shares: Float64Array,
  next: Int32Array,
  chunk: number,
  threads = 1,
): ClaimedRun {
  const count = prepared.entries.count;
  const runs: MonteCarloRun[] = [];
  const issues: (readonly [number, readonly GraphIssue[]])[] = [];
  // The nets' arrays and the sampler (its draw plan, its columns) of one chunk serve the next.
  const buffers = new NetBuffers();
  const sampler = netSamplerOf(prepared, settings, shares);
  for (let from = claim(next, count, chunk, threads); from < count; from = claim(next, count, chunk, threads)) {
    noteTime(`claim ${from}`);
    const to = Math.min(count, from + claimSize(count - from, chunk, threads));
    const run = runMonteCarlo(prepared, settings, shares, from, to, buffers, sampler);
    if (Array.isArray(run)) issues.push([from, run]);
    else runs.push(run as MonteCarloRun);
  }
  return { run: mergeMonteCarloRuns(runs, count), issues };
}

/** The size of the chunk claimed when `left` entries are left (at least 1; a thread alone waits on nobody). */
function claimSize(left: number, chunk: number, threads: number): number {
  if (threads === 1) return chunk;
  return Math.max(1, Math.min(chunk, Math.ceil(left / (TAIL_SHARE * threads))));
}

/** The first entry of the next chunk this thread claims (count or more: none left). */
function claim(next: Int32Array, count: number, chunk: number, threads: number): number {
  for (;;) {
    const from = Atomics.load(next, 0);
    if (from >= count) return from;
    // Another thread may claim between the load and the exchange: then try again from where it left off.
    if (Atomics.compareExchange(next, 0, from, from + claimSize(count - from, chunk, threads)) === from) return from;
  }
}
