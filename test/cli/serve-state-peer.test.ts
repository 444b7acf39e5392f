// `serve --state` in a project without better-sqlite3 (an optional peer dependency): exit 2 with the
// line that installs it, as `check` without fast-check and `report` without vega (docs/cli.md). The
// command is bundled from the sources into a temporary folder with no node_modules above it, so
// that the driver's import fails there as it does in a project that did not install it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'cdr-serve-peer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('serve --state without better-sqlite3', () => {
  it('exits 2 with the install line, and creates no state folder', async () => {
    const entry = join(dir, 'entry.ts');
    const serve = JSON.stringify(fileURLToPath(new URL('../../src/cli/serve.ts', import.meta.url)));
    writeFileSync(entry, `import { serveCommand } from ${serve};\nprocess.exitCode = await serveCommand(process.argv.slice(2));\n`);
    const bundle = join(dir, 'serve.mjs');
    await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', outfile: bundle, logLevel: 'silent' });
    const world = fileURLToPath(new URL('../../worlds/demo.json', import.meta.url));
    const state = join(dir, 'state');
    const run = spawnSync(process.execPath, [bundle, '--port', '0', '--world', world, '--state', state], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).toBe(
      `cdr-engine serve: --state ${state}: --state needs the better-sqlite3 package (an optional peer dependency): npm install better-sqlite3@^12.9.0\n`,
    );
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(existsSync(state)).toBe(false);
  }, 90_000);
});
