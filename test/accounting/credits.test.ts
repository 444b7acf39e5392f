import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateCredits, issuableKg, resolvePolicies, roundNetRemoval, sumCreditAllocations, sumKg } from '../../src/accounting';

describe('rounding and credit allocation (semantics.md section 5)', () => {
  it('rounds to the nearest 10 kg, ties away from zero', () => {
    expect(roundNetRemoval(88.82)).toBe(90);
    expect(roundNetRemoval(84.99)).toBe(80);
    expect(roundNetRemoval(85)).toBe(90);
    expect(roundNetRemoval(-85)).toBe(-90);
    expect(roundNetRemoval(-84.9)).toBe(-80);
    expect(roundNetRemoval(1234565)).toBe(1234570);
  });

  it('ties follow the policy when overridden', () => {
    expect(roundNetRemoval(85, resolvePolicies({ roundingTies: 'half_even' }))).toBe(80);
    expect(roundNetRemoval(95, resolvePolicies({ roundingTies: 'half_even' }))).toBe(100);
    expect(roundNetRemoval(85, resolvePolicies({ roundingTies: 'toward_zero' }))).toBe(80);
  });

  it('issuable is max(0, rounded net)', () => {
    expect(issuableKg(-3)).toBe(0);
    expect(issuableKg(4.99)).toBe(0);
    expect(issuableKg(5)).toBe(10);
    expect(issuableKg(-300, resolvePolicies({ issuableFloorKg: null }))).toBe(-300);
  });

  it('the buffer pool gets ceil(issuable * pct / 100), the supplier the rest', () => {
    expect(allocateCredits(90, 5)).toEqual({ buffer_pool_contribution_kg: 5, supplier_allocation_kg: 85 });
    expect(allocateCredits(1000, 2.5)).toEqual({ buffer_pool_contribution_kg: 25, supplier_allocation_kg: 975 });
    expect(allocateCredits(10, 0.01)).toEqual({ buffer_pool_contribution_kg: 1, supplier_allocation_kg: 9 });
    expect(allocateCredits(10, 0)).toEqual({ buffer_pool_contribution_kg: 0, supplier_allocation_kg: 10 });
    expect(allocateCredits(10, 100)).toEqual({ buffer_pool_contribution_kg: 10, supplier_allocation_kg: 0 });
    expect(allocateCredits(90, null)).toBeNull();
    expect(allocateCredits(90, 5, resolvePolicies({ bufferPoolRounding: 'floor' }))).toEqual({
      buffer_pool_contribution_kg: 4,
      supplier_allocation_kg: 86,
    });
  });

  it('uses exact decimals where binary floating point would be off by a kilogram', () => {
    // In binary floating point 100 * (7 / 100) = 7.000000000000001, and its ceiling is 8.
    expect(Math.ceil(100 * (7 / 100))).toBe(8);
    expect(allocateCredits(100, 7)).toEqual({ buffer_pool_contribution_kg: 7, supplier_allocation_kg: 93 });
    expect(Math.ceil(1000 * (1.1 / 100))).toBe(12);
    expect(allocateCredits(1000, 1.1)).toEqual({ buffer_pool_contribution_kg: 11, supplier_allocation_kg: 989 });
    expect(allocateCredits(1130, 14.29)).toEqual({ buffer_pool_contribution_kg: 162, supplier_allocation_kg: 968 });
  });

  it('conservation: buffer + supplier = issuable exactly, both non-negative integers', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), fc.double({ min: 0, max: 100, noNaN: true }), (tenKgs, pct) => {
        const issuable = tenKgs * 10;
        const a = allocateCredits(issuable, pct)!;
        expect(new Decimal(a.buffer_pool_contribution_kg).plus(a.supplier_allocation_kg).toNumber()).toBe(issuable);
        expect(Number.isInteger(a.buffer_pool_contribution_kg) && a.buffer_pool_contribution_kg >= 0).toBe(true);
        expect(a.supplier_allocation_kg).toBeGreaterThanOrEqual(0);
        expect(a.buffer_pool_contribution_kg).toBeGreaterThanOrEqual((issuable * pct) / 100 - 1e-6);
      }),
      { seed: 1, numRuns: 500 },
    );
  });

  it('sums of allocations are exact and null when any entry is null', () => {
    expect(
      sumCreditAllocations([
        { buffer_pool_contribution_kg: 5, supplier_allocation_kg: 85 },
        { buffer_pool_contribution_kg: 3, supplier_allocation_kg: 47 },
      ]),
    ).toEqual({
      buffer_pool_contribution_kg: 8,
      supplier_allocation_kg: 132,
    });
    expect(sumCreditAllocations([{ buffer_pool_contribution_kg: 5, supplier_allocation_kg: 85 }, null])).toBeNull();
    expect(sumKg([0.1, 0.2])).toBe(0.3);
  });
});

describe('rounding by significant digits for power-of-ten increments', () => {
  const MODES = {
    away_from_zero: Decimal.ROUND_HALF_UP,
    half_even: Decimal.ROUND_HALF_EVEN,
    toward_zero: Decimal.ROUND_HALF_DOWN,
  } as const;
  const TIES = Object.keys(MODES) as (keyof typeof MODES)[];

  it('equals decimal.js toNearest for every double, increment and tie policy (zero without sign)', () => {
    const net = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }),
      // Exact ties and values near a boundary of the significant digits.
      fc.integer({ min: -1_000_000, max: 1_000_000 }).map((n) => n * 5),
      fc.integer({ min: -10_000, max: 10_000 }).map((n) => n + 0.5),
      fc.constantFrom(0, -0, 4.999999999999999, 5, 9.5, 9.999999999999998, 10, 95, 99.99999999999999, 995, -5, -9.5, -95),
      // Just beside a whole number, where an even whole increment reads only the integer part;
      // up to 2^53, where every double is whole.
      fc
        .tuple(
          fc.oneof(fc.integer({ min: -100_000, max: 100_000 }), fc.integer({ min: -(2 ** 53), max: 2 ** 53 })),
          fc.constantFrom(-1, 1),
          fc.integer({ min: 1, max: 4 }),
        )
        .map(([n, side, ulps]) => {
          let x = n;
          for (let k = 0; k < ulps; k++) x = nextDouble(x, side);
          return x;
        }),
      fc.constantFrom(
        14.999999999999998,
        15.000000000000002,
        -14.999999999999998,
        -15.000000000000002,
        0.3,
        -0.3,
        4503599627370495.5,
        -4503599627370495.5,
      ),
    );
    const increment = fc.constantFrom(1, 10, 100, 1000, 5, 25, 0.5, 2, 20, 50, 1e6);
    fc.assert(
      fc.property(net, increment, fc.constantFrom(...TIES), (x, inc, ties) => {
        const expected = new Decimal(x).toNearest(inc, MODES[ties]).toNumber() + 0; // + 0: -0 is 0 kg
        const actual = roundNetRemoval(x, { roundingIncrementKg: inc, roundingTies: ties });
        return Object.is(actual, expected);
      }),
      { seed: 20261123, numRuns: 40_000 },
    );
  });
});

/** The double next to `x` towards +Infinity (side 1) or -Infinity (side -1). */
function nextDouble(x: number, side: 1 | -1): number {
  if (x === 0) return side * Number.MIN_VALUE;
  const bits = new BigInt64Array(new Float64Array([x]).buffer);
  bits[0] = bits[0]! + (x > 0 === side > 0 ? 1n : -1n);
  return new Float64Array(bits.buffer)[0]!;
}

describe('buffer-pool allocation against a direct decimal.js computation', () => {
  // Enough digits for any product of a 14-digit amount and a 17-digit percentage.
  const Exact = Decimal.clone({ precision: 80 });
  it('equals ceil(issuable * pct / 100) computed afresh, for any issuable and percentage', () => {
    const issuable = fc.integer({ min: 0, max: 1e12 }).map((n) => n * 10);
    const percentage = fc.oneof(fc.integer({ min: 0, max: 100 }), fc.double({ min: 0, max: 100, noNaN: true }));
    fc.assert(
      fc.property(issuable, percentage, (kg, pct) => {
        const buffer = new Exact(kg).times(pct).div(100).toDecimalPlaces(0, Decimal.ROUND_CEIL);
        const expected = { buffer_pool_contribution_kg: buffer.toNumber(), supplier_allocation_kg: new Exact(kg).minus(buffer).toNumber() };
        expect(allocateCredits(kg, pct)).toEqual(expected);
      }),
      { seed: 5, numRuns: 5_000 },
    );
  });
});
