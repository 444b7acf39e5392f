// Monte Carlo evaluation: invalid draws (a formula outside its domain) are counted and left out,
// never NaN; the first-order discount is flagged when the Monte Carlo 16th percentile shows it is
// not conservative.
import { describe, expect, it } from 'vitest';
import { evaluateGraph, type RemovalGraphInput } from '../../src';
import { normalCdf, normalQuantile } from '../../src/uncertainty';
import { blueprint, component, datapoint, entry } from './fixtures';

/** y = log(x) * m with x ~ N(1, 0.5): 2.275 % of the draws have x <= 0, outside log's domain. */
function logGraph(): RemovalGraphInput {
  return {
    component_blueprints: [blueprint({ key: 'log', template: 'log({x}) * {m}', inputs: { x: { kind: 'dimensionless', unit: '' }, m: { kind: 'mass', unit: 'kg' } } })],
    datapoints: [datapoint('x', 1, '', 0.5), datapoint('m', 1, 'kg')],
    components: [component('log', 'log', { x: 'x', m: 'm' })],
    ghg_entries: [entry('one', { log: 1 }, null)],
  };
}

describe('invalid draws (issue 23 item 7)', () => {
  const samples = 100_000;
  const e = evaluateGraph(logGraph(), { monteCarlo: { samples, seed: 7 } }).ghg_entries[0]!;
  const mc = e.monte_carlo!;

  it('counts the draws outside the domain: about P(x <= 0) = 2.275 %', () => {
    const p = normalCdf(-2);
    expect(mc.invalid_draws / samples).toBeGreaterThan(p - 4 * Math.sqrt((p * (1 - p)) / samples));
    expect(mc.invalid_draws / samples).toBeLessThan(p + 4 * Math.sqrt((p * (1 - p)) / samples));
  });

  it('leaves them out of every figure: no NaN, the 16th percentile of the finite draws', () => {
    for (const v of [mc.mean_kg, mc.standard_deviation_kg, mc.percentile_16_kg, mc.percentile_kg, ...mc.percentile_confidence_interval_kg]) expect(Number.isFinite(v)).toBe(true);
    // Known answer: P(x <= v | x > 0) = 0.16, v = 1 + 0.5 z with Phi(z) = Phi(-2) + 0.16 (1 - Phi(-2)).
    const z = normalQuantile(normalCdf(-2) + 0.16 * (1 - normalCdf(-2)));
    const expected = Math.log(1 + 0.5 * z); // -0.6148
    expect(expected).toBeCloseTo(-0.6148, 3);
    // Within 4 standard errors (the 95 % interval is about 4 standard errors wide).
    const [low, high] = mc.percentile_confidence_interval_kg;
    expect(Math.abs(mc.percentile_16_kg - expected)).toBeLessThan(high - low);
    expect(high - low).toBeLessThan(0.02);
    expect(JSON.stringify(mc)).not.toContain('null');
  });

  it('names the expression and the datapoints in a warning', () => {
    expect(e.warnings.map((w) => w.code)).toContain('monte_carlo_invalid_draws');
    const warning = e.warnings.find((w) => w.code === 'monte_carlo_invalid_draws')!;
    expect(warning.path).toBe('ghg_entries[0]');
    expect(warning.message).toContain(`${mc.invalid_draws} of ${samples}`);
    expect(warning.message).toContain("expression 'result'");
    expect(warning.message).toContain('log({x}) * {m}');
    expect(warning.message).toContain("'dtp_x000000000000000'");
  });

  it('lists the entry warnings at the top level too', () => {
    const result = evaluateGraph(logGraph(), { monteCarlo: { samples: 5000, seed: 1 } });
    expect(result.warnings).toEqual(result.ghg_entries.flatMap((x) => x.warnings));
    expect(result.warnings.length).toBeGreaterThan(0);
  });
});

/**
 * JCGM 101 example 9.4 with x1 = x2 = 0, u = 0.005: Y = X1^2 + X2^2 is at a stationary point, so
 * first order gives u(y) = 0 and no discount. As a loss, the net is -Y: its Monte Carlo 16th
 * percentile is below 0, the first-order net after discount.
 */
function stationaryGraph(): RemovalGraphInput {
  return {
    component_blueprints: [
      blueprint({ key: 'loss', type: 'LOSS', template: '({x1} ^ 2 + {x2} ^ 2) * {m}', inputs: { x1: { kind: 'dimensionless', unit: '' }, x2: { kind: 'dimensionless', unit: '' }, m: { kind: 'mass', unit: 'kg' } } }),
    ],
    datapoints: [datapoint('x1', 0, '', 0.005), datapoint('x2', 0, '', 0.005), datapoint('m', 1e6, 'kg')],
    components: [component('loss', 'loss', { x1: 'x1', x2: 'x2', m: 'm' })],
    ghg_entries: [entry('one', { loss: 1 }, null)],
  };
}

describe('first_order_discount_not_conservative (issue 23 item 4)', () => {
  it('warns at a stationary point (JCGM 101 9.4, x1 = 0) and changes no figure', () => {
    const plain = evaluateGraph(stationaryGraph()).ghg_entries[0]!;
    const e = evaluateGraph(stationaryGraph(), { monteCarlo: { samples: 20_000, seed: 3 } }).ghg_entries[0]!;
    expect(plain.co2e_net_removed_standard_deviation_kg).toBe(0);
    expect(e.co2e_net_removed_kg).toBe(plain.co2e_net_removed_kg);
    // Y = u^2 chi2(2), P(Y > y) = exp(-y / 2u^2): the 16th percentile of -Y is 2 u^2 ln(0.16) 1e6 kg = -91.6 kg.
    const expected = 2 * 0.005 ** 2 * Math.log(0.16) * 1e6;
    const [low, high] = e.monte_carlo!.percentile_confidence_interval_kg;
    expect(Math.abs(e.monte_carlo!.percentile_16_kg - expected)).toBeLessThan(high - low);
    expect(e.warnings.map((w) => w.code)).toEqual(['first_order_discount_not_conservative']);
    expect(e.warnings[0]!.message).toContain("discountMethod 'monte_carlo'");
  });

  it('does not warn for a linear model with normal inputs', () => {
    const graph: RemovalGraphInput = {
      component_blueprints: [blueprint({ key: 'lin', template: '{a} + {b}', inputs: { a: { kind: 'mass', unit: 'kg' }, b: { kind: 'mass', unit: 'kg' } } })],
      datapoints: [datapoint('a', 100, 'kg', 3), datapoint('b', 50, 'kg', 4)],
      components: [component('lin', 'lin', { a: 'a', b: 'b' })],
      ghg_entries: [entry('one', { lin: 1 }, null)],
    };
    for (const seed of [1, 2, 3, 4, 5]) expect(evaluateGraph(graph, { monteCarlo: { samples: 20_000, seed } }).ghg_entries[0]!.warnings).toEqual([]);
  });
});
