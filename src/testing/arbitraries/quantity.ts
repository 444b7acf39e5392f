/**
 * `quantityOf`: the arbitrary of one quantity (`{magnitude, unit, standard_deviation}`) of a
 * quantity kind, in any unit the engine accepts for the kind, with a realistic magnitude and
 * standard deviation. Values are drawn on a grid of a million steps over the range and written with
 * six significant digits, so that counterexamples read like measured data; every part shrinks
 * (towards the low end of the range, the kind's first unit and a null standard deviation).
 * May import: units, model, fast-check.
 */
import fc from 'fast-check';
import type { GraphDatapoint } from '../../model/graph';
import type { QuantityKind } from '../../model/quantity-kinds';
import { convert, isCompatible, isWithinPhysicalBounds, parseUnit, QUANTITY_KIND_PHYSICAL_BOUNDS } from '../../units';
import { unitsForKind } from './kind-units';
import { DEFAULT_RELATIVE_STANDARD_DEVIATION, type MagnitudeRange, resolveRange, type RelativeRange } from './ranges';

/**
 * A datapoint's quantity as a graph document carries it.
 * @public
 */
export type GraphQuantityValue = GraphDatapoint['quantity'];

/**
 * Whether generated quantities carry a standard deviation: `sometimes` (default: null about one
 * time in five), `always` (never null) or `never` (always null).
 * @public
 */
export type StandardDeviationPresence = 'sometimes' | 'always' | 'never';

/**
 * Options of {@link quantityOf}.
 * @public
 */
export interface QuantityOptions {
  /** Range of magnitudes (default: the kind's realistic range, see `realisticRange`). */
  readonly magnitude?: MagnitudeRange;
  /** Range of relative standard deviations (default 0.5 % to 10 %). */
  readonly relativeStandardDeviation?: RelativeRange;
  /** Whether a standard deviation is present (default `sometimes`). */
  readonly standardDeviation?: StandardDeviationPresence;
  /**
   * Units to write (default: every accepted unit of the kind). Each must be a unit of the kind;
   * the first is the one shrinking ends on.
   */
  readonly units?: readonly string[];
  /**
   * Whether the value is a difference (a blueprint input declared `difference: true`, semantics
   * 3b): signs are free, the physical bounds apply to the absolute value, and a range that does not
   * reach below 0 is mirrored, so that `{min: 1, max: 10}` draws from -10 to 10. Default false.
   */
  readonly signed?: boolean;
}

const STEPS = 1_000_000;

/** `value` with six significant digits (keeps JSON short and readable). */
export function significant(value: number, digits = 6): number {
  return value === 0 ? 0 : Number(value.toPrecision(digits));
}

/** The units to draw from, checked, with the range's unit first when it is one of them. */
function unitsToDraw(kind: QuantityKind, rangeUnit: string, given: readonly string[] | undefined): readonly string[] {
  const units = given ?? unitsForKind(kind);
  if (units.length === 0) throw new RangeError(`quantityOf('${kind}'): the list of units is empty`);
  for (const unit of units) {
    const check = isCompatible(unit, kind);
    if (!check.ok) throw new RangeError(`quantityOf('${kind}'): ${check.message}`);
  }
  if (given !== undefined || !units.includes(rangeUnit)) return units;
  return [rangeUnit, ...units.filter((u) => u !== rangeUnit)];
}

function checkRange(what: string, min: number, max: number): void {
  if (!(Number.isFinite(min) && Number.isFinite(max) && min <= max)) {
    throw new RangeError(`${what}: expected finite min <= max, got min=${min}, max=${max}`);
  }
}

/** Refuses a range that reaches values no quantity of the kind can take (the engine would refuse them). */
function checkPhysical(kind: QuantityKind, range: Required<MagnitudeRange>, signed: boolean): void {
  for (const end of [range.min, range.max]) {
    const si = toSIValue(end, range.unit);
    if (isWithinPhysicalBounds(kind, signed ? Math.abs(si) : si)) continue;
    const { reason } = QUANTITY_KIND_PHYSICAL_BOUNDS[kind];
    throw new RangeError(`quantityOf('${kind}') magnitude: ${end} ${range.unit} is outside the physical bounds of '${kind}' (${reason})`);
  }
}

/** A range of a difference: one that does not reach below 0 mirrored about 0, `{min: 1, max: 10}` to -10..10. */
function mirrored(range: Required<MagnitudeRange>): Required<MagnitudeRange> {
  if (range.min < 0) return range;
  const end = Math.max(Math.abs(range.min), Math.abs(range.max));
  return { ...range, min: -end, max: end };
}

/** A magnitude in SI. */
function toSIValue(magnitude: number, unit: string): number {
  const u = parseUnit(unit);
  return magnitude * u.scale + u.offset;
}

/**
 * Arbitrary of a quantity of `kind` in any accepted unit of it, magnitude and standard deviation in
 * realistic ranges (or the ranges of `options`). The magnitude is drawn in the range's unit and
 * converted to the unit drawn, so a mass is as large in `kg` as in `t`; the standard deviation is a
 * relative one times the magnitude's absolute value in SI (so a temperature in degC has the
 * standard deviation it would have in K).
 *
 * @example
 * ```ts
 * fc.assert(fc.property(quantityOf('mass'), (q) => isCompatible(q.unit, 'mass').ok));
 * ```
 * @throws RangeError when a range is empty or a unit of `options.units` is not a unit of `kind`.
 * @public
 */
export function quantityOf(kind: QuantityKind, options: QuantityOptions = {}): fc.Arbitrary<GraphQuantityValue> {
  const signed = options.signed === true;
  const range = signed ? mirrored(resolveRange(kind, options.magnitude)) : resolveRange(kind, options.magnitude);
  checkRange(`quantityOf('${kind}') magnitude`, range.min, range.max);
  const rangeCheck = isCompatible(range.unit, kind);
  if (!rangeCheck.ok) throw new RangeError(`quantityOf('${kind}') magnitude: ${rangeCheck.message}`);
  checkPhysical(kind, range, signed);
  const rsd = options.relativeStandardDeviation ?? DEFAULT_RELATIVE_STANDARD_DEVIATION;
  checkRange(`quantityOf('${kind}') relativeStandardDeviation`, rsd.min, rsd.max);
  if (rsd.min < 0) throw new RangeError(`quantityOf('${kind}') relativeStandardDeviation: min must be >= 0, got ${rsd.min}`);
  const units = unitsToDraw(kind, range.unit, options.units);
  const presence = options.standardDeviation ?? 'sometimes';
  const step = fc.integer({ min: 0, max: STEPS });
  const relative: fc.Arbitrary<number | null> =
    presence === 'never' ? fc.constant(null) : presence === 'always' ? step : fc.option(step, { nil: null, freq: 5 });
  return fc.record({ unit: fc.constantFrom(...units), at: step, spread: relative }).map(({ unit, at, spread }) => {
    const inRangeUnit = significant(range.min + ((range.max - range.min) * at) / STEPS);
    const magnitude = significant(convert(inRangeUnit, range.unit, unit));
    if (spread === null) return { magnitude, unit, standard_deviation: null };
    const parsed = parseUnit(unit);
    const si = Math.abs(magnitude * parsed.scale + parsed.offset);
    const ratio = rsd.min + ((rsd.max - rsd.min) * spread) / STEPS;
    return { magnitude, unit, standard_deviation: significant((ratio * si) / parsed.scale, 4) };
  });
}
