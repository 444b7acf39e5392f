/**
 * decimal.js loaded on first use (src/model/decimal.ts, issue 36): the rounding modes the credits
 * name are decimal.js's own, every lazy constructor is a clone of one decimal.js (one `Decimal`
 * class: a decimal of the credits is an instance of the ledger's), made once, with its own settings.
 */
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { decimalJs, lazyDecimal, ROUND_CEIL, ROUND_FLOOR, ROUND_HALF_DOWN, ROUND_HALF_EVEN, ROUND_HALF_UP } from '../../src/model/decimal';

describe('decimal.js on first use', () => {
  it('names the rounding modes by decimal.js values', () => {
    expect([ROUND_CEIL, ROUND_FLOOR, ROUND_HALF_UP, ROUND_HALF_DOWN, ROUND_HALF_EVEN]).toEqual([
      Decimal.ROUND_CEIL,
      Decimal.ROUND_FLOOR,
      Decimal.ROUND_HALF_UP,
      Decimal.ROUND_HALF_DOWN,
      Decimal.ROUND_HALF_EVEN,
    ]);
  });

  it('loads decimal.js once, and each lazy constructor is one clone with its own settings', () => {
    expect(decimalJs()).toBe(decimalJs());
    expect(decimalJs().ROUND_HALF_EVEN).toBe(Decimal.ROUND_HALF_EVEN);
    const wide = lazyDecimal({ precision: 80 });
    const narrow = lazyDecimal({ precision: 5, rounding: ROUND_FLOOR });
    expect(wide()).toBe(wide());
    expect(wide()).not.toBe(narrow());
    expect(new (narrow())(2).div(3).toString()).toBe('0.66666');
    expect(new (wide())(2).div(3).toString()).toBe(`0.${'6'.repeat(79)}7`);
    // One class: a decimal of one clone is an instance of every other (decimal.js clones share a prototype).
    expect(new (narrow())(1)).toBeInstanceOf(wide());
    expect(new (wide())(1)).toBeInstanceOf(decimalJs());
  });
});
