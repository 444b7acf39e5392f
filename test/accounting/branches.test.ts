// Branches in an entry (docs/rules.md, "Branches"): the first order differentiates the branch
// taken, Monte Carlo decides per draw, and a deciding comparison whose two sides lie within two
// first-order standard deviations warns `branch_near_threshold`, naming the expression.
import { describe, expect, it } from 'vitest';
import { evaluateGraph } from '../../src';
import { cmp, component, controlCorrectionBlueprint, datapoint, entry } from './fixtures';

/** A control correction applied only where it is significant: m - (|c| > 2 s ? c : 0). */
function graph(m: number, c: number, sd: number) {
  return {
    component_blueprints: [controlCorrectionBlueprint()],
    datapoints: [datapoint('m', m, 'kg', 1), datapoint('c', c, 'kg', sd), datapoint('s', 5, 'kg', null)],
    components: [component('a', 'corrected', { m: 'm', c: 'c', s: 's' })],
    ghg_entries: [entry('e', { a: 1 })],
  };
}

describe('a conditional in an entry', () => {
  it('takes the branch at the magnitudes: value and standard deviation of that branch', () => {
    const applied = evaluateGraph(graph(100, 30, 2)).ghg_entries[0]!;
    expect(applied.co2e_net_removed_without_discount_kg).toBe(70);
    expect(applied.co2e_net_removed_standard_deviation_kg).toBeCloseTo(Math.sqrt(1 + 4), 12);
    const skipped = evaluateGraph(graph(100, 3, 2)).ghg_entries[0]!;
    expect(skipped.co2e_net_removed_without_discount_kg).toBe(100);
    expect(skipped.co2e_net_removed_standard_deviation_kg).toBeCloseTo(1, 12);
  });

  it('warns branch_near_threshold when the sides are within two standard deviations, naming the expression', () => {
    // c = 12 against 2 s = 10: 2 apart, sd 2, so within 2 sd.
    const near = evaluateGraph(graph(100, 12, 2));
    const warning = near.ghg_entries[0]!.warnings.find((w) => w.code === 'branch_near_threshold');
    expect(warning?.path).toBe('components[0]');
    expect(warning?.message).toContain(`component '${cmp('a')}' (blueprint 'corrected'), expression 'result'`);
    expect(warning?.message).toContain('the two sides of {c} > 2 * {s} differ by 2 (SI), within 2 first-order standard deviations (2)');
    expect(near.warnings.map((w) => w.code)).toContain('branch_near_threshold');
    // 4.01 sd away: no warning; no standard deviation: no warning.
    expect(evaluateGraph(graph(100, 18.02, 2)).warnings.map((w) => w.code)).not.toContain('branch_near_threshold');
    expect(evaluateGraph(graph(100, 10.5, 0)).warnings.map((w) => w.code)).not.toContain('branch_near_threshold');
  });

  it('never changes a figure by warning', () => {
    const near = evaluateGraph(graph(100, 12, 2)).ghg_entries[0]!;
    expect(near.co2e_net_removed_without_discount_kg).toBe(88);
    expect(near.co2e_net_removed_standard_deviation_kg).toBeCloseTo(Math.sqrt(5), 12);
  });

  it('under Monte Carlo decides per draw: the net is m less c in about half the draws near the threshold', () => {
    const result = evaluateGraph(graph(100, 10, 2), { monteCarlo: { samples: 20_000, seed: 7 } }).ghg_entries[0]!;
    // E[net] = 100 - E[c; c > 10] = 100 - (10 * 0.5 + 2 * phi(0)) with phi(0) = 0.398942.
    const expected = 100 - (10 * 0.5 + 2 * 0.3989422804);
    expect(result.monte_carlo!.mean_kg).toBeCloseTo(expected, 0);
    expect(Math.abs(result.monte_carlo!.mean_kg - expected)).toBeLessThan(0.15);
  });
});
