/**
 * The integer path's buffer quotient is exact without a correction step (src/accounting/credits/
 * integer.ts, integerBuffer): a product one off a multiple of the divisor, close to the 2^53 limit
 * where a double's quotient is coarsest, floors to the right integer, whatever the rounding; the
 * decimal path, which never rounds in binary, is the reference.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolvePolicies } from '../../src/accounting';
import { decimalCreditsOfNetInto, type CreditColumns } from '../../src/accounting/credits/credits';
import { integerCredits, type CreditPolicies, type IntegerCredits } from '../../src/accounting/credits/integer';

const LIMIT = Number.MAX_SAFE_INTEGER;
const ROUNDINGS = ['ceil', 'floor', 'half_up'] as const;

function decimal(net: number, risk: number, policies: CreditPolicies): IntegerCredits {
  const out: CreditColumns = { issuable: new Float64Array(1), buffer: new Float64Array(1), supplier: new Float64Array(1) };
  decimalCreditsOfNetInto(net, risk, policies, out, 0);
  return { issuable: out.issuable[0] as number, buffer: out.buffer[0] as number, supplier: out.supplier[0] as number };
}

function integer(net: number, risk: number, policies: CreditPolicies): IntegerCredits | false {
  const out: IntegerCredits = { issuable: Number.NaN, buffer: Number.NaN, supplier: Number.NaN };
  return integerCredits(net, risk, policies, out) ? out : false;
}

/** A percentage of `places` decimals with the digits `digits`, and its divisor 10^(places + 2). */
const rate = (digits: number, places: number) => ({ percentage: digits / 10 ** places, divisor: 10 ** (places + 2) });

describe('the buffer quotient near 2^53', () => {
  it('floors a product just below, at and just above a multiple of the divisor exactly', () => {
    let answered = 0;
    for (const { digits, places } of [
      { digits: 1, places: 0 },
      { digits: 7, places: 1 },
      { digits: 123, places: 2 },
      { digits: 9999, places: 2 },
      { digits: 33, places: 3 },
    ]) {
      const { percentage, divisor } = rate(digits, places);
      expect(String(percentage)).toMatch(/^\d+(\.\d+)?$/);
      // Issuable amounts (multiples of the 10 kg increment) whose product lands within a few of a
      // multiple of the divisor, as close to the limit as the path accepts.
      const top = Math.floor((LIMIT - divisor) / digits / 10) * 10;
      for (let issuable = top; issuable > top - 2000; issuable -= 10) {
        const product = issuable * digits;
        const off = product % divisor;
        if (off > 2 && off < divisor - 2) continue;
        for (const bufferPoolRounding of ROUNDINGS) {
          const policies = resolvePolicies({ bufferPoolRounding });
          const fast = integer(issuable, percentage, policies);
          expect(fast, `${issuable} kg at ${percentage} %`).not.toBe(false);
          expect(fast, `${issuable} kg at ${percentage} %, ${bufferPoolRounding}`).toEqual(decimal(issuable, percentage, policies));
          answered += 1;
        }
      }
    }
    expect(answered).toBeGreaterThan(30);
  });

  it('agrees with the decimal path for any large issuable and short percentage it answers', () => {
    const cases = fc.record({
      tens: fc.integer({ min: 1, max: Math.floor(LIMIT / 10) }),
      digits: fc.integer({ min: 1, max: 100_000 }),
      places: fc.integer({ min: 0, max: 3 }),
      bufferPoolRounding: fc.constantFrom(...ROUNDINGS),
    });
    let answered = 0;
    fc.assert(
      fc.property(cases, ({ tens, digits, places, bufferPoolRounding }) => {
        const { percentage } = rate(digits, places);
        const policies = resolvePolicies({ bufferPoolRounding });
        // Scale the issuable down so that most products sit just inside the limit.
        const issuable = Math.max(10, Math.floor(tens / digits) * 10);
        const fast = integer(issuable, percentage, policies);
        if (fast === false) return;
        answered += 1;
        expect(fast).toEqual(decimal(issuable, percentage, policies));
      }),
      { seed: 38, numRuns: 3000 },
    );
    expect(answered).toBeGreaterThan(1000);
  });
});
