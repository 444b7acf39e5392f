/**
 * The known keys of the property checks' options and the check of each value (docs/policies.md:
 * options are strict): one table per options interface, typed against it, so that an option added
 * to an interface without its line here does not compile. Each check validates its options once,
 * before generating anything.
 * May import: model.
 */
import {
  assertOptions,
  BOOLEAN,
  enumOf,
  finiteNumber,
  FUNCTION,
  listOf,
  oneOf,
  recordOf,
  shapeOf,
  STRING,
  type ShapeCheck,
} from '../model/strict-options';
import { DISTRIBUTION_TYPES } from '../uncertainty/distributions';
import type { LengthRange } from './component';
import type { QuantityOptions, StandardDeviationPresence } from './quantity';
import type { MagnitudeRange, RelativeRange } from './ranges';
import type {
  CheckOptions,
  DimensionalOptions,
  GraphCheckOptions,
  GraphOptions,
  LinearisationOptions,
  MethodologyCheckOptions,
} from './types';

const COUNT = finiteNumber({ integer: true, min: 0 });
const PRESENCE = enumOf<StandardDeviationPresence>({ sometimes: true, always: true, never: true });
const LENGTH_RANGE = shapeOf<LengthRange>({ min: COUNT, max: COUNT }, ['min', 'max']);

/** {@link QuantityOptions}: ranges of magnitudes and relative standard deviations, units. */
export const QUANTITY_OPTION_CHECKS: ShapeCheck = shapeOf<QuantityOptions>({
  magnitude: shapeOf<MagnitudeRange>({ min: finiteNumber(), max: finiteNumber(), unit: STRING }, ['min', 'max']),
  relativeStandardDeviation: shapeOf<RelativeRange>({ min: finiteNumber({ min: 0 }), max: finiteNumber({ min: 0 }) }, ['min', 'max']),
  standardDeviation: PRESENCE,
  units: listOf(STRING, 'unit names'),
  signed: BOOLEAN,
});

/** {@link GraphOptions} of the generated graphs. */
export const GRAPH_OPTION_CHECKS: ShapeCheck = shapeOf<GraphOptions>({
  entries: LENGTH_RANGE,
  components: LENGTH_RANGE,
  listLength: LENGTH_RANGE,
  sharing: BOOLEAN,
  reuse: BOOLEAN,
  attributionFactors: BOOLEAN,
  riskOfReversal: BOOLEAN,
  inputs: recordOf(QUANTITY_OPTION_CHECKS),
  standardDeviation: PRESENCE,
  distributions: listOf(oneOf(DISTRIBUTION_TYPES), 'distribution types'),
  sampleSets: BOOLEAN,
  lognormalMedian: BOOLEAN,
});

const CHECK_OPTION_KEYS = {
  numRuns: finiteNumber({ integer: true, min: 1 }),
  seed: finiteNumber({ integer: true }),
  evaluate: FUNCTION,
  maxShrinkCases: COUNT,
} as const;

/** {@link CheckOptions} of every check. */
export const CHECK_OPTION_CHECKS: ShapeCheck = shapeOf<CheckOptions>(CHECK_OPTION_KEYS);

/** {@link GraphCheckOptions} of the checks on generated graphs. */
export const GRAPH_CHECK_OPTION_CHECKS: ShapeCheck = shapeOf<GraphCheckOptions>({
  ...CHECK_OPTION_KEYS,
  graphs: GRAPH_OPTION_CHECKS,
  tolerance: finiteNumber({ min: 0 }),
});

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

/** {@link MethodologyCheckOptions} of `checkMethodology`. */
export const METHODOLOGY_CHECK_OPTION_CHECKS: ShapeCheck = shapeOf<MethodologyCheckOptions>({
  numRuns: CHECK_OPTION_KEYS.numRuns,
  seed: CHECK_OPTION_KEYS.seed,
  evaluate: FUNCTION,
});

/** Throws a `TypeError` naming each unknown option (and the nearest known one) or invalid value of `check`. */
export function assertCheckOptions(check: string, options: unknown, checks: ShapeCheck): void {
  assertOptions(options, checks, `options of ${check}`);
}
