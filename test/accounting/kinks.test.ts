// Kinks (docs/result.md): at a tie of min/max or abs at 0, the propagation takes the branch that
// gives the entry the larger variance, whatever the order of arguments or LIST items.
import { describe, expect, it } from 'vitest';
import { evaluateGraph, type RemovalGraphInput } from '../../src';
import { checkPermutationInvariance, checkReuseRule, checkUnitInvariance } from '../../src/testing';
import { blueprint, component, datapoint, dtp, entry } from './fixtures';

type Inputs = Parameters<typeof blueprint>[0]['inputs'];

function graph(
  template: string,
  inputs: Inputs,
  datapoints: ReturnType<typeof datapoint>[],
  bindings: Record<string, string | string[]>,
): RemovalGraphInput {
  return {
    component_blueprints: [blueprint({ key: 'bp', template, inputs })],
    datapoints,
    components: [component('c', 'bp', bindings)],
    ghg_entries: [entry('e', { c: 1 }, null)],
  };
}

const MASSES: Inputs = { s: { kind: 'mass', unit: 't' }, r: { kind: 'mass', unit: 't' } };

function figures(g: RemovalGraphInput) {
  const e = evaluateGraph(g).ghg_entries[0]!;
  return {
    net: e.co2e_net_removed_without_discount_kg,
    sd: e.co2e_net_removed_standard_deviation_kg,
    issuable: e.issuable_kg,
    budget: e.uncertainty_budget.map((l) => [l.datapoint_id, l.sensitivity, l.variance_share]),
  };
}

describe('min and max at a tie of two arguments', () => {
  const points = [datapoint('s', 10, 't', 1), datapoint('r', 10, 't', 3)];
  it.each(['min({s}, {r})', 'min({r}, {s})', 'max({s}, {r})', 'max({r}, {s})'])(
    '%s takes the argument of larger variance: sd 3,000 kg, issuable 7,000 kg',
    (template) => {
      const f = figures(graph(template, MASSES, points, { s: 's', r: 'r' }));
      // Before: min({s}, {r}) gave sd 1,000 kg and issuable 9,000 kg, min({r}, {s}) 3,000 and 7,000.
      expect(f.net).toBe(10_000);
      expect(f.sd).toBeCloseTo(3000, 9);
      expect(f.issuable).toBe(7000);
      expect(f.budget).toEqual([
        [dtp('r'), 1000, 1],
        [dtp('s'), 0, 0],
      ]);
    },
  );

  it('leaves a formula away from its tie as it was', () => {
    const f = figures(graph('min({s}, {r})', MASSES, [datapoint('s', 10, 't', 1), datapoint('r', 10.5, 't', 3)], { s: 's', r: 'r' }));
    expect(f.sd).toBeCloseTo(1000, 9);
    expect(f.issuable).toBe(9000);
  });

  it('breaks a tie of equal variances by datapoint id, not by order', () => {
    const equal = [datapoint('s', 10, 't', 2), datapoint('r', 10, 't', 2)];
    const a = figures(graph('min({s}, {r})', MASSES, equal, { s: 's', r: 'r' }));
    const b = figures(graph('min({r}, {s})', MASSES, equal, { s: 's', r: 'r' }));
    expect(a).toEqual(b);
    expect(a.sd).toBeCloseTo(2000, 9);
    // 'dtp_r...' sorts before 'dtp_s...': the tie goes to r.
    expect(a.budget[0]).toEqual([dtp('r'), 1000, 1]);
  });
});

describe('min and max of a LIST at a tie of items', () => {
  const inputs: Inputs = { m: { kind: 'mass', unit: 't' }, f: { kind: 'mass_fraction', unit: '%', shape: 'LIST' } };
  const points = [datapoint('m', 400, 't', 10), datapoint('lab1', 70, '%', 1), datapoint('lab2', 70, '%', 3)];
  it.each([[['lab1', 'lab2']], [['lab2', 'lab1']]])('two samples tied at 70 %% in the order %j give the same, larger variance', (order) => {
    const f = figures(graph('{m} * min({f})', inputs, points, { m: 'm', f: order }));
    // (0.7 x 10 t)^2 + (400 t x 3 %)^2 = 193 t^2, where the sample of sd 1 % alone would give 65 t^2.
    expect(f.net).toBeCloseTo(280_000, 6);
    expect(f.sd).toBeCloseTo(Math.sqrt(193e6), 6);
    expect(f.issuable).toBe(Math.round((280_000 - Math.sqrt(193e6)) / 10) * 10);
    expect(f.budget.map((l) => l[0])).toEqual([dtp('lab2'), dtp('m'), dtp('lab1')]);
  });
});

describe('abs at 0', () => {
  const inputs: Inputs = { a: { kind: 'mass', unit: 't' }, b: { kind: 'mass', unit: 't' }, m: { kind: 'mass', unit: 't' } };
  it.each(['{m} - abs({a} - {b})', '{m} - abs({b} - {a})'])('%s propagates the spread of a and b (sd 1,414 kg, not 0)', (template) => {
    const points = [datapoint('a', 5, 't', 1), datapoint('b', 5, 't', 1), datapoint('m', 10, 't', 0)];
    const f = figures(graph(template, inputs, points, { a: 'a', b: 'b', m: 'm' }));
    expect(f.net).toBe(10_000);
    expect(f.sd).toBeCloseTo(1000 * Math.SQRT2, 9);
    expect(f.issuable).toBe(8590);
  });
});

describe('the entry, not the component, decides the branch', () => {
  it('takes the branch of larger variance of the whole entry', () => {
    // Entry net = min(s, r) - s. The component alone prefers s (sd 3 t), but then the entry's
    // derivatives cancel (variance 0); the branch r gives the entry sqrt(1 + 9) t.
    const g: RemovalGraphInput = {
      component_blueprints: [
        blueprint({ key: 'low', template: 'min({s}, {r})', inputs: MASSES }),
        blueprint({ key: 'loss', type: 'LOSS', template: '{s}', inputs: { s: { kind: 'mass', unit: 't' } } }),
      ],
      datapoints: [datapoint('s', 10, 't', 3), datapoint('r', 10, 't', 1)],
      components: [component('low', 'low', { s: 's', r: 'r' }), component('loss', 'loss', { s: 's' })],
      ghg_entries: [entry('e', { low: 1, loss: 1 }, null)],
    };
    const e = evaluateGraph(g).ghg_entries[0]!;
    expect(e.co2e_net_removed_without_discount_kg).toBe(0);
    expect(e.co2e_net_removed_standard_deviation_kg).toBeCloseTo(1000 * Math.sqrt(10), 9);
    expect(e.components.find((c) => c.component_id.includes('low'))?.standard_deviation_kg).toBeCloseTo(3000, 9);
    const reversed = { ...g, ghg_entries: [entry('e', { loss: 1, low: 1 }, null)] };
    expect(evaluateGraph(reversed).ghg_entries[0]!.co2e_net_removed_standard_deviation_kg).toBe(e.co2e_net_removed_standard_deviation_kg);
  });
});

describe('the property checks on a methodology with min(1, ratio)', () => {
  const pmc = {
    key: 'pmc',
    type: 'SEQUESTRATION',
    inputs: [
      { input_key: 'mass', quantity_kind: 'mass', compatible_unit: 't', data_shape: 'SCALAR' },
      { input_key: 'pMC_stream', quantity_kind: 'dimensionless_ratio', compatible_unit: 'dimensionless', data_shape: 'SCALAR' },
      { input_key: 'pMC_reference', quantity_kind: 'dimensionless_ratio', compatible_unit: 'dimensionless', data_shape: 'SCALAR' },
    ],
    expressions: [
      {
        key: 'biogenic',
        template: '{mass} * min(1, {pMC_stream} / {pMC_reference})',
        inputs: [
          { template_key: 'mass', input_key: 'mass', type: 'DATAPOINT' },
          { template_key: 'pMC_stream', input_key: 'pMC_stream', type: 'DATAPOINT' },
          { template_key: 'pMC_reference', input_key: 'pMC_reference', type: 'DATAPOINT' },
        ],
      },
    ],
  } as const;
  it('finds no order or unit dependence, at ties generated on purpose', () => {
    // Both ratios drawn at the same value (in whatever unit), so that min(1, stream / reference) sits on its kink.
    const tie = { magnitude: { min: 0.7, max: 0.7, unit: 'dimensionless' }, standardDeviation: 'always' } as const;
    const options = { numRuns: 40, seed: 23, graphs: { inputs: { pMC_stream: tie, pMC_reference: tie } } };
    const checks = [checkPermutationInvariance, checkUnitInvariance, checkReuseRule];
    for (const verdict of checks.map((check) => check([pmc as never], options))) {
      expect(verdict.ok ? '' : verdict.message).toBe('');
    }
  });

  it('shuffles the arguments of min and max too, and finds no dependence on their order at a tie', () => {
    const tied = {
      ...pmc,
      key: 'tied',
      expressions: [{ ...pmc.expressions[0], template: '{mass} * max({pMC_stream}, {pMC_reference})' }],
    };
    const tie = {
      magnitude: { min: 0.7, max: 0.7, unit: 'dimensionless' },
      relativeStandardDeviation: { min: 0.01, max: 0.05 },
      standardDeviation: 'always',
    } as const;
    const verdict = checkPermutationInvariance([tied as never], {
      numRuns: 30,
      seed: 5,
      graphs: { inputs: { pMC_stream: tie, pMC_reference: tie } },
    });
    expect(verdict.ok ? '' : verdict.message).toBe('');
  });

  it('takes the ratio branch at pMC_stream = pMC_reference', () => {
    const g: RemovalGraphInput = {
      component_blueprints: [pmc as never],
      datapoints: [
        datapoint('mass', 100, 't', 0),
        datapoint('stream', 0.98, 'dimensionless', 0.01),
        datapoint('ref', 0.98, 'dimensionless', 0.01),
      ],
      components: [component('c', 'pmc', { mass: 'mass', pMC_stream: 'stream', pMC_reference: 'ref' })],
      ghg_entries: [entry('e', { c: 1 }, null)],
    };
    const e = evaluateGraph(g).ghg_entries[0]!;
    // d/d(stream) = 100 t / 0.98, d/d(ref) = -100 t / 0.98: sd = 100 t x sqrt(2) x 0.01 / 0.98.
    expect(e.co2e_net_removed_standard_deviation_kg).toBeCloseTo((100_000 * Math.SQRT2 * 0.01) / 0.98, 6);
  });
});
