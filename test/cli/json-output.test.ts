// The CLI's piecewise JSON writer gives exactly the bytes of JSON.stringify(value, null, 2).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateGraph } from '../../src';
import { writeJson } from '../../src/cli/json-output';
import { transportGraph } from '../accounting/fixtures';

function written(value: object): { text: string; chunks: number } {
  const chunks: string[] = [];
  writeJson(value, (t) => chunks.push(t));
  return { text: chunks.join(''), chunks: chunks.length };
}

describe('writeJson', () => {
  it('writes the bytes of JSON.stringify(value, null, 2) and a newline, for any JSON object', () => {
    const topLevel = fc.dictionary(
      fc.string(),
      fc.oneof(
        fc.jsonValue(),
        fc.array(fc.jsonValue()),
        fc.array(fc.oneof(fc.constant(undefined), fc.jsonValue())),
        fc.constant(undefined),
      ),
    );
    fc.assert(
      fc.property(topLevel, (value) => {
        expect(written(value).text).toBe(`${JSON.stringify(value, null, 2)}\n`);
      }),
      { seed: 11, numRuns: 500 },
    );
  });

  it('writes an evaluation result in chunks, with every budget line', () => {
    const graph = transportGraph();
    // 400 entries sharing the one component, 1/512 each (exact in binary, 400/512 in all).
    const shared = graph.ghg_entries[0]!;
    const attributions = shared.component_attributions.map((a) => ({ ...a, attribution_factor: 1 / 512 }));
    const entries = Array.from({ length: 400 }, (_, i) => ({
      ...shared,
      id: `rmv_MANY${String(i).padStart(12, '0')}`,
      component_attributions: attributions,
    }));
    const many = { ...graph, ghg_entries: entries };
    const result = evaluateGraph(many);
    const { text, chunks } = written(result);
    expect(text).toBe(`${JSON.stringify(evaluateGraph(many), null, 2)}\n`);
    expect(chunks).toBeGreaterThan(1);
    expect(text).toContain('"variance_share"');
  });
});
