#!/usr/bin/env node
/**
 * One side alone: the engine's or the floor's evaluation in a process of its own. Beside
 * `run.mjs`, whose alternating runs let one side's garbage be collected in the other's time, this
 * is the check that a ratio does not depend on who cleans up. By default the runs come back to back,
 * the previous result kept until the next one is made (as a caller holding its result does);
 * `--pause 30` drops each result and waits 30 ms before the next run, as `worker.mjs` does.
 *
 *   node --expose-gc bench/alone.mjs [--impl engine|floor] [--phase evaluate|prepare+evaluate]
 *                                    [--entries 10000] [--runs 31] [--pause 0]
 *
 * Prints the median, best and worst time. CDR_ENGINE_DIST=/path/to/index.js times another build.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateGraph } from './generate-graph.mjs';
import { evaluateFloor, prepareAndEvaluateFloor, prepareFloor } from './floor.mjs';
import { median, parseOptions } from './measure.mjs';

const options = parseOptions(
  { impl: 'engine', phase: 'evaluate', entries: 10_000, runs: 31, pause: 0 },
  'usage: node --expose-gc bench/alone.mjs [--impl engine|floor] [--phase evaluate|prepare+evaluate] [--entries N] [--runs R] [--pause MS]',
);

const distEntry = process.env.CDR_ENGINE_DIST ?? fileURLToPath(new URL('../dist/index.js', import.meta.url));
const engine = await import(pathToFileURL(distEntry).href);
// Through a JSON round trip, so that the strings are what a parsed document holds.
const graph = JSON.parse(JSON.stringify(generateGraph({ entries: options.entries }).graph));

function mustEvaluate(outcome) {
  if (!outcome.ok) throw new Error(`evaluation failed: ${JSON.stringify(outcome.issues.slice(0, 5))}`);
  return outcome.result;
}

let run;
if (options.impl === 'engine' && options.phase === 'evaluate') {
  const prepared = engine.prepareGraph(graph);
  if (!prepared.ok) throw new Error('the generated graph is invalid');
  run = () => mustEvaluate(engine.evaluatePreparedGraph(prepared.prepared));
} else if (options.impl === 'engine' && options.phase === 'prepare+evaluate') {
  run = () => engine.evaluateGraph(graph);
} else if (options.impl === 'floor' && options.phase === 'evaluate') {
  const floor = prepareFloor(graph);
  run = () => evaluateFloor(floor);
} else if (options.impl === 'floor' && options.phase === 'prepare+evaluate') {
  run = () => prepareAndEvaluateFloor(graph);
} else {
  throw new Error(`unknown impl ${options.impl} or phase ${options.phase}`);
}

// Warm-up, then a clean start: what follows is the steady state of back-to-back calls.
let kept = run();
kept = run();
globalThis.gc?.();
const times = [];
for (let r = 0; r < options.runs; r++) {
  if (options.pause > 0) {
    kept = undefined;
    await new Promise((resolve) => setTimeout(resolve, options.pause));
  }
  const t0 = performance.now();
  kept = run();
  times.push(performance.now() - t0);
}
const fmt = (ms) => `${ms.toFixed(1)} ms`;
process.stdout.write(
  `${options.impl} ${options.phase}, ${options.entries} entries, ${options.runs} runs ${options.pause > 0 ? `${options.pause} ms apart` : 'back to back'}: median ${fmt(median(times))}, best ${fmt(Math.min(...times))}, worst ${fmt(Math.max(...times))}\n`,
);
