/**
 * Whether the numbers a methodology document declares can be quantities of their inputs' kinds:
 * the ends of an `input_ranges` magnitude and the inputs of a worked example must be finite in SI
 * and within the kind's physical bounds (docs/units.md, "Physical bounds"; for a `difference`
 * input, their absolute value), as a graph document's datapoints must be; a range must also stay
 * finite in every unit the generated graphs write it in. Otherwise the declaration is refused with
 * its path (docs/testing.md), rather than `quantityOf` throwing or a check reporting a failure
 * that is the declaration's own.
 * May import: units, model, ../arbitraries (the units a kind is written in).
 */
import type { GraphIssue, IssuePath } from '../../model/issues';
import type { QuantityKind } from '../../model/quantity-kinds';
import { convert, isWithinPhysicalBounds, parseUnit, QUANTITY_KIND_PHYSICAL_BOUNDS, toSI } from '../../units';
import { unitsForKind } from '../arbitraries/kind-units';

/** What an input is, for the check of the values declared for it. */
export interface DeclaredInput {
  /** Who the value is declared for, as the message names it: `input 'rock_mass' of blueprint 'weathering'`. */
  readonly owner: string;
  readonly kind: QuantityKind;
  /** A `difference: true` input: the bounds apply to the absolute value. */
  readonly difference: boolean;
}

/** Why `magnitude` in `unit` is no number the engine computes with (not finite in SI), or null. */
export function notFiniteValue(magnitude: number, unit: string): string | null {
  const si = toSI(magnitude, null, unit).magnitude;
  return Number.isFinite(si) ? null : `${magnitude} ${unit} is ${si} in SI: not a number the engine can compute with`;
}

/** Why `magnitude` in `unit` (finite in SI: see {@link notFiniteValue}) cannot be a value of the input, or null when it can. */
export function impossibleValue(magnitude: number, unit: string, input: DeclaredInput): string | null {
  const si = toSI(magnitude, null, unit).magnitude;
  if (isWithinPhysicalBounds(input.kind, input.difference ? Math.abs(si) : si)) return null;
  const { min, max, reason } = QUANTITY_KIND_PHYSICAL_BOUNDS[input.kind];
  const below = min !== null && (input.difference ? Math.abs(si) : si) < min;
  const { scale, offset } = parseUnit(unit);
  // The bound in the declared unit, as the engine says it of a datapoint (100 %, -273.15 degC).
  const inUnit = Number(((((below ? min : max) as number) - offset) / scale).toPrecision(12));
  const side = below ? 'below' : 'above';
  const absolute = input.difference ? ' in absolute value (a difference)' : '';
  return `${magnitude} ${unit} is${absolute} ${side} the physical bound ${inUnit} ${unit} of quantity kind '${input.kind}' (${reason})`;
}

/**
 * Issues of a declared magnitude range `{min, max}` in `unit` (already known to be a unit of the
 * kind, with min <= max): each end a possible value, the width finite, and each end finite in
 * every unit generated graphs write the input in.
 */
export function rangeValueIssues(path: IssuePath, min: number, max: number, unit: string, input: DeclaredInput): GraphIssue<string>[] {
  const invalid = (code: string, message: string): GraphIssue<string>[] => [{ path, code, message: `range of ${input.owner}: ${message}` }];
  for (const end of [min, max]) {
    const notFinite = notFiniteValue(end, unit);
    if (notFinite !== null) return invalid('invalid_range', notFinite);
    const why = impossibleValue(end, unit, input);
    if (why !== null) return invalid('value_out_of_physical_range', why);
  }
  if (!Number.isFinite(max - min)) return invalid('invalid_range', `its width ${max} - (${min}) ${unit} is not finite`);
  for (const written of unitsForKind(input.kind)) {
    for (const end of [min, max]) {
      const value = convert(end, unit, written);
      if (!Number.isFinite(value))
        return invalid(
          'invalid_range',
          `${end} ${unit} is ${value} in '${written}', one of the units the generated graphs write it in; declare a narrower range`,
        );
    }
  }
  return [];
}

/**
 * Issues of a declared largest relative standard deviation `most` over magnitudes up to `largest`
 * (SI, absolute): the standard deviation it gives must be finite in every unit the input is
 * written in, or every generated document is invalid.
 */
export function deviationIssues(path: IssuePath, most: number, largest: number, input: DeclaredInput): GraphIssue<string>[] {
  for (const written of unitsForKind(input.kind)) {
    const deviation = (most * largest) / Math.abs(parseUnit(written).scale);
    if (!Number.isFinite(deviation))
      return [
        {
          path,
          code: 'invalid_range',
          message: `relative standard deviation of ${input.owner}: max ${most} of ${largest} (SI) is a standard deviation of ${deviation} in '${written}'; declare a smaller one`,
        },
      ];
  }
  return [];
}
