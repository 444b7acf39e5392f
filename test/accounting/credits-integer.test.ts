import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolvePolicies } from '../../src/accounting';
import { creditsOfNetInto, decimalCreditsOfNetInto, type CreditColumns } from '../../src/accounting/credits/credits';
import { integerCredits, type CreditPolicies, type IntegerCredits } from '../../src/accounting/credits/integer';

const columns = (): CreditColumns => ({ issuable: new Float64Array(1), buffer: new Float64Array(1), supplier: new Float64Array(1) });

/** The decimal path's answer, as the integer path writes it. */
function decimal(net: number, risk: number | null, policies: CreditPolicies): IntegerCredits {
  const out = columns();
  decimalCreditsOfNetInto(net, risk, policies, out, 0);
  return { issuable: out.issuable[0] as number, buffer: out.buffer[0] as number, supplier: out.supplier[0] as number };
}

/** Nets the rounding finds hard: ties, near-ties, whole numbers, fractions, huge and tiny values. */
const net = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.double({ min: -1e7, max: 1e7, noNaN: true }),
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.integer({ min: -100_000, max: 100_000 }).map((k) => k * 10 + 5),
  fc
    .tuple(fc.integer({ min: -100_000, max: 100_000 }), fc.constantFrom(-1e-9, 1e-9, 0.4999999, 0.5, 0.5000001))
    .map(([k, f]) => k * 10 + 5 + f),
  fc.constantFrom(0, -0, 2 ** 53 - 11, -(2 ** 53) + 11, 2 ** 53, 9007199254740985, 4.5e15 + 5),
);

/** Percentages as documents give them: whole, one or two decimals, any double in [0, 100]. */
const percentage = fc.oneof(
  fc.integer({ min: 0, max: 100 }),
  fc.integer({ min: 0, max: 1000 }).map((k) => k / 10),
  fc.integer({ min: 0, max: 10000 }).map((k) => k / 100),
  fc.double({ min: 0, max: 100, noNaN: true }),
  fc.constantFrom(1e-7, 0.1 + 0.2, 33.333333333333336),
);

const policies = fc.record({
  roundingIncrementKg: fc.constantFrom(10, 1, 2, 5, 100, 1000, 3, 7, 0.5, 1e6),
  roundingTies: fc.constantFrom('away_from_zero', 'half_even', 'toward_zero'),
  issuableFloorKg: fc.constantFrom(0, null, 100),
  bufferPoolRounding: fc.constantFrom('ceil', 'floor', 'half_up'),
}) as fc.Arbitrary<CreditPolicies>;

describe('credits in integers (credits-integer.ts)', () => {
  it('agrees with the decimal path wherever it answers', () => {
    fc.assert(
      fc.property(net, fc.option(percentage, { nil: null }), policies, (n, risk, p) => {
        const out: IntegerCredits = { issuable: Number.NaN, buffer: Number.NaN, supplier: Number.NaN };
        if (!integerCredits(n, risk, p, out)) return;
        expect(out).toEqual(decimal(n, risk, p));
        expect(Object.is(out.issuable, -0)).toBe(false);
      }),
      // A fixed seed: what the property checks (and the mutants it kills) is the same every run.
      { seed: 38, numRuns: 20_000 },
    );
  });

  it('answers the default policies for nets below 1e11 and percentages of up to two decimals', () => {
    const defaults = resolvePolicies({});
    fc.assert(
      fc.property(
        fc.double({ min: -1e11, max: 1e11, noNaN: true }),
        fc.integer({ min: 0, max: 10000 }).map((k) => k / 100),
        (n, risk) => {
          const out: IntegerCredits = { issuable: 0, buffer: 0, supplier: 0 };
          expect(integerCredits(n, risk, defaults, out)).toBe(true);
        },
      ),
      { seed: 38 },
    );
  });

  it('leaves to the decimal path what it cannot hold exactly', () => {
    const out: IntegerCredits = { issuable: 0, buffer: 0, supplier: 0 };
    const defaults = resolvePolicies({});
    expect(integerCredits(2 ** 60, 5, defaults, out)).toBe(false);
    expect(integerCredits(12.5, 1e-7, defaults, out)).toBe(false);
    expect(integerCredits(12.5, null, resolvePolicies({ roundingIncrementKg: 5 }), out)).toBe(false);
    expect(integerCredits(12.5, null, resolvePolicies({ issuableFloorKg: 100 }), out)).toBe(false);
    expect(integerCredits(Number.POSITIVE_INFINITY, null, defaults, out)).toBe(false);
  });

  it('gives worked examples their known answers, through the evaluation entry point', () => {
    const cases: [number, number | null, Partial<CreditPolicies>, [number, number, number]][] = [
      [88.82, 5, {}, [90, 5, 85]],
      [84.99, 2.5, {}, [80, 2, 78]],
      [85, 12.5, {}, [90, 12, 78]],
      [-85, 10, {}, [0, 0, 0]],
      [-85, 10, { issuableFloorKg: null }, [-90, 0, -90]],
      [85, null, { roundingTies: 'half_even' }, [80, Number.NaN, Number.NaN]],
      [95, 50, { roundingTies: 'half_even', bufferPoolRounding: 'half_up' }, [100, 50, 50]],
      [1234565, 2.5, { bufferPoolRounding: 'floor' }, [1234570, 30864, 1203706]],
    ];
    for (const [n, risk, overrides, [issuable, buffer, supplier]] of cases) {
      const out = columns();
      creditsOfNetInto(n, risk, resolvePolicies(overrides), out, 0);
      expect([out.issuable[0], out.buffer[0], out.supplier[0]]).toEqual([issuable, buffer, supplier]);
    }
  });
});
