import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SensitivityAccumulator,
  createNormalSource,
  createRandomSource,
  propagateVariance,
  quantileOfSorted,
  varianceShares,
} from '../../src/uncertainty';

describe('SensitivityAccumulator', () => {
  it('merges contributions of the same input before squaring, sorted by index', () => {
    const acc = new SensitivityAccumulator(10);
    acc.add(7, 2);
    acc.add(3, 1);
    acc.add(7, -2); // x - x
    acc.add(5, 0.5, 0);
    const terms = acc.collect();
    expect([...terms.indices]).toEqual([3, 5, 7]);
    expect([...terms.coefficients]).toEqual([1, 0.5, 0]);
    expect([...terms.uses]).toEqual([1, 0, 2]);
    const sd = new Float64Array(10).fill(Number.NaN);
    sd[7] = 3;
    expect(acc.propagatedVariance(sd)).toBe(0); // x - x has zero deviation
    sd[3] = 2;
    expect(acc.propagatedVariance(sd)).toBe(4);
  });

  it('propagated variance is NaN when no touched input has a standard deviation', () => {
    const acc = new SensitivityAccumulator(3);
    acc.add(1, 5);
    expect(acc.propagatedVariance(new Float64Array([1, Number.NaN, 1]))).toBeNaN();
  });

  it('reset clears everything it touched, and only that', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(49), fc.double({ min: -10, max: 10, noNaN: true })), { maxLength: 60 }), (adds) => {
        const acc = new SensitivityAccumulator(50);
        for (const [i, c] of adds) acc.add(i, c);
        acc.reset();
        expect(acc.size).toBe(0);
        expect(acc.collect().indices.length).toBe(0);
        acc.add(4, 1);
        expect([...acc.collect().coefficients]).toEqual([1]);
      }),
      { seed: 4, numRuns: 100 },
    );
  });

  it('the reuse rule: adding c to one input k times equals one input with k c (not sqrt(k) c)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.double({ min: 0.1, max: 10, noNaN: true }),
        fc.double({ min: 0.01, max: 5, noNaN: true }),
        (k, c, s) => {
          const acc = new SensitivityAccumulator(1);
          for (let i = 0; i < k; i++) acc.add(0, c);
          expect(Math.sqrt(acc.propagatedVariance(new Float64Array([s])))).toBeCloseTo(k * c * s, 9);
        },
      ),
      { seed: 8, numRuns: 200 },
    );
  });
});

describe('propagateVariance and shares', () => {
  it('computes sum (c s)^2 and shares that sum to 1', () => {
    const p = propagateVariance(
      { indices: Int32Array.from([0, 1, 2]), coefficients: Float64Array.from([10, 1000, 3]), uses: Int32Array.from([1, 1, 1]) },
      Float64Array.from([0.5, 0.01, Number.NaN]),
    );
    expect(p.variance).toBeCloseTo(125, 12);
    expect(p.standardDeviation).toBeCloseTo(Math.sqrt(125), 12);
    expect([...varianceShares(p)].map((x) => Number(x.toFixed(12)))).toEqual([0.2, 0.8, 0]);
  });

  it('is null when no input has a standard deviation', () => {
    const p = propagateVariance(
      { indices: Int32Array.from([0]), coefficients: Float64Array.from([1]), uses: Int32Array.from([1]) },
      Float64Array.from([Number.NaN]),
    );
    expect(p.standardDeviation).toBeNull();
    expect([...varianceShares(p)]).toEqual([0]);
  });
});

describe('sampling', () => {
  it('a seeded source repeats itself and stays in [0, 1)', () => {
    const a = createRandomSource(123);
    const b = createRandomSource(123);
    const c = createRandomSource(124);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(xs).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(xs).not.toEqual(Array.from({ length: 1000 }, () => c()));
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('normal deviates have mean 0, sd 1 and a 16th percentile near -0.9945', () => {
    const normal = createNormalSource(createRandomSource(7));
    const n = 200_000;
    const values = new Float64Array(n);
    for (let i = 0; i < n; i++) values[i] = normal();
    const mean = values.reduce((sum, v) => sum + v, 0) / n;
    const standardDeviation = Math.sqrt(values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (n - 1));
    expect(Math.abs(mean)).toBeLessThan(4 / Math.sqrt(n));
    expect(Math.abs(standardDeviation - 1)).toBeLessThan(4 / Math.sqrt(2 * n));
    expect(quantileOfSorted(values.sort(), 0.16)).toBeCloseTo(-0.9945, 1);
  });

  it('quantiles interpolate between order statistics', () => {
    const sorted = Float64Array.from([1, 2, 3, 4, 5]);
    expect(quantileOfSorted(sorted, 0)).toBe(1);
    expect(quantileOfSorted(sorted, 0.5)).toBe(3);
    expect(quantileOfSorted(sorted, 0.16)).toBeCloseTo(1.64, 12);
    expect(quantileOfSorted(new Float64Array(0), 0.5)).toBeNaN();
  });
});
