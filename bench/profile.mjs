#!/usr/bin/env node
/**
 * CPU profile of one phase on a generated graph, summarised as the functions with the most self
 * time (the same sampling profiler as `node --cpu-prof`, driven through node:inspector so that
 * only the phase is profiled, not the document's generation and parsing).
 *
 *   node --expose-gc bench/profile.mjs [--phase prepare+evaluate|prepare|evaluate|evaluate+budgets|evaluate-no-propagation]
 *                                      [--entries 10000] [--runs 3] [--top 25]
 *
 * Writes the raw profile to bench/out/<phase>.cpuprofile (gitignored; open it in Chrome DevTools).
 * CDR_ENGINE_DIST=/path/to/index.js profiles another build.
 */
import { Session } from 'node:inspector/promises';
import { mkdirSync, writeFileSync } from 'node:fs';
import { findSourceMap } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateGraph } from './generate-graph.mjs';
import { readFileSync } from 'node:fs';
import { issueGraphFile, parseOptions, readEveryBudgetLine } from './measure.mjs';

const options = parseOptions(
  { phase: 'prepare+evaluate', entries: 10_000, runs: 3, top: 25, graph: '' },
  'usage: node --expose-gc bench/profile.mjs [--phase P] [--entries N | --graph issue16] [--runs R] [--top T]',
);

// Source maps, so that a function of the bundle is reported at its place in src/.
process.setSourceMapsEnabled(true);
const distEntry = process.env.CDR_ENGINE_DIST ?? fileURLToPath(new URL('../dist/index.js', import.meta.url));
const engine = await import(pathToFileURL(distEntry).href);
// Through a JSON round trip, so that the strings are what a parsed document holds.
const graph =
  options.graph === 'issue16'
    ? JSON.parse(readFileSync(await issueGraphFile(), 'utf8'))
    : JSON.parse(JSON.stringify(generateGraph({ entries: options.entries }).graph));
const prepared = options.phase.startsWith('evaluate') ? engine.prepareGraph(graph).prepared : undefined;
const run = {
  prepare: () => engine.prepareGraph(graph),
  'prepare+evaluate': () => engine.evaluateGraph(graph),
  'prepare+evaluate+budgets': () => readEveryBudgetLine(engine.evaluateGraph(graph)),
  evaluate: () => engine.evaluatePreparedGraph(prepared, {}),
  'evaluate+budgets': () => readEveryBudgetLine(engine.evaluatePreparedGraph(prepared, {}).result),
  'evaluate-no-propagation': () => engine.evaluatePreparedGraph(prepared, { propagate: false }),
}[options.phase];
if (run === undefined) throw new Error(`unknown phase ${options.phase}`);
run(); // warm-up, outside the profile

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 200 });
await session.post('Profiler.start');
const t0 = performance.now();
for (let r = 0; r < options.runs; r++) run();
const wallMs = performance.now() - t0;
const { profile } = await session.post('Profiler.stop');
session.disconnect();

const outDir = fileURLToPath(new URL('./out/', import.meta.url));
mkdirSync(outDir, { recursive: true });
const file = `${outDir}${options.phase.replace(/[^a-z-]/g, '_')}.cpuprofile`;
writeFileSync(file, JSON.stringify(profile));

// Self time per function (by name and location), from the samples and their time deltas.
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
let total = 0;
const place = (frame) => {
  if (frame.url === '') return frame.functionName === '' ? " (generated code: zod's compiled parsers)" : '';
  const map = frame.url.startsWith('file:') ? findSourceMap(fileURLToPath(frame.url)) : undefined;
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber);
  if (entry !== undefined && entry.originalSource !== undefined)
    return ` ${entry.originalSource.replace(/^.*?\/src\//, 'src/')}:${entry.originalLine + 1}`;
  return ` ${frame.url.replace(/^.*\/node_modules\//, '').replace(/^.*\//, '')}:${frame.lineNumber + 1}`;
};
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  const frame = nodes.get(id).callFrame;
  // The inspector's own call that stops the profiler is not part of the phase.
  if (frame.functionName === 'dispatch' && frame.url === '') return;
  const key = `${frame.functionName || '(anonymous)'}${place(frame)}`;
  self.set(key, (self.get(key) ?? 0) + dt);
  total += dt;
});
const rows = [...self].sort((a, b) => b[1] - a[1]).slice(0, options.top);
process.stdout.write(
  `${options.phase}, ${options.entries} entries, ${options.runs} run(s) in ${wallMs.toFixed(0)} ms; profile in ${file}\n`,
);
process.stdout.write('self ms   share  function\n');
for (const [key, us] of rows)
  process.stdout.write(`${(us / 1000 / options.runs).toFixed(1).padStart(7)}  ${((100 * us) / total).toFixed(1).padStart(5)}%  ${key}\n`);
process.stdout.write('(self ms are per run)\n');
