/**
 * An entry's figures as the entries' passes make them (src/accounting/evaluate/entries.ts,
 * entry-results.ts, discount.ts), each pinned by a known answer that a changed step would miss:
 * the first-order discount and its coverage factor, credits from the discounted net, component
 * items (factor, sign, -0, standard deviation), coverage intervals (normal and Student's t), the
 * Monte Carlo discount capped at the net, no propagation, and entries beyond one chunk.
 * Killing the mutants of `npm run test:mutation -- evaluate-entries`.
 */
import { describe, expect, it } from 'vitest';
import { evaluateGraph, type RemovalGraphInput } from '../../src';
import { ENTRY_CHUNK } from '../../src/accounting/evaluate/entries';
import { studentTQuantile } from '../../src/uncertainty';
import { blueprint, cmp, component, datapoint, entry, rmv, transportGraph } from './fixtures';

// The transport graph: 10 t +- 0.5 x 100 km x 0.1 kg/(t km) +- 0.01 = 100 kg, u = sqrt(5^2 + 10^2).
const SD = Math.sqrt(125);

describe('the first-order discount and the credits of the discounted net', () => {
  it('subtracts the standard deviation times the coverage factor, then rounds and splits', () => {
    const [e] = evaluateGraph(transportGraph()).ghg_entries;
    expect(e?.co2e_net_removed_without_discount_kg).toBeCloseTo(100, 12);
    expect(e?.co2e_net_removed_standard_deviation_kg).toBeCloseTo(SD, 12);
    expect(e?.co2e_net_removed_kg).toBeCloseTo(100 - SD, 12);
    expect(e?.risk_of_reversal_percentage).toBe(5);
    // 88.82 kg rounds to 90; 5 % of 90 is 4.5, ceil 5.
    expect(e?.issuable_kg).toBe(90);
    expect(e?.credit_allocation).toEqual({ buffer_pool_contribution_kg: 5, supplier_allocation_kg: 85 });
    const [twice] = evaluateGraph(transportGraph(), { policies: { discountCoverageFactor: 2 } }).ghg_entries;
    expect(twice?.co2e_net_removed_kg).toBeCloseTo(100 - 2 * SD, 12);
    // 77.64 rounds to 80; 5 % of 80 is 4 exactly.
    expect(twice?.issuable_kg).toBe(80);
    expect(twice?.credit_allocation).toEqual({ buffer_pool_contribution_kg: 4, supplier_allocation_kg: 76 });
  });

  it('gives no allocation without a risk of reversal, and the issuable amount all the same', () => {
    const graph = transportGraph();
    const [e] = evaluateGraph({ ...graph, ghg_entries: [entry('one', { transport: 1 }, null)] }).ghg_entries;
    expect(e?.risk_of_reversal_percentage).toBeNull();
    expect(e?.credit_allocation).toBeNull();
    expect(e?.issuable_kg).toBe(90);
  });

  it('without propagation: no standard deviation, no discount, empty budget, no interval', () => {
    const [e] = evaluateGraph(transportGraph(), { propagate: false, coverageProbability: 0.95 }).ghg_entries;
    expect(e?.co2e_net_removed_standard_deviation_kg).toBeNull();
    expect(e?.co2e_net_removed_kg).toBeCloseTo(100, 12);
    expect(e?.issuable_kg).toBe(100);
    expect(e?.uncertainty_budget).toEqual([]);
    expect(e?.coverage_interval).toBeUndefined();
    expect(e?.components[0]?.standard_deviation_kg).toBeNull();
    expect(e?.reused_datapoints).toEqual([]);
  });
});

/** Two components: a sequestration of 100 kg +- 10 and an activity of `activity` kg +- 2, each attributed at `factor`. */
function twoComponents(activity: number, factor: number): RemovalGraphInput {
  const one = (key: string, type: string) => blueprint({ key, type, template: '{m}', inputs: { m: { kind: 'mass', unit: 'kg' } } });
  return {
    component_blueprints: [one('seq', 'SEQUESTRATION'), one('act', 'ACTIVITY')],
    datapoints: [datapoint('s', 100, 'kg', 10), datapoint('a', activity, 'kg', 2)],
    components: [component('seq', 'seq', { m: 's' }), component('act', 'act', { m: 'a' })],
    ghg_entries: [entry('one', { seq: factor, act: factor })],
  };
}

describe('component items', () => {
  it('scale value and standard deviation by the attribution factor, with the sign of the type', () => {
    const [e] = evaluateGraph(twoComponents(30, 0.5)).ghg_entries;
    const [seq, act] = e?.components ?? [];
    expect(seq).toMatchObject({ component_id: cmp('seq'), type: 'SEQUESTRATION', attribution_factor: 0.5 });
    expect(seq?.co2e_kg).toBeCloseTo(50, 12);
    expect(seq?.contribution_kg).toBeCloseTo(50, 12);
    expect(seq?.standard_deviation_kg).toBeCloseTo(5, 12);
    expect(act).toMatchObject({ component_id: cmp('act'), type: 'ACTIVITY', attribution_factor: 0.5 });
    expect(act?.co2e_kg).toBeCloseTo(15, 12);
    expect(act?.contribution_kg).toBeCloseTo(-15, 12);
    expect(act?.standard_deviation_kg).toBeCloseTo(1, 12);
    expect('attribution_scope' in (seq ?? {})).toBe(false);
    expect('expression_values' in (seq ?? {})).toBe(false);
    expect(e?.co2e_net_removed_without_discount_kg).toBeCloseTo(35, 12);
    expect(e?.co2e_net_removed_standard_deviation_kg).toBeCloseTo(Math.sqrt(25 + 1), 12);
  });

  it('writes a zero contribution as 0, never -0', () => {
    const [e] = evaluateGraph(twoComponents(0, 1)).ghg_entries;
    const act = e?.components[1];
    expect(Object.is(act?.co2e_kg, 0)).toBe(true);
    expect(Object.is(act?.contribution_kg, 0)).toBe(true);
  });
});

describe('coverage intervals', () => {
  it('use the normal k without degrees of freedom: net -+ k u', () => {
    const [e] = evaluateGraph(transportGraph(), { coverageProbability: 0.9 }).ghg_entries;
    const ci = e?.coverage_interval;
    expect(ci?.probability).toBe(0.9);
    expect(ci?.coverage_factor).toBeCloseTo(1.6448536269514722, 12);
    expect(ci?.lower_kg).toBeCloseTo(100 - 1.6448536269514722 * SD, 10);
    expect(ci?.upper_kg).toBeCloseTo(100 + 1.6448536269514722 * SD, 10);
    expect(ci?.effective_degrees_of_freedom).toBeNull();
    expect(evaluateGraph(transportGraph()).ghg_entries[0]?.coverage_interval).toBeUndefined();
  });

  it("use Student's t at the effective degrees of freedom truncated to an integer", () => {
    const graph = transportGraph();
    // Only the factor is uncertain, with 3.7 degrees of freedom: nu_eff = 3.7, k = t(0.975, 3).
    const datapoints = [
      datapoint('mass', 10, 't'),
      datapoint('distance', 100, 'km'),
      {
        ...datapoint('factor', 0.1, 'kgCO2e/(t*km)', 0.01),
        distribution: { type: 'student_t', degrees_of_freedom: 3.7 },
      },
    ] as RemovalGraphInput['datapoints'];
    const [e] = evaluateGraph({ ...graph, datapoints }, { coverageProbability: 0.95 }).ghg_entries;
    const ci = e?.coverage_interval;
    const k = studentTQuantile(0.975, 3);
    expect(k).toBeCloseTo(3.182446, 5);
    expect(ci?.effective_degrees_of_freedom).toBeCloseTo(3.7, 12);
    expect(ci?.coverage_factor).toBeCloseTo(k, 12);
    expect(ci?.lower_kg).toBeCloseTo(100 - k * 10, 9);
    expect(ci?.upper_kg).toBeCloseTo(100 + k * 10, 9);
  });
});

describe('the Monte Carlo discount', () => {
  const samples = { samples: 20_000, seed: 3 };

  it('credits the percentile, and reports the first-order figures beside it', () => {
    const [e] = evaluateGraph(transportGraph(), { monteCarlo: samples, policies: { discountMethod: 'monte_carlo' } }).ghg_entries;
    const mc = e?.monte_carlo;
    expect(mc?.percentile).toBe(16);
    expect(e?.co2e_net_removed_kg).toBe(mc?.percentile_kg);
    // About one standard deviation below 100 kg.
    expect(e?.co2e_net_removed_kg).toBeGreaterThan(100 - SD - 1);
    expect(e?.co2e_net_removed_kg).toBeLessThan(100 - SD + 1);
    const net = e?.co2e_net_removed_without_discount_kg ?? Number.NaN;
    const discount = e?.uncertainty_discount;
    expect(discount?.method).toBe('monte_carlo');
    expect(discount?.percentile).toBe(16);
    expect(discount?.discount_kg).toBe(net - (e?.co2e_net_removed_kg ?? 0));
    expect(discount?.first_order_co2e_net_removed_kg).toBe(net - SD);
    expect(discount?.first_order_discount_kg).toBeCloseTo(SD, 12);
  });

  it('caps the percentile at the net without discount', () => {
    const policies = { discountMethod: 'monte_carlo', discountPercentile: 84 } as const;
    const [e] = evaluateGraph(transportGraph(), { monteCarlo: samples, policies }).ghg_entries;
    expect(e?.monte_carlo?.percentile_kg).toBeGreaterThan(105);
    expect(e?.co2e_net_removed_kg).toBe(e?.co2e_net_removed_without_discount_kg);
    expect(e?.uncertainty_discount?.discount_kg).toBe(0);
    expect(e?.issuable_kg).toBe(100);
  });

  it('under the first-order method only adds the summary: the first-order net and no discount object', () => {
    const [e] = evaluateGraph(transportGraph(), { monteCarlo: samples }).ghg_entries;
    expect(e?.monte_carlo?.samples).toBe(20_000);
    expect(e?.co2e_net_removed_kg).toBeCloseTo(100 - SD, 12);
    expect(e?.uncertainty_discount).toBeUndefined();
  });
});

describe('entries beyond one chunk', () => {
  it('evaluates every entry in document order, with its own figures, across chunks', () => {
    const count = 2 * ENTRY_CHUNK + 7;
    const seq = blueprint({ key: 'seq', template: '{m}', inputs: { m: { kind: 'mass', unit: 'kg' } } });
    const graph: RemovalGraphInput = {
      component_blueprints: [seq],
      datapoints: Array.from({ length: count }, (_, i) => datapoint(`d${i}x`, 10 * i + 4, 'kg', i % 3 === 0 ? 1 : null)),
      components: Array.from({ length: count }, (_, i) => component(`c${i}x`, 'seq', { m: `d${i}x` })),
      ghg_entries: Array.from({ length: count }, (_, i) => entry(`e${i}x`, { [`c${i}x`]: 1 }, i % 2 === 0 ? 10 : null)),
    };
    const result = evaluateGraph(graph);
    expect(result.ghg_entries).toHaveLength(count);
    result.ghg_entries.forEach((e, i) => {
      expect(e.id).toBe(rmv(`e${i}x`));
      const sd = i % 3 === 0 ? 1 : 0;
      expect(e.co2e_net_removed_without_discount_kg).toBe(10 * i + 4);
      expect(e.co2e_net_removed_kg).toBe(10 * i + 4 - sd);
      // 10 i + 4 (or + 3) rounds down to 10 i.
      expect(e.issuable_kg).toBe(10 * i);
      expect(e.credit_allocation).toEqual(i % 2 === 0 ? { buffer_pool_contribution_kg: i, supplier_allocation_kg: 9 * i } : null);
    });
  });
});
