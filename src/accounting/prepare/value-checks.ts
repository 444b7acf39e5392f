/**
 * What a datapoint's value is checked against, per blueprint input that it feeds (docs/units.md,
 * "Physical bounds"; docs/graph-document.md, "Differences" and "Realistic ranges"): the input's
 * quantity kind, whether the input is a `difference` (sign free: the bounds and the upper end of
 * the realistic range apply to the absolute value), and the input's own `realistic_range`, if it
 * has one. Checks are numbered: check k < 66 is the plain kind `QUANTITY_KINDS[k]`; the others
 * are added as the document's inputs need them. Internal to preparation.
 *
 * Owns: the value checks of one preparation and the problems of an input's `realistic_range`.
 * May import: model, units, context.ts.
 */
import type { BlueprintInput, IssuePath } from '../../model';
import { QUANTITY_KINDS, type QuantityKind } from '../../model/quantity-kinds';
import { isCompatible, parseUnit, realisticRange, realisticRangeSI } from '../../units';
import { realisticRangeIsAbsolute } from '../../units/quantity-kind-ranges';
import { problem, type PrepareContext } from './context';

/** One check of a datapoint's value. */
export interface ValueCheck {
  readonly kind: QuantityKind;
  /** The input is a difference: sign free, checked on the absolute value. */
  readonly difference: boolean;
  /**
   * The range bounds the absolute value, zero included without a warning: the kind's own range of a
   * signed kind that describes sizes (docs/units.md); an input's own range bounds the value as written.
   */
  readonly absolute: boolean;
  /** The realistic range, SI. */
  readonly range: { readonly min: number; readonly max: number };
  /** The realistic range as written (the input's, or the kind's), for messages. */
  readonly written: { readonly min: number; readonly max: number; readonly unit: string };
  /** Where the range comes from, for messages: '' for the kind's, else the input's. */
  readonly owner: string;
}

/** The value checks of one preparation. */
export class ValueChecks {
  private readonly list: ValueCheck[] = QUANTITY_KINDS.map((kind) => plainCheck(kind));
  private readonly ids = new Map<string, number>();

  /** Check k. */
  at(k: number): ValueCheck {
    return this.list[k] as ValueCheck;
  }

  /**
   * The check of blueprint b's input i (its definition), or -1 when its `realistic_range` is
   * invalid (the problem reported at its path).
   */
  ofInput(context: PrepareContext, blueprint: number, blueprintKey: string, i: number, input: BlueprintInput): number {
    const kind = input.quantity_kind;
    const difference = input.difference === true;
    const own = input.realistic_range;
    if (!difference && own === undefined) return QUANTITY_KINDS.indexOf(kind);
    let check: ValueCheck = { ...plainCheck(kind), difference };
    if (own !== undefined) {
      const path: IssuePath = ['component_blueprints', blueprint, 'inputs', i, 'realistic_range'];
      const where = `input '${input.input_key}' of blueprint '${blueprintKey}'`;
      const range = rangeOf(context, path, where, kind, own, difference);
      if (range === null) return -1;
      check = { ...check, absolute: false, range, written: { min: own.min, max: own.max, unit: own.unit }, owner: where };
    }
    const key = `${kind}\u0000${difference ? 1 : 0}\u0000${check.range.min}\u0000${check.range.max}\u0000${check.owner}`;
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.list.length;
      this.list.push(check);
      this.ids.set(key, id);
    }
    return id;
  }
}

function plainCheck(kind: QuantityKind): ValueCheck {
  const written = realisticRange(kind);
  return { kind, difference: false, absolute: realisticRangeIsAbsolute(kind), range: realisticRangeSI(kind), written, owner: '' };
}

/** An input's own range in SI, or null (problems reported) when its unit is not of the kind or its ends are not in order. */
function rangeOf(
  context: PrepareContext,
  path: IssuePath,
  where: string,
  kind: QuantityKind,
  own: { readonly min: number; readonly max: number; readonly unit: string },
  difference: boolean,
): { min: number; max: number } | null {
  const unit = isCompatible(own.unit, kind);
  if (!unit.ok) {
    problem(context, [...path, 'unit'], 'invalid_realistic_range', `the realistic_range of ${where}: ${unit.message}`);
    return null;
  }
  if (!(Number.isFinite(own.min) && Number.isFinite(own.max) && own.min <= own.max)) {
    problem(
      context,
      path,
      'invalid_realistic_range',
      `the realistic_range of ${where} is ${own.min} to ${own.max} ${own.unit}; it needs finite ends, min <= max`,
    );
    return null;
  }
  const u = parseUnit(own.unit);
  // The range of a difference is one of changes: in an offset unit, by the scale alone (docs/units.md).
  const offset = difference ? 0 : u.offset;
  return { min: own.min * u.scale + offset, max: own.max * u.scale + offset };
}
