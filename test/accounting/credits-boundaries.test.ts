/**
 * The credit path's boundaries that mutation testing (npm run test:mutation -- credits) showed no
 * other test deciding: a non-zero issuable floor, an unset risk of reversal, the integer path's
 * guards and its 2^53 exactness limits, and the decimal path's rounding modes, each pinned by a
 * case where the alternatives give different numbers; and the parts of an allocation beyond 2^53 kg,
 * which still add up to the issuable amount.
 */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateCredits, issuableKg, resolvePolicies, roundNetRemoval } from '../../src/accounting';
import { creditsOfNetInto, decimalCreditsOfNetInto, type CreditColumns } from '../../src/accounting/credits/credits';
import { integerCredits, type CreditPolicies, type IntegerCredits } from '../../src/accounting/credits/integer';

const columns = (): CreditColumns => ({ issuable: new Float64Array(1), buffer: new Float64Array(1), supplier: new Float64Array(1) });

/** [issuable, buffer, supplier] of `creditsOfNetInto` (the evaluation's entry point). */
function credits(net: number, risk: number | null, overrides: Partial<CreditPolicies> = {}): number[] {
  const out = columns();
  creditsOfNetInto(net, risk, resolvePolicies(overrides), out, 0);
  return [out.issuable[0] as number, out.buffer[0] as number, out.supplier[0] as number];
}

/** [issuable, buffer, supplier] of the decimal path alone. */
function decimalCredits(net: number, risk: number | null, overrides: Partial<CreditPolicies> = {}): number[] {
  const out = columns();
  decimalCreditsOfNetInto(net, risk, resolvePolicies(overrides), out, 0);
  return [out.issuable[0] as number, out.buffer[0] as number, out.supplier[0] as number];
}

/** Whether the integer path answers, and what it writes. */
function integer(net: number, risk: number | null, overrides: Partial<CreditPolicies> = {}): IntegerCredits | false {
  const out: IntegerCredits = { issuable: Number.NaN, buffer: Number.NaN, supplier: Number.NaN };
  return integerCredits(net, risk, resolvePolicies(overrides), out) ? out : false;
}

describe('a non-zero issuable floor (the decimal path)', () => {
  const floor100 = { issuableFloorKg: 100 };

  it('raises a rounded net below the floor to the floor, and keeps one at or above it', () => {
    expect(issuableKg(44, resolvePolicies(floor100))).toBe(100);
    expect(issuableKg(-250, resolvePolicies(floor100))).toBe(100);
    expect(issuableKg(96, resolvePolicies(floor100))).toBe(100);
    expect(issuableKg(104, resolvePolicies(floor100))).toBe(100);
    expect(issuableKg(106, resolvePolicies(floor100))).toBe(110);
    expect(issuableKg(12_345, resolvePolicies(floor100))).toBe(12_350);
  });

  it('allocates from the floored amount in an entry', () => {
    expect(integer(44, 5, floor100)).toBe(false);
    expect(credits(44, 5, floor100)).toEqual([100, 5, 95]);
    expect(credits(12_345, 10, floor100)).toEqual([12_350, 1_235, 11_115]);
    expect(credits(44, null, floor100)).toEqual([100, Number.NaN, Number.NaN]);
  });
});

describe('an unset risk of reversal', () => {
  it('gives no allocation, whether null or undefined', () => {
    expect(allocateCredits(90, undefined)).toBeNull();
    expect(allocateCredits(90, null)).toBeNull();
    expect(allocateCredits(0, undefined)).toBeNull();
    expect(allocateCredits(90, 0)).toEqual({ buffer_pool_contribution_kg: 0, supplier_allocation_kg: 90 });
  });
});

describe("the integer path's guards", () => {
  it('declines an increment that is not a whole number, even for a whole net, and the decimal path rounds it exactly', () => {
    // 7 % 0.1 is 0.0999... in binary: in doubles 7 would round to 7.000000000000001.
    expect(integer(7, null, { roundingIncrementKg: 0.1 })).toBe(false);
    expect(credits(7, null, { roundingIncrementKg: 0.1 })[0]).toBe(7);
    expect(credits(0.35, null, { roundingIncrementKg: 0.1 })[0]).toBe(0.4);
    expect(integer(12, null, { roundingIncrementKg: 0.5 })).toBe(false);
  });

  it('declines a net within one increment of 2^53, and answers just inside it', () => {
    const limit = Number.MAX_SAFE_INTEGER; // 2^53 - 1
    // |net| < limit - increment: with increment 1 the largest net answered is 2^53 - 3.
    expect(integer(limit - 1, null, { roundingIncrementKg: 1 })).toBe(false);
    expect(integer(-(limit - 1), null, { roundingIncrementKg: 1, issuableFloorKg: null })).toBe(false);
    expect(integer(limit - 2, null, { roundingIncrementKg: 1 })).toMatchObject({ issuable: limit - 2 });
    expect(integer(-(limit - 2), null, { roundingIncrementKg: 1, issuableFloorKg: null })).toMatchObject({ issuable: -(limit - 2) });
    expect(integer(1e15, null, { roundingIncrementKg: 0 })).toBe(false);
    expect(integer(1e15, null, { roundingIncrementKg: -10 })).toBe(false);
  });

  it('declines a buffer product within the divisor of 2^53, and answers at it', () => {
    const limit = Number.MAX_SAFE_INTEGER;
    // 1 % is 1 / 100: product = issuable, allowed while product <= limit - 100.
    expect(integer(limit - 100, 1, { roundingIncrementKg: 1 })).toMatchObject({ issuable: limit - 100, buffer: 90_071_992_547_409 });
    expect(integer(limit - 99, 1, { roundingIncrementKg: 1 })).toBe(false);
    expect(credits(limit - 99, 1, { roundingIncrementKg: 1 })).toEqual(decimalCredits(limit - 99, 1, { roundingIncrementKg: 1 }));
  });

  it('declines a percentage it cannot read as a short decimal', () => {
    expect(integer(1000, Number.NaN, {})).toBe(false);
    expect(integer(1000, Number.POSITIVE_INFINITY, {})).toBe(false);
    expect(integer(1000, -1, {})).toBe(false);
    expect(integer(1000, 1e-7, {})).toBe(false);
    // At most 13 decimals: 1.0000000000001 % of 10 kg is 0.10000000000001 kg, rounded up to 1.
    expect(integer(10, 1.00000000000001, {})).toBe(false);
    expect(integer(10, 1.0000000000001, {})).toEqual({ issuable: 10, buffer: 1, supplier: 9 });
    expect(integer(1000, 2 ** 60, {})).toBe(false);
  });

  it('answers a zero or negative issuable with no buffer, at any percentage', () => {
    expect(integer(0, Number.NaN, {})).toEqual({ issuable: 0, buffer: 0, supplier: 0 });
    expect(integer(-40, 5, { issuableFloorKg: null })).toEqual({ issuable: -40, buffer: 0, supplier: -40 });
    expect(integer(4, 5, {})).toEqual({ issuable: 0, buffer: 0, supplier: 0 });
  });
});

describe("the decimal path's rounding modes, where they give different numbers", () => {
  // 1020 kg at 5.1 %: 52.02 kg, so ceil 53, floor 52, half_up 52; 1030 kg at 5 %: 51.5 kg, half_up 52.
  it('rounds the buffer pool up, down or half up as the policy says', () => {
    expect(decimalCredits(1020, 5.1, { bufferPoolRounding: 'ceil' })).toEqual([1020, 53, 967]);
    expect(decimalCredits(1020, 5.1, { bufferPoolRounding: 'floor' })).toEqual([1020, 52, 968]);
    expect(decimalCredits(1020, 5.1, { bufferPoolRounding: 'half_up' })).toEqual([1020, 52, 968]);
    expect(decimalCredits(1030, 5, { bufferPoolRounding: 'half_up' })).toEqual([1030, 52, 978]);
    expect(decimalCredits(1030, 5, { bufferPoolRounding: 'floor' })).toEqual([1030, 51, 979]);
    expect(allocateCredits(1020, 5.1, resolvePolicies({ bufferPoolRounding: 'half_up' }))).toEqual({
      buffer_pool_contribution_kg: 52,
      supplier_allocation_kg: 968,
    });
  });

  it('rounds a net tie as the tie policy says, with an odd increment that only the decimal path takes', () => {
    // Increment 5 (odd), net 12.5: a tie between 10 and 15; 17.5: between 15 and 20.
    const odd = (net: number, roundingTies: CreditPolicies['roundingTies']): number =>
      decimalCredits(net, null, { roundingIncrementKg: 5, roundingTies })[0] as number;
    expect([odd(12.5, 'away_from_zero'), odd(12.5, 'half_even'), odd(12.5, 'toward_zero')]).toEqual([15, 10, 10]);
    expect([odd(17.5, 'away_from_zero'), odd(17.5, 'half_even'), odd(17.5, 'toward_zero')]).toEqual([20, 20, 15]);
    expect([odd(-17.5, 'away_from_zero'), odd(-17.5, 'toward_zero')]).toEqual([0, 0]);
    expect(roundNetRemoval(-17.5, resolvePolicies({ roundingIncrementKg: 5, roundingTies: 'toward_zero' }))).toBe(-15);
    expect(roundNetRemoval(-17.5, resolvePolicies({ roundingIncrementKg: 5 }))).toBe(-20);
    expect(roundNetRemoval(25, resolvePolicies({ roundingTies: 'half_even' }))).toBe(20);
    expect(roundNetRemoval(25, resolvePolicies({ roundingTies: 'toward_zero' }))).toBe(20);
    expect(roundNetRemoval(35, resolvePolicies({ roundingTies: 'half_even' }))).toBe(40);
  });

  it('drops the fraction of a net only for an even whole increment', () => {
    // Increment 10: 14.9 reads as 14 (rounds to 10), -15.5 as -15 (a tie, away from zero: -20).
    expect(roundNetRemoval(14.9)).toBe(10);
    expect(roundNetRemoval(-15.5, resolvePolicies({ roundingTies: 'toward_zero' }))).toBe(-20);
    expect(roundNetRemoval(15.5, resolvePolicies({ roundingTies: 'half_even' }))).toBe(20);
    // Increment 5 (odd) keeps the fraction: 12.4 rounds to 10, 12.6 to 15.
    expect(roundNetRemoval(12.4, resolvePolicies({ roundingIncrementKg: 5 }))).toBe(10);
    expect(roundNetRemoval(12.6, resolvePolicies({ roundingIncrementKg: 5 }))).toBe(15);
    expect(roundNetRemoval(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
    expect(Object.is(roundNetRemoval(-4), 0)).toBe(true);
  });
});

describe('an allocation beyond 2^53 kg (docs/rules.md#rounding-credits-and-the-buffer-pool)', () => {
  const sum = (a: number, b: number): bigint => BigInt(a) + BigInt(b);

  it('gives parts that add up to the issuable amount exactly (worked by hand)', () => {
    // Net 2^54 kg at 5 %: issuable 18014398509481980 kg (a double: doubles below 2^54 are 2 apart);
    // buffer ceil(900719925474099) = 900719925474099, supplier 17113678584007881, which no double
    // holds (the nearest is ...880): rounded each on its own they added up to ...979, a kilogram short.
    // The supplier's part (the larger) is its nearest double, the buffer pool's the rest, ...100.
    expect(credits(2 ** 54, 5)).toEqual([18014398509481980, 900719925474100, 17113678584007880]);
    expect(decimalCredits(2 ** 54, 5)).toEqual([18014398509481980, 900719925474100, 17113678584007880]);
    // Net 18014398509482028 kg at 1 %: issuable 18014398509482030, whose double is ...032 (4 apart
    // above 2^54); buffer 180143985094821, supplier 17834254524387209 (double ...208): the rounded
    // parts missed the double total by 3 kg; now the buffer pool's part is ...032 - ...208 = ...824.
    expect(credits(18014398509482028, 1)).toEqual([18014398509482032, 180143985094824, 17834254524387208]);
    expect(allocateCredits(18014398509482032, 1)).toEqual({
      buffer_pool_contribution_kg: 180143985094824,
      supplier_allocation_kg: 17834254524387208,
    });
    // When the buffer pool's part is the larger one, it is the rounded one: 60 % of the same amount.
    const [issuable, buffer, supplier] = credits(2 ** 54, 60);
    expect(buffer).toBe(10808639105689188);
    expect(sum(buffer as number, supplier as number)).toBe(BigInt(issuable as number));
  });

  it('keeps parts that add up, each within a few kilograms of its exact decimal, for any net and percentage', () => {
    const net = fc.oneof(
      fc.double({ min: 2 ** 53 - 1000, max: 1e20, noNaN: true }),
      fc.integer({ min: 0, max: 2 ** 20 }).map((k) => 2 ** 53 + 2 * k),
      fc.integer({ min: 0, max: 2 ** 20 }).map((k) => 2 ** 54 + 4 * k),
    );
    const percentage = fc.oneof(
      fc.integer({ min: 0, max: 100 }),
      fc.integer({ min: 0, max: 1000 }).map((k) => k / 10),
    );
    fc.assert(
      fc.property(net, percentage, (x, p) => {
        const [issuable, buffer, supplier] = credits(x, p) as [number, number, number];
        const exactBuffer = BigInt(new Decimal(issuable).times(p).div(100).toDecimalPlaces(0, Decimal.ROUND_CEIL).toFixed(0));
        const ulp = BigInt(Math.max(1, 2 ** (Math.floor(Math.log2(issuable)) - 52)));
        const allocated = allocateCredits(issuable, p);
        return (
          sum(buffer, supplier) === BigInt(issuable) &&
          buffer >= 0 &&
          supplier >= 0 &&
          BigInt(buffer) - exactBuffer <= 2n * ulp &&
          exactBuffer - BigInt(buffer) <= 2n * ulp &&
          allocated !== null &&
          sum(allocated.buffer_pool_contribution_kg, allocated.supplier_allocation_kg) === BigInt(issuable)
        );
      }),
      { seed: 20260601, numRuns: 5_000 },
    );
  });
});
