// A magnitude converted to SI as the decimal it was written as (src/units/si-value.ts,
// docs/units.md "Conversion to SI"): the unit a datapoint is written in never moves a figure.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateGraph } from '../../src';
import { parseUnit, toSI } from '../../src/units';
import { scaledBy, snappedScale } from '../../src/units/si-value';

describe('scaledBy', () => {
  it('known answers: the decimal product, where the double product is a hair off it', () => {
    expect(1.005 * 1000).toBe(1004.9999999999999);
    expect(scaledBy(1.005, 1000)).toBe(1005);
    expect(scaledBy(1.015, 1000)).toBe(1015);
    expect(scaledBy(8.005, 1000)).toBe(8005);
    expect(scaledBy(0.07, 100)).toBe(7);
    expect(scaledBy(1005000, 0.001)).toBe(1005);
    expect(scaledBy(78, 0.01)).toBe(0.78);
    expect(scaledBy(12.5, 1000)).toBe(12500);
    // Not a power of ten: multiplied as it is.
    expect(scaledBy(2, 3_600_000)).toBe(7_200_000);
    expect(toSI(1.005, 0.015, 't')).toEqual({ magnitude: 1005, standard_deviation: 15 });
  });

  it('a whole number of the smaller unit: the correctly rounded decimal (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -(2 ** 50), max: 2 ** 50 }),
        fc.integer({ min: 1, max: 15 }),
        fc.integer({ min: 0, max: 15 }),
        (n, k, j) => {
          fc.pre(j <= k && Math.abs(Number(`${n}e${k - j}`)) < 2 ** 52);
          const written = Number(`${n}e-${j}`);
          expect(scaledBy(written, Number(`1e${k}`))).toBe(Number(`${n}e${k - j}`));
        },
      ),
    );
  });

  it('a whole magnitude into a smaller scale: the correctly rounded quotient (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }), fc.integer({ min: 1, max: 22 }), (n, k) => {
        expect(scaledBy(n, Number(`1e-${k}`))).toBe(Number(`${n}e-${k}`));
      }),
    );
  });

  it('never moves a product by more than one unit in the last place (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), fc.integer({ min: -12, max: 12 }), (m, k) => {
        const scale = Number(`1e${k}`);
        const product = m * scale;
        expect(Math.abs(scaledBy(m, scale) - product)).toBeLessThanOrEqual(2 * Number.EPSILON * Math.abs(product) + Number.MIN_VALUE);
      }),
    );
  });
});

describe('snappedScale', () => {
  it('composed decimal units have the power of ten they stand for', () => {
    expect(0.001 / 0.000001).not.toBe(1000);
    expect(parseUnit('g/cm^3').scale).toBe(1000);
    expect(snappedScale(999.9999999999999)).toBe(1000);
    expect(snappedScale(3_600_000)).toBe(3_600_000);
    expect(snappedScale(0.45359237)).toBe(0.45359237);
  });
});

/** One entry whose net is one datapoint of mass, written in `unit`. */
function oneMass(magnitude: number, unit: string): ReturnType<typeof evaluateGraph>['ghg_entries'][number] {
  const result = evaluateGraph({
    component_blueprints: [
      {
        key: 'stored',
        type: 'SEQUESTRATION',
        inputs: [{ input_key: 'm', quantity_kind: 'mass', compatible_unit: 't' }],
        expressions: [{ key: 'r', template: '{m}', inputs: [{ template_key: 'm', input_key: 'm', type: 'DATAPOINT' }] }],
      },
    ],
    datapoints: [{ id: 'dtp_m', quantity: { magnitude, unit, standard_deviation: null } }],
    components: [{ id: 'cmp', blueprint_key: 'stored', inputs: [{ input_key: 'm', datapoint_ids: ['dtp_m'] }] }],
    ghg_entries: [{ id: 'rmv', risk_of_reversal_percentage: 5, component_attributions: [{ component_id: 'cmp' }] }],
  });
  return result.ghg_entries[0] as ReturnType<typeof evaluateGraph>['ghg_entries'][number];
}

describe('the unit a mass is written in never moves its credits', () => {
  it('1.005 t is 1005 kg: a tie, rounded away from zero to 1010 kg, buffer 51', () => {
    for (const entry of [oneMass(1.005, 't'), oneMass(1005, 'kg'), oneMass(1_005_000, 'g')]) {
      expect(entry.co2e_net_removed_kg).toBe(1005);
      expect(entry.issuable_kg).toBe(1010);
      expect(entry.credit_allocation).toEqual({ buffer_pool_contribution_kg: 51, supplier_allocation_kg: 959 });
    }
  });

  it('any whole number of kg written in t, kg or g gives the same figures (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 9 }), (kg) => {
        const figures = (e: ReturnType<typeof oneMass>) => [e.co2e_net_removed_kg, e.issuable_kg, e.credit_allocation];
        const inKg = figures(oneMass(kg, 'kg'));
        expect(inKg[0]).toBe(kg);
        expect(figures(oneMass(kg / 1000, 't'))).toEqual(inKg);
        expect(figures(oneMass(kg * 1000, 'g'))).toEqual(inKg);
      }),
      { numRuns: 200 },
    );
  });
});
