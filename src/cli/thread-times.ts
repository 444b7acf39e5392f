/**
 * A measuring aid of the parallel Monte Carlo run (bench/monte-carlo-threads.mjs): with the
 * environment variable CDR_ENGINE_THREAD_TIMES=1, each thread notes when it reaches each step, and
 * the main thread prints every thread's notes on stderr at exit, as one JSON line of milliseconds
 * since the process started. Without it nothing is noted or printed; the figures and the JSON
 * are the same either way.
 */
import { isMainThread } from 'node:worker_threads';

/** Steps and when they were reached (milliseconds since 1970, comparable between threads). */
export type ThreadTimes = (readonly [step: string, at: number])[];

const noted: ThreadTimes | undefined = process.env.CDR_ENGINE_THREAD_TIMES === '1' ? [] : undefined;

/** This thread's notes so far (undefined when not asked for). */
export function threadTimes(): ThreadTimes | undefined {
  return noted;
}

/** Notes that this thread reached `step` now (nothing when not asked for). */
export function noteTime(step: string): void {
  if (noted === undefined) return;
  if (isMainThread && noted.length === 0) process.once('exit', printTimes);
  noted.push([step, performance.timeOrigin + performance.now()]);
}

/** Adds a worker's notes, each step named after the worker. */
export function addThreadTimes(worker: string, times: ThreadTimes | undefined): void {
  for (const [step, at] of times ?? []) noted?.push([`${worker} ${step}`, at]);
}

function printTimes(): void {
  noteTime('exit');
  const start = performance.timeOrigin;
  const steps = (noted ?? [])
    .map(([step, at]) => [step, Math.round((at - start) * 10) / 10])
    .sort((x, y) => (x[1] as number) - (y[1] as number));
  process.stderr.write(`${JSON.stringify({ threadTimes: steps })}\n`);
}
