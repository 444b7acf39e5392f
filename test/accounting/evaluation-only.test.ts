/**
 * A prepared graph stripped to what its evaluation reads (`evaluationOnly`, what `cdr-engine
 * evaluate` keeps of a large document) evaluates to the same JSON as the whole prepared graph, on
 * every bundled example, with and without expression values and under Monte Carlo, and the
 * prepared graph it was made from keeps its document.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluatePreparedGraph, prepareGraph, type EvaluateOptions } from '../../src';
import { evaluationOnly } from '../../src/accounting/prepare';

const EXAMPLES = new URL('../../examples/', import.meta.url);

function examples(): { name: string; document: unknown }[] {
  return readdirSync(EXAMPLES)
    .filter((name) => name.endsWith('.json'))
    .map((name) => ({ name, document: JSON.parse(readFileSync(new URL(name, EXAMPLES), 'utf8')) as unknown }));
}

const RUNS: readonly [string, EvaluateOptions][] = [
  ['magnitudes', {}],
  ['expression values', { expressionValues: true }],
  ['Monte Carlo', { monteCarlo: { samples: 2000, seed: 5 } }],
];

describe('evaluationOnly', () => {
  const prepared = examples().flatMap(({ name, document }) => {
    const result = prepareGraph(document);
    return result.ok ? [{ name, prepared: result.prepared }] : [];
  });

  it('prepares most bundled examples (the comparison below has graphs to compare)', () => {
    expect(prepared.length).toBeGreaterThanOrEqual(4);
  });

  it.each(RUNS)('evaluates to the same JSON as the whole prepared graph (%s)', (_, options) => {
    for (const { name, prepared: whole } of prepared) {
      const stripped = evaluationOnly(whole);
      expect(JSON.stringify(evaluatePreparedGraph(stripped, options)), name).toBe(JSON.stringify(evaluatePreparedGraph(whole, options)));
    }
  });

  it('drops the document items only from the copy it returns', () => {
    for (const { name, prepared: whole } of prepared) {
      const counts = [whole.graph.datapoints.length, whole.graph.components.length, whole.graph.ghg_entries.length];
      const stripped = evaluationOnly(whole);
      expect([stripped.graph.datapoints, stripped.graph.components, stripped.graph.ghg_entries], name).toEqual([[], [], []]);
      expect(stripped.graph.ghg_statements, name).toBe(whole.graph.ghg_statements);
      expect(stripped.entries, name).toBe(whole.entries);
      expect([whole.graph.datapoints.length, whole.graph.components.length, whole.graph.ghg_entries.length], name).toEqual(counts);
      expect(counts[0], name).toBeGreaterThan(0);
    }
  });
});
