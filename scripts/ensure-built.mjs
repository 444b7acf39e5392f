#!/usr/bin/env node
/**
 * Builds the CLI into dist/ before `npm start` runs it when dist/ is missing or older than the
 * sources: `npm ci` does not build, so that it stays fast, and the CLI's launcher runs from dist/.
 * Only the ES module build the CLI runs from (CDR_ENGINE_BUILD=esm, tsup.config.ts), a few seconds;
 * `npm run build` builds the package (CommonJS and declarations too).
 *
 * dist/ is up to date when no file of src/, nor tsup.config.ts or package.json, was changed after
 * the build started: the time this script writes in dist/.built-from-sources once its build
 * succeeds (the build empties dist/ first, so a stamp never outlives its build), or, for a build it
 * did not make (`npm run build`, `npx tsup`), the time dist/cli.js was written. A `git pull` or an
 * edit then rebuilds instead of running the CLI of older sources.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, realpathSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The stamp a build of this script leaves in dist/: its mtime is the time the build started. */
export const STAMP = '.built-from-sources';

/** The latest modification time (ms) of a file, or of the files under a folder. */
function latest(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce((most, name) => Math.max(most, latest(join(path, name))), info.mtimeMs);
}

/**
 * Why the CLI must be built in the project at `root` before it runs: 'missing' (no dist/cli.js),
 * 'stale' (a file of src/, tsup.config.ts or package.json changed after the build started), or null.
 */
export function buildNeeded(root) {
  const dist = join(root, 'dist');
  if (!existsSync(join(dist, 'cli.js'))) return 'missing';
  const built = statSync(existsSync(join(dist, STAMP)) ? join(dist, STAMP) : join(dist, 'cli.js')).mtimeMs;
  const sources = Math.max(...['src', 'tsup.config.ts', 'package.json'].map((name) => latest(join(root, name))));
  return sources > built ? 'stale' : null;
}

/** Builds the CLI (the ES module build) in `root`, then writes the stamp; exits with tsup's code when it fails. */
function buildCli(root, why) {
  const dist = join(root, 'dist');
  const hadPackage = existsSync(join(dist, 'index.cjs'));
  console.error(
    why === 'missing'
      ? 'cdr-engine: building the CLI into dist/ first (once per clone; npm run build builds the package)'
      : 'cdr-engine: the sources changed since dist/ was built; building the CLI again',
  );
  const started = new Date();
  const tsup = join(root, 'node_modules/tsup/dist/cli-default.js');
  const result = spawnSync(process.execPath, [tsup, '--silent'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, CDR_ENGINE_BUILD: 'esm' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  // The build's start, not its end: a source saved while it ran is newer than the stamp.
  const stamp = join(dist, STAMP);
  writeFileSync(stamp, `${started.toISOString()}\n`);
  utimesSync(stamp, started, started);
  if (hadPackage) console.error('cdr-engine: dist/ now holds the CLI only; npm run build builds the whole package again');
}

if (process.argv[1] !== undefined && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url))) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const why = buildNeeded(root);
  if (why !== null) buildCli(root, why);
}
