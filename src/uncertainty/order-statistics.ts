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
