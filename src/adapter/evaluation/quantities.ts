/**
 * Every quantity the service is given is checked the way a datapoint's is (docs/rules.md#service-behaviour): a
 * finite magnitude and standard deviation, and a unit that reads and is of the field's quantity
 * kind (`isCompatible` of the units module, whose message names the unit and the kind), and a
 * value within the kind's physical bounds (docs/units.md). A unit that cannot be read, or one of
 * the wrong kind, is a 422 at the quantity's `unit`; an impossible value (a negative mass) or a
 * negative standard deviation, at its `magnitude` or `standard_deviation`.
 *
 * The kind of each ScalarQuantity field of the service is declared once, by its resource
 * (`<resource>/resource.ts`, gathered as QUANTITY_FIELDS in resources/index.ts).
 */
import type { QuantityKind } from '../../model';
import {
  isCompatible,
  isDimensionless,
  isWithinPhysicalBounds,
  parseUnit,
  QUANTITY_KIND_PHYSICAL_BOUNDS,
  toSI,
  tryParseUnit,
  UnitError,
} from '../../units';
import { requestQuantitySchema } from '../../model/requests';
import type { ValidationErrorItem } from '../../model/validation-error';
import { Problems } from '../http/failures';
import type { QuantityRow } from '../rows';

/** A quantity as a request or world gives it. */
export interface QuantityInput {
  readonly magnitude: number;
  readonly unit: string | null;
  readonly standard_deviation?: number | null | undefined;
}

/** Records the problems of the numbers of a quantity; true when there is none. */
function checkNumbers(problems: Problems, loc: readonly (string | number)[], q: QuantityInput): boolean {
  let good = true;
  if (!Number.isFinite(q.magnitude)) {
    problems.add([...loc, 'magnitude'], 'magnitude must be a finite number', q.magnitude);
    good = false;
  }
  const sd = q.standard_deviation ?? null;
  if (sd !== null && !(Number.isFinite(sd) && sd >= 0)) {
    problems.add([...loc, 'standard_deviation'], 'standard_deviation must be a finite number >= 0', sd);
    good = false;
  }
  return good;
}

function row(q: QuantityInput & { readonly unit: string }): QuantityRow {
  return { magnitude: q.magnitude, unit: q.unit, standard_deviation: q.standard_deviation ?? null };
}

/**
 * Checks a quantity of kind `kind` at `loc` (the quantity itself; problems go to its `magnitude`,
 * `unit` or `standard_deviation`). Returns the stored quantity, or undefined when it has a problem.
 */
export function checkQuantity(
  problems: Problems,
  loc: readonly (string | number)[],
  q: QuantityInput,
  kind: QuantityKind,
): QuantityRow | undefined {
  const numbers = checkNumbers(problems, loc, q);
  if (q.unit === null) {
    problems.add([...loc, 'unit'], `a quantity of kind '${kind}' needs a unit`, null);
    return undefined;
  }
  const check = isCompatible(q.unit, kind);
  if (!check.ok) problems.add([...loc, 'unit'], check.message, q.unit);
  if (!numbers || !check.ok) return undefined;
  // A value no quantity of the kind can take (a negative mass) is refused, as in a graph document.
  const si = q.magnitude * check.unit.scale + check.unit.offset;
  if (!isWithinPhysicalBounds(kind, si)) {
    const { min, max, reason } = QUANTITY_KIND_PHYSICAL_BOUNDS[kind];
    const bound =
      min !== null && si < min
        ? `at least ${(min - check.unit.offset) / check.unit.scale}`
        : `at most ${((max as number) - check.unit.offset) / check.unit.scale}`;
    problems.add(
      [...loc, 'magnitude'],
      `${q.magnitude} ${q.unit} is outside the physical bounds of quantity kind '${kind}': it must be ${bound} ${q.unit} (${reason}) [value_out_of_physical_range]`,
      q.magnitude,
    );
    return undefined;
  }
  return row({ ...q, unit: q.unit });
}

/** The message of a unit that cannot be read, or undefined when it reads. */
export function unreadableUnit(unit: string): string | undefined {
  try {
    parseUnit(unit);
    return undefined;
  } catch (error) {
    if (error instanceof UnitError) return error.message;
    throw error;
  }
}

/**
 * Checks a datapoint's quantity, whose kind is known only where a component uses it: the numbers,
 * and a unit that reads (the component check then holds it to the input's kind).
 */
export function checkDatapointQuantity(problems: Problems, loc: readonly (string | number)[], q: QuantityInput): QuantityRow | undefined {
  const numbers = checkNumbers(problems, loc, q);
  if (q.unit === null) {
    problems.add([...loc, 'unit'], 'a datapoint needs a unit (use "dimensionless" for a pure number)', null);
    return undefined;
  }
  const unreadable = unreadableUnit(q.unit);
  if (unreadable !== undefined) problems.add([...loc, 'unit'], unreadable, q.unit);
  return numbers && unreadable === undefined ? row({ ...q, unit: q.unit }) : undefined;
}

/**
 * The attribution factor a legacy factor datapoint (`attribution_factor_datapoint_id`) gives, as the
 * evaluation reads it (accounting/prepare/entries.ts): the magnitude in SI (the units module's
 * `toSI`, the conversion of the accounting's datapoint columns: 50 % is 0.5) of a dimensionless
 * quantity, when it lies in (0, 1]. Undefined for any other quantity, a factor the evaluation
 * refuses with its own problem.
 */
export function datapointFactor(quantity: QuantityRow): number | undefined {
  const unit = tryParseUnit(quantity.unit);
  if (unit === undefined || !isDimensionless(unit.dimension)) return undefined;
  const factor = toSI(quantity.magnitude, null, quantity.unit).magnitude;
  return factor > 0 && factor <= 1 ? factor : undefined;
}

/** The ScalarQuantity fields of a route's body, by top-level field, with the kind each measures. */
export type QuantityFields = Readonly<Record<string, QuantityKind>>;

/**
 * The problems of the quantities of a body that did not validate as a whole: each declared field
 * whose value is a well-formed quantity is checked as its handler checks it ({@link checkQuantity}),
 * so that one 422 lists a wrong unit or an impossible magnitude beside the other fields' problems
 * (docs/service.md#quantities). A field that is not a well-formed quantity has its own schema problem.
 */
export function quantityFieldItems(body: unknown, fields: QuantityFields): ValidationErrorItem[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  const problems = new Problems();
  for (const [field, kind] of Object.entries(fields)) {
    const parsed = requestQuantitySchema.safeParse((body as Record<string, unknown>)[field]);
    if (parsed.success) checkQuantity(problems, ['body', field], parsed.data, kind);
  }
  return problems.items;
}
