import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QUANTITY_KINDS, type QuantityKind } from '../../src/model/quantity-kinds';
import { isCompatible, parseUnit, unitsOfKind } from '../../src/units';

const SEED = 20240611;

describe('unitsOfKind', () => {
  it('every string it returns reads and is of its kind (property)', () => {
    const kindAndUnit = fc
      .constantFrom(...QUANTITY_KINDS)
      .chain((kind) => fc.tuple(fc.constant(kind), fc.constantFrom(...unitsOfKind(kind))));
    fc.assert(
      fc.property(kindAndUnit, ([kind, unit]) => {
        expect(() => parseUnit(unit)).not.toThrow();
        expect(isCompatible(unit, kind)).toMatchObject({ ok: true });
      }),
      { seed: SEED, numRuns: 3000 },
    );
  });

  it('every string of every kind, exhaustively', () => {
    const failures: string[] = [];
    for (const kind of QUANTITY_KINDS) {
      for (const unit of unitsOfKind(kind)) {
        const check = isCompatible(unit, kind);
        if (!check.ok) failures.push(check.message);
      }
    }
    expect(failures).toEqual([]);
  });

  it('lists long, short and pretty spellings, each once, in a frozen list per kind', () => {
    expect(unitsOfKind('mass_density')).toEqual(expect.arrayContaining(['kilogram / meter ** 3', 'kg / m ** 3', 'kg/m³']));
    expect(unitsOfKind('energy')).toEqual(expect.arrayContaining(['kWh', 'joule', 'J']));
    for (const kind of QUANTITY_KINDS) {
      const list = unitsOfKind(kind);
      expect(list.length).toBeGreaterThan(0);
      expect(new Set(list).size).toBe(list.length);
      expect(Object.isFrozen(list)).toBe(true);
      expect(unitsOfKind(kind)).toBe(list);
    }
  });

  it('refuses a name that is not a quantity kind', () => {
    expect(() => unitsOfKind('banana' as QuantityKind)).toThrow("unknown quantity kind 'banana'");
  });
});
