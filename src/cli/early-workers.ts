/**
 * The worker threads of a Monte Carlo run (`cdr-engine evaluate --threads N`, parallel-monte-carlo.ts)
 * and their start before the engine is loaded: when the command line fixes their number, the
 * command table (commands.ts) starts them before it imports the evaluate command, so that each
 * loads the engine (monte-carlo-worker.ts) while this thread loads it too, then reads the
 * document. Loads nothing of the engine: the command-line parse and the Monte Carlo flags only.
 *
 * Owns: EarlyWorkers, startWorker, the messages between the threads. May import: arguments.ts,
 * monte-carlo-options.ts, and types only of the engine and of the other Monte Carlo modules.
 */
import { Worker } from 'node:worker_threads';
import type { AccountingPolicies } from '../accounting';
import type { MonteCarloSettings } from '../accounting/monte-carlo';
import type { GraphIssue } from '../model';
import { parseArguments } from './arguments';
import type { ClaimedRun } from './monte-carlo-claims';
import { EVALUATE_OPTIONS, EVALUATE_SWITCHES, monteCarloChoice, threadsOf } from './monte-carlo-options';
import type { ThreadTimes } from './thread-times';

/**
 * The document the threads prepare: its file's bytes when it was read whole (each thread parses
 * them, a worker while this thread does; copying bytes costs this thread less than cloning the
 * parsed document), else the parsed document (cloned to each worker).
 */
export type ThreadDocument = { readonly bytes: Uint8Array } | { readonly parsed: unknown };

/** What a worker is sent: first the document to prepare, then the run (a worker started early gets the first before this thread prepares). */
export type WorkerMessage =
  | { readonly kind: 'prepare'; readonly document: ThreadDocument; readonly policies: Partial<AccountingPolicies> }
  | {
      readonly kind: 'run';
      readonly settings: MonteCarloSettings;
      /** next[0]: the first entry no thread has claimed yet (over a SharedArrayBuffer). */
      readonly next: Int32Array;
      readonly chunk: number;
      /** The threads sharing `next`. */
      readonly threads: number;
    };

/** A worker's answer: what it ran, or the problems of preparing the document. */
export type WorkerAnswer =
  | { readonly ok: true; readonly claimed: ClaimedRun; readonly times?: ThreadTimes }
  | { readonly ok: false; readonly issues: readonly GraphIssue[] };

/**
 * Workers started before the document is read, when `--threads N` fixes their number: each loads
 * the engine while this thread loads it and reads, and is sent the document ({@link sendDocument})
 * to prepare while this thread prepares it too. Until their run starts they do not keep the process alive.
 */
export class EarlyWorkers {
  private constructor(readonly workers: RunningWorker[]) {}

  /** `threads - 1` workers started now. */
  static start(threads: number): EarlyWorkers {
    return new EarlyWorkers(Array.from({ length: threads - 1 }, () => startWorker(false)));
  }

  /** Sends each worker the document to prepare. */
  sendDocument(document: ThreadDocument, policies: Partial<AccountingPolicies>): void {
    for (const w of this.workers) w.post({ kind: 'prepare', document, policies });
  }

  /** Stops the workers (no run for them). */
  stop(): void {
    for (const w of this.workers) w.stop();
  }
}

/** The workers started for a command line before the evaluate command was loaded, and that command line. */
let startedEarly: { readonly args: readonly string[]; readonly workers: EarlyWorkers } | undefined;

/**
 * The workers of an `evaluate` command line to start before its document is read: `--threads N`
 * with a number N > 1 on a Monte Carlo run gives N - 1 (`auto` waits for the entries' count); 0
 * for any other command line, a wrong one included (the command then says what is wrong).
 */
export function earlyWorkerCount(args: readonly string[]): number {
  const parsed = parseArguments(args, EVALUATE_OPTIONS, EVALUATE_SWITCHES);
  if (typeof parsed === 'string') return 0;
  const choice = monteCarloChoice(parsed.values);
  if (typeof choice === 'string' || (choice.monteCarlo === undefined && choice.policies.discountMethod !== 'monte_carlo')) return 0;
  const { threads } = parsed.values;
  const n = threads === undefined || threads === 'auto' ? 1 : threadsOf(threads, 1, 1);
  return typeof n === 'number' && n > 1 ? n - 1 : 0;
}

/** Starts the early workers of an `evaluate` command line (none when {@link earlyWorkerCount} says 0), before the command is loaded. */
export function startEarlyWorkers(args: readonly string[]): void {
  startedEarly?.workers.stop();
  const count = earlyWorkerCount(args);
  startedEarly = count === 0 ? undefined : { args, workers: EarlyWorkers.start(count + 1) };
}

/** Stops the workers {@link startEarlyWorkers} started (the command line was wrong). */
export function stopEarlyWorkers(): void {
  startedEarly?.workers.stop();
  startedEarly = undefined;
}

/**
 * The early workers of the command line `args`: those {@link startEarlyWorkers} started for it, or
 * started now (undefined when it asks for none). Workers started for another command line are stopped.
 */
export function earlyWorkersFor(args: readonly string[]): EarlyWorkers | undefined {
  const started = startedEarly;
  startedEarly = undefined;
  if (started?.args === args) return started.workers;
  started?.workers.stop();
  const count = earlyWorkerCount(args);
  return count === 0 ? undefined : EarlyWorkers.start(count + 1);
}

/** A worker thread: its answer, a way to send it a message, and a way to stop it early. */
export interface RunningWorker {
  readonly answer: Promise<WorkerAnswer>;
  post(message: WorkerMessage): void;
  stop(): void;
}

/**
 * Starts a worker thread (monte-carlo-worker.ts), which waits for its messages. The answer is
 * rejected when the worker fails, when its message cannot be read, or when it exits without
 * answering (whatever its exit code), so a run never waits on a worker that is gone. A worker
 * not `running` yet does not keep the process alive until it is sent its run.
 */
export function startWorker(running: boolean): RunningWorker {
  const worker = new Worker(new URL('./monte-carlo-worker.js', import.meta.url));
  if (!running) worker.unref();
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
  // A worker stopped before its run is not waited on: its answer is never read.
  answer.catch(() => undefined);
  return {
    answer,
    post: (message) => {
      if (message.kind === 'run') worker.ref();
      worker.postMessage(message);
    },
    stop: () => void worker.terminate(),
  };
}
