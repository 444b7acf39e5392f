// The cost of src/uncertainty/order-statistics.ts pinned by its work counts (orderStatisticsWork, module-internal):
// partitions of the multiple quickselect, passes over the draws, values gathered inside the windows, room reserved
// for them, scratch newly allocated, and copies of the draws. The values are pinned by order-statistics.test.ts; here a
// change that keeps the values but does more (or other) work is noticed: a rank handed to the wrong side, a worse pivot, a wider window, a
// window not merged, a copy where the windows should answer. Counts are of fixed inputs (no randomness).
import { beforeEach, describe, expect, it } from 'vitest';
import {
  orderStatistics,
  orderStatisticsWork,
  percentileConfidenceIndices,
  resetOrderStatisticsWork,
  selectRanks,
} from '../../src/uncertainty/order-statistics';

/** 0..n-1 in a scrambled order (n prime): rank r holds r. */
const permutation = (n: number): Float64Array => Float64Array.from({ length: n }, (_, i) => (i * 7919) % n);
const up = (n: number): Float64Array => Float64Array.from({ length: n }, (_, i) => i);
const down = (n: number): Float64Array => Float64Array.from({ length: n }, (_, i) => n - 1 - i);

/** The counts after `run`, from 0. */
function workOf(run: () => unknown): typeof orderStatisticsWork {
  resetOrderStatisticsWork();
  run();
  return { ...orderStatisticsWork };
}

/** Partitions of selectRanks(a, ranks), checking the ranks are in place. */
function partitionsOf(a: Float64Array, ranks: readonly number[]): number {
  const sorted = a.slice().sort();
  const work = workOf(() => selectRanks(a, ranks));
  for (const r of ranks) if (r >= 0 && r < a.length) expect(a[r]).toBe(sorted[r]);
  return work.partitions;
}

beforeEach(() => resetOrderStatisticsWork());

describe('selectRanks: partitions', () => {
  it('three ranks of a permutation of 1,001: 25 partitions; the middle alone 14', () => {
    expect(partitionsOf(permutation(1001), [0, 500, 1000])).toBe(25);
    expect(partitionsOf(permutation(1001), [500])).toBe(14);
    expect(partitionsOf(permutation(1001), [10, 11, 12, 300, 301, 700, 990])).toBe(37);
  });

  it('ranks outside the array and repeated ones cost nothing more', () => {
    expect(partitionsOf(permutation(1001), [-1, 500, 1001, 5000])).toBe(14);
    expect(partitionsOf(permutation(1001), [500, 500, 500])).toBe(14);
  });

  it('sorted, reversed and equal values: one partition for the middle (the median of three is the pivot)', () => {
    expect(partitionsOf(up(1001), [500])).toBe(1);
    expect(partitionsOf(down(1001), [500])).toBe(1);
    expect(partitionsOf(new Float64Array(1001).fill(3), [500])).toBe(1);
  });

  it('an organ pipe and its mirror, where each of the three could be the median', () => {
    const pipe = Float64Array.from({ length: 1001 }, (_, i) => Math.min(i, 1000 - i));
    const valley = Float64Array.from({ length: 1001 }, (_, i) => Math.abs(500 - i));
    const counts = [
      partitionsOf(pipe.slice(), [500]),
      partitionsOf(valley.slice(), [500]),
      partitionsOf(pipe.slice(), [0, 999]),
      partitionsOf(valley.slice(), [0, 1000]),
    ];
    expect(counts).toEqual(PIPE_COUNTS);
  });

  it('a small array: none for one value, none for no rank', () => {
    expect(partitionsOf(Float64Array.from([4]), [0])).toBe(0);
    expect(partitionsOf(permutation(101), [])).toBe(0);
    expect(partitionsOf(permutation(101), [-5, 101])).toBe(0);
  });
});

const PIPE_COUNTS = [16, 24, 18, 18];

/** The ranks a Monte Carlo summary asks for: the percentile's interval, the 99.9 % bound, both ends, interpolation pairs. */
function summaryRanks(n: number): number[] {
  const [low, high] = percentileConfidenceIndices(n, 0.1);
  const [, high16] = percentileConfidenceIndices(n, 0.16, 0.999);
  const pairs = [0.16, 0.1, 0.025, 0.975].flatMap((p) => [Math.floor((n - 1) * p), Math.floor((n - 1) * p) + 1]);
  return [low, high, high16, 0, n - 1, ...pairs];
}

describe('orderStatistics: passes, gathered values, room, allocations, copies', () => {
  // Partitions count those of the sample too (its values at the windows' bounds are selected, not sorted); allocated
  // counts the scratch that a call after resetOrderStatisticsWork allocates afresh: the sample (m doubles), the windows'
  // room, and as much again plus one for the candidates of the pass.
  it('a summary`s 13 ranks of 20,011 draws: one pass (windows merged), 4,958 values gathered in 11,257 places, no copy', () => {
    const ranks = summaryRanks(20_011);
    const work = workOf(() => expect([...orderStatistics(permutation(20_011), ranks)]).toEqual(ranks));
    expect(work).toEqual({ partitions: 115, passes: 1, gathered: 4958, room: 11_257, allocated: 738 + 11_257 + 11_258, copies: 0 });
  });

  it('the next call of the same size reuses the scratch: it allocates nothing', () => {
    const ranks = summaryRanks(20_011);
    orderStatistics(permutation(20_011), ranks);
    const again = { ...orderStatisticsWork };
    orderStatistics(
      Float64Array.from(permutation(20_011), (v) => -v),
      ranks,
    );
    expect(orderStatisticsWork.allocated).toBe(again.allocated);
    expect(orderStatisticsWork.passes).toBe(2);
  });

  it('one rank of 5,003: one pass; near ranks merge into one window; both ends: one pass too', () => {
    expect(workOf(() => orderStatistics(permutation(5003), [2500]))).toEqual({
      partitions: 25,
      passes: 1,
      gathered: 1120,
      room: 2318,
      allocated: 293 + 2318 + 2319,
      copies: 0,
    });
    expect(workOf(() => orderStatistics(permutation(5003), [2500, 2501, 2510, 800]))).toEqual({
      partitions: 51,
      passes: 1,
      gathered: 1965,
      room: 4125,
      allocated: 293 + 4125 + 4126,
      copies: 0,
    });
    expect(workOf(() => orderStatistics(permutation(5003), [0, 5002]))).toEqual({
      partitions: 31,
      passes: 1,
      gathered: 132,
      room: 676,
      allocated: 293 + 676 + 677,
      copies: 0,
    });
  });

  it('windows that touch (sample places 9-50 and 50-109, ranks 500 and 1,349 of 5,003) are merged', () => {
    expect(workOf(() => expect([...orderStatistics(permutation(5003), [500, 1349])]).toEqual([500, 1349]))).toEqual({
      partitions: 39,
      passes: 1,
      gathered: 1674,
      room: 3514,
      allocated: 293 + 3514 + 3515,
      copies: 0,
    });
  });

  it('a window from the sample`s first place (rank 273 of 5,003) is bounded below by it, not open', () => {
    expect(workOf(() => expect([...orderStatistics(permutation(5003), [273])]).toEqual([273]))).toEqual({
      partitions: 21,
      passes: 1,
      gathered: 579,
      room: 1226,
      allocated: 293 + 1226 + 1227,
      copies: 0,
    });
  });

  it('sorted and reversed draws cost as little', () => {
    expect(workOf(() => orderStatistics(up(5003), [2500, 800]))).toEqual(SORTED_WORK);
    expect(workOf(() => orderStatistics(down(5003), [2500, 800]))).toEqual({ ...SORTED_WORK, partitions: 37 });
  });

  it('every draw equal (the sample spans no width, no bins): a pass per window, as many as it has', () => {
    const work = workOf(() => expect([...orderStatistics(new Float64Array(5003).fill(3), [2500, 800])]).toEqual([3, 3]));
    expect(work).toEqual({ partitions: 22, passes: 2, gathered: 0, room: 4090, allocated: 293 + 4090, copies: 0 });
  });

  it('up to 500 draws: one copy, no pass', () => {
    expect(workOf(() => orderStatistics(permutation(499), [0, 250]))).toEqual({
      partitions: 16,
      passes: 0,
      gathered: 0,
      room: 0,
      allocated: 0,
      copies: 1,
    });
  });

  it('a rank in a run of ties at its window`s high bound is answered by the window', () => {
    // Ranks 3,000 to 3,999 of 6,007 hold 3,000: rank 3,005's window reaches past 3,855, into the run, its high bound.
    const a = Float64Array.from(permutation(6007), (v) => (v >= 3000 && v < 4000 ? 3000 : v));
    const work = workOf(() => expect([...orderStatistics(a, [3005, 2990])]).toEqual([3000, 2990]));
    expect(work.copies).toBe(0);
    expect(work.passes).toBe(1);
  });

  it('a window that overflows: its candidates overflow their room too, a pass per window counts, one copy answers', () => {
    // The sampled places hold 0..m-1, the other draws distinct values in (232, 233): rank 5,000's window overflows.
    const n = 10_000;
    const m = Math.ceil(Math.cbrt(n) ** 2);
    const a = Float64Array.from({ length: n }, (_, place) => 232 + ((place * 7919) % n) / n);
    for (let i = 0; i < m; i++) a[Math.floor((i * n) / m)] = i;
    const sorted = a.slice().sort();
    const work = workOf(() => expect([...orderStatistics(a, [5000])]).toEqual([sorted[5000]]));
    expect(work).toEqual(OVERFLOW_WORK);
    // Rank 100 lies within the overflowed window's room: its partial values are still not selected, only the copy's.
    const early = Float64Array.from({ length: n }, (_, place) => 7 + place / n);
    for (let i = 0; i < m; i++) early[Math.floor((i * n) / m)] = i;
    expect(workOf(() => expect([...orderStatistics(early, [100])]).toEqual([7.0097]))).toEqual({
      partitions: 37,
      passes: 1,
      gathered: 9550,
      room: 1011,
      allocated: 465 + 1011 + 1012,
      copies: 1,
    });
  });
});

const SORTED_WORK = { partitions: 42, passes: 1, gathered: 1945, room: 4090, allocated: 293 + 4090 + 4091, copies: 0 };
const OVERFLOW_WORK = { partitions: 18, passes: 1, gathered: 9615, room: 3591, allocated: 465 + 3591 + 3592, copies: 1 };
