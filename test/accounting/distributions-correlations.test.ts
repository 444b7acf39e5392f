// Distributions and correlations of a graph document: validation naming the datapoint or the
// group, first order unchanged by a distribution, covariance terms in first order and the budget,
// r = 1 between equal datapoints the same as one datapoint used twice.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateGraph, GraphValidationError, type RemovalGraphInput } from '../../src';
import { blueprint, component, datapoint, dtp, entry, transportGraph } from './fixtures';

const issuesOf = (graph: unknown): { path: (string | number)[]; code: string; message: string }[] => {
  try {
    evaluateGraph(graph);
  } catch (error) {
    if (error instanceof GraphValidationError) return error.issues as never;
    throw error;
  }
  return [];
};

/** a + b over two masses with standard deviations. */
function sumGraph(
  a: [number, number | null],
  b: [number, number | null],
  template = '{a} + {b}',
  ids: [string, string] = ['a', 'b'],
): RemovalGraphInput {
  return {
    component_blueprints: [
      blueprint({ key: 'sum', template, inputs: { a: { kind: 'mass', unit: 'kg' }, b: { kind: 'mass', unit: 'kg' } } }),
    ],
    datapoints: [datapoint(ids[0], a[0], 'kg', a[1]), ...(ids[0] === ids[1] ? [] : [datapoint(ids[1], b[0], 'kg', b[1])])],
    components: [component('sum', 'sum', { a: ids[0], b: ids[1] })],
    ghg_entries: [entry('one', { sum: 1 }, null)],
  };
}

describe('distributions: validation', () => {
  const withDistribution = (distribution: unknown, magnitude = 10, sd: number | null = 1): unknown => {
    const graph = sumGraph([magnitude, sd], [5, 1]) as { datapoints: Record<string, unknown>[] };
    graph.datapoints[0]!['distribution'] = distribution;
    return graph;
  };

  it('accepts every type of the document format', () => {
    for (const d of [
      { type: 'normal' },
      { type: 'rectangular' },
      { type: 'triangular' },
      { type: 'arcsine' },
      { type: 'trapezoidal', beta: 0.5 },
      { type: 'student_t', degrees_of_freedom: 4 },
      { type: 'lognormal' },
    ]) {
      expect(issuesOf(withDistribution(d))).toEqual([]);
    }
  });

  it.each([
    [{ type: 'rectangular' }, 10, null, 'distribution_without_standard_deviation', ['datapoints', 0, 'distribution']],
    [{ type: 'lognormal' }, -2, 1, 'invalid_distribution', ['datapoints', 0, 'distribution']],
    [{ type: 'lognormal' }, 0, 1, 'invalid_distribution', ['datapoints', 0, 'distribution']],
    [{ type: 'trapezoidal', beta: 1.5 }, 10, 1, 'invalid_distribution', ['datapoints', 0, 'distribution', 'beta']],
    [{ type: 'trapezoidal', beta: -0.1 }, 10, 1, 'invalid_distribution', ['datapoints', 0, 'distribution', 'beta']],
    [
      { type: 'student_t', degrees_of_freedom: 0.5 },
      10,
      1,
      'invalid_distribution',
      ['datapoints', 0, 'distribution', 'degrees_of_freedom'],
    ],
  ] as const)('refuses %j at magnitude %d, sd %s, naming the datapoint', (distribution, magnitude, sd, code, path) => {
    // A mass of -2 is also out of the physical range (its own issue, docs/units.md): only the
    // distribution's problem is looked at here.
    const issues = issuesOf(withDistribution(distribution, magnitude, sd)).filter((i) => i.code !== 'value_out_of_physical_range');
    expect(issues.map((i) => i.code)).toEqual([code]);
    expect(issues[0]!.path).toEqual(path);
    expect(issues[0]!.message).toContain(dtp('a'));
  });

  it('refuses an unknown type and a misplaced parameter by shape', () => {
    expect(issuesOf(withDistribution({ type: 'gamma' })).length).toBeGreaterThan(0);
    expect(issuesOf(withDistribution({ type: 'normal', beta: 1 })).length).toBeGreaterThan(0);
  });

  it('leaves every first-order figure unchanged', () => {
    const plain = evaluateGraph(sumGraph([10, 1], [5, 2]));
    const graph = sumGraph([10, 1], [5, 2]) as { datapoints: Record<string, unknown>[] };
    graph.datapoints[0]!['distribution'] = { type: 'arcsine' };
    graph.datapoints[1]!['distribution'] = { type: 'student_t', degrees_of_freedom: 3 };
    expect(evaluateGraph(graph)).toEqual(plain);
  });
});

describe('correlations: validation', () => {
  const withCorrelations = (correlations: unknown, graph: RemovalGraphInput = sumGraph([10, 1], [5, 2])): unknown => ({
    ...graph,
    correlations,
  });

  it.each([
    [[{ datapoint_ids: [dtp('a'), dtp('zz')], coefficient: 0.5 }], 'unknown_datapoint', ['correlations', 0, 'datapoint_ids', 1]],
    [[{ datapoint_ids: [dtp('a'), dtp('a')], coefficient: 0.5 }], 'correlation_same_datapoint', ['correlations', 0, 'datapoint_ids']],
    [[{ datapoint_ids: [dtp('a'), dtp('b')], coefficient: 1.2 }], 'invalid_correlation', ['correlations', 0, 'coefficient']],
    [
      [
        { datapoint_ids: [dtp('a'), dtp('b')], coefficient: 0.5 },
        { datapoint_ids: [dtp('b'), dtp('a')], coefficient: 0.5 },
      ],
      'duplicate_correlation',
      ['correlations', 1],
    ],
  ] as const)('refuses %j', (correlations, code, path) => {
    const issues = issuesOf(withCorrelations(correlations));
    expect(issues.map((i) => i.code)).toEqual([code]);
    expect(issues[0]!.path).toEqual(path);
  });

  it('refuses a datapoint without a standard deviation', () => {
    const issues = issuesOf(withCorrelations([{ datapoint_ids: [dtp('a'), dtp('b')], coefficient: 0.5 }], sumGraph([10, 1], [5, null])));
    expect(issues.map((i) => i.code)).toEqual(['correlation_without_standard_deviation']);
  });

  it('refuses a group that is not positive semidefinite, naming its datapoints', () => {
    const graph = {
      component_blueprints: [
        blueprint({
          key: 'sum3',
          template: '{a} + {b} + {c}',
          inputs: { a: { kind: 'mass', unit: 'kg' }, b: { kind: 'mass', unit: 'kg' }, c: { kind: 'mass', unit: 'kg' } },
        }),
      ],
      datapoints: [datapoint('a', 1, 'kg', 1), datapoint('b', 1, 'kg', 1), datapoint('c', 1, 'kg', 1)],
      components: [component('sum3', 'sum3', { a: 'a', b: 'b', c: 'c' })],
      ghg_entries: [entry('one', { sum3: 1 }, null)],
      // a ~ b, b ~ c strongly, but a and c strongly opposed: no joint distribution.
      correlations: [
        { datapoint_ids: [dtp('a'), dtp('b')], coefficient: 0.9 },
        { datapoint_ids: [dtp('b'), dtp('c')], coefficient: 0.9 },
        { datapoint_ids: [dtp('a'), dtp('c')], coefficient: -0.9 },
      ],
    };
    const issues = issuesOf(graph);
    expect(issues.map((i) => i.code)).toEqual(['correlation_not_positive_semidefinite']);
    for (const name of ['a', 'b', 'c']) expect(issues[0]!.message).toContain(dtp(name));
  });
});

describe('correlations: first order', () => {
  it('adds 2 c_a c_b r s_a s_b and reports it beside the budget, shares adding up to 1', () => {
    const e = evaluateGraph({ ...sumGraph([10, 3], [5, 4]), correlations: [{ datapoint_ids: [dtp('b'), dtp('a')], coefficient: 0.5 }] })
      .ghg_entries[0]!;
    // 9 + 16 + 2 * 0.5 * 3 * 4 = 37
    expect(e.co2e_net_removed_standard_deviation_kg).toBeCloseTo(Math.sqrt(37), 12);
    expect(e.uncertainty_budget_covariances).toEqual([{ datapoint_ids: [dtp('a'), dtp('b')], correlation: 0.5, variance_share: 12 / 37 }]);
    expect(e.uncertainty_budget.map((l) => l.variance_share)).toEqual([16 / 37, 9 / 37]);
  });

  it('r = 1 between equal datapoints gives the figures of one datapoint used twice', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.1, max: 1e4, noNaN: true }),
        fc.double({ min: 0.001, max: 100, noNaN: true }),
        fc.constantFrom('{a} + {b}', '{a} - 2 * {b}', 'sqrt({a} * {b})', '{a} * {b} / ({a} + {b})'),
        (m, s, template) => {
          const once = evaluateGraph(sumGraph([m, s], [m, s], template, ['a', 'a'])).ghg_entries[0]!;
          const twice = evaluateGraph({
            ...sumGraph([m, s], [m, s], template),
            correlations: [{ datapoint_ids: [dtp('a'), dtp('b')], coefficient: 1 }],
          }).ghg_entries[0]!;
          expect(twice.co2e_net_removed_without_discount_kg).toBe(once.co2e_net_removed_without_discount_kg);
          expect(twice.co2e_net_removed_standard_deviation_kg!).toBeCloseTo(once.co2e_net_removed_standard_deviation_kg!, 9);
          expect(twice.co2e_net_removed_kg).toBeCloseTo(once.co2e_net_removed_kg, 9);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('names no covariance for an entry that uses one datapoint of the pair only', () => {
    const graph = { ...transportGraph(), correlations: [{ datapoint_ids: [dtp('mass'), dtp('factor')], coefficient: 0.3 }] };
    graph.datapoints.push(datapoint('other', 1, 't', 0.1));
    graph.correlations = [{ datapoint_ids: [dtp('mass'), dtp('other')], coefficient: 0.3 }];
    expect(evaluateGraph(graph).ghg_entries[0]!.uncertainty_budget_covariances).toBeUndefined();
  });
});
