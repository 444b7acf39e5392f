// The prepared graph's per-datapoint columns are plain arrays of doubles (src/accounting/prepare/doubles.ts):
// kept out of typed-array memory, whose growth makes V8 collect the caller's whole heap.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prepareGraph } from '../../src';
import { packedDoubles } from '../../src/accounting/prepare/doubles';
import { transportGraph } from './fixtures';

describe('packedDoubles', () => {
  it('makes a plain array of exactly `length` NaNs', () => {
    fc.assert(
      fc.property(fc.nat(5000), (length) => {
        const array = packedDoubles(length);
        expect(Array.isArray(array)).toBe(true);
        expect(array).toHaveLength(length);
        expect(array.every(Number.isNaN)).toBe(true);
      }),
    );
  });
});

describe('the per-datapoint columns of a prepared graph', () => {
  it('are plain arrays holding the numbers as given and in SI', () => {
    const prepared = prepareGraph(transportGraph());
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.issues));
    const p = prepared.prepared;
    for (const column of [p.datapointMagnitudes, p.datapointStandardDeviations, p.siMagnitudes, p.siStandardDeviations, p.siScales]) {
      expect(Array.isArray(column)).toBe(true);
      expect(column).toHaveLength(3);
    }
    // mass 10 t ± 0.5, distance 100 km (no standard deviation), factor 0.1 kgCO2e/(t*km) ± 0.01.
    expect(p.datapointMagnitudes).toEqual([10, 100, 0.1]);
    expect(p.datapointStandardDeviations).toEqual([0.5, Number.NaN, 0.01]);
    expect(p.siMagnitudes[0]).toBe(10_000);
    expect(p.siMagnitudes[1]).toBe(100_000);
    expect(p.siStandardDeviations[0]).toBe(500);
    expect(p.siScales[0]).toBe(1000);
    expect(p.siScales[1]).toBe(1000);
    expect(p.siScales[2]! * p.datapointMagnitudes[2]!).toBeCloseTo(p.siMagnitudes[2]!, 15);
  });
});
