#!/usr/bin/env node
/**
 * Start-up cost of the built package (`npm run bench:start`): whole-process wall time of loading
 * each entry point and of `cdr-engine --version`, minus a bare `node -e 0`, best of N runs; beside
 * it the process's CPU time (user + system, every thread) minus the bare one's, best of the same
 * runs, which the load of other processes on a shared machine moves much less than wall time.
 *
 *   node bench/start-time.mjs [--runs 5] [--dir DIR] [--json]
 *
 * --dir   a directory where `cdr-engine` resolves: the repository itself (the default, through the
 *         package's self-reference, so build it first) or a consumer project with the tarball
 *         installed (what `npm run test:consumers` leaves with --keep).
 * --json  prints the figures as one JSON line instead of a table.
 *
 * Each figure is a fresh `node` process, so it includes module resolution, reading and compiling
 * every file the entry loads, and running their top-level code: what a user waits for.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i === -1 ? fallback : args[i + 1];
};
const runs = Number(option('--runs', '5'));
const dir = resolve(option('--dir', fileURLToPath(new URL('..', import.meta.url))));
const asJson = args.includes('--json');

const cpuHook = fileURLToPath(new URL('cpu-at-exit.cjs', import.meta.url));

/** Wall and CPU time in ms of one process; throws when it fails, so a broken entry is not timed as fast. */
function timeOnce(argv) {
  const start = process.hrtime.bigint();
  const child = spawnSync(process.execPath, ['-r', cpuHook, ...argv], { cwd: dir, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (child.status !== 0) throw new Error(`node ${argv.join(' ')} failed (${child.status}):\n${child.stderr}`);
  const cpu = /cpu-us (\d+)/.exec(child.stderr);
  return { ms, cpuMs: cpu ? Number(cpu[1]) / 1000 : Number.NaN };
}

/** Best wall time and best CPU time of `runs` processes. */
function best(argv) {
  const times = Array.from({ length: runs }, () => timeOnce(argv));
  return { ms: Math.min(...times.map((t) => t.ms)), cpuMs: Math.min(...times.map((t) => t.cpuMs)) };
}

// The entry points, from the package's own exports map (JSON files and package.json left out).
const packageJsonPath = createRequire(join(dir, 'noop.js')).resolve('cdr-engine/package.json');
const manifest = JSON.parse(readFileSync(packageJsonPath, 'utf8'));
const subpaths = Object.keys(manifest.exports).filter((p) => !p.includes('*') && !p.endsWith('.json'));
const specifier = (subpath) => (subpath === '.' ? 'cdr-engine' : `cdr-engine/${subpath.slice(2)}`);
const binPath = join(packageJsonPath, '..', manifest.bin['cdr-engine']);

const bare = best(['-e', '0']);
const figures = [];
const record = (what, argv) => {
  const t = best(argv);
  figures.push({ what, ms: Math.max(0, t.ms - bare.ms), cpuMs: Math.max(0, t.cpuMs - bare.cpuMs) });
};
record("import('cdr-engine')", ['-e', "import('cdr-engine')"]);
record("require('cdr-engine')", ['-e', "require('cdr-engine')"]);
record('cdr-engine --version', [binPath, '--version']);
record('cdr-engine --help', [binPath, '--help']);
for (const subpath of subpaths.filter((p) => p !== '.')) {
  record(`import('${specifier(subpath)}')`, ['-e', `import('${specifier(subpath)}')`]);
  record(`require('${specifier(subpath)}')`, ['-e', `require('${specifier(subpath)}')`]);
}

if (asJson) {
  const round = (f) => ({ ...f, ms: Math.round(f.ms), cpuMs: Math.round(f.cpuMs) });
  console.log(JSON.stringify({ runs, bare: round(bare), figures: figures.map(round) }));
} else {
  console.log(
    `best of ${runs}, whole process minus a bare \`node -e 0\` (wall ${bare.ms.toFixed(0)} ms, CPU ${bare.cpuMs.toFixed(0)} ms), ${manifest.name} ${manifest.version} in ${dir}`,
  );
  const width = Math.max(...figures.map((f) => f.what.length));
  console.log(`  ${''.padEnd(width)}   wall ms  CPU ms`);
  for (const f of figures) console.log(`  ${f.what.padEnd(width)}  ${f.ms.toFixed(0).padStart(7)}  ${f.cpuMs.toFixed(0).padStart(6)}`);
}
