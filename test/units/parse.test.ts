import * as globalMath from 'mathjs';
import { describe, expect, it } from 'vitest';
import {
  convert,
  convertStandardDeviation,
  dimension,
  formatDimension,
  parseUnit,
  toSI,
  tryParseUnit,
  unitCacheSize,
  UnitError,
  UNIT_CACHE_LIMIT,
  type Dimension,
} from '../../src/units';

function close(actual: number, expected: number, rel = 1e-12): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(rel * Math.abs(expected));
}

const MASS = dimension({ mass: 1 });
const NONE = dimension({});
const TIME = dimension({ time: 1 });
const ENERGY = dimension({ mass: 1, length: 2, time: -2 });

describe("the service's extra unit names", () => {
  const cases: [unit: string, dim: Dimension, scale: number][] = [
    ['kilogram', MASS, 1],
    ['metric_ton', MASS, 1000],
    ['tonne', MASS, 1000],
    ['t', MASS, 1000],
    ['l', dimension({ length: 3 }), 1e-3],
    ['kWh', ENERGY, 3.6e6],
    ['dimensionless', NONE, 1],
    ['%', NONE, 0.01],
    ['ppm', NONE, 1e-6],
    ['ha', dimension({ length: 2 }), 1e4],
    ['d', TIME, 86400],
    ['day', TIME, 86400],
    ['yr', TIME, 31557600], // 365.25 d
    ['year', TIME, 31557600],
    ['gCO2e', MASS, 1e-3],
    ['kgCO2e', MASS, 1],
    ['tCO2e', MASS, 1000],
    ['MtCO2e', MASS, 1e9],
    ['kg CO2e', MASS, 1],
    ['USD', dimension({ currency: 1 }), 1],
    ['tonne * km', dimension({ mass: 1, length: 1 }), 1e6],
    ['tonne*km', dimension({ mass: 1, length: 1 }), 1e6],
    ['t km', dimension({ mass: 1, length: 1 }), 1e6],
    ['kgCO2e/kWh', dimension({ length: -2, time: 2 }), 1 / 3.6e6],
    ['kgCO2e/(tonne * km)', dimension({ length: -1 }), 1e-6],
    ['kgCO2e/tonne/km', dimension({ length: -1 }), 1e-6],
    ['m3/h', dimension({ length: 3, time: -1 }), 1 / 3600],
    ['m³/h', dimension({ length: 3, time: -1 }), 1 / 3600],
    ['L/100km', dimension({ length: 2 }), 1e-8],
    ['km/L', dimension({ length: -2 }), 1e6],
    ['g/cm3', dimension({ mass: 1, length: -3 }), 1000],
    ['m2/g', dimension({ mass: -1, length: 2 }), 1000],
    ['km2', dimension({ length: 2 }), 1e6],
    ['cmol/kg', dimension({ mass: -1, amount_of_substance: 1 }), 0.01],
    ['molal', dimension({ mass: -1, amount_of_substance: 1 }), 1],
    ['mg/L', dimension({ mass: 1, length: -3 }), 1e-3],
    ['Bq', dimension({ time: -1 }), 1],
    ['kBq/m^3', dimension({ time: -1, length: -3 }), 1000],
    ['Sv', dimension({ length: 2, time: -2 }), 1],
    ['mSv/h', dimension({ length: 2, time: -3 }), 1e-3 / 3600],
    ['µSv/h', dimension({ length: 2, time: -3 }), 1e-6 / 3600],
    ['pH', NONE, 1],
    ['K', dimension({ temperature: 1 }), 1],
    ['Pa', dimension({ mass: 1, length: -1, time: -2 }), 1],
    ['bar', dimension({ mass: 1, length: -1, time: -2 }), 1e5],
    ['psi', dimension({ mass: 1, length: -1, time: -2 }), 6894.7572931683635], // Pint's value
    ['W', dimension({ mass: 1, length: 2, time: -3 }), 1],
    ['MW', dimension({ mass: 1, length: 2, time: -3 }), 1e6],
    ['MWh', ENERGY, 3.6e9],
    ['J', ENERGY, 1],
    ['GJ', ENERGY, 1e9],
    ['mol', dimension({ amount_of_substance: 1 }), 1],
    ['1', NONE, 1],
    ['1/s', dimension({ time: -1 }), 1],
    ['s^-1', dimension({ time: -1 }), 1],
    ['s⁻¹', dimension({ time: -1 }), 1],
    ['kg^(1/2)', dimension({ mass: 0.5 }), 1],
    ['(kg m)^2/s', dimension({ mass: 2, length: 2, time: -1 }), 1],
    ['kg·m', dimension({ mass: 1, length: 1 }), 1],
    ['J/(kg K)', dimension({ length: 2, time: -2, temperature: -1 }), 1],
  ];
  it.each(cases)('%s', (unit, dim, scale) => {
    const u = parseUnit(unit);
    expect(formatDimension(u.dimension)).toBe(formatDimension(dim));
    close(u.scale, scale);
    expect(u.offset).toBe(0);
    expect(u.unit).toBe(unit);
  });
});

describe('offset units', () => {
  it('degC and degF carry their offsets', () => {
    expect(parseUnit('degC')).toMatchObject({ scale: 1, offset: 273.15 });
    close(parseUnit('degF').scale, 5 / 9);
    close(parseUnit('degF').offset, 459.67 * (5 / 9));
  });

  it('agree numerically with mathjs .to("K") and known fixed points', () => {
    for (const x of [-40, 0, 20, 32, 100, 212, 1000]) {
      close(toSI(x, null, 'degC').magnitude, globalMath.unit(x, 'degC').toNumber('K'));
      close(toSI(x, null, 'degF').magnitude, globalMath.unit(x, 'degF').toNumber('K'));
    }
    close(toSI(0, null, 'degC').magnitude, 273.15);
    close(toSI(32, null, 'degF').magnitude, 273.15);
    close(toSI(212, null, 'degF').magnitude, 373.15);
    close(convert(-40, 'degC', 'degF'), -40);
    close(convert(100, 'degC', 'degF'), 212);
    close(convert(300, 'K', 'degC'), 26.85);
  });

  it('inside a compound an offset unit is an interval (no offset), as in mathjs', () => {
    expect(parseUnit('degC/m')).toMatchObject({ scale: 1, offset: 0 });
    expect(parseUnit('degC^2').offset).toBe(0);
    expect(parseUnit('(degC)').offset).toBe(273.15);
  });
});

describe('standard deviations', () => {
  it('convert by the scale only', () => {
    expect(toSI(20, 0.5, 'degC')).toEqual({ magnitude: 293.15, standard_deviation: 0.5 });
    close(toSI(50, 9, 'degF').standard_deviation as number, 5);
    expect(toSI(3, 0.2, 't')).toEqual({ magnitude: 3000, standard_deviation: 200 });
    expect(toSI(3, null, 't')).toEqual({ magnitude: 3000, standard_deviation: null });
    expect(toSI(3, undefined, 't')).toEqual({ magnitude: 3000, standard_deviation: null });
    expect(convertStandardDeviation(2, 'degC', 'K')).toBe(2);
    close(convertStandardDeviation(9, 'degF', 'degC'), 5);
    expect(convertStandardDeviation(null, 'kg', 't')).toBeNull();
    expect(convertStandardDeviation(1000, 'kg', 't')).toBe(1);
  });
});

describe('conversion', () => {
  it('converts between compatible units', () => {
    close(convert(1, 'kWh', 'MJ'), 3.6);
    close(convert(1, 'tCO2e', 'kgCO2e'), 1000);
    close(convert(1, 'metric_ton', 'kg'), 1000);
    close(convert(50, '%', 'dimensionless'), 0.5);
    close(convert(1, 'yr', 'd'), 365.25);
    close(convert(1, 'kgCO2e/kWh', 'tCO2e/MWh'), 1);
    close(convert(1, 'tonne * km', 'kg * m'), 1e6);
  });

  it('rejects incompatible dimensions naming both units and dimensions', () => {
    expect(() => convert(1, 'kWh', 'kg')).toThrow(UnitError);
    expect(() => convert(1, 'kWh', 'kg')).toThrow(
      "cannot convert from 'kWh' (mass·length^2·time^-2) to 'kg' (mass): the dimensions differ",
    );
    expect(() => convert(1, 'USD', 'kg')).toThrow(/'USD' \(currency\)/);
    expect(() => convertStandardDeviation(1, 'm', 's')).toThrow(UnitError);
  });
});

describe('unreadable units', () => {
  const garbage = [
    'foo',
    'kg+',
    'kg/m s',
    'kg^',
    '(kg',
    'kg)',
    'kg*',
    '0 kg',
    'kgm',
    'kgs',
    'Ks',
    'KG',
    'EUR',
    '$',
    'kg^1e400',
    'dB',
    'pixel',
    'k,g',
    'kilodegC',
    'x'.repeat(300),
  ];
  it.each(garbage)('%j is rejected with a UnitError naming it', (unit) => {
    expect(tryParseUnit(unit)).toBeUndefined();
    let error: unknown;
    try {
      parseUnit(unit);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UnitError);
    expect((error as UnitError).unit).toBe(unit);
    expect((error as UnitError).message).toContain(`'${unit.slice(0, 40)}`);
    expect(() => toSI(1, null, unit)).toThrow(UnitError);
  });

  it('gives useful reasons', () => {
    expect(() => parseUnit('foo')).toThrow("unknown unit 'foo': no unit named 'foo'");
    expect(() => parseUnit('kg/foo')).toThrow("unknown unit 'kg/foo': no unit named 'foo'");
    expect(() => parseUnit('kg+')).toThrow("unknown unit 'kg+': unexpected '+' at position 2");
    expect(() => parseUnit('dB')).toThrow(
      "unknown unit 'dB': 'dB' (decibel) is not accepted: logarithmic units have no factor and offset to SI",
    );
    expect(() => parseUnit('k,g')).toThrow("unknown unit 'k,g': unexpected ',' at position 1");
    expect(() => parseUnit('kilodegC')).toThrow("'kilodegC' puts the prefix 'kilo' on an offset unit");
    expect(() => parseUnit('J/kg K')).toThrow(/ambiguous implicit multiplication after '\/'/);
  });

  it('reads the empty string (and spaces only) as dimensionless, as Pint does', () => {
    for (const unit of ['', '   ', 'dimensionless']) {
      expect(parseUnit(unit)).toMatchObject({ unit, dimension: dimension({}), scale: 1, offset: 0 });
    }
  });

  it('is case-sensitive as Pint is', () => {
    expect(tryParseUnit('kg')).toBeDefined();
    expect(tryParseUnit('Kg')).toBeUndefined();
    expect(parseUnit('mW').scale).toBe(1e-3);
    expect(parseUnit('MW').scale).toBe(1e6);
  });
});

describe('cache and isolation', () => {
  // Other test files may run in the same process (vitest --no-isolate) and have filled the cache, so
  // these tests look at what one call adds, allowing for the cache starting again at its limit.
  const grewByOne = (before: number): boolean => unitCacheSize() === before + 1 || unitCacheSize() === 1;

  it('returns the identical object for a repeated string and parses each string once', () => {
    const unit = 'kgCO2e/(m^3 * km) '; // unusual spelling, so not yet cached by another test
    const before = unitCacheSize();
    const a = parseUnit(unit);
    expect(grewByOne(before)).toBe(true);
    const after = unitCacheSize();
    const b = parseUnit(unit);
    expect(b).toBe(a);
    expect(tryParseUnit(unit)).toBe(a);
    expect(unitCacheSize()).toBe(after);
    expect(Object.isFrozen(a)).toBe(true);
    expect(Object.isFrozen(a.dimension)).toBe(true);
  });

  it('caches failures too', () => {
    const before = unitCacheSize();
    expect(tryParseUnit('not-a-unit-xyz')).toBeUndefined();
    expect(grewByOne(before)).toBe(true);
    const after = unitCacheSize();
    expect(tryParseUnit('not-a-unit-xyz')).toBeUndefined();
    expect(() => parseUnit('not-a-unit-xyz')).toThrow(UnitError);
    expect(unitCacheSize()).toBe(after);
  });

  it('stays within its limit under a flood of distinct strings and still caches the units read after it', () => {
    for (let i = 0; i <= UNIT_CACHE_LIMIT; i += 1) tryParseUnit(`junk-${i}`);
    expect(unitCacheSize()).toBeLessThanOrEqual(UNIT_CACHE_LIMIT);
    const a = parseUnit('kg/m**3');
    expect(parseUnit('kg/m**3')).toBe(a);
    expect(unitCacheSize()).toBeLessThanOrEqual(UNIT_CACHE_LIMIT);
  });

  it('does not touch the global mathjs instance', () => {
    for (const name of ['ha', 'ppm', 'yr', 'tCO2e', 'Sv', 'percent']) {
      expect(() => globalMath.unit(name)).toThrow();
    }
  });
});

describe('a percent sign glued to a name or another sign', () => {
  it.each([
    ['%%', "'%' is glued to '%' at position 0"],
    ['kg%', "'%' is glued to 'g' at position 2"],
    ['%kg', "'%' is glued to 'k' at position 0"],
    ['‰%', "'‰' is glued to '%' at position 0"],
  ])('%s is refused, as Pint refuses the name it reads', (unit, where) => {
    expect(() => parseUnit(unit)).toThrow(where);
  });

  it.each([
    ['%', 0.01],
    ['kg %', 0.01],
    ['kg*%', 0.01],
    ['%/yr', 0.01 / (365.25 * 86_400)],
    ['(%)', 0.01],
  ])('%s reads as before', (unit, scale) => {
    expect(parseUnit(unit).scale).toBeCloseTo(scale, 20);
  });
});
