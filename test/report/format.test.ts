// How the HTML report writes numbers: a non-zero value never reads as 0 (issue 35: an SI value of
// 0.202 kgCO2e/kWh, 5.6e-8 kg/J, and a derivative of 7.8e-9 printed as "0"), and the figure shown
// keeps at least three significant digits of the value.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNumber, formatPercent, formatQuantity } from '../../src/report/format';

/** The number a formatted text stands for (grouping removed, typographic minus, `e` notation). */
const parse = (text: string): number => Number(text.replace(/,/g, '').replace(/−/g, '-').replace(/^\+/, ''));
const zero = /^[−+-]?0(\.0*)?( %)?$/;
const nonZero = fc.double({ noNaN: true, noDefaultInfinity: true }).filter((v) => v !== 0);

describe('formatNumber', () => {
  it('writes no non-zero number as 0, with or without a cap on the decimals', () => {
    fc.assert(
      fc.property(nonZero, fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }), fc.boolean(), (v, digits, signed) => {
        const text = formatNumber(v, { ...(digits === undefined ? {} : { digits }), signed });
        expect(text).not.toMatch(zero);
        expect(Math.sign(parse(text))).toBe(Math.sign(v));
      }),
    );
  });

  it('keeps three significant digits of every value', () => {
    fc.assert(
      fc.property(nonZero, (v) => {
        const shown = parse(formatNumber(v));
        expect(Math.abs(shown - v)).toBeLessThanOrEqual(Math.abs(v) * 5e-3);
      }),
    );
  });

  it('writes the issue’s small values with their digits', () => {
    expect(formatNumber(0.202 / 3.6e6)).toBe('5.61111e−8');
    expect(formatNumber(7.8e-9)).toBe('7.8e−9');
    expect(formatNumber(-7.8e-9)).toBe('−7.8e−9');
    expect(formatNumber(0.202)).toBe('0.202');
    expect(formatNumber(0.000202)).toBe('0.000202');
    expect(formatNumber(0.0123, { digits: 1 })).toBe('0.0123');
    expect(formatNumber(46_200)).toBe('46,200');
    expect(formatNumber(7_664.34, { digits: 1 })).toBe('7,664.3');
    expect(formatNumber(0)).toBe('0');
  });
});

describe('formatPercent and formatQuantity', () => {
  it('write no non-zero share or quantity as 0', () => {
    fc.assert(
      fc.property(nonZero, (v) => {
        expect(formatPercent(v)).not.toMatch(zero);
        const [magnitude] = formatQuantity(v, 'kg', v).split(' ');
        expect(magnitude).not.toMatch(zero);
      }),
    );
    expect(formatPercent(0.25)).toBe('25.0 %');
    expect(formatPercent(2e-6)).toBe('0.0002 %');
  });
});
