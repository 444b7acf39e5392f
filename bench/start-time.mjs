#!/usr/bin/env node
/**
 * Start-up cost of the built package (`npm run bench:start`): whole-process wall time of loading
 * each entry point and of `cdr-engine --version`, minus a bare `node -e 0`, best of N runs.
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

/** Wall time in ms of one process; throws when it fails, so a broken entry is not timed as fast. */
function timeOnce(argv) {
  const start = process.hrtime.bigint();
  const child = spawnSync(process.execPath, argv, { cwd: dir, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (child.status !== 0) throw new Error(`node ${argv.join(' ')} failed (${child.status}):\n${child.stderr}`);
  return ms;
}

const best = (argv) => Math.min(...Array.from({ length: runs }, () => timeOnce(argv)));

// The entry points, from the package's own exports map (JSON files and package.json left out).
const packageJsonPath = createRequire(join(dir, 'noop.js')).resolve('cdr-engine/package.json');
const manifest = JSON.parse(readFileSync(packageJsonPath, 'utf8'));
const subpaths = Object.keys(manifest.exports).filter((p) => !p.includes('*') && !p.endsWith('.json'));
const specifier = (subpath) => (subpath === '.' ? 'cdr-engine' : `cdr-engine/${subpath.slice(2)}`);
const binPath = join(packageJsonPath, '..', manifest.bin['cdr-engine']);

const bare = best(['-e', '0']);
const figures = [];
const record = (what, argv) => figures.push({ what, ms: Math.max(0, best(argv) - bare) });
record("import('cdr-engine')", ['-e', "import('cdr-engine')"]);
record("require('cdr-engine')", ['-e', "require('cdr-engine')"]);
record('cdr-engine --version', [binPath, '--version']);
record('cdr-engine --help', [binPath, '--help']);
for (const subpath of subpaths.filter((p) => p !== '.')) {
  record(`import('${specifier(subpath)}')`, ['-e', `import('${specifier(subpath)}')`]);
  record(`require('${specifier(subpath)}')`, ['-e', `require('${specifier(subpath)}')`]);
}

if (asJson) {
  console.log(JSON.stringify({ runs, bareMs: Math.round(bare), figures: figures.map((f) => ({ ...f, ms: Math.round(f.ms) })) }));
} else {
  console.log(`best of ${runs}, whole process minus a bare \`node -e 0\` (${bare.toFixed(0)} ms), ${manifest.name} ${manifest.version} in ${dir}`);
  const width = Math.max(...figures.map((f) => f.what.length));
  for (const f of figures) console.log(`  ${f.what.padEnd(width)}  ${f.ms.toFixed(0).padStart(5)} ms`);
}
