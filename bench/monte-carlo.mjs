#!/usr/bin/env node
/**
 * Issue 25's Monte Carlo benchmark: a 720-entry statement (the largest real statements hold 450
 * to 720 entries), 200,000 draws per entry, the 16th percentile of every entry's net. Measured in
 * one run, side by side on the same graph:
 *
 * - the engine on one core: `cdr-engine evaluate --discount monte-carlo --samples N --threads 1`;
 * - the engine on two cores: the same with `--threads 2` (its JSON must be byte-identical);
 * - NumPy (bench/monte_carlo_numpy.py) on the same document: the same model vectorised over the
 *   draws, entry by entry, as a methodologist would write it.
 *
 * Usage (from the repository, after `npx tsup`): node bench/monte-carlo.mjs [--entries 720]
 * [--samples 200000] [--python python3]. Needs NumPy (Debian: apt-get install python3-numpy).
 * Writes the graph to a temporary directory; prints a Markdown table for bench/RESULTS.md.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    entries: { type: 'string', default: '720' },
    samples: { type: 'string', default: '200000' },
    python: { type: 'string', default: 'python3' },
  },
});
const entries = Number(values.entries);
const samples = Number(values.samples);

/** A biochar-like entry: sequestration m * c * 44/12 * permanence, less transport and energy. */
function graphOf(n) {
  const input = (key, kind, unit) => ({ input_key: key, quantity_kind: kind, compatible_unit: unit, data_shape: 'SCALAR' });
  const expression = (key, template, keys) => ({
    key,
    template,
    inputs: keys.map((k) => ({ template_key: k, input_key: k, type: 'DATAPOINT' })),
  });
  const blueprints = [
    {
      key: 'sequestration',
      type: 'SEQUESTRATION',
      inputs: [input('m', 'mass', 't'), input('c', 'dimensionless', ''), input('p', 'dimensionless', '')],
      expressions: [expression('co2e', '{m} * {c} * 44 / 12 * {p}', ['m', 'c', 'p'])],
    },
    {
      key: 'transport',
      type: 'ACTIVITY',
      inputs: [input('m', 'mass', 't'), input('d', 'distance', 'km'), input('ef', 'mass_distance_carbon_emission_factor', 'kgCO2e/(t*km)')],
      expressions: [expression('co2e', '{m} * {d} * {ef}', ['m', 'd', 'ef'])],
    },
    {
      key: 'energy',
      type: 'ACTIVITY',
      inputs: [input('e', 'energy', 'kWh'), input('ef', 'energy_carbon_emission_factor', 'kgCO2e/kWh')],
      expressions: [expression('co2e', '{e} * {ef}', ['e', 'ef'])],
    },
  ];
  const datapoints = [];
  const components = [];
  const ghg_entries = [];
  const dp = (id, magnitude, unit, sd) => (datapoints.push({ id, quantity: { magnitude, unit, standard_deviation: sd } }), id);
  for (let e = 0; e < n; e++) {
    const k = (name) => `dtp_${name}_${String(e).padStart(5, '0')}`;
    const m = 80 + (e % 37);
    const ids = {
      m: dp(k('mass'), m, 't', 0.02 * m),
      c: dp(k('carbon'), 0.7 + (e % 11) / 100, '', 0.03),
      p: dp(k('permanence'), 0.85 + (e % 7) / 100, '', 0.04),
      d: dp(k('distance'), 100 + (e % 50), 'km', 10),
      eft: dp(k('ef_transport'), 0.1, 'kgCO2e/(t*km)', 0.01),
      en: dp(k('energy'), 20_000 + 100 * (e % 13), 'kWh', 1000),
      efe: dp(k('ef_energy'), 0.4, 'kgCO2e/kWh', 0.05),
    };
    const c = (name) => `cmp_${name}_${String(e).padStart(5, '0')}`;
    components.push(
      {
        id: c('seq'),
        blueprint_key: 'sequestration',
        inputs: [
          { input_key: 'm', datapoint_ids: [ids.m] },
          { input_key: 'c', datapoint_ids: [ids.c] },
          { input_key: 'p', datapoint_ids: [ids.p] },
        ],
      },
      {
        id: c('tra'),
        blueprint_key: 'transport',
        inputs: [
          { input_key: 'm', datapoint_ids: [ids.m] },
          { input_key: 'd', datapoint_ids: [ids.d] },
          { input_key: 'ef', datapoint_ids: [ids.eft] },
        ],
      },
      {
        id: c('ene'),
        blueprint_key: 'energy',
        inputs: [
          { input_key: 'e', datapoint_ids: [ids.en] },
          { input_key: 'ef', datapoint_ids: [ids.efe] },
        ],
      },
    );
    ghg_entries.push({
      id: `rmv_${String(e).padStart(5, '0')}`,
      risk_of_reversal_percentage: 5,
      component_attributions: ['seq', 'tra', 'ene'].map((x) => ({ component_id: c(x) })),
    });
  }
  return { component_blueprints: blueprints, datapoints, components, ghg_entries };
}

const dir = mkdtempSync(join(tmpdir(), 'cdr-mc-bench-'));
try {
  const graphPath = join(dir, 'graph.json');
  writeFileSync(graphPath, JSON.stringify(graphOf(entries)));
  const timed = (label, command, args) => {
    const load = loadavg()[0];
    const start = process.hrtime.bigint();
    const run = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 1 << 30 });
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    if (run.status !== 0) throw new Error(`${label} failed: ${run.stderr}`);
    console.error(`${label}: ${seconds.toFixed(2)} s (load ${load.toFixed(2)})`);
    return { seconds, stdout: run.stdout, load };
  };
  const engine = (threads) =>
    timed(`engine, ${threads} thread(s)`, process.execPath, [
      'bin/cdr-engine.js',
      'evaluate',
      graphPath,
      '--discount',
      'monte-carlo',
      '--samples',
      String(samples),
      '--threads',
      String(threads),
    ]);
  const one = engine(1);
  const two = engine(2);
  const numpy = timed('NumPy', values.python, ['bench/monte_carlo_numpy.py', graphPath, String(samples)]);
  const identical = one.stdout === two.stdout;
  // The engine's and NumPy's 16th percentiles agree within their sampling error (different draws).
  const ours = JSON.parse(one.stdout).ghg_entries.map((x) => x.monte_carlo.percentile_16_kg);
  const theirs = JSON.parse(numpy.stdout);
  let worst = 0;
  ours.forEach((v, i) => (worst = Math.max(worst, Math.abs(v - theirs[i]) / Math.abs(v))));
  const version = execFileSync(values.python, ['-c', 'import numpy; print(numpy.__version__)'], { encoding: 'utf8' }).trim();
  console.log(`| ${entries} entries x ${samples} draws | engine 1 thread | engine 2 threads | NumPy ${version} |`);
  console.log('|---|---|---|---|');
  console.log(`| wall time | ${one.seconds.toFixed(2)} s | ${two.seconds.toFixed(2)} s | ${numpy.seconds.toFixed(2)} s |`);
  console.log(`| load average at start | ${one.load.toFixed(2)} | ${two.load.toFixed(2)} | ${numpy.load.toFixed(2)} |`);
  console.log('');
  console.log(
    `engine one core vs NumPy: ${(numpy.seconds / one.seconds).toFixed(2)}x (>= 1 is at least as fast); two cores vs one: ${(one.seconds / two.seconds).toFixed(2)}x; JSON one thread = two threads: ${identical}; largest relative difference of the 16th percentiles, engine vs NumPy: ${worst.toExponential(2)}`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
