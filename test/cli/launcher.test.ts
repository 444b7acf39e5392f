// The launcher bin/cdr-engine.js without dist/ (a clone before its first build): a sentence saying
// how to build, exit 2, instead of node's ERR_MODULE_NOT_FOUND and its stack.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

it('says to build when dist/ is missing', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cdr-launcher-'));
  try {
    mkdirSync(join(dir, 'bin'));
    copyFileSync(fileURLToPath(new URL('../../bin/cdr-engine.js', import.meta.url)), join(dir, 'bin', 'cdr-engine.mjs'));
    const run = spawnSync(process.execPath, [join(dir, 'bin', 'cdr-engine.mjs'), '--version'], { encoding: 'utf8' });
    expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({
      status: 2,
      stdout: '',
      stderr: 'cdr-engine: the CLI is not built (no dist/cli.js); run `npm run build` in the repository first\n',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
