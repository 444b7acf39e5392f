// Evaluation rounds each net and splits its credits in one decimal.js pass (creditsOfNetInto); these
// properties pin its results to the public exact functions, ties and edge values included.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateGraph, type AccountingPolicies, type RemovalGraphInput } from '../../src';
import { allocateCredits, issuableKg, resolvePolicies } from '../../src/accounting';

/** One entry per (net, pct): a SEQUESTRATION component equal to the net, no standard deviation. */
function graphOf(cases: readonly (readonly [number, number | null])[]): RemovalGraphInput {
  return {
    component_blueprints: [
      {
        key: 'mass',
        type: 'SEQUESTRATION',
        inputs: [{ input_key: 'm', quantity_kind: 'mass', compatible_unit: 'kg', data_shape: 'SCALAR' }],
        expressions: [
          { key: 'co2e', template: '{m}', inputs: [{ template_key: 'm', input_key: 'm', type: 'DATAPOINT', data_shape: 'SCALAR' }] },
        ],
      },
    ],
    datapoints: cases.map(([net], i) => ({
      id: `dtp_ROUNDING${String(i).padStart(12, '0')}`,
      quantity: { magnitude: net, unit: 'kg', standard_deviation: null },
    })),
    components: cases.map((_, i) => ({
      id: `cmp_ROUNDING${String(i).padStart(12, '0')}`,
      blueprint_key: 'mass',
      inputs: [{ input_key: 'm', datapoint_ids: [`dtp_ROUNDING${String(i).padStart(12, '0')}`] }],
    })),
    ghg_entries: cases.map(([, pct], i) => ({
      id: `rmv_ROUNDING${String(i).padStart(12, '0')}`,
      risk_of_reversal_percentage: pct,
      component_attributions: [{ component_id: `cmp_ROUNDING${String(i).padStart(12, '0')}`, attribution_factor: 1 }],
    })),
  };
}

function expectExact(cases: readonly (readonly [number, number | null])[], overrides: Partial<AccountingPolicies> = {}): void {
  const policies = resolvePolicies(overrides);
  // A net of any sign comes from a mass of that sign here, so the physical bound is lifted: the
  // rounding of the net, not the document, is under test.
  const result = evaluateGraph(graphOf(cases), { policies: { physicalBounds: 'off', ...overrides } });
  result.ghg_entries.forEach((entry, i) => {
    const [, pct] = cases[i] as readonly [number, number | null];
    const issuable = issuableKg(entry.co2e_net_removed_kg, policies);
    expect(Object.is(entry.issuable_kg, issuable), `issuable of ${entry.co2e_net_removed_kg}: ${entry.issuable_kg} vs ${issuable}`).toBe(
      true,
    );
    expect(entry.credit_allocation).toEqual(allocateCredits(issuable, pct, policies));
  });
}

const ties = fc.integer({ min: -1_000_000, max: 1_000_000 }).map((k) => 10 * k + 5);
const nearTies = fc.tuple(ties, fc.constantFrom(-1e-9, -1e-12, 1e-12, 1e-9, -1e-6, 1e-6)).map(([t, d]) => t + d * Math.max(1, Math.abs(t)));
const anyNet = fc.oneof(
  ties,
  nearTies,
  fc.double({ min: -1e7, max: 1e9, noNaN: true }),
  fc.integer({ min: -5000, max: 2 ** 40 }),
  fc.constantFrom(0, -0, 4.999999999, 5, -5, 1e15, -1e15),
);
const anyPct = fc.oneof(
  fc.integer({ min: 0, max: 100 }),
  fc.integer({ min: 0, max: 100_000 }).map((p) => p / 1000),
  fc.double({ min: 0, max: 100, noNaN: true }),
  fc.constantFrom(null, 0, 100, 12.5, 14.29, 7, 1.1, 33.333333333333336, 5e-324),
);
const cases = fc.array(fc.tuple(anyNet, anyPct), { minLength: 1, maxLength: 60 });

describe('evaluation: issuable amount and credit allocation equal the exact decimal functions', () => {
  it('with the default policies', () => {
    fc.assert(
      fc.property(cases, (c) => expectExact(c)),
      { seed: 7, numRuns: 200 },
    );
  });

  it('with every buffer rounding, tie rule, no floor and other increments', () => {
    const policies = fc.record({
      bufferPoolRounding: fc.constantFrom('ceil' as const, 'floor' as const, 'half_up' as const),
      roundingTies: fc.constantFrom('away_from_zero' as const, 'half_even' as const, 'toward_zero' as const),
      issuableFloorKg: fc.constantFrom(0, null, 100),
      roundingIncrementKg: fc.constantFrom(10, 1, 100, 1000, 0.5, 3),
    });
    fc.assert(
      fc.property(cases, policies, (c, p) => expectExact(c, p)),
      { seed: 11, numRuns: 200 },
    );
  });

  it('at exact ties of the buffer split', () => {
    // issuable * pct / 100 lands exactly on .5 or on an integer for these.
    expectExact([
      [126130, 5],
      [1000, 12.5],
      [90, 5],
      [100, 7],
      [1000, 1.1],
      [1130, 14.29],
      [10, 50],
      [20, 2.5],
      [-300, 5],
    ]);
    expectExact(
      [
        [126130, 5],
        [10, 50],
        [30, 5],
        [-300, 5],
      ],
      { bufferPoolRounding: 'half_up', issuableFloorKg: null },
    );
  });
});
