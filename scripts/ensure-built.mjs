#!/usr/bin/env node
/**
 * Builds the CLI into dist/ when it is missing (`npm start` in a fresh clone): `npm ci` does not
 * build, so that it stays fast, and the CLI's launcher runs from dist/. Only the ES module build
 * the CLI runs from (CDR_ENGINE_BUILD=esm, tsup.config.ts); `npm run build` builds everything.
 * Does nothing when dist/cli.js exists.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(new URL('../dist/cli.js', import.meta.url))) {
  console.error('cdr-engine: building the CLI into dist/ first (once per clone)');
  const tsup = fileURLToPath(new URL('../node_modules/tsup/dist/cli-default.js', import.meta.url));
  const built = spawnSync(process.execPath, [tsup, '--silent'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, CDR_ENGINE_BUILD: 'esm' },
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
