import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convert, convertStandardDeviation, parseUnit, toSI } from '../../src/units';

const SEED = 20240611;

/** Families of mutually convertible units. */
const FAMILIES: readonly (readonly string[])[] = [
  ['kg', 'g', 't', 'tonne', 'metric_ton', 'lb', 'kgCO2e', 'tCO2e', 'MtCO2e', 'gCO2e'],
  ['J', 'kJ', 'MJ', 'GJ', 'kWh', 'MWh', 'Wh', 'BTU'],
  ['s', 'min', 'h', 'd', 'day', 'yr', 'year'],
  ['m', 'km', 'cm', 'mm', 'um', 'mi', 'ft', 'in'],
  ['m^3', 'L', 'l', 'mL', 'gal', 'm3', 'cm^3'],
  ['kgCO2e/kWh', 'tCO2e/MWh', 'gCO2e/kWh', 'kgCO2e/GJ'],
  ['tonne * km', 'kg*m', 't km', 'g km'],
  ['dimensionless', '%', 'ppm', 'ppb', '1', 'kg/kg', 'mol/mol'],
  ['Pa', 'kPa', 'bar', 'atm', 'psi', 'mmHg'],
  ['K', 'degC', 'degF'],
  ['deg', 'rad'],
];
const OFFSET_FAMILY = FAMILIES.findIndex((f) => f.includes('degC'));

const pair = fc.integer({ min: 0, max: FAMILIES.length - 1 }).chain((i) => {
  const f = FAMILIES[i] as readonly string[];
  return fc.tuple(fc.constant(i), fc.constantFrom(...f), fc.constantFrom(...f));
});
// Subnormal doubles carry too few bits for any relative bound; keep away from them.
const notSubnormal = (x: number): boolean => x === 0 || Math.abs(x) >= 1e-250;
const magnitude = fc.double({ min: -1e9, max: 1e9, noNaN: true, noDefaultInfinity: true }).filter(notSubnormal);
const nonNegative = fc.double({ min: 0, max: 1e9, noNaN: true, noDefaultInfinity: true }).filter(notSubnormal);

describe('unit conversion properties', () => {
  it('converting to another compatible unit and back returns the quantity', () => {
    fc.assert(
      fc.property(pair, magnitude, ([family, a, b], x) => {
        const back = convert(convert(x, a, b), b, a);
        // Relative 1e-12; for offset units relative to the size of the absolute temperature
        // (an offset of ~500 loses absolute precision near 0 in floating point).
        const ref = family === OFFSET_FAMILY ? Math.max(Math.abs(x), 1000) : Math.abs(x);
        expect(Math.abs(back - x)).toBeLessThanOrEqual(1e-12 * ref);
      }),
      { seed: SEED, numRuns: 2000 },
    );
  });

  it('a standard deviation never changes sign and never picks up an offset', () => {
    fc.assert(
      fc.property(pair, nonNegative, ([, a, b], sd) => {
        const out = convertStandardDeviation(sd, a, b);
        expect(out).toBeGreaterThanOrEqual(0);
        const ratio = parseUnit(a).scale / parseUnit(b).scale;
        expect(Math.abs(out - sd * ratio)).toBeLessThanOrEqual(1e-12 * sd * ratio);
        const si = toSI(0, sd, a).standard_deviation as number;
        expect(Math.abs(si - sd * parseUnit(a).scale)).toBeLessThanOrEqual(1e-15 * si);
      }),
      { seed: SEED, numRuns: 1000 },
    );
    fc.assert(
      fc.property(nonNegative, magnitude, (sd, x) => {
        expect(toSI(x, sd, 'degC').standard_deviation).toBe(sd);
        expect(convertStandardDeviation(sd, 'degC', 'K')).toBe(sd);
        const f = toSI(x, sd, 'degF').standard_deviation as number;
        expect(Math.abs(f - (sd * 5) / 9)).toBeLessThanOrEqual(1e-15 * sd);
        expect(convertStandardDeviation(-sd, 'degF', 'K')).toBeLessThanOrEqual(0);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });

  it('conversion is linear in magnitude for non-offset units', () => {
    const linearPair = pair.filter(([family]) => family !== OFFSET_FAMILY);
    fc.assert(
      fc.property(
        linearPair,
        magnitude,
        magnitude,
        fc.double({ min: -1e3, max: 1e3, noNaN: true }).filter(notSubnormal),
        ([, a, b], x, y, k) => {
          expect(convert(0, a, b)).toBe(0);
          const lhs = convert(k * x + y, a, b);
          const rhs = k * convert(x, a, b) + convert(y, a, b);
          const scale = (Math.abs(k * x) + Math.abs(y)) * (parseUnit(a).scale / parseUnit(b).scale);
          expect(Math.abs(lhs - rhs)).toBeLessThanOrEqual(1e-12 * scale);
        },
      ),
      { seed: SEED, numRuns: 1000 },
    );
  });

  it('toSI agrees with convert to the SI unit', () => {
    const SI: Record<number, string> = { 0: 'kg', 1: 'J', 2: 's', 3: 'm', 4: 'm^3', 9: 'K', 10: 'rad' };
    fc.assert(
      fc.property(
        pair.filter(([f]) => f in SI),
        magnitude,
        ([f, a], x) => {
          const si = toSI(x, null, a).magnitude;
          const viaConvert = convert(x, a, SI[f] as string);
          expect(Math.abs(si - viaConvert)).toBeLessThanOrEqual(1e-12 * Math.max(Math.abs(si), 1));
        },
      ),
      { seed: SEED, numRuns: 500 },
    );
  });
});
