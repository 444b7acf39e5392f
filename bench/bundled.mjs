/**
 * Imports a TypeScript module of src/ (with what it imports) as one esbuild bundle, for the benches that
 * time one module alone or compare builds of it (bench/normals*.mjs). The bundle lives in a temporary
 * directory only while it is imported.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The module of `source` (a path from the repository), bundled and imported. */
export async function importBundled(source) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-bundle-'));
  try {
    const out = join(dir, 'module.mjs');
    execFileSync('npx', ['esbuild', resolve(source), '--bundle', '--format=esm', `--outfile=${out}`, '--log-level=warning']);
    return await import(pathToFileURL(out).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
