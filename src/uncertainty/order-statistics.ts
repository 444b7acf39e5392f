/**
 * Percentiles of a sample and their distribution-free confidence intervals from order statistics
 * (the number of draws below the true p-quantile is binomial(n, p)).
 */
import { normalQuantile } from './special-functions';

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
 * The probabilistically symmetric coverage interval of ascending values: the (1 - p)/2 and
 * (1 + p)/2 quantiles.
 */
export function symmetricIntervalOfSorted(sorted: Float64Array, probability: number, quantile: (sorted: Float64Array, p: number) => number): readonly [number, number] {
  return [quantile(sorted, (1 - probability) / 2), quantile(sorted, (1 + probability) / 2)];
}

/**
 * Reorders `a` (no NaN) so that `a[r]` is its r-th smallest value (0-based) for every r of
 * `ranks`: quickselect for each rank in ascending order, each in the part right of the last. A
 * few order statistics of 200,000 draws cost a few passes instead of a sort.
 */
export function selectRanks(a: Float64Array, ranks: readonly number[]): void {
  const sorted = [...new Set(ranks)].filter((r) => r >= 0 && r < a.length).sort((x, y) => x - y);
  let left = 0;
  for (const k of sorted) {
    select(a, left, a.length - 1, k);
    left = k;
  }
}

/** Hoare quickselect of rank k within a[lo..hi] (median-of-three pivot). */
function select(a: Float64Array, lo: number, hi: number, k: number): void {
  while (hi > lo) {
    const mid = (lo + hi) >>> 1;
    // Median of three as the pivot, which keeps sorted and equal runs linear.
    let x = a[lo] as number;
    let y = a[mid] as number;
    let z = a[hi] as number;
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
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}
