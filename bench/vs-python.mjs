#!/usr/bin/env node
/**
 * The engine against the script a methodologist would write in Python with Pint and the
 * `uncertainties` package (bench/uncertainties_script.py), on the same graph in one run.
 *
 *   node bench/vs-python.mjs [--file graph.json] [--rounds 3] [--engine-runs 5]
 *
 * The graph is issue 16's (generate-graph.mjs --preset issue16) unless --file names another. Each
 * round runs the Python script once, then `evaluateGraph` in this process `--engine-runs` times,
 * so that load from other processes falls on both. The engine's time is the whole in-process
 * `evaluateGraph` on the parsed document: validation and compilation (`prepareGraph`), then the
 * evaluation with propagation and credits (`evaluatePreparedGraph`) and the reading of every
 * budget line, each phase timed. The script's time is everything after its `json.load`: unit
 * conversion, one ufloat per datapoint, every component's formulas, every entry's signed sum,
 * standard deviation and discount. Before anything is timed, the two must agree on every entry's
 * net without discount, standard deviation and net, to 1e-9 relative; the run fails otherwise.
 * The ratio is given over every engine run and over the runs not right after a Python run: on the
 * development machine the first evaluation after the script (a 0.5 GB process that runs 9 s, then
 * exits) took 0.84-1.0 s against 0.56-0.63 s for the next ones (and not after 5 s idle),
 * so that run times the machine's recovery from the script, not the engine (bench/RESULTS.md, stop 51).
 *
 * Needs the build (npx tsup) and, for the Python side, Debian's python3-uncertainties and
 * python3-pint (apt-get install -y python3-uncertainties python3-pint); without them it says so
 * and times the engine alone. CDR_ENGINE_DIST=/path/to/index.js runs another build.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { issueGraphFile, median, parseOptions } from './measure.mjs';

const options = parseOptions(
  { file: '', rounds: 3, 'engine-runs': 5 },
  'usage: node bench/vs-python.mjs [--file graph.json] [--rounds 3] [--engine-runs 5]',
);
const here = fileURLToPath(new URL('.', import.meta.url));
const distEntry = process.env.CDR_ENGINE_DIST ?? join(here, '..', 'dist', 'index.js');
const engine = await import(pathToFileURL(resolve(distEntry)).href);
const file = options.file === '' ? await issueGraphFile() : options.file;
const PYTHON = '/usr/bin/python3';
const INSTALL = 'apt-get install -y python3-uncertainties python3-pint';

const text = readFileSync(file, 'utf8');
const document = JSON.parse(text);
const stats = `${document.ghg_entries.length} entries, ${document.components.length} components, ${document.datapoints.length} datapoints (${(text.length / 1e6).toFixed(0)} MB of JSON)`;

/** One whole evaluation, each phase timed; the result is read to its last budget line, then dropped. */
function engineRun() {
  const t0 = performance.now();
  const prepared = engine.prepareGraph(document);
  const t1 = performance.now();
  if (!prepared.ok) throw new Error(`the graph is invalid: ${JSON.stringify(prepared.issues.slice(0, 3))}`);
  const evaluated = engine.evaluatePreparedGraph(prepared.prepared);
  if (!evaluated.ok) throw new Error(`the evaluation failed: ${JSON.stringify(evaluated.issues.slice(0, 3))}`);
  let lines = 0;
  for (const entry of evaluated.result.ghg_entries) lines += entry.uncertainty_budget.length;
  const t2 = performance.now();
  return { prepareMs: t1 - t0, evaluateMs: t2 - t1, totalMs: t2 - t0, lines, result: evaluated.result };
}

/** Whether the system Python has Pint and uncertainties. */
function pythonReady() {
  const probe = spawnSync(PYTHON, ['-c', 'import pint, uncertainties'], { encoding: 'utf8' });
  return probe.status === 0;
}

const scratch = mkdtempSync(join(tmpdir(), 'cdr-engine-vs-python-'));
function pythonRun() {
  const out = join(scratch, 'rows.json');
  const child = spawnSync(PYTHON, [join(here, 'uncertainties_script.py'), file, out], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (child.status !== 0) throw new Error(`the Python script failed:\n${child.stderr}`);
  const timing = JSON.parse(child.stdout.trim().split('\n').pop());
  return { ...timing, rows: JSON.parse(readFileSync(out, 'utf8')) };
}

/** The worst relative difference between two numbers (null only equals null). */
function relative(a, b) {
  if (a === null || b === null) return a === b ? 0 : Number.POSITIVE_INFINITY;
  const scale = Math.max(Math.abs(a), Math.abs(b));
  return scale === 0 ? 0 : Math.abs(a - b) / scale;
}

/** Entry by entry, the engine's and the script's nets and standard deviations. */
function agreement(result, rows) {
  if (rows.length !== result.ghg_entries.length)
    throw new Error(`Python has ${rows.length} entries, the engine ${result.ghg_entries.length}`);
  let worst = { difference: 0, where: '' };
  rows.forEach(([id, without, sd, net], e) => {
    const entry = result.ghg_entries[e];
    if (entry.id !== id) throw new Error(`entry ${e}: Python has ${id}, the engine ${entry.id}`);
    const checks = [
      ['net without discount', entry.co2e_net_removed_without_discount_kg, without],
      ['standard deviation', entry.co2e_net_removed_standard_deviation_kg, sd],
      ['net', entry.co2e_net_removed_kg, net],
    ];
    for (const [what, mine, theirs] of checks) {
      const difference = relative(mine, theirs);
      if (difference > worst.difference) worst = { difference, where: `${id} ${what}: engine ${mine}, Python ${theirs}` };
    }
  });
  return worst;
}

const withPython = pythonReady();
process.stdout.write(
  `graph: ${stats}; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}\n`,
);
if (!withPython) {
  process.stdout.write(
    `Python side skipped: ${PYTHON} cannot import pint and uncertainties. Install them with \`${INSTALL}\`; the engine is timed alone.\n`,
  );
}

// Warm-up, and the agreement check before anything is timed.
const first = engineRun();
engineRun();
if (withPython) {
  const python = pythonRun();
  const worst = agreement(first.result, python.rows);
  if (worst.difference > 1e-9) {
    process.stderr.write(
      `the engine and the Python script disagree by ${worst.difference.toExponential(2)} (relative) at ${worst.where}\n`,
    );
    process.exit(1);
  }
  process.stdout.write(
    `agreement: every entry's net without discount, standard deviation and net within ${worst.difference.toExponential(1)} relative (worst: ${worst.where})\n`,
  );
}
first.result = null;

const engineRuns = [];
const pythonRuns = [];
for (let round = 0; round < options.rounds; round++) {
  if (withPython) pythonRuns.push(pythonRun());
  for (let r = 0; r < options['engine-runs']; r++) {
    const run = { ...engineRun(), afterPython: withPython && r === 0 };
    run.result = null;
    engineRuns.push(run);
  }
}
rmSync(scratch, { recursive: true, force: true });

const ms = (x) => `${x.toFixed(0)} ms`;
const engineTotal = median(engineRuns.map((r) => r.totalMs));
// The evaluation right after the script pays for the memory the machine took back while the script ran (bench/RESULTS.md, stop 51).
const settledRuns = engineRuns.filter((r) => !r.afterPython);
const settledTotal = median(settledRuns.map((r) => r.totalMs));
process.stdout.write(
  `engine, in-process evaluateGraph + every budget line read (${engineRuns.length} runs): median ${ms(engineTotal)} ` +
    `(prepare ${ms(median(engineRuns.map((r) => r.prepareMs)))}, evaluate and budgets ${ms(median(engineRuns.map((r) => r.evaluateMs)))}; ` +
    `runs ${engineRuns.map((r) => r.totalMs.toFixed(0)).join(' ')}), ${engineRuns[0].lines} budget lines\n`,
);
if (withPython) process.stdout.write(`engine, the ${settledRuns.length} runs not right after a Python run: median ${ms(settledTotal)}\n`);
if (withPython) {
  const pythonTotal = median(pythonRuns.map((r) => r.seconds * 1000));
  process.stdout.write(
    `Python ${pythonRuns[0].python}, Pint ${pythonRuns[0].pint}, uncertainties (${pythonRuns.length} runs, after json.load): median ${ms(pythonTotal)} ` +
      `(units and ufloats ${ms(median(pythonRuns.map((r) => r.convert_seconds * 1000)))}, components ${ms(median(pythonRuns.map((r) => r.components_seconds * 1000)))}, ` +
      `entries ${ms(median(pythonRuns.map((r) => r.entries_seconds * 1000)))}; runs ${pythonRuns.map((r) => (r.seconds * 1000).toFixed(0)).join(' ')})\n`,
  );
  process.stdout.write(
    `engine / Python: ${(pythonTotal / engineTotal).toFixed(1)}x faster over every run, ${(pythonTotal / settledTotal).toFixed(1)}x over the runs not right after a Python run (target: at least 8x, issue 36)\n`,
  );
}
process.stdout.write(
  `load average at the end ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}\n`,
);
