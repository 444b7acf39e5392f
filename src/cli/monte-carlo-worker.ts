/**
 * A worker thread of `cdr-engine evaluate --threads N` (parallel-monte-carlo.ts): prepares the
 * document it is sent and runs the Monte Carlo evaluation of the chunks of entries it claims.
 * Built as its own file (dist/monte-carlo-worker.js), loaded only by the worker.
 */
import { parentPort } from 'node:worker_threads';
import { prepareGraph, type PrepareResult } from '../accounting';
import { monteCarloShares } from '../accounting/evaluate';
import { parseJsonBytes } from './document';
import { runClaimedChunks } from './monte-carlo-claims';
import type { WorkerAnswer, WorkerMessage } from './early-workers';
import { noteTime, threadTimes } from './thread-times';

let prepared: PrepareResult | undefined;

/** The run of the chunks it claims, on the document prepared before. */
function answer(task: Extract<WorkerMessage, { kind: 'run' }>): WorkerAnswer {
  const graph = prepared as PrepareResult;
  if (!graph.ok) return { ok: false, issues: graph.issues };
  const shares = monteCarloShares(graph.prepared);
  const claimed = runClaimedChunks(graph.prepared, task.settings, shares, task.next, task.chunk, task.threads);
  noteTime('claims done');
  const times = threadTimes();
  return { ok: true, claimed, ...(times === undefined ? {} : { times }) };
}

noteTime('loaded');
// The messages come in order: the document, then the run (which may wait on this thread's preparing).
parentPort?.on('message', (message: WorkerMessage) => {
  if (message.kind === 'prepare') {
    noteTime('document received');
    // Bytes are parsed here: the main thread parses the same bytes and stops this worker, before any run, when they are not JSON.
    const { document } = message;
    prepared = prepareGraph('bytes' in document ? parseJsonBytes(document.bytes) : document.parsed, message.policies);
    noteTime('prepared');
  } else parentPort?.postMessage(answer(message));
});
