/**
 * A worker thread of `cdr-engine evaluate --threads N` (parallel-monte-carlo.ts): prepares the
 * document it is given and runs the Monte Carlo evaluation of the chunks of entries it claims.
 * Built as its own file (dist/monte-carlo-worker.js), loaded only by the worker.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { prepareGraph } from '../accounting';
import { monteCarloShares } from '../accounting/evaluate';
import { runClaimedChunks } from './monte-carlo-claims';
import type { WorkerAnswer, WorkerTask } from './parallel-monte-carlo';

function answer(task: WorkerTask): WorkerAnswer {
  const prepared = prepareGraph(task.document, task.policies);
  if (!prepared.ok) return { ok: false, issues: prepared.issues };
  const shares = monteCarloShares(prepared.prepared);
  return { ok: true, claimed: runClaimedChunks(prepared.prepared, task.settings, shares, task.next, task.chunk) };
}

parentPort?.postMessage(answer(workerData as WorkerTask));
