#!/usr/bin/env node
/**
 * What two threads can gain on this machine (issue 36, two threads >= 1.8x one), measured rather
 * than assumed. Each round runs, one after the other, on a bench graph (bench/monte-carlo-graphs.mjs):
 *
 * - `--threads 1` alone (T1), with CDR_ENGINE_THREAD_TIMES=1 so that its serial parts are known:
 *   the head (process start, import, read, preparing: up to "main Monte Carlo") and the tail (the
 *   evaluation and the JSON after "main Monte Carlo done", to the process's end);
 * - two `--threads 1` processes at once, sharing nothing: the machine's own ceiling for two
 *   CPU-bound jobs, `2 x T1 / (their mean wall time)` (2 on two idle cores that do not slow each
 *   other; lower when the cores share caches, memory bandwidth or a host);
 * - `--threads 2` (T2), whose JSON must equal T1's byte for byte.
 *
 * From these: the ratio T1 / T2; its bound on this machine, `T1 / (serial + parallel / ceiling)`
 * (Amdahl's law with the measured ceiling in place of the core count: the head and the tail run
 * on one thread whatever `--threads` says); and the ratio's share of that bound. Medians over the rounds.
 *
 * Usage: node bench/two-core-ceiling.mjs [--graph biochar|lists] [--entries 720] [--samples 200000] [--rounds 3]
 * Needs the build (npx tsup).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, parseOptions } from './measure.mjs';
import { MONTE_CARLO_GRAPHS } from './monte-carlo-graphs.mjs';

const options = parseOptions(
  { graph: 'biochar', entries: 720, samples: 200000, rounds: 3 },
  'usage: node bench/two-core-ceiling.mjs [--graph biochar|lists] [--entries 720] [--samples 200000] [--rounds 3]',
);
const cli = fileURLToPath(new URL('../bin/cdr-engine.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'cdr-two-core-'));
const graph = join(dir, 'graph.json');
writeFileSync(graph, JSON.stringify(MONTE_CARLO_GRAPHS[options.graph](options.entries)));

/** One CLI run: its wall seconds, stdout, and (with thread times) its steps in seconds from the process start. */
function evaluate(threads, withTimes = false) {
  const args = [cli, 'evaluate', graph, '--discount', 'monte-carlo', '--samples', String(options.samples), '--threads', threads];
  const env = withTimes ? { ...process.env, CDR_ENGINE_THREAD_TIMES: '1' } : process.env;
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    const err = [];
    child.stdout.on('data', (b) => out.push(b));
    child.stderr.on('data', (b) => err.push(b));
    child.on('error', reject);
    child.on('close', (code) => {
      const wall = Number(process.hrtime.bigint() - start) / 1e9;
      const stderr = Buffer.concat(err).toString();
      if (code !== 0) return reject(new Error(`exit ${code}: ${stderr}`));
      const line = stderr.split('\n').find((l) => l.startsWith('{"threadTimes"'));
      const steps = new Map((line === undefined ? [] : JSON.parse(line).threadTimes).map(([step, ms]) => [step, ms / 1000]));
      resolve({ wall, stdout: Buffer.concat(out).toString(), steps });
    });
  });
}

const f = (x, digits = 2) => x.toFixed(digits);
const rows = [];
console.log(`${options.graph}, ${options.entries} entries x ${options.samples} draws; wall seconds`);
console.log('');
console.log('| round | load | T1 alone | serial head + tail | two T1 at once | ceiling | T2 | T1 / T2 | bound | share of bound |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
try {
  for (let round = 1; round <= options.rounds; round++) {
    const load = loadavg()[0];
    const one = await evaluate('1', true);
    const pair = await Promise.all([evaluate('1'), evaluate('1')]);
    const two = await evaluate('2');
    if (two.stdout !== one.stdout || pair.some((p) => p.stdout !== one.stdout)) throw new Error('the JSON differs between runs');
    const head = one.steps.get('main Monte Carlo');
    const tail = one.wall - one.steps.get('main Monte Carlo done');
    const serial = head + tail;
    const ceiling = (2 * one.wall) / ((pair[0].wall + pair[1].wall) / 2);
    const ratio = one.wall / two.wall;
    const bound = one.wall / (serial + (one.wall - serial) / ceiling);
    rows.push({ ceiling, ratio, bound, share: ratio / bound, serial, one: one.wall, two: two.wall });
    console.log(
      `| ${round} | ${f(load, 1)} | ${f(one.wall)} | ${f(head)} + ${f(tail)} | ${f(pair[0].wall)}, ${f(pair[1].wall)} | ${f(ceiling)}x | ${f(
        two.wall,
      )} | ${f(ratio)}x | ${f(bound)}x | ${f((100 * ratio) / bound, 0)} % |`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const m = (key) => median(rows.map((r) => r[key]));
console.log('');
console.log(
  `medians: T1 ${f(m('one'))} s (serial ${f(m('serial'))} s), T2 ${f(m('two'))} s, ceiling ${f(m('ceiling'))}x, T1 / T2 ${f(
    m('ratio'),
  )}x, bound ${f(m('bound'))}x, share of bound ${f(100 * m('share'), 0)} %; JSON equal in every run; load at the end ${f(loadavg()[0], 1)}`,
);
