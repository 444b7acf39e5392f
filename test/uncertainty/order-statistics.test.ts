// Focused known answers for src/uncertainty/order-statistics.ts: the percentile's confidence indices by hand, the multiple
// quickselect on small arrays (ranks in any order, repeated, out of range), and orderStatistics on permutations whose
// rank r holds r, on ties, on equal values, below and above the size (501) from which it samples windows. Small and
// fast: the mutation group uncertainty-order-statistics runs it for every mutant.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderStatistics, orderStatisticsAndSum, percentileConfidenceIndices, selectRanks } from '../../src/uncertainty/order-statistics';

/**
 * `values` whose copy throws: orderStatistics copies the draws only when its sampled windows miss (the fallback), so
 * answering from such an array shows the windows answered, without the copy of every draw (1.6 MB an entry at 200,000).
 */
function uncopyable(values: Float64Array): Float64Array {
  Object.defineProperty(values, 'slice', {
    value: () => {
      throw new Error('the draws were copied: the sampled windows missed');
    },
  });
  return values;
}

/** 0..n-1 in a scrambled order (n prime, so i -> i * 7919 mod n is a permutation): rank r holds r. */
function permutation(n: number): Float64Array {
  return Float64Array.from({ length: n }, (_, i) => (i * 7919) % n);
}

describe('percentileConfidenceIndices', () => {
  it('n 1000, p 0.5: z 1.95996, spread 30.99, [floor(469.01) - 1, ceil(530.99)] = [468, 531]', () => {
    expect(percentileConfidenceIndices(1000, 0.5)).toEqual([468, 531]);
    expect(percentileConfidenceIndices(1000, 0.5, 0.95)).toEqual([468, 531]);
  });

  it('a 99.9 % level: z 3.29053, spread 52.03, [446, 553]', () => {
    expect(percentileConfidenceIndices(1000, 0.5, 0.999)).toEqual([446, 553]);
  });

  it('n 10,000, p 0.16: spread 1.96 sqrt(1344) = 71.85, [1527, 1672]; p 0.84 mirrors it', () => {
    expect(percentileConfidenceIndices(10_000, 0.16)).toEqual([1527, 1672]);
    expect(percentileConfidenceIndices(10_000, 0.84)).toEqual([8327, 8472]);
  });

  it('clamps to the sample: [0, 1] for p 0.01 of 10, [8, 9] for p 0.99 of 10', () => {
    expect(percentileConfidenceIndices(10, 0.01)).toEqual([0, 1]);
    expect(percentileConfidenceIndices(10, 0.99)).toEqual([8, 9]);
    expect(percentileConfidenceIndices(1, 0.5)).toEqual([0, 0]);
  });
});

describe('selectRanks', () => {
  it('puts the smallest at 0 and the largest at n - 1, each asked alone', () => {
    const low = Float64Array.from([5, 4, 3, 2, 1, 0]);
    selectRanks(low, [0]);
    expect(low[0]).toBe(0);
    const high = Float64Array.from([5, 0, 4, 1, 3, 2]);
    selectRanks(high, [5]);
    expect(high[5]).toBe(5);
  });

  it('takes ranks in any order and repeated, ignores those outside the array, and keeps the values', () => {
    const a = permutation(101);
    selectRanks(a, [90, 3, -1, 50, 3, 101, 200, 0]);
    for (const r of [0, 3, 50, 90]) expect(a[r]).toBe(r);
    expect([...a].sort((x, y) => x - y)).toEqual([...permutation(101)].sort((x, y) => x - y));
  });

  it('every rank of a small array, with ties, as a sort puts them', () => {
    const values = [3, 1, 2, 3, 3, 0, 1, 2, 2, 3, 0, 1];
    const a = Float64Array.from(values);
    selectRanks(
      a,
      values.map((_, r) => values.length - 1 - r),
    );
    expect([...a]).toEqual([...values].sort((x, y) => x - y));
  });

  it('leaves an empty or one-value array alone', () => {
    const empty = new Float64Array(0);
    selectRanks(empty, [0]);
    expect(empty.length).toBe(0);
    const one = Float64Array.from([7]);
    selectRanks(one, [0, 1]);
    expect([...one]).toEqual([7]);
  });
});

describe('orderStatistics', () => {
  it('below the sampling size (n 211, at most 500): the asked ranks in the order asked, the array untouched', () => {
    const a = permutation(211);
    const before = a.slice();
    expect([...orderStatistics(a, [210, 0, 105, 0, 17])]).toEqual([210, 0, 105, 0, 17]);
    expect(a).toEqual(before);
  });

  it('through its windows (n 5003): far ranks, near ranks whose windows merge, both ends', () => {
    const a = permutation(5003);
    const before = a.slice();
    const ranks = [5002, 0, 2500, 2501, 2510, 800, 4200, 1, 5001, 2500];
    expect([...orderStatistics(a, ranks)]).toEqual(ranks);
    expect(a).toEqual(before);
  });

  it('in sorted and reversed order', () => {
    const n = 3001;
    const up = Float64Array.from({ length: n }, (_, i) => i);
    const down = Float64Array.from({ length: n }, (_, i) => n - 1 - i);
    const ranks = [0, 480, 1500, 2520, n - 1];
    expect([...orderStatistics(up, ranks)]).toEqual(ranks);
    expect([...orderStatistics(down, ranks)]).toEqual(ranks);
  });

  it('with a run of ties (a net capped at 0 in half the draws): ranks in the run, at its edges and past it', () => {
    const n = 6007;
    const a = Float64Array.from(permutation(n), (v) => Math.max(0, v - 3000));
    const sorted = a.slice().sort();
    const ranks = [0, 1500, 2999, 3000, 3001, 3002, 4500, 6006];
    expect([...orderStatistics(a, ranks)]).toEqual(ranks.map((r) => sorted[r]));
    expect(sorted[3000]).toBe(0);
    expect(sorted[3001]).toBe(1);
  });

  it('with every value equal, and with two values only', () => {
    const n = 2000;
    expect([...orderStatistics(new Float64Array(n).fill(4.5), [0, 320, 1999])]).toEqual([4.5, 4.5, 4.5]);
    const two = Float64Array.from({ length: n }, (_, i) => (i % 5 === 0 ? -1 : 2));
    expect([...orderStatistics(two, [0, 399, 400, 1999])]).toEqual([-1, -1, 2, 2]);
  });

  it('with a few values far out (a heavy tail): the extremes and the body', () => {
    const n = 4001;
    const a = Float64Array.from(permutation(n), (v) => (v > 3990 ? v * 1e6 : v));
    const sorted = a.slice().sort();
    const ranks = [0, 640, 3360, 3995, 4000];
    expect([...orderStatistics(a, ranks)]).toEqual(ranks.map((r) => sorted[r]));
  });

  it('gives what a sort gives, for any size and ranks (fixed seed)', () => {
    const value = fc.oneof(fc.integer({ min: -2, max: 2 }), fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e3, max: 1e3 }));
    fc.assert(
      fc.property(
        fc.array(value, { minLength: 1, maxLength: 2500, size: 'max' }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 8 }),
        (values, asked) => {
          const a = Float64Array.from(values);
          const sorted = a.slice().sort();
          const ranks = asked.map((r) => r % values.length);
          expect([...orderStatistics(a, ranks)]).toEqual(ranks.map((r) => sorted[r]));
          expect([...a]).toEqual(values);
        },
      ),
      { seed: 383, numRuns: 40 },
    );
  });

  it('answers from its windows, without copying the draws, for ordinary samples from 501 values on (a sample of 64)', () => {
    // The ranks a Monte Carlo summary asks for: the percentile's interval, the 99.9 % bound, both ends, interpolation pairs.
    const ranksOf = (n: number): number[] => {
      const [low, high] = percentileConfidenceIndices(n, 0.1);
      const [, high16] = percentileConfidenceIndices(n, 0.16, 0.999);
      const pairs = [0.16, 0.1, 0.025, 0.975].flatMap((p) => [Math.floor((n - 1) * p), Math.floor((n - 1) * p) + 1]);
      return [low, high, high16, 0, n - 1, ...pairs];
    };
    for (const n of [501, 2003, 5003, 20_011]) {
      const ranks = ranksOf(n);
      expect([...orderStatistics(uncopyable(permutation(n)), ranks)], `n ${n}`).toEqual(ranks);
    }
    const n = 6007;
    const ranks = ranksOf(n);
    const capped = Float64Array.from(permutation(n), (v) => Math.max(0, v - 3000));
    const sorted = capped.slice().sort();
    expect([...orderStatistics(uncopyable(capped), ranks)]).toEqual(ranks.map((r) => sorted[r]));
    const tail = Float64Array.from(permutation(n), (v) => (v > 5990 ? v * 1e6 : v));
    const tailSorted = tail.slice().sort();
    expect([...orderStatistics(uncopyable(tail), ranks)]).toEqual(ranks.map((r) => tailSorted[r]));
    expect([...orderStatistics(uncopyable(new Float64Array(n).fill(2)), ranks)]).toEqual(ranks.map(() => 2));
    const up = Float64Array.from({ length: n }, (_, i) => i);
    const down = Float64Array.from({ length: n }, (_, i) => n - 1 - i);
    expect([...orderStatistics(uncopyable(up), ranks)]).toEqual(ranks);
    expect([...orderStatistics(uncopyable(down), ranks)]).toEqual(ranks);
  });

  it('copies the draws up to 500 values (a sample of 63 or fewer) and when its sample misleads', () => {
    expect(() => orderStatistics(uncopyable(permutation(500)), [0])).toThrow('the draws were copied');
    const n = 10_000;
    const m = Math.ceil(Math.cbrt(n) ** 2);
    const a = Float64Array.from({ length: n }, (_, i) => (i * 7919) % 1000);
    for (let i = 0; i < m; i++) a[Math.floor((i * n) / m)] = 1e9 + i;
    // The copy answers: every asked rank, those the misleading windows hold and those they miss.
    const sorted = a.slice().sort();
    const ranks = [0, 1600, 5000, n - m - 1, n - m, n - 1];
    expect([...orderStatistics(a, ranks)]).toEqual(ranks.map((r) => sorted[r]));
    expect(() => orderStatistics(uncopyable(a), [5000])).toThrow('the draws were copied');
  });

  it('ranks on a run of ties at a window`s bounds: the tie`s value, not the next one', () => {
    // 0 in 3,000 of 6,007 draws, then 1, 2, ... each twice: ranks at the run's last place and just past it.
    const n = 6007;
    const a = Float64Array.from(permutation(n), (v) => (v < 3000 ? 0 : Math.floor((v - 3000) / 2) + 1));
    const sorted = a.slice().sort();
    const ranks = [2998, 2999, 3000, 3001, 3002, 3003, 600, 961, 4500, 4501];
    expect([...orderStatistics(uncopyable(a), ranks)]).toEqual(ranks.map((r) => sorted[r]));
  });

  it('a window that overflows (its sample saw few of the values inside it) is answered by the copy, never from its partial values', () => {
    // The sampled places hold 0..m-1, every other draw lies in (7, 8), rising with its place: the window of rank 100
    // (sample places -6 to 15) holds almost every draw, more than its room. Its values in the array's order are not
    // its values in order: the 100th smallest is the 92nd draw in (7, 8), 7.0097, where the array's 100th inside is 7.01.
    const n = 10_000;
    const m = Math.ceil(Math.cbrt(n) ** 2);
    const a = Float64Array.from({ length: n }, (_, place) => 7 + place / n);
    for (let i = 0; i < m; i++) a[Math.floor((i * n) / m)] = i;
    const sorted = a.slice().sort();
    expect([...orderStatistics(a, [100])]).toEqual([sorted[100]]);
    expect(sorted[100]).toBe(7.0097);
    expect([...orderStatistics(a, [5000, 200])]).toEqual([sorted[5000], sorted[200]]);
  });

  it('gives the values a sort gives, and the sum in index order, for sizes up to 30,000 with ties, duplicates, signed zeros, infinities and far values (fixed seed)', () => {
    const value = fc.oneof(
      { weight: 3, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e3, max: 1e3 }) },
      { weight: 2, arbitrary: fc.constantFrom(0, -0, 1, -1, 5e-324, 1e300, -1e300, Infinity, -Infinity) },
      { weight: 1, arbitrary: fc.double({ noNaN: true }) },
    );
    const draws = fc.oneof(
      fc.array(value, { minLength: 1, maxLength: 600, size: 'max' }),
      fc.tuple(fc.array(value, { minLength: 1, maxLength: 40 }), fc.integer({ min: 501, max: 30_000 })).map(([pool, n]) =>
        // Many draws from a small pool: runs of ties at the windows' bounds, both zeros, the extremes.
        Array.from({ length: n }, (_, i) => pool[(i * 7919 + (i >> 3)) % pool.length] as number),
      ),
      fc.integer({ min: 501, max: 30_000 }).map((n) => Array.from({ length: n }, (_, i) => Math.sin(i * 12.9898) * 43_758.5453)),
    );
    fc.assert(
      fc.property(draws, fc.array(fc.nat(), { minLength: 1, maxLength: 13 }), (values, asked) => {
        const a = Float64Array.from(values);
        const sorted = a.slice().sort();
        const ranks = asked.map((r) => r % values.length);
        const found = orderStatisticsAndSum(a, ranks);
        // The values equal (-0 and +0 are one value: which of the two a rank gives is not fixed, as before).
        const wrong = ranks.filter((r, q) => found.values[q] !== sorted[r]);
        expect(wrong, `ranks of ${values.length}`).toEqual([]);
        let sum = 0;
        for (const v of values) sum += v;
        expect(Object.is(found.sum, sum)).toBe(true);
        expect(values.every((v, i) => Object.is(a[i], v))).toBe(true);
      }),
      { seed: 36, numRuns: 40 },
    );
  });

  it('the sum is the sum in index order, from +0, whichever way the values are found', () => {
    // Below the sampling size, through the windows, with a window that overflows, and with every value equal.
    const n = 10_000;
    const m = Math.ceil(Math.cbrt(n) ** 2);
    const overflowing = Float64Array.from({ length: n }, (_, place) => 7 + place / n);
    for (let i = 0; i < m; i++) overflowing[Math.floor((i * n) / m)] = i;
    for (const a of [
      Float64Array.of(-0),
      permutation(499),
      Float64Array.from(permutation(5003), (v) => v / 7),
      overflowing,
      new Float64Array(n).fill(0.1),
    ]) {
      let sum = 0;
      for (const v of a) sum += v;
      expect(Object.is(orderStatisticsAndSum(a, [0, a.length >> 1]).sum, sum)).toBe(true);
    }
  });
});
