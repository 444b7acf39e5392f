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
 * `ranks`: a multiple quickselect, each partition passing on to either side only the ranks that
 * fall there. A Monte Carlo summary reads a dozen order statistics of up to 200,000 draws; one
 * quickselect per rank cost a pass over the draws each (a fifth of a 720-entry run, bench/RESULTS.md).
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
