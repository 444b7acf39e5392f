// Focused known answers for the sensitivity accumulator and first-order propagation (src/uncertainty/sensitivities.ts,
// propagation.ts): each method's result on small hand-computed cases, and fixed-seed properties against a plain
// reference. Small and fast: the mutation group uncertainty-propagation runs it for every mutant.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SensitivityAccumulator, type SparseSensitivities, propagateVariance, varianceShares } from '../../src/uncertainty';

function terms(indices: number[], coefficients: number[], uses?: number[]): SparseSensitivities {
  return {
    indices: Int32Array.from(indices),
    coefficients: Float64Array.from(coefficients),
    uses: Int32Array.from(uses ?? indices.map(() => 1)),
  };
}

describe('SensitivityAccumulator, method by method', () => {
  it('add counts one use unless told, and reads back by index; an untouched input reads 0', () => {
    const acc = new SensitivityAccumulator(4);
    acc.add(2, 1.5);
    acc.add(2, 2.5, 3);
    acc.add(0, -1, 0);
    expect(acc.coefficient(2)).toBe(4);
    expect(acc.uses(2)).toBe(4);
    expect(acc.coefficient(0)).toBe(-1);
    expect(acc.uses(0)).toBe(0);
    expect(acc.coefficient(1)).toBe(0);
    expect(acc.uses(1)).toBe(0);
  });

  it('size and touchedIndex list each input once, in the order first reached', () => {
    const acc = new SensitivityAccumulator(6);
    acc.add(5, 1);
    acc.add(1, 1);
    acc.add(5, 1);
    acc.add(3, 0);
    expect(acc.size).toBe(3);
    expect([0, 1, 2].map((k) => acc.touchedIndex(k))).toEqual([5, 1, 3]);
  });

  it('addScaled adds scale times each coefficient and carries the uses', () => {
    const acc = new SensitivityAccumulator(5);
    acc.add(1, 1);
    acc.addScaled(terms([1, 4], [2, -3], [2, 5]), 10);
    expect(acc.collect()).toEqual(terms([1, 4], [21, -30], [3, 5]));
  });

  it('collect sorts numerically (10 after 9), does not reset, and returns fresh arrays', () => {
    const acc = new SensitivityAccumulator(12);
    acc.add(10, 1);
    acc.add(9, 2);
    acc.add(2, 3);
    const first = acc.collect();
    expect([...first.indices]).toEqual([2, 9, 10]);
    expect([...first.coefficients]).toEqual([3, 2, 1]);
    first.coefficients[0] = 99;
    expect(acc.collect()).toEqual(terms([2, 9, 10], [3, 2, 1]));
    expect(acc.size).toBe(3);
  });

  it('reset forgets the terms: an input added again is listed once, with only its new coefficient and uses', () => {
    const acc = new SensitivityAccumulator(4);
    acc.add(3, 2, 2);
    acc.add(1, 1);
    acc.reset();
    expect(acc.size).toBe(0);
    expect(acc.collect()).toEqual(terms([], []));
    expect(acc.coefficient(3)).toBe(0);
    expect(acc.uses(3)).toBe(0);
    acc.add(3, 5);
    acc.add(3, 1);
    expect(acc.size).toBe(1);
    expect(acc.collect()).toEqual(terms([3], [6], [2]));
  });

  it('propagatedVariance: sum of (c s)^2 over the inputs with a standard deviation; a zero one counts, NaN when none', () => {
    const acc = new SensitivityAccumulator(3);
    acc.add(0, 3);
    acc.add(2, -2);
    expect(acc.propagatedVariance(Float64Array.from([2, 7, 0.5]))).toBe(37);
    expect(acc.propagatedVariance(Float64Array.from([Number.NaN, 7, 0.5]))).toBe(1);
    expect(acc.propagatedVariance(Float64Array.from([0, 7, Number.NaN]))).toBe(0);
    expect(acc.propagatedVariance(Float64Array.from([Number.NaN, 7, Number.NaN]))).toBeNaN();
    expect(new SensitivityAccumulator(2).propagatedVariance(Float64Array.from([1, 1]))).toBeNaN();
  });

  it('equals a plain map of sums (fixed seed)', () => {
    const add = fc.tuple(fc.nat(19), fc.integer({ min: -50, max: 50 }), fc.nat(3));
    fc.assert(
      fc.property(fc.array(add, { maxLength: 40 }), fc.array(add, { maxLength: 10 }), (before, after) => {
        const acc = new SensitivityAccumulator(20);
        for (const [i, c, u] of before) acc.add(i, c, u);
        acc.reset();
        const expected = new Map<number, [number, number]>();
        const order: number[] = [];
        for (const [i, c, u] of after) {
          acc.add(i, c, u);
          if (!expected.has(i)) order.push(i);
          const [c0, u0] = expected.get(i) ?? [0, 0];
          expected.set(i, [c0 + c, u0 + u]);
        }
        expect(acc.size).toBe(order.length);
        order.forEach((i, k) => expect(acc.touchedIndex(k)).toBe(i));
        const sorted = [...order].sort((x, y) => x - y);
        expect(acc.collect()).toEqual(
          terms(
            sorted,
            sorted.map((i) => expected.get(i)![0]),
            sorted.map((i) => expected.get(i)![1]),
          ),
        );
      }),
      { seed: 381, numRuns: 100 },
    );
  });
});

describe('propagateVariance and varianceShares', () => {
  it('contributions per term in the terms` order, 0 for an input without a standard deviation', () => {
    const p = propagateVariance(terms([0, 2, 3], [2, 3, -4]), Float64Array.from([1, 9, Number.NaN, 0.5]));
    expect([...p.contributions]).toEqual([4, 0, 4]);
    expect(p.variance).toBe(8);
    expect(p.standardDeviation).toBe(Math.sqrt(8));
    expect([...varianceShares(p)]).toEqual([0.5, 0, 0.5]);
  });

  it('a zero standard deviation given is 0, not null; none given is null; no terms is null', () => {
    const zero = propagateVariance(terms([0], [5]), Float64Array.from([0]));
    expect(zero.standardDeviation).toBe(0);
    expect(zero.variance).toBe(0);
    expect([...varianceShares(zero)]).toEqual([0]);
    const none = propagateVariance(terms([0, 1], [5, 1]), Float64Array.from([Number.NaN, Number.NaN]));
    expect(none.standardDeviation).toBeNull();
    expect(none.variance).toBe(0);
    expect([...none.contributions]).toEqual([0, 0]);
    expect(propagateVariance(terms([], []), new Float64Array(0))).toEqual({
      variance: 0,
      standardDeviation: null,
      contributions: new Float64Array(0),
    });
  });

  it('the accumulator`s variance equals propagateVariance of its collected terms (fixed seed)', () => {
    const sd = fc.oneof(fc.constant(Number.NaN), fc.integer({ min: 0, max: 9 }));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(9), fc.integer({ min: -9, max: 9 })), { maxLength: 20 }),
        fc.array(sd, { minLength: 10, maxLength: 10 }),
        (adds, sds) => {
          const acc = new SensitivityAccumulator(10);
          for (const [i, c] of adds) acc.add(i, c);
          const p = propagateVariance(acc.collect(), sds);
          const v = acc.propagatedVariance(sds);
          if (p.standardDeviation === null) expect(v).toBeNaN();
          else expect(v).toBe(p.variance);
          const shares = varianceShares(p);
          if (p.variance > 0) expect(shares.reduce((s, x) => s + x, 0)).toBeCloseTo(1, 12);
          else expect([...shares].every((x) => x === 0)).toBe(true);
        },
      ),
      { seed: 382, numRuns: 100 },
    );
  });
});
