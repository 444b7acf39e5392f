/**
 * The unit strings generators write for a quantity kind: every spelling the units module accepts
 * for it (`unitsOfKind`: long, short and pretty forms, Pint's included), the kind's example unit
 * first so that shrinking ends on a familiar unit.
 * May import: units, model.
 */
import type { QuantityKind } from '../../model/quantity-kinds';
import { QUANTITY_KIND_EXAMPLE_UNITS, unitsOfKind } from '../../units';

const cache = new Map<QuantityKind, readonly string[]>();

/** Every accepted unit of `kind`, its example unit first, each once. */
export function unitsForKind(kind: QuantityKind): readonly string[] {
  const hit = cache.get(kind);
  if (hit !== undefined) return hit;
  const first = QUANTITY_KIND_EXAMPLE_UNITS[kind];
  const units = Object.freeze([first, ...unitsOfKind(kind).filter((u) => u !== first)]);
  cache.set(kind, units);
  return units;
}
