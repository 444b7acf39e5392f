#!/usr/bin/env node
/**
 * Where a second thread of the Monte Carlo run loses time (issue 36, two threads >= 1.8x one): the
 * built CLI (`npx tsup` first) runs a bench graph (bench/monte-carlo-graphs.mjs) with
 * CDR_ENGINE_THREAD_TIMES=1, which makes each thread note its steps (src/cli/thread-times.ts), on
 * one thread, on `--threads 2` (the worker started before the document is read) and on `--threads
 * auto` (two threads on two cores, the worker started after this thread prepared the document),
 * alternating. Per run, in seconds from the process start: the main thread's read and preparing,
 * when the worker is ready to claim, how long each thread waits for the other at the end, and the
 * serial tail (the evaluation and the JSON). A loaded machine moves the wall times; the pieces
 * are the figures to read.
 *
 * Usage: node bench/monte-carlo-threads.mjs [--graph biochar|lists] [--entries 720] [--samples 200000] [--rounds 3]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { MONTE_CARLO_GRAPHS } from './monte-carlo-graphs.mjs';

const { values } = parseArgs({
  options: {
    graph: { type: 'string', default: 'biochar' },
    entries: { type: 'string', default: '720' },
    samples: { type: 'string', default: '200000' },
    rounds: { type: 'string', default: '3' },
  },
});

const dir = mkdtempSync(join(tmpdir(), 'cdr-mc-threads-'));
const graph = join(dir, 'graph.json');
writeFileSync(graph, JSON.stringify(MONTE_CARLO_GRAPHS[values.graph](Number(values.entries))));

/** One run: wall seconds, its stdout and its steps (name -> seconds from the process start; claims counted per thread). */
function run(threads) {
  const load = loadavg()[0];
  const start = process.hrtime.bigint();
  const args = ['bin/cdr-engine.js', 'evaluate', graph, '--discount', 'monte-carlo', '--samples', values.samples, '--threads', threads];
  const out = spawnSync(process.execPath, args, {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    env: { ...process.env, CDR_ENGINE_THREAD_TIMES: '1' },
  });
  const wall = Number(process.hrtime.bigint() - start) / 1e9;
  if (out.status !== 0) throw new Error(out.stderr);
  const line = out.stderr.split('\n').find((l) => l.startsWith('{"threadTimes"'));
  const steps = new Map();
  const claims = { main: 0, worker: 0 };
  for (const [step, ms] of JSON.parse(line).threadTimes) {
    if (/^(worker\d+ )?claim \d+$/.test(step)) {
      claims[step.startsWith('worker') ? 'worker' : 'main']++;
      if (!steps.has(`${step.startsWith('worker') ? 'worker' : 'main'} first claim`))
        steps.set(`${step.startsWith('worker') ? 'worker' : 'main'} first claim`, ms / 1000);
    } else steps.set(step, ms / 1000);
  }
  return { wall, load, stdout: out.stdout, steps, claims };
}

const f = (x) => (x === undefined ? '-' : x.toFixed(2));
console.log(`${values.graph}, ${values.entries} entries x ${values.samples} draws (seconds from the process start)`);
console.log('');
console.log(
  '| run | load | wall | read + prepared (main) | worker ready to claim | worker behind main | main idle at end | worker idle at end | Monte Carlo done | exit | chunks main / worker |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
let one;
let same = true;
try {
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const threads of ['1', '2', 'auto']) {
      const r = run(threads);
      if (threads === '1') one ??= r.stdout;
      else same &&= r.stdout === one;
      const s = (k) => r.steps.get(k);
      const mainDone = s('main claims done');
      const workerDone = s('worker1 claims done');
      console.log(
        `| --threads ${threads} | ${r.load.toFixed(1)} | ${f(r.wall)} | ${f(s('main read and prepared'))} | ${f(s('worker first claim'))} | ${f(
          s('worker first claim') === undefined ? undefined : s('worker first claim') - s('main first claim'),
        )} | ${f(workerDone === undefined ? undefined : Math.max(0, s('main answers in') - mainDone))} | ${f(
          workerDone === undefined ? undefined : Math.max(0, mainDone - workerDone),
        )} | ${f(s('main Monte Carlo done'))} | ${f(s('exit'))} | ${r.claims.main} / ${r.claims.worker} |`,
      );
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log('');
console.log(`JSON of 2 and auto threads = 1 thread: ${same}`);
