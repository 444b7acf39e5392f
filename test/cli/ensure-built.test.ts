// `npm start` (scripts/ensure-built.mjs) builds the CLI when dist/ has none, or when a source file
// (src/, tsup.config.ts, package.json) changed after the build started, so that a `git pull` never
// runs the CLI of older sources; an up-to-date dist/ is left alone (a full `npm run build` with it).
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildNeeded, STAMP } from '../../scripts/ensure-built.mjs';

const base = mkdtempSync(join(tmpdir(), 'cdr-ensure-built-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const T = 1_700_000_000; // seconds: every file is dated from here, a minute apart
let projects = 0;

/** A project whose files are dated `at` (minutes after T) by relative path; null: left out. */
function project(at: Readonly<Record<string, number | null>>): string {
  const root = join(base, `p${projects++}`);
  const dated = { 'src/index.ts': 0, 'src/units/units.ts': 0, 'tsup.config.ts': 0, 'package.json': 0, 'dist/cli.js': 1, ...at };
  for (const [path, minutes] of Object.entries(dated)) {
    if (minutes === null) continue;
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), '');
  }
  // Folders after their files (writing a file dates its folder).
  for (const [path, minutes] of Object.entries(dated))
    if (minutes !== null) utimesSync(join(root, path), T + 60 * minutes, T + 60 * minutes);
  for (const folder of ['src', 'src/units']) utimesSync(join(root, folder), T, T);
  return root;
}

describe('ensure-built: when npm start builds the CLI', () => {
  it('builds when dist/ has no CLI', () => {
    expect(buildNeeded(project({ 'dist/cli.js': null }))).toBe('missing');
  });

  it('leaves a CLI built after every source alone', () => {
    expect(buildNeeded(project({}))).toBe(null);
    expect(buildNeeded(project({ [`dist/${STAMP}`]: 1, 'dist/cli.js': 2 }))).toBe(null);
  });

  it('builds again when a source file, even a nested one, tsup.config.ts or package.json is newer', () => {
    expect(buildNeeded(project({ 'src/units/units.ts': 2 }))).toBe('stale');
    expect(buildNeeded(project({ 'src/index.ts': 2 }))).toBe('stale');
    expect(buildNeeded(project({ 'tsup.config.ts': 2 }))).toBe('stale');
    expect(buildNeeded(project({ 'package.json': 2 }))).toBe('stale');
  });

  it('builds again when a file was added to src/ or removed from it (its folder is newer)', () => {
    const root = project({});
    utimesSync(join(root, 'src/units'), T + 120, T + 120);
    expect(buildNeeded(root)).toBe('stale');
  });

  it("dates its own build by the stamp, the build's start: a source saved during the build is newer", () => {
    expect(buildNeeded(project({ [`dist/${STAMP}`]: 1, 'src/index.ts': 2, 'dist/cli.js': 3 }))).toBe('stale');
  });
});
