/**
 * The datapoint phase of a preparation: unique ids, finite magnitudes (in SI too), known units, standard
 * deviations >= 0 (docs/rules.md#units-and-quantity-kinds), and every datapoint's numbers as given and in SI, in
 * packed arrays of doubles (doubles.ts). Internal to preparation.
 *
 * Owns: datapoint problems and the datapoint columns. May import: units, doubles.ts, id-index.ts,
 * context.ts, hints.ts.
 */
import type { GraphDatapoint } from '../../model';
import { DISTRIBUTION_CODE, lognormalMedianStandardDeviation } from '../../uncertainty/distributions';
import { tryParseUnit } from '../../units';
import { powerOfTen, scaledByPower } from '../../units/si-value';
import { packedDoubles } from './doubles';
import { IdIndex } from './id-index';
import { problem, unreadableItem, type PrepareContext } from './context';
import { unknownUnitHint } from './hints';

/** The datapoints, by dense index (their index in the document). */
export interface DatapointColumns {
  /** First index of each id. */
  readonly index: IdIndex;
  readonly ids: string[];
  readonly units: string[];
  readonly magnitudes: number[];
  /** NaN when none. */
  readonly standardDeviations: number[];
  readonly siMagnitudes: number[];
  /** NaN when none. */
  readonly siStandardDeviations: number[];
  /** d(SI magnitude)/d(magnitude as given). */
  readonly siScales: number[];
  /**
   * Dimension id (the context's table) of each datapoint's unit, -1 when the unit is unknown or the
   * magnitude in SI is not a finite number (either reported where the datapoint is defined).
   */
  readonly dimension: Int32Array;
  /** Each datapoint's distribution type (`DISTRIBUTION_CODE`; 0, normal, when it has none). */
  readonly distributionType: Uint8Array;
  /** A trapezoid's `beta`, a t's degrees of freedom; NaN otherwise. */
  readonly distributionParameter: number[];
}

/** What a unit string reads as, once per distinct string of a preparation. */
interface UnitReading {
  readonly dimension: number;
  readonly scale: number;
  readonly offset: number;
  /** k when the scale is 10^k (src/units/si-value.ts), found once per unit. */
  readonly power: number | undefined;
}

/** Checks every datapoint and reads its numbers (see the module comment). */
export function prepareDatapoints(context: PrepareContext): DatapointColumns {
  const datapoints = context.graph.datapoints;
  const n = datapoints.length;
  const reader = new DatapointReader(context, n);
  for (let d = 0; d < n; d++) reader.add(datapoints[d], d);
  return reader.columns;
}

/**
 * The datapoint phase one item at a time: the columns of `n` datapoints, filled by {@link add}
 * (a streaming preparation feeds it the items as they are parsed, streaming.ts).
 */
export class DatapointReader {
  readonly columns: DatapointColumns;
  // A graph has a few distinct unit strings: each is read, and given a dimension id, once.
  private readonly readings = new Map<string, UnitReading | string>();

  constructor(
    private readonly context: PrepareContext,
    n: number,
  ) {
    // Packed arrays of doubles (see doubles.ts); the copies are a memory copy each.
    const siMagnitudes = packedDoubles(n);
    // The index keeps its ids in the column (every datapoint's id is written there, in `add`), unless
    // the document has unreadable items: their ids resolve, but stay out of the column.
    const ids = new Array<string>(n);
    this.columns = {
      index: context.broken === undefined ? new IdIndex(n, ids) : new IdIndex(n),
      ids,
      units: new Array<string>(n),
      magnitudes: siMagnitudes.slice(),
      standardDeviations: siMagnitudes.slice(),
      siMagnitudes,
      siStandardDeviations: siMagnitudes.slice(),
      siScales: siMagnitudes.slice(),
      dimension: new Int32Array(n).fill(-1),
      distributionType: new Uint8Array(n),
      distributionParameter: siMagnitudes.slice(),
    };
  }

  /** Checks datapoint d (undefined: unreadable, its shape reported) and reads its numbers. */
  add(datapoint: GraphDatapoint | undefined, d: number): void {
    const { context, columns } = this;
    if (datapoint === undefined) {
      // Unreadable (its shape was reported): its id still resolves, to no unit (dimension -1).
      unreadableItem(context.broken, 'datapoints', d, columns.index);
      return;
    }
    const id = datapoint.id;
    if (columns.index.add(id, d) >= 0)
      problem(context, ['datapoints', d, 'id'], 'duplicate_id', `datapoint id '${id}' is used more than once`);
    columns.ids[d] = id;
    const { magnitude, unit, standard_deviation: sd } = datapoint.quantity;
    columns.units[d] = unit;
    columns.magnitudes[d] = magnitude;
    columns.standardDeviations[d] = sd ?? Number.NaN;
    if (!Number.isFinite(magnitude))
      problem(
        context,
        ['datapoints', d, 'quantity', 'magnitude'],
        'not_finite',
        `datapoint '${id}' has a magnitude that is not a finite number`,
      );
    if (sd !== null && sd !== undefined && !(Number.isFinite(sd) && sd >= 0)) {
      problem(
        context,
        ['datapoints', d, 'quantity', 'standard_deviation'],
        'invalid_standard_deviation',
        `datapoint '${id}' has standard deviation ${String(sd)}; it must be a finite number >= 0 or null`,
      );
    }
    if (datapoint.distribution !== undefined) readDistribution(context, columns, datapoint, d);
    const reading = this.readingOf(unit);
    if (typeof reading === 'string') {
      problem(
        context,
        ['datapoints', d, 'quantity', 'unit'],
        'unknown_unit',
        `datapoint '${id}' has unit '${unit}', which is not a known unit${reading}`,
      );
      return;
    }
    const { scale, power } = reading;
    const si = scaledByPower(magnitude, scale, power) + reading.offset;
    const siSd = sd === null || sd === undefined ? Number.NaN : scaledByPower(sd, scale, power);
    columns.siMagnitudes[d] = si;
    columns.siScales[d] = scale;
    columns.siStandardDeviations[d] = siSd;
    // A value beyond a double in SI makes the datapoint unusable, as an unknown unit does (dimension -1).
    if (Number.isFinite(magnitude) && !Number.isFinite(si)) this.beyondDouble(d, 'magnitude', magnitude);
    else columns.dimension[d] = reading.dimension;
    if (Number.isFinite(sd) && !Number.isFinite(siSd)) this.beyondDouble(d, 'standard_deviation', sd as number);
  }

  /**
   * Reports a magnitude or standard deviation, finite as written, whose value in SI is not (1e306 t
   * is 1e309 kg): docs/errors.md, `not_finite`.
   */
  private beyondDouble(d: number, field: 'magnitude' | 'standard_deviation', value: number): void {
    const id = this.columns.ids[d] as string;
    const unit = this.columns.units[d] as string;
    problem(
      this.context,
      ['datapoints', d, 'quantity', field],
      'not_finite',
      `datapoint '${id}' has ${field === 'magnitude' ? 'magnitude' : 'standard deviation'} ${value} ${unit}, whose value in SI units is beyond the range of a double (about 1.8e308): it is not a finite number`,
    );
  }

  /** What a unit string reads as (a string: why it is not a known unit). */
  private readingOf(unit: string): UnitReading | string {
    let reading = this.readings.get(unit);
    if (reading === undefined) {
      const parsed = tryParseUnit(unit);
      reading =
        parsed === undefined
          ? unknownUnitHint(unit)
          : {
              dimension: this.context.dimensions.idOf(parsed.dimension),
              scale: parsed.scale,
              offset: parsed.offset,
              power: powerOfTen(parsed.scale),
            };
      this.readings.set(unit, reading);
    }
    return reading;
  }
}

/** Checks datapoint d's distribution (docs/graph-document.md, "Distributions") and records it. */
function readDistribution(context: PrepareContext, columns: DatapointColumns, datapoint: GraphDatapoint, d: number): void {
  const distribution = datapoint.distribution!;
  const { id, quantity } = datapoint;
  const path = ['datapoints', d, 'distribution'];
  columns.distributionType[d] = DISTRIBUTION_CODE[distribution.type];
  if (distribution.type === 'lognormal' && distribution.log_standard_deviation !== undefined) {
    readLognormalMedian(context, columns, datapoint, d, distribution.log_standard_deviation);
    return;
  }
  if (quantity.standard_deviation === null || quantity.standard_deviation === undefined) {
    problem(
      context,
      path,
      'distribution_without_standard_deviation',
      `datapoint '${id}' has a ${distribution.type} distribution but no standard deviation, which gives the distribution its scale`,
    );
  }
  if (distribution.type === 'trapezoidal') {
    columns.distributionParameter[d] = distribution.beta;
    if (!(distribution.beta >= 0 && distribution.beta <= 1))
      problem(
        context,
        [...path, 'beta'],
        'invalid_distribution',
        `datapoint '${id}' has a trapezoidal distribution with beta ${String(distribution.beta)}; beta must be in [0, 1]`,
      );
  } else if (distribution.type === 'student_t') {
    columns.distributionParameter[d] = distribution.degrees_of_freedom;
    if (!(distribution.degrees_of_freedom >= 1 && Number.isFinite(distribution.degrees_of_freedom))) {
      problem(
        context,
        [...path, 'degrees_of_freedom'],
        'invalid_distribution',
        `datapoint '${id}' has a student_t distribution with ${String(distribution.degrees_of_freedom)} degrees of freedom; it needs a finite number >= 1`,
      );
    }
  } else if (distribution.type === 'lognormal' && !(quantity.magnitude > 0)) {
    problem(
      context,
      path,
      'invalid_distribution',
      `datapoint '${id}' has a lognormal distribution but magnitude ${String(quantity.magnitude)}; a lognormal needs a magnitude > 0`,
    );
  }
}

/**
 * Checks a lognormal given by its median (the magnitude, > 0) and `log_standard_deviation` sigma
 * (> 0), with no `standard_deviation` of its own (docs/graph-document.md, "Distributions"), and
 * records sigma as the distribution's parameter.
 */
function readLognormalMedian(
  context: PrepareContext,
  columns: DatapointColumns,
  datapoint: GraphDatapoint,
  d: number,
  sigma: number,
): void {
  const { id, quantity } = datapoint;
  const path = ['datapoints', d, 'distribution'];
  columns.distributionType[d] = DISTRIBUTION_CODE.lognormal_median;
  columns.distributionParameter[d] = sigma;
  if (quantity.standard_deviation !== null && quantity.standard_deviation !== undefined)
    problem(
      context,
      ['datapoints', d, 'quantity', 'standard_deviation'],
      'lognormal_median_with_standard_deviation',
      `datapoint '${id}' has a lognormal distribution by its median (log_standard_deviation ${sigma}) and a standard_deviation ${quantity.standard_deviation}; give one: with log_standard_deviation, standard_deviation must be null`,
    );
  if (!(Number.isFinite(sigma) && sigma > 0))
    problem(
      context,
      [...path, 'log_standard_deviation'],
      'invalid_distribution',
      `datapoint '${id}' has a lognormal distribution with log_standard_deviation ${String(sigma)}; it must be a finite number > 0`,
    );
  if (!(quantity.magnitude > 0))
    problem(
      context,
      path,
      'invalid_distribution',
      `datapoint '${id}' has a lognormal distribution but magnitude ${String(quantity.magnitude)}; a lognormal needs a magnitude (its median) > 0`,
    );
}

/**
 * Gives every lognormal by its median its distribution's own standard deviation,
 * magnitude e^(sigma^2 / 2) sqrt(e^(sigma^2) - 1), in its unit and in SI: what first order
 * propagates. Run after the values are checked (a derived standard deviation is not the document's).
 */
export function applyLognormalMedians(columns: DatapointColumns): void {
  const n = columns.distributionType.length;
  for (let d = 0; d < n; d++) {
    if (columns.distributionType[d] !== DISTRIBUTION_CODE.lognormal_median) continue;
    const sd = lognormalMedianStandardDeviation(columns.magnitudes[d] as number, columns.distributionParameter[d] as number);
    columns.standardDeviations[d] = sd;
    columns.siStandardDeviations[d] = sd * Math.abs(columns.siScales[d] as number);
  }
}
