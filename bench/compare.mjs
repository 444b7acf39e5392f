#!/usr/bin/env node
/**
 * Before/after of a hot-path change: two builds of the package in one process, on one generated
 * graph, with the plain-number floor as a third column. Each build prepares the graph once, then
 * the timed runs rotate between the builds and the floor, so that load from other processes falls
 * on all three alike.
 *
 *   node --expose-gc bench/compare.mjs <before>/index.js <after>/index.js
 *        [--phase evaluate|evaluate+budgets|evaluate+components|evaluate-no-propagation|prepare|prepare+evaluate|whole]
 *        [--entries 10000] [--runs 9] [--graph issue16 | --file graph.json]
 *
 * `whole` is issue 16's in-process measure: `evaluateGraph` on the parsed document and every
 * budget line read. `evaluate+components` reads every entry's component items (made when first read). `--graph issue16` takes issue 16's graph (generate-graph.mjs --preset issue16)
 * instead of one of `--entries` entries of 20 components; `--file` a graph document. The floor
 * column needs a generated graph (it knows each unit's factor and each blueprint's formula).
 *
 * Prints the median and best time per column and the after/before and after/floor ratios. Check
 * that the two builds agree with bench/equivalence.mjs; this script only times them.
 */
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { generateGraph } from './generate-graph.mjs';
import { evaluateFloor, prepareAndEvaluateFloor, prepareFloor } from './floor.mjs';
import { readFileSync } from 'node:fs';
import { issueGraphFile, median, readEveryBudgetLine, readEveryComponent } from './measure.mjs';

const argv = process.argv.slice(2);
const builds = argv.filter((a, i) => !a.startsWith('--') && (i === 0 || !argv[i - 1].startsWith('--')));
const option = (name, fallback) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 && argv[at + 1] !== undefined ? argv[at + 1] : fallback;
};
if (builds.length !== 2) {
  process.stderr.write(
    'usage: node --expose-gc bench/compare.mjs <before>/index.js <after>/index.js [--phase P] [--entries N] [--runs R]\n',
  );
  process.exit(2);
}
const phase = option('phase', 'evaluate');
const entries = Number(option('entries', '10000'));
const runs = Number(option('runs', '9'));

const engines = await Promise.all(builds.map((b) => import(pathToFileURL(resolve(b)).href)));
// Through a JSON round trip, so that the strings are what a parsed document holds.
const fileOption = option('graph', '') === 'issue16' ? await issueGraphFile() : option('file', '');
const graph =
  fileOption === '' ? JSON.parse(JSON.stringify(generateGraph({ entries }).graph)) : JSON.parse(readFileSync(fileOption, 'utf8'));
const floorPrepared = prepareFloor(graph);

function runnerOf(engine) {
  if (phase === 'prepare') return () => engine.prepareGraph(graph);
  if (phase === 'prepare+evaluate') return () => engine.evaluateGraph(graph);
  if (phase === 'whole') return () => readEveryBudgetLine(engine.evaluateGraph(graph));
  const prepared = engine.prepareGraph(graph).prepared;
  const options = phase === 'evaluate-no-propagation' ? { propagate: false } : {};
  if (phase === 'evaluate+budgets') return () => readEveryBudgetLine(engine.evaluatePreparedGraph(prepared, options).result);
  if (phase === 'evaluate+components') return () => readEveryComponent(engine.evaluatePreparedGraph(prepared, options).result);
  if (phase !== 'evaluate' && phase !== 'evaluate-no-propagation') throw new Error(`unknown phase ${phase}`);
  return () => engine.evaluatePreparedGraph(prepared, options);
}
const floor = phase.startsWith('prepare') || phase === 'whole' ? () => prepareAndEvaluateFloor(graph) : () => evaluateFloor(floorPrepared);
const columns = [
  { name: 'before', run: runnerOf(engines[0]), times: [] },
  { name: 'after', run: runnerOf(engines[1]), times: [] },
  { name: 'floor', run: floor, times: [] },
];
for (const column of columns) column.run(); // warm-up
globalThis.gc?.();

for (let r = 0; r < runs; r++) {
  // Rotate the order, so that no column always follows the same one.
  for (let k = 0; k < columns.length; k++) {
    const column = columns[(r + k) % columns.length];
    await new Promise((done) => setTimeout(done, 30));
    const t0 = performance.now();
    let result = column.run();
    column.times.push(performance.now() - t0);
    result = null;
  }
}
const [before, after, floorColumn] = columns.map((c) => ({ median: median(c.times), best: Math.min(...c.times) }));
const fmt = (x) => x.toFixed(1).padStart(8);
process.stdout.write(
  `${phase}, ${graph.ghg_entries.length} entries, ${graph.components.length} components, ${graph.datapoints.length} datapoints, ${runs} runs per column\n`,
);
process.stdout.write(`          median     best\n`);
process.stdout.write(`before  ${fmt(before.median)} ${fmt(before.best)} ms   ${(before.median / floorColumn.median).toFixed(2)}x floor\n`);
process.stdout.write(`after   ${fmt(after.median)} ${fmt(after.best)} ms   ${(after.median / floorColumn.median).toFixed(2)}x floor\n`);
process.stdout.write(`floor   ${fmt(floorColumn.median)} ${fmt(floorColumn.best)} ms\n`);
for (const c of columns) process.stdout.write(`${c.name}: ${c.times.map((t) => t.toFixed(0)).join(' ')}\n`);
process.stdout.write(
  `after / before: ${(after.median / before.median).toFixed(3)} (median), ${(after.best / before.best).toFixed(3)} (best)\n`,
);
