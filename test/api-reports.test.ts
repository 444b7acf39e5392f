/**
 * The committed API reports (etc/*.api.md, `npm run api:update`) name no type their entry point
 * does not export: api-extractor's "forgotten export" warning (ae-forgotten-export) marks a type a
 * user meets in an entry's signatures but cannot import from it. What is left is listed here, by
 * report, as a ratchet: a new warning fails, and so does a listed one that has gone (shorten the list).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

const ETC = join(__dirname, '..', 'etc');

/**
 * The warnings left, by report. Each but one names a zod schema whose `z.infer` type the entry
 * exports (the graph document, its blueprints and parts, the world document): only hand-written
 * interfaces of those documents would remove them, and on the root entry (at most 60 names) their
 * parts could not be named. The testing entry's `EvaluateOptions` documents itself with a link to
 * `evaluateGraph`, which that entry does not export.
 */
const LEFT: Readonly<Record<string, readonly string[]>> = {
  'cdr-engine.api.md': ['componentBlueprintDefinitionSchema', 'removalGraphSchema'],
  'cdr-engine-expressions.api.md': [
    'blueprintExpressionSchema',
    'blueprintInputSchema',
    'componentBlueprintDefinitionSchema',
    'expressionInputSchema',
  ],
  'cdr-engine-sandbox.api.md': ['worldSchema'],
  'cdr-engine-testing.api.md': ['EvaluateOptions', 'GraphComponent', 'GraphDatapoint', 'RemovalGraphInput', 'graphDistributionSchema'],
};

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

  test('no report warns of a forgotten export beyond the listed ones, and every listed one is still there', () => {
    const found = forgottenExports();
    const expected = Object.fromEntries(Object.keys(found).map((file) => [file, [...(LEFT[file] ?? [])].sort()]));
    expect(found).toEqual(expected);
  });
});
