/**
 * The options of the generated graphs and quantities (`graphOf`, `quantityOf`) and the check of each
 * value (docs/policies.md: options are strict): one table per options interface, typed against it,
 * so that an option added to an interface without its line here does not compile.
 * May import: model, uncertainty.
 */
import { BOOLEAN, enumOf, finiteNumber, listOf, oneOf, recordOf, shapeOf, STRING, type ShapeCheck } from '../../model/strict-options';
import { DISTRIBUTION_TYPES, type DistributionType } from '../../uncertainty/distributions';
import type { InputQuantityOptions, LengthRange } from './component';
import type { QuantityOptions, StandardDeviationPresence } from './quantity';
import type { MagnitudeRange, RelativeRange } from './ranges';

/**
 * Options of {@link graphOf}.
 * @public
 */
export interface GraphOptions {
  /** Number of GHG entries (default 1 to 3; never more than there are components). */
  readonly entries?: LengthRange;
  /** Number of components (default 1 to 6). */
  readonly components?: LengthRange;
  /** Number of datapoints of a LIST input (default 1 to 4). */
  readonly listLength?: LengthRange;
  /** Whether a component may be attributed to several entries (default true). */
  readonly sharing?: boolean;
  /** Whether a datapoint slot may reuse an earlier datapoint of the same quantity kind and options (default true). */
  readonly reuse?: boolean;
  /** Whether attribution factors other than 1 are drawn (default true; false also turns sharing off). */
  readonly attributionFactors?: boolean;
  /** Whether a risk of reversal is drawn (default true: null or one of a few percentages); false: always null. */
  readonly riskOfReversal?: boolean;
  /** Quantity options per input (`"<blueprint>.<input>"` or `"<input>"`). */
  readonly inputs?: InputQuantityOptions;
  /** Default presence of standard deviations, for inputs without options of their own. */
  readonly standardDeviation?: StandardDeviationPresence;
  /**
   * Distribution types a datapoint with a standard deviation may carry (docs/graph-document.md,
   * "Distributions"); default none: no `distribution` is written (normal). When given, about half
   * of those datapoints get one (a lognormal only on a positive magnitude).
   */
  readonly distributions?: readonly DistributionType[];
  /**
   * Whether the fresh datapoints of each component's LIST inputs form a sample set, one column per
   * LIST input of equal length (docs/graph-document.md, "Sample sets"); default false.
   */
  readonly sampleSets?: boolean;
  /**
   * Whether a datapoint drawn with a lognormal distribution (see `distributions`) is declared by
   * its median (semantics 3b): magnitude the median, `log_standard_deviation` sqrt(ln(1 + r^2)) for
   * the drawn relative standard deviation r, `standard_deviation` null. Default false.
   */
  readonly lognormalMedian?: boolean;
}

/** A count: an integer of at least 0. */
export const COUNT = finiteNumber({ integer: true, min: 0 });
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
