// Where a formula's unit literal's unit ends (docs/units.md, "Unit literals"): the longest text the
// unit reader's grammar reads after the number, numbers of the formula and function calls left out.
import { describe, expect, it } from 'vitest';
import { literalUnitText } from '../../src/units/unit-parser';

/** The unit text after the first number (and its space) of `formula`, with the facts the formula reader needs. */
function unitAfterNumber(formula: string) {
  const start = /^-?[0-9.e]+ ?/.exec(formula)?.[0].length ?? 0;
  const r = literalUnitText(formula, start);
  return {
    unit: formula.slice(start, r.end),
    compound: r.compound,
    percentBeforeValue: r.percentBeforeValue,
    endsWithPercent: r.endsWithPercent,
  };
}

describe('literalUnitText', () => {
  it.each([
    ['2 kg * 3', 'kg', false],
    ['1 g/cm^3) * ({d} / (1 cm))', 'g/cm^3', true],
    ['1 g/cm**3 + {x}', 'g/cm**3', true],
    ['1 kg/m³ > {x} ? 1 : 0', 'kg/m³', true],
    ['5 °C)', '°C', false],
    ['1 Δ°C', 'Δ°C', false],
    ['1 µg / (1 g)', 'µg', false],
    ['8 L/100km + 1', 'L/100km', true],
    ['1 J/kg K, 2', 'J/kg K', true],
    ['2 kg m^2 / s^2', 'kg m^2 / s^2', true],
    ['2 kg^(1/2) * {x}', 'kg^(1/2)', false],
    ['2 kg^{p}', 'kg', false],
    ['2 kg ^ -1   + 1', 'kg ^ -1', false],
    ['3 kg per m', 'kg per m', true],
    ['2 min({a}, {b})', '', false],
    ['2 kg sqrt({x})', 'kg', false],
    ['2 ({x})', '', false],
    ['2 (1 cm)', '', false],
  ])('%s: %s', (formula, unit, compound) => {
    expect(unitAfterNumber(formula)).toMatchObject({ unit, compound });
  });

  it('says where a % is followed by a value, and where the unit ends with %', () => {
    expect(unitAfterNumber('5 % kg')).toEqual({ unit: '% kg', compound: false, percentBeforeValue: true, endsWithPercent: false });
    expect(unitAfterNumber('5 % 3')).toEqual({ unit: '%', compound: false, percentBeforeValue: false, endsWithPercent: true });
    expect(unitAfterNumber('5 % + 1')).toEqual({ unit: '%', compound: false, percentBeforeValue: false, endsWithPercent: true });
  });

  it('reads a long run of unit text in bounded time', () => {
    const long = `1 ${'kg*('.repeat(20_000)}`;
    const started = performance.now();
    expect(literalUnitText(long, 2).end).toBe(4);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
