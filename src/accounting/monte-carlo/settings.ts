/**
 * The settings of a Monte Carlo run (docs/result.md, "Monte Carlo"), a leaf that the run and its
 * warnings both read. Internal to accounting.
 *
 * Owns: MonteCarloSettings. May import: nothing.
 */

/** A Monte Carlo run's settings, resolved from the options and policies. */
export interface MonteCarloSettings {
  readonly seed: number;
  /** Fixed number of draws; null for adaptive. */
  readonly samples: number | null;
  /** Adaptive: the widest confidence interval of the percentile accepted, kg. */
  readonly toleranceKg: number;
  /** Adaptive: the most draws. */
  readonly maxSamples: number;
  /** The percentile reported (and, with the Monte Carlo discount, credited), in (0, 100). */
  readonly percentile: number;
  readonly coverageProbability: number;
  readonly histogramBins?: number;
}
