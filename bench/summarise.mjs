#!/usr/bin/env node
/**
 * Medians over several runs of the benchmark: each run of bench/run.mjs leaves
 * bench/out/results-<time>.json; on a shared machine one run's figures move with the other
 * processes, so bench/RESULTS.md quotes the median (and the best) over runs.
 *
 *   node bench/summarise.mjs [results-*.json ...]     (default: every bench/out/results-*.json)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { median as medianOf } from './measure.mjs';

const here = new URL('.', import.meta.url).pathname;
const files =
  process.argv.length > 2
    ? process.argv.slice(2)
    : readdirSync(join(here, 'out'))
        .filter((f) => /^results-.*\.json$/.test(f))
        .sort()
        .map((f) => join(here, 'out', f));
const runs = files.map((f) => JSON.parse(readFileSync(f, 'utf8')));
if (runs.length === 0) {
  process.stderr.write('no results files: run node bench/run.mjs first\n');
  process.exit(1);
}

// Over the runs that measured a figure: a phase skipped in one run is not a zero.
const median = (xs) => medianOf(xs.filter((x) => typeof x === 'number' && !Number.isNaN(x)));
const get = (run, path) => path.reduce((o, k) => (o === undefined || o === null ? undefined : o[k]), run);
const over = (path) => runs.map((r) => get(r, path));
const ms = (x) => (Number.isNaN(x) ? '-' : x >= 100 ? `${x.toFixed(0)} ms` : x >= 1 ? `${x.toFixed(1)} ms` : `${(x * 1000).toFixed(0)} us`);
const mb = (x) => (Number.isNaN(x) ? '-' : `${x.toFixed(0)} MB`);
const times = (x) => (Number.isNaN(x) ? '-' : `${x.toFixed(1)}x`);
const rate = (x) =>
  Number.isNaN(x) ? '-' : x >= 1e6 ? `${(x / 1e6).toFixed(2)} M/s` : x >= 1e3 ? `${(x / 1e3).toFixed(1)} k/s` : `${x.toFixed(1)} /s`;
const row = (cells) => `| ${cells.join(' | ')} |`;

const out = [];
out.push(`${runs.length} run(s): ${runs.map((r) => r.startedAt).join(', ')}`);
out.push(
  `load average at start of each run: ${runs.map((r) => r.machine.loadAverageAtStart.map((x) => x.toFixed(1)).join('/')).join('; ')}`,
);
out.push('');
out.push(row(['phase (largest size)', 'engine median', 'engine best', 'peak RSS', 'floor median', 'engine / floor']));
out.push(row(['---', '---', '---', '---', '---', '---']));
for (const name of ['prepare', 'evaluate-no-propagation', 'evaluate', 'evaluate+budgets', 'prepare+evaluate', 'monte-carlo']) {
  if (runs.every((r) => r.phases[name] === undefined)) continue;
  out.push(
    row([
      name,
      ms(median(over(['phases', name, 'engine', 'medianMs']))),
      ms(Math.min(...over(['phases', name, 'engine', 'minMs']).filter((x) => x !== undefined))),
      mb(median(over(['phases', name, 'engine', 'memory', 'peakRssMb']))),
      ms(median(over(['phases', name, 'floorInterleaved', 'medianMs']))),
      times(median(over(['phases', name, 'ratio']))),
    ]),
  );
}
out.push('');
for (const name of ['evaluate', 'prepare+evaluate']) {
  const ks = over(['scaling', name, 'engineExponent']);
  if (ks.every((k) => k === undefined)) continue;
  const largest = median(over(['scaling', name, 'engineExponentLargest']));
  out.push(
    `scaling exponent of ${name}: median ${median(ks).toFixed(2)} (runs: ${ks.map((k) => (k === undefined ? '-' : k.toFixed(2))).join(', ')})${Number.isNaN(largest) ? '' : `, ${largest.toFixed(2)} between the two largest sizes`}; floor ${median(over(['scaling', name, 'floorExponent'])).toFixed(2)}`,
  );
}
const cli = over(['phases', 'cli', 'engine', 'wallMs']);
if (cli.some((x) => x !== undefined)) {
  out.push(
    `CLI end to end: median ${ms(median(cli))}, peak RSS ${mb(median(over(['phases', 'cli', 'engine', 'peakRssMb'])))}; floor ${ms(median(over(['phases', 'cli', 'floor', 'wallMs'])))}`,
  );
}
const compile = over(['phases', 'compile', 'engine', 'medianMs']);
if (compile.some((x) => x !== undefined))
  out.push(
    `compile (all blueprints): median ${ms(median(compile))}, engine / floor ${times(median(over(['phases', 'compile', 'ratio'])))}`,
  );
const splits = over(['phases', 'ledger', 'engine', 'splitsPerSecond']);
if (splits.some((x) => x !== undefined)) {
  out.push(
    `ledger: splits ${rate(median(splits))} (engine / floor ${times(median(over(['phases', 'ledger', 'ratio', 'split'])))}), reads ${rate(median(over(['phases', 'ledger', 'engine', 'readsPerSecond'])))}`,
  );
}
const reads = over(['phases', 'sandbox', 'engine', 'readsPerSecond']);
if (reads.some((x) => x !== undefined)) {
  out.push(
    `sandbox: reads ${rate(median(reads))}; first page ${ms(median(over(['phases', 'sandbox', 'engine', 'firstPageMs'])))}, last page ${ms(median(over(['phases', 'sandbox', 'engine', 'lastPageMs'])))}, pages backward from the end ${ms(median(over(['phases', 'sandbox', 'engine', 'backwardPagesMs'])))}; writes ${rate(median(over(['phases', 'sandbox', 'engine', 'writesPerSecond'])))}`,
  );
}
process.stdout.write(`${out.join('\n')}\n`);
