/**
 * The options of the checks that take more than the common ones (`checkLinearisation`,
 * `checkDimensionalRobustness`) and the check of each value (docs/policies.md: options are
 * strict), typed against their interfaces.
 * May import: model.
 */
import { finiteNumber, shapeOf, type ShapeCheck } from '../../model/strict-options';
import { GRAPH_OPTION_CHECKS } from '../arbitraries/options';
import { CHECK_OPTION_KEYS } from '../verdicts/options';
import type { CheckOptions, GraphCheckOptions } from '../verdicts/types';

/**
 * Options of {@link checkDimensionalRobustness}.
 * @public
 */
export interface DimensionalOptions extends CheckOptions {
  /** Relative tolerance of the comparison of values (default 1e-9). */
  readonly tolerance?: number;
}

/**
 * Options of {@link checkLinearisation}.
 * @public
 */
export interface LinearisationOptions extends Omit<GraphCheckOptions, 'tolerance'> {
  /**
   * Largest accepted distance between the first-order discounted net and the confidence interval
   * of the sampled 16th percentile (order statistics, about 99.7 %), in first-order standard
   * deviations (default 0.1).
   */
  readonly tolerance?: number;
  /** Monte Carlo samples per graph (default 5,000). */
  readonly samples?: number;
}

/** {@link LinearisationOptions} of `checkLinearisation`. */
export const LINEARISATION_OPTION_CHECKS: ShapeCheck = shapeOf<LinearisationOptions>({
  ...CHECK_OPTION_KEYS,
  graphs: GRAPH_OPTION_CHECKS,
  tolerance: finiteNumber({ min: 0 }),
  samples: finiteNumber({ integer: true, min: 2 }),
});

/** {@link DimensionalOptions} of `checkDimensionalRobustness`. */
export const DIMENSIONAL_OPTION_CHECKS: ShapeCheck = shapeOf<DimensionalOptions>({
  ...CHECK_OPTION_KEYS,
  tolerance: finiteNumber({ min: 0 }),
});
