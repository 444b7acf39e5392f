/**
 * First-order propagation of uncertainty (GUM law of propagation for independent inputs):
 * variance = sum_j (c_j s_j)^2 over distinct inputs, and the budget that falls out of it.
 */
import type { SparseSensitivities } from './sensitivities';

/**
 * Result of {@link propagateVariance}.
 */
export interface Propagation {
  /** Sum of squared contributions; 0 when no input has a standard deviation. */
  readonly variance: number;
  /** Square root of the variance, or null when no input of the result has a standard deviation. */
  readonly standardDeviation: number | null;
  /** Per term (same order as the sensitivities): `(c_j s_j)^2`, 0 for inputs without a standard deviation. */
  readonly contributions: Float64Array;
}

/**
 * Propagates standard deviations through sensitivities. `standardDeviations[i]` is input i's
 * standard deviation, NaN meaning "none given" (such an input is not part of the propagation).
 */
export function propagateVariance(terms: SparseSensitivities, standardDeviations: ArrayLike<number>): Propagation {
  const { indices, coefficients } = terms;
  const contributions = new Float64Array(indices.length);
  let variance = 0;
  let anyGiven = false;
  for (let k = 0; k < indices.length; k++) {
    const s = standardDeviations[indices[k] as number] as number;
    if (Number.isNaN(s)) continue;
    anyGiven = true;
    const u = (coefficients[k] as number) * s;
    contributions[k] = u * u;
    variance += u * u;
  }
  return { variance, standardDeviation: anyGiven ? Math.sqrt(variance) : null, contributions };
}

/**
 * Share of each contribution in the variance; all zero when the variance is zero, otherwise they
 * sum to 1.
 */
export function varianceShares(propagation: Propagation): Float64Array {
  const shares = new Float64Array(propagation.contributions.length);
  if (propagation.variance > 0) {
    for (let k = 0; k < shares.length; k++) shares[k] = (propagation.contributions[k] as number) / propagation.variance;
  }
  return shares;
}
