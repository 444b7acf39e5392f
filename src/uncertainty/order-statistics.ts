/**
 * Percentiles of a sample and their distribution-free confidence intervals from order statistics
 * (the number of draws below the true p-quantile is binomial(n, p)).
 */
import { normalQuantile } from './special-functions';

/**
 * The work done so far by {@link selectRanks} and {@link orderStatistics}, counted so the tests can pin their cost
 * (test/uncertainty/order-statistics-cost.test.ts): partitions, passes over the draws (one a window), values gathered
 * inside windows and room allocated for them, and copies of the draws (the fallback). Module-internal: the uncertainty
 * folder's index does not export it; a test resets it with {@link resetOrderStatisticsWork}.
 */
export const orderStatisticsWork = { partitions: 0, passes: 0, gathered: 0, allocated: 0, copies: 0 };

/** Sets every count of {@link orderStatisticsWork} to 0. */
export function resetOrderStatisticsWork(): void {
  orderStatisticsWork.partitions = 0;
  orderStatisticsWork.passes = 0;
  orderStatisticsWork.gathered = 0;
  orderStatisticsWork.allocated = 0;
  orderStatisticsWork.copies = 0;
}

/**
 * The 0-based indices [low, high] of the order statistics that bracket the p-quantile of a sample
 * of n with at least `level` confidence, by the normal approximation of the binomial count (n of
 * a Monte Carlo run is in the thousands), widened by one on each side for its continuity.
 */
export function percentileConfidenceIndices(n: number, p: number, level = 0.95): readonly [number, number] {
  const z = normalQuantile(0.5 + level / 2);
  const spread = z * Math.sqrt(n * p * (1 - p));
  const low = Math.max(0, Math.floor(n * p - spread) - 1);
  const high = Math.min(n - 1, Math.ceil(n * p + spread));
  return [low, high];
}

/**
 * Reorders `a` (no NaN) so that `a[r]` is its r-th smallest value (0-based) for every r of
 * `ranks`: a multiple quickselect, each partition passing on to either side only the ranks that
 * fall there: one pass over the values for all the ranks, where a quickselect per rank costs a pass
 * each. {@link orderStatistics} uses it within its windows and as its fallback.
 */
export function selectRanks(a: Float64Array, ranks: readonly number[]): void {
  const wanted = [...new Set(ranks)].filter((r) => r >= 0 && r < a.length).sort((x, y) => x - y);
  multiselect(a, 0, a.length - 1, wanted, 0, wanted.length - 1);
}

/** Puts `ranks[rlo..rhi]` (ascending, each within lo..hi) in place within `a[lo..hi]`. */
function multiselect(a: Float64Array, lo: number, hi: number, ranks: readonly number[], rlo: number, rhi: number): void {
  while (rlo <= rhi && hi > lo) {
    const [j, i] = partition(a, lo, hi);
    // a[lo..j] <= pivot <= a[i..hi]; a rank between j and i holds the pivot, in place already.
    let left = rlo;
    while (left <= rhi && (ranks[left] as number) <= j) left++;
    let right = left;
    while (right <= rhi && (ranks[right] as number) < i) right++;
    multiselect(a, lo, j, ranks, rlo, left - 1);
    lo = i;
    rlo = right;
  }
}

/** One Hoare partition of a[lo..hi] around the median of three: returns [j, i] with j < i. */
function partition(a: Float64Array, lo: number, hi: number): readonly [number, number] {
  orderStatisticsWork.partitions++;
  const mid = (lo + hi) >>> 1;
  // Median of three as the pivot, which keeps sorted and equal runs linear.
  let x = a[lo] as number;
  let y = a[mid] as number;
  const z = a[hi] as number;
  if (x > y) [x, y] = [y, x];
  if (y > z) y = z;
  const pivot = x > y ? x : y;
  let i = lo;
  let j = hi;
  while (i <= j) {
    while ((a[i] as number) < pivot) i++;
    while ((a[j] as number) > pivot) j--;
    if (i <= j) {
      const t = a[i] as number;
      a[i] = a[j] as number;
      a[j] = t;
      i++;
      j--;
    }
  }
  return [j, i];
}

/**
 * The values of ranks `ranks` (0-based, each below a.length) of `a` (no NaN), in the order asked,
 * leaving `a` as it is. Floyd and Rivest's idea: a strided sample of about n^(2/3) values, sorted,
 * gives each rank a window of values that holds it with near certainty; a pass per window counts
 * the values below it and at its two bounds and gathers those strictly inside, and a multiple
 * quickselect within each (small) window places its ranks. Values equal to a bound are counted,
 * not gathered, so a sample with many ties (a net capped at 0) keeps its windows small. When a
 * window misses its rank (or overflows) the multiple quickselect on a copy answers instead, so
 * the values never depend on the sample, only the time does.
 */
export function orderStatistics(a: Float64Array, ranks: readonly number[]): Float64Array {
  const n = a.length;
  const m = Math.ceil(Math.cbrt(n) ** 2);
  if (m < 64) return selectedCopy(a, ranks);
  const sample = new Float64Array(m);
  for (let i = 0; i < m; i++) sample[i] = a[Math.floor((i * n) / m)] as number;
  sample.sort();
  const windows = windowsOf(ranks, n, m, sample);
  gather(a, windows);
  // Each window's inner ranks put in place within it (a multiple quickselect over a few thousand values).
  for (const w of windows) {
    if (w.inner > w.values.length) continue;
    // The ranks outside the window fall outside w.values, and selectRanks leaves them out.
    const first = w.below + w.atLow;
    selectRanks(
      w.values,
      ranks.map((r) => r - first),
    );
  }
  const out = new Float64Array(ranks.length);
  for (let q = 0; q < ranks.length; q++) {
    const value = valueInWindows(windows, ranks[q] as number);
    if (value === undefined) return selectedCopy(a, ranks);
    out[q] = value;
  }
  return out;
}

/** The value of rank `r` from the window that holds it, or undefined when none does (or it overflowed). */
function valueInWindows(windows: readonly RankWindow[], r: number): number | undefined {
  for (const w of windows) {
    let k = r - w.below;
    if (k < 0) continue;
    if (k < w.atLow) return w.low;
    k -= w.atLow;
    if (k < w.inner) return w.inner <= w.values.length ? (w.values[k] as number) : undefined;
    k -= w.inner;
    if (k < w.atHigh) return w.high;
  }
  return undefined;
}

/**
 * A range of values [low, high] expected to hold some ranks; after {@link gather}, how many values
 * lie below it, equal its low and high bounds, and strictly inside it (those gathered in `values`).
 */
interface RankWindow {
  readonly low: number;
  readonly high: number;
  below: number;
  atLow: number;
  inner: number;
  atHigh: number;
  values: Float64Array;
}

/** Each rank's window from the sorted sample (3.5 standard deviations of the sample rank each side, plus 2), overlapping ones merged. */
function windowsOf(ranks: readonly number[], n: number, m: number, sample: Float64Array): RankWindow[] {
  const spans = [...new Set(ranks)]
    .sort((x, y) => x - y)
    .map((r) => {
      const s = ((r + 0.5) * m) / n;
      const delta = Math.ceil(3.5 * Math.sqrt(s * (1 - s / m))) + 2;
      return [Math.floor(s) - delta, Math.ceil(s) + delta] as [number, number];
    });
  const merged: [number, number][] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last !== undefined && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push(span);
  }
  return merged.map(([lo, hi]) => {
    // Room for twice the expected count; more means the sample misled, and the fallback answers.
    const capacity = Math.min(n, Math.ceil((2 * (hi - lo + 1) * n) / m) + 64);
    orderStatisticsWork.allocated += capacity;
    return {
      low: lo < 0 ? -Infinity : (sample[lo] as number),
      high: hi >= m ? Infinity : (sample[hi] as number),
      below: 0,
      atLow: 0,
      inner: 0,
      atHigh: 0,
      values: new Float64Array(capacity),
    };
  });
}

/**
 * A pass over `a` per window: its count of values below it and at each bound, and its values
 * strictly inside (as many as fit). A window whose bounds are equal counts its values at `low`.
 */
function gather(a: Float64Array, windows: RankWindow[]): void {
  for (const w of windows) {
    const { low, high, values } = w;
    const capacity = values.length;
    let below = 0;
    let atLow = 0;
    let inner = 0;
    let atHigh = 0;
    for (let i = 0; i < a.length; i++) {
      const v = a[i] as number;
      // Most values lie outside the window: those two tests come first.
      if (v < low) below++;
      else if (v > high) continue;
      else if (v === low) atLow++;
      else if (v === high) atHigh++;
      else {
        if (inner < capacity) values[inner] = v;
        inner++;
      }
    }
    w.below = below;
    w.atLow = atLow;
    w.inner = inner;
    w.atHigh = atHigh;
    orderStatisticsWork.passes++;
    orderStatisticsWork.gathered += inner;
    if (inner <= capacity) w.values = values.subarray(0, inner);
  }
}

/** The fallback: the multiple quickselect on a copy. */
function selectedCopy(a: Float64Array, ranks: readonly number[]): Float64Array {
  orderStatisticsWork.copies++;
  const copy = a.slice();
  selectRanks(copy, ranks);
  return Float64Array.from(ranks, (r) => copy[r] as number);
}
