#!/usr/bin/env node
/**
 * Issues 25 and 36's Monte Carlo benchmark: a 720-entry statement (the largest real statements hold 450
 * to 720 entries), 200,000 draws per entry, the 16th percentile of every entry's net, on two graphs
 * (bench/monte-carlo-graphs.mjs: `biochar`, 7 scalar datapoints per entry; `lists`, 8-15 datapoints
 * per entry with LIST reducers and exp/log/min/max). Measured in one run, side by side on each graph:
 *
 * - the engine on one core: `cdr-engine evaluate --discount monte-carlo --samples N --threads 1`;
 * - the engine on two cores: the same with `--threads 2` (its JSON must be byte-identical);
 * - NumPy (bench/monte_carlo_numpy.py) on the same document: the same model vectorised over the
 *   draws, entry by entry, as a methodologist would write it.
 *
 * Usage (from the repository, after `npx tsup`): node bench/monte-carlo.mjs [--entries 720]
 * [--samples 200000] [--python python3] [--graph biochar,lists]. Needs NumPy (Debian: apt-get
 * install python3-numpy). Writes the graphs to a temporary directory; prints a Markdown table per
 * graph for bench/RESULTS.md: wall time and, where /usr/bin/time is there, CPU time (user + system,
 * all threads), the figure a loaded machine moves least.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { MONTE_CARLO_GRAPHS } from './monte-carlo-graphs.mjs';

const { values } = parseArgs({
  options: {
    entries: { type: 'string', default: '720' },
    samples: { type: 'string', default: '200000' },
    python: { type: 'string', default: 'python3' },
    graph: { type: 'string', default: 'biochar,lists' },
  },
});
const entries = Number(values.entries);
const samples = Number(values.samples);

const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

/** Runs a command; its wall time, CPU time (user + system of it and its threads, when /usr/bin/time is there), stdout, load at start. */
function timed(label, command, args) {
  const load = loadavg()[0];
  const cpuFile = join(dir, 'cpu.txt');
  const [file, argv] = TIME === null ? [command, args] : [TIME, ['-f', '%U %S', '-o', cpuFile, command, ...args]];
  const start = process.hrtime.bigint();
  const run = spawnSync(file, argv, { encoding: 'utf8', maxBuffer: 1 << 30 });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (run.status !== 0) throw new Error(`${label} failed: ${run.stderr}`);
  // User and system apart: on a virtual machine whose page faults are dear, a program that maps
  // fresh memory for every array (NumPy here) spends much of its time in the kernel.
  const [user, system] = TIME === null ? [Number.NaN, Number.NaN] : readFileSync(cpuFile, 'utf8').trim().split(/\s+/).slice(-2).map(Number);
  const cpu = user + system;
  console.error(`${label}: ${seconds.toFixed(2)} s wall, ${cpu.toFixed(2)} s CPU (load ${load.toFixed(2)})`);
  return { seconds, cpu, user, system, stdout: run.stdout, load };
}

/** One graph: the engine on one and two threads and NumPy, in one run; a Markdown table. */
function benchGraph(name) {
  const graphPath = join(dir, `${name}.json`);
  const graph = MONTE_CARLO_GRAPHS[name](entries);
  writeFileSync(graphPath, JSON.stringify(graph));
  const engine = (threads) =>
    timed(`${name}: engine, ${threads} thread(s)`, process.execPath, [
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
  const numpy = timed(`${name}: NumPy`, values.python, ['bench/monte_carlo_numpy.py', graphPath, String(samples)]);
  const identical = one.stdout === two.stdout;
  // The engine's and NumPy's 16th percentiles agree within their sampling error (different draws).
  const ours = JSON.parse(one.stdout).ghg_entries.map((x) => x.monte_carlo.percentile_16_kg);
  const theirs = JSON.parse(numpy.stdout);
  let worst = 0;
  ours.forEach((v, i) => (worst = Math.max(worst, Math.abs(v - theirs[i]) / Math.abs(v))));
  const perEntry = graph.datapoints.length / entries;
  console.log(`**${name}** (${perEntry.toFixed(1)} datapoints per entry on average)`);
  console.log('');
  console.log(`| ${entries} entries x ${samples} draws | engine 1 thread | engine 2 threads | NumPy ${version} |`);
  console.log('|---|---|---|---|');
  console.log(`| wall time | ${one.seconds.toFixed(2)} s | ${two.seconds.toFixed(2)} s | ${numpy.seconds.toFixed(2)} s |`);
  console.log(`| CPU time (user + system) | ${one.cpu.toFixed(2)} s | ${two.cpu.toFixed(2)} s | ${numpy.cpu.toFixed(2)} s |`);
  console.log(
    `| of which user / system | ${one.user.toFixed(2)} / ${one.system.toFixed(2)} s | ${two.user.toFixed(2)} / ${two.system.toFixed(2)} s | ${numpy.user.toFixed(2)} / ${numpy.system.toFixed(2)} s |`,
  );
  console.log(`| load average at start | ${one.load.toFixed(2)} | ${two.load.toFixed(2)} | ${numpy.load.toFixed(2)} |`);
  console.log('');
  console.log(
    `engine one core vs NumPy: ${(numpy.seconds / one.seconds).toFixed(2)}x wall, ${(numpy.cpu / one.cpu).toFixed(2)}x CPU, ${(numpy.user / one.user).toFixed(2)}x user time alone (>= 1 is at least as fast); two threads vs one: ${(one.seconds / two.seconds).toFixed(2)}x wall; JSON one thread = two threads: ${identical}; largest relative difference of the 16th percentiles, engine vs NumPy: ${worst.toExponential(2)}`,
  );
  console.log('');
}

const dir = mkdtempSync(join(tmpdir(), 'cdr-mc-bench-'));
const version = execFileSync(values.python, ['-c', 'import numpy; print(numpy.__version__)'], { encoding: 'utf8' }).trim();
try {
  for (const name of values.graph.split(',')) {
    if (!(name in MONTE_CARLO_GRAPHS))
      throw new Error(`--graph: no graph '${name}' (one of ${Object.keys(MONTE_CARLO_GRAPHS).join(', ')})`);
    benchGraph(name);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
