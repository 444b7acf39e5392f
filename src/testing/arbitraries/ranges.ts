/**
 * Realistic ranges of the quantities generators draw: per quantity kind the realistic range the
 * engine warns outside of (src/units/quantity-kind-ranges.ts: values a removal project actually
 * reports, within the kind's physical bounds), and the default range of relative standard
 * deviations. A methodologist narrows or widens them per input (options of the
 * arbitraries, `input_ranges` of a methodology document).
 * May import: model, units.
 */
import type { QuantityKind } from '../../model/quantity-kinds';
import { type MagnitudeRange, QUANTITY_KIND_EXAMPLE_UNITS, realisticRange } from '../../units';

export { type MagnitudeRange, realisticRange };

/**
 * A range of relative standard deviations (standard deviation / |magnitude in SI|), both ends
 * included: `{ min: 0.01, max: 0.05 }` is 1 % to 5 %.
 * @public
 */
export interface RelativeRange {
  /** Smallest ratio, at least 0. */
  readonly min: number;
  /** Largest ratio, at least `min`. */
  readonly max: number;
}

/**
 * Relative standard deviations drawn when nothing else is said: 0.5 % to 10 %, the span of
 * weighbridges, lab analyses and published emission factors.
 * @public
 */
export const DEFAULT_RELATIVE_STANDARD_DEVIATION: RelativeRange = Object.freeze({ min: 0.005, max: 0.1 });

/** The range to draw from: `range` with its unit defaulted to the kind's example unit, else the realistic range. */
export function resolveRange(kind: QuantityKind, range: MagnitudeRange | undefined): Required<MagnitudeRange> {
  if (range === undefined) return realisticRange(kind);
  return { min: range.min, max: range.max, unit: range.unit ?? QUANTITY_KIND_EXAMPLE_UNITS[kind] };
}
