#!/usr/bin/env node
/**
 * The evaluate phase's CPU time (user + system of the process, every thread) per evaluation of a
 * prepared graph, for builds measured in alternating processes: on a machine shared with other
 * work, CPU time moves much less than wall time (bench/compare.mjs times wall clock in one process).
 *
 *   node bench/evaluate-cpu.mjs <build>/index.js [<build>/index.js ...] [--entries 10000] [--rounds 4] [--runs 8]
 *
 * Prints, per build, the best and median CPU ms per evaluation over every round's runs, and the
 * ratio of each build to the first.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv[at + 1] : fallback;
};
if (argv[0] === '--child') {
  const [, build, entries, runs] = argv;
  const { generateGraph } = await import('./generate-graph.mjs');
  const engine = await import(build);
  const graph = JSON.parse(JSON.stringify(generateGraph({ entries: Number(entries) }).graph));
  const prepared = engine.prepareGraph(graph).prepared;
  for (let i = 0; i < 3; i++) engine.evaluatePreparedGraph(prepared);
  const times = [];
  for (let i = 0; i < Number(runs); i++) {
    globalThis.gc?.();
    const start = process.cpuUsage();
    engine.evaluatePreparedGraph(prepared);
    const used = process.cpuUsage(start);
    times.push((used.user + used.system) / 1000);
  }
  process.stdout.write(JSON.stringify(times));
} else {
  const builds = argv.filter((a, i) => !a.startsWith('--') && (i === 0 || !argv[i - 1].startsWith('--')));
  const entries = option('entries', '10000');
  const rounds = Number(option('rounds', '4'));
  const runs = option('runs', '8');
  const times = builds.map(() => []);
  const self = fileURLToPath(import.meta.url);
  for (let r = 0; r < rounds; r++) {
    builds.forEach((build, b) => {
      const child = spawnSync(process.execPath, ['--expose-gc', self, '--child', pathToFileURL(resolve(build)).href, entries, runs], {
        encoding: 'utf8',
      });
      if (child.status !== 0) throw new Error(child.stderr);
      times[b].push(...JSON.parse(child.stdout));
    });
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const best = times.map((t) => Math.min(...t));
  builds.forEach((build, b) => {
    const ratio =
      b === 0
        ? ''
        : `  ${(best[b] / best[0]).toFixed(3)}x (best) ${(median(times[b]) / median(times[0])).toFixed(3)}x (median) of the first`;
    console.log(`${build}: CPU best ${best[b].toFixed(1)} ms, median ${median(times[b]).toFixed(1)} ms per evaluation${ratio}`);
  });
}
