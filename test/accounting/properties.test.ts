// Invariants of evaluateGraph on generated graphs, with cdr-engine/testing's arbitraries and
// property checks (the same ones methodologists run): graphs on random blueprints (every formula
// form the generator knows, reused variables, LIST inputs, two expressions, ZERO_TCO2E) and on the
// bundled biochar library, shared components, reused datapoints, Pint unit spellings.
import { describe, expect, it } from 'vitest';
import { evaluateGraph, type EvaluationResult, type RemovalGraphInput } from '../../src';
import {
  assertVerdict,
  type BlueprintDefinition,
  checkAttributionLinearity,
  checkConservativeness,
  checkPermutationInvariance,
  checkProperty,
  checkReuseRule,
  checkSharedComponentConservation,
} from 'cdr-engine/testing';
import { BIOCHAR, RANDOM_POOL } from '../testing/helpers';
import { blueprint, component, datapoint, entry } from './fixtures';

/** Random blueprints without kinks (min, max), where finite differences are exact to first order. */
const SMOOTH_POOL: readonly BlueprintDefinition[] = RANDOM_POOL.filter((b) =>
  b.expressions.every((e) => !/\b(min|max)\(/.test(e.template)),
);
const LIBRARIES = { random: RANDOM_POOL, biochar: BIOCHAR.component_blueprints } as const;
const byId = (result: EvaluationResult) => Object.fromEntries(result.ghg_entries.map((e) => [e.id, e]));

describe('properties of evaluateGraph', () => {
  for (const [name, blueprints] of Object.entries(LIBRARIES)) {
    describe(`on graphs of the ${name} blueprints`, () => {
      const options = { numRuns: 100, seed: 20261123 };
      it('permuting blueprints, datapoints, components, entries, inputs and LIST items changes nothing', () => {
        assertVerdict(checkPermutationInvariance(blueprints, options));
      });
      it('scaling an entry’s attribution factors scales its net, standard deviation and discount linearly', () => {
        assertVerdict(checkAttributionLinearity(blueprints, options));
      });
      it('a reused datapoint is one variable (derivatives merged before squaring), and is reported with its uses', () => {
        assertVerdict(checkReuseRule(blueprints, options));
      });
      it('entries sharing a component receive its value times the sum of their factors', () => {
        assertVerdict(checkSharedComponentConservation(blueprints, options));
      });
      it('the discount lowers the net by the standard deviation; credits never exceed the rounded discounted net', () => {
        assertVerdict(checkConservativeness(blueprints, options));
      });
    });
  }

  it('budget shares sum to 1 whenever the variance is positive', () => {
    const verdict = checkProperty(
      'budget shares sum to 1',
      RANDOM_POOL,
      (_graph, result) => {
        for (const e of result.ghg_entries) {
          const total = e.uncertainty_budget.reduce((s, l) => s + l.variance_share, 0);
          const positive = (e.co2e_net_removed_standard_deviation_kg ?? 0) > 0;
          if (positive ? Math.abs(total - 1) > 1e-10 : total !== 0) return `entry ${e.id}: shares sum to ${total}`;
        }
        return null;
      },
      { numRuns: 150, seed: 11 },
    );
    assertVerdict(verdict);
  });

  it('finite differences agree with the reported sensitivities', () => {
    const verdict = checkProperty(
      'sensitivities are the partial derivatives',
      SMOOTH_POOL,
      (graph, result) => {
        const base = byId(result);
        for (const [d, dp] of graph.datapoints.entries()) {
          // Relative steps: a magnitude may be tiny in a large unit (1e-11 kilotonne/gCO2e is 1 %).
          const h = dp.quantity.magnitude === 0 ? 1e-9 : Math.abs(dp.quantity.magnitude) * 1e-6;
          const bump = (delta: number) =>
            byId(
              evaluateGraph({
                ...graph,
                datapoints: graph.datapoints.map((x, i) =>
                  i === d ? { ...x, quantity: { ...x.quantity, magnitude: x.quantity.magnitude + delta } } : x,
                ),
              }),
            );
          const plus = bump(h);
          const minus = bump(-h);
          for (const id of Object.keys(base)) {
            const numeric = (plus[id]!.co2e_net_removed_without_discount_kg - minus[id]!.co2e_net_removed_without_discount_kg) / (2 * h);
            const analytic = base[id]!.uncertainty_budget.find((l) => l.datapoint_id === dp.id)?.sensitivity ?? 0;
            const scale = Math.max(
              1,
              Math.abs(analytic),
              Math.abs(base[id]!.co2e_net_removed_without_discount_kg / (dp.quantity.magnitude || 1)),
            );
            if (Math.abs(numeric - analytic) > 1e-5 * scale)
              return `entry ${id}, datapoint ${dp.id}: finite difference ${numeric}, sensitivity ${analytic}`;
          }
        }
        return null;
      },
      { numRuns: 40, seed: 3, graphs: { entries: { min: 1, max: 2 }, components: { min: 1, max: 3 } } },
    );
    assertVerdict(verdict);
  });

  it('is deterministic: the same document gives a byte-identical result', () => {
    const verdict = checkProperty(
      'deterministic',
      RANDOM_POOL,
      (graph, result) =>
        JSON.stringify(result) === JSON.stringify(evaluateGraph(structuredClone(graph))) ? null : 'two evaluations differ',
      { numRuns: 50, seed: 5 },
    );
    assertVerdict(verdict);
  });

  it('for a linear model, Monte Carlo agrees with the linear propagation within sampling error', () => {
    const graph: RemovalGraphInput = {
      component_blueprints: [
        blueprint({
          key: 'lin',
          template: '{a} + {b} * 3 - {c}',
          inputs: { a: { kind: 'mass', unit: 't' }, b: { kind: 'mass', unit: 'kg' }, c: { kind: 'mass', unit: 'kg' } },
        }),
      ],
      datapoints: [datapoint('a', 2, 't', 0.1), datapoint('b', 300, 'kg', 20), datapoint('c', 50, 'kg', 30)],
      components: [component('c', 'lin', { a: 'a', b: 'b', c: 'c' })],
      ghg_entries: [entry('e', { c: 1 })],
    };
    const samples = 20_000;
    const e = evaluateGraph(graph, { monteCarlo: { samples, seed: 42 } }).ghg_entries[0]!;
    const mc = e.monte_carlo!;
    const sd = e.co2e_net_removed_standard_deviation_kg!;
    expect(sd).toBeCloseTo(Math.sqrt(100 ** 2 + 60 ** 2 + 30 ** 2), 9);
    expect(Math.abs(mc.mean_kg - e.co2e_net_removed_without_discount_kg)).toBeLessThan((4 * sd) / Math.sqrt(samples));
    // The sample standard deviation has a relative standard error of about 1/sqrt(2n).
    expect(Math.abs(mc.standard_deviation_kg / sd - 1)).toBeLessThan(4 / Math.sqrt(2 * samples));
    expect(Math.abs(mc.percentile_16_kg - e.co2e_net_removed_kg)).toBeLessThan(0.05 * sd);
  });
});
