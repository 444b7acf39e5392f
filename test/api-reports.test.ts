/**
 * The committed API reports (etc/*.api.md, `npm run api:update`) name no type their entry point
 * does not export: api-extractor's "forgotten export" warning (ae-forgotten-export) marks a type a
 * user meets in an entry's signatures but cannot import from it. A type derived from a zod schema
 * (`z.infer<typeof schema>`) names its schema, so an entry that exports such a type exports the
 * schema too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

const ETC = join(__dirname, '..', 'etc');

/** The symbols each report warns about, sorted. */
function forgottenExports(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const file of readdirSync(ETC).filter((name) => name.endsWith('.api.md'))) {
    const text = readFileSync(join(ETC, file), 'utf8');
    const symbols = [...text.matchAll(/\(ae-forgotten-export\) The symbol "(\w+)"/g)].map((m) => m[1] as string);
    out[file] = [...new Set(symbols)].sort();
  }
  return out;
}

describe('API reports', () => {
  test('every entry point has a report', () => {
    expect(Object.keys(forgottenExports()).length).toBeGreaterThanOrEqual(8);
  });

  test('no report warns of a forgotten export', () => {
    const found = forgottenExports();
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((file) => [file, []])));
  });
});
