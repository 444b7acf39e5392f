#!/usr/bin/env node
/**
 * Builds dist/ when it is missing (`npm start` in a fresh clone): `npm ci` does not build, so that
 * it stays fast, and the CLI's launcher runs from dist/. Does nothing when dist/cli.js exists.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(new URL('../dist/cli.js', import.meta.url))) {
  console.error('cdr-engine: building dist/ first (npm run build; once per clone)');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const built = spawnSync(npm, ['run', '--silent', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], shell: process.platform === 'win32' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
