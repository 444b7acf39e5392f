#!/usr/bin/env node
/**
 * The import cost of two builds of the package, measured in alternating processes so that both see
 * the same load (bench/start-time.mjs times one build, and needs its CommonJS half):
 *
 *   node bench/import-compare.mjs BASE_DIR NEW_DIR [--file dist/index.js] [--runs 21]
 *
 * Each round runs a bare `node -e 0`, then `await import(BASE_DIR/FILE)`, then the same of NEW_DIR,
 * each a fresh `node` process; printed are the process's CPU time (user + system, every thread, from
 * bench/cpu-at-exit.cjs) and its wall time beyond the bare node's, median and best of the rounds.
 * A build directory is what `CDR_ENGINE_BUILD=esm npx tsup` leaves in dist/ (copy one away first).
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i === -1 ? fallback : args[i + 1];
};
const [baseDir, newDir] = args.filter((a, i) => !a.startsWith('--') && (i === 0 || !args[i - 1].startsWith('--')));
if (baseDir === undefined || newDir === undefined) {
  console.error('usage: node bench/import-compare.mjs BASE_DIR NEW_DIR [--file dist/index.js] [--runs 21]');
  process.exit(2);
}
const file = option('--file', 'dist/index.js');
const runs = Number(option('--runs', '21'));
const cpuHook = fileURLToPath(new URL('cpu-at-exit.cjs', import.meta.url));

/** CPU and wall ms of one process running `code`; throws when it fails, so a broken build is not timed as fast. */
function once(code) {
  const start = process.hrtime.bigint();
  const child = spawnSync(process.execPath, ['-r', cpuHook, '--input-type=module', '-e', code], { encoding: 'utf8' });
  const wall = Number(process.hrtime.bigint() - start) / 1e6;
  if (child.status !== 0) throw new Error(`${code} failed (${child.status}):\n${child.stderr}`);
  const cpu = /cpu-us (\d+)/.exec(child.stderr);
  return { cpu: cpu ? Number(cpu[1]) / 1000 : Number.NaN, wall };
}

const importOf = (dir) => `await import(${JSON.stringify(pathToFileURL(resolve(dir, file)).href)});`;
const cases = { bare: '0', base: importOf(baseDir), new: importOf(newDir) };
const times = { bare: [], base: [], new: [] };
for (let round = 0; round < runs; round++) for (const [name, code] of Object.entries(cases)) times[name].push(once(code));

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const best = (values) => Math.min(...values);
const figure = (name, what, pick) => pick(times[name].map((t) => t[what]));
console.log(
  `${file}, ${runs} rounds; bare node: CPU median ${figure('bare', 'cpu', median).toFixed(1)} ms, wall median ${figure('bare', 'wall', median).toFixed(1)} ms`,
);
for (const name of ['base', 'new']) {
  const beyond = (what, pick) => (figure(name, what, pick) - figure('bare', what, pick)).toFixed(1);
  console.log(
    `${name.padEnd(4)} beyond bare node: CPU median ${beyond('cpu', median)}, best ${beyond('cpu', best)} ms; wall median ${beyond('wall', median)}, best ${beyond('wall', best)} ms`,
  );
}
