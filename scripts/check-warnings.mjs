#!/usr/bin/env node
/**
 * Warnings that do not cry wolf (issue 33): `npm run check:warnings` evaluates the benchmarks'
 * generated graph (bench/generate-graph.mjs, 10,000 entries, seed 1 by default) with the built
 * package and fails when any entry carries `value_outside_realistic_range`. The bundled examples and
 * the demo world are held by test/accounting/no-range-wolf.test.ts; this graph is too large for a
 * unit test. Bounded in time: it fails when the evaluation takes longer than `--limit` seconds
 * (default 300). Prints the counts of every warning code and the time taken.
 *
 *   node scripts/check-warnings.mjs [--entries N] [--seed S] [--limit SECONDS]
 */
import { existsSync } from 'node:fs';
import { generateGraph } from '../bench/generate-graph.mjs';

const dist = new URL('../dist/index.js', import.meta.url);
if (!existsSync(dist)) {
  process.stderr.write('check-warnings: dist/index.js is missing; run `npm run build` first\n');
  process.exit(2);
}
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  const value = at < 0 ? fallback : Number(args[at + 1]);
  if (!Number.isFinite(value) || value <= 0) {
    process.stderr.write(`check-warnings: ${name} takes a positive number\n`);
    process.exit(2);
  }
  return value;
};
const entries = option('--entries', 10_000);
const seed = option('--seed', 1);
const limit = option('--limit', 300);

const { evaluateGraph } = await import(dist.href);
const started = performance.now();
const { graph, stats } = generateGraph({ entries, seed });
const generated = performance.now();
const result = evaluateGraph(graph);
const seconds = (performance.now() - started) / 1000;

const counts = new Map();
for (const w of result.warnings) counts.set(w.code, (counts.get(w.code) ?? 0) + 1);
const listed = [...counts].map(([code, n]) => `${code} ${n}`).join(', ') || 'none';
process.stdout.write(
  `check-warnings: ${stats.entries} entries, ${stats.datapoints} datapoints; warnings: ${listed}; ` +
    `generated in ${((generated - started) / 1000).toFixed(1)} s, total ${seconds.toFixed(1)} s\n`,
);
const wolves = result.warnings.filter((w) => w.code === 'value_outside_realistic_range');
for (const w of wolves.slice(0, 10)) process.stdout.write(`  ${w.path}: ${w.message}\n`);
if (wolves.length > 0) {
  process.stderr.write(`check-warnings: ${wolves.length} value_outside_realistic_range warnings on the generated graph\n`);
  process.exit(1);
}
if (seconds > limit) {
  process.stderr.write(`check-warnings: took ${seconds.toFixed(1)} s, more than the limit of ${limit} s\n`);
  process.exit(1);
}
