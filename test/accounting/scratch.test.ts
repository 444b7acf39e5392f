// Evaluations share their scratch arrays (scratch.ts) and preparation its large temporaries
// (int32-pool.ts). Sharing must never show: graphs of different sizes evaluated in turn give
// exactly what each gives alone, and a pooled array comes back as if new.
import { describe, expect, it } from 'vitest';
import { evaluateGraph, evaluatePreparedGraph, prepareGraph, type EvaluationOutcome, type EvaluationResult, type RemovalGraphInput } from '../../src';
import { acquireInt32Array, releaseInt32Array } from '../../src/accounting/int32-pool';
import { blueprint, component, datapoint, entry } from './fixtures';

/** `n` entries, each with its own product component and a component shared by all of them. */
function graphOf(n: number, scale: number): RemovalGraphInput {
  const bp = blueprint({ key: 'product', template: '{m} * {r}', inputs: { m: { kind: 'mass', unit: 't' }, r: { kind: 'dimensionless_ratio', unit: 'dimensionless' } } });
  const datapoints = [datapoint('r', 0.5, 'dimensionless', 0.05)];
  const components = [];
  const entries = [];
  for (let i = 0; i < n; i++) {
    datapoints.push(datapoint(`m${i}z`, scale * (i + 1), 't', 0.1 * (i + 1)));
    components.push(component(`c${i}z`, 'product', { m: `m${i}z`, r: 'r' }));
    entries.push(entry(`e${i}z`, { [`c${i}z`]: 1 }));
  }
  return { component_blueprints: [bp], datapoints, components, ghg_entries: entries };
}

/** Entry i of graphOf(n, scale): m = scale (i + 1) t +- 0.1 (i + 1), r = 0.5 +- 0.05, net m r in kg. */
function expectedEntry(i: number, scale: number): { net: number; sd: number } {
  const m = scale * (i + 1) * 1000;
  const sdM = 0.1 * (i + 1) * 1000;
  return { net: m * 0.5, sd: Math.hypot(0.5 * sdM, m * 0.05) };
}

function resultOf(outcome: EvaluationOutcome): EvaluationResult {
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.issues));
  return outcome.result;
}

describe('shared scratch', () => {
  it('gives every graph, evaluated in turn with larger and smaller ones, its own figures', () => {
    const sizes: readonly (readonly [number, number])[] = [
      [40, 1],
      [3, 7],
      [120, 2],
      [1, 3],
    ];
    const prepared = sizes.map(([n, scale]) => {
      const outcome = prepareGraph(graphOf(n, scale));
      if (!outcome.ok) throw new Error('invalid');
      return outcome.prepared;
    });
    for (let round = 0; round < 3; round++) {
      sizes.forEach(([n, scale], g) => {
        // The middle round evaluates a fresh document: a new graph that takes over the scratch.
        const result = round === 1 ? evaluateGraph(graphOf(n, scale)) : resultOf(evaluatePreparedGraph(prepared[g]!));
        expect(result.ghg_entries).toHaveLength(n);
        result.ghg_entries.forEach((e, i) => {
          const expected = expectedEntry(i, scale);
          expect(e.co2e_net_removed_without_discount_kg).toBeCloseTo(expected.net, 6);
          expect(e.co2e_net_removed_standard_deviation_kg).toBeCloseTo(expected.sd, 6);
          expect(e.uncertainty_budget).toHaveLength(2);
        });
      });
    }
  });
});

describe('int32 pool', () => {
  it('hands back a released array of the same length, filled as asked', () => {
    const length = 1 << 15;
    const first = acquireInt32Array(length, 7);
    expect(first.length).toBe(length);
    expect(first.every((x) => x === 7)).toBe(true);
    first.fill(3);
    releaseInt32Array(first);
    const second = acquireInt32Array(length, -1);
    expect(second).toBe(first);
    expect(second.every((x) => x === -1)).toBe(true);
    // Taken out of the pool: the next one of that length is a new array.
    expect(acquireInt32Array(length)).not.toBe(second);
  });

  it('does not keep small arrays', () => {
    const small = acquireInt32Array(16);
    releaseInt32Array(small);
    expect(acquireInt32Array(16)).not.toBe(small);
  });
});
