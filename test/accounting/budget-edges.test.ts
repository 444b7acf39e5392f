// The budget's edges (src/accounting/evaluate/budget.ts), by known answers: shares of a zero
// variance, the degrees of freedom of a zero variance and of an entry next to a Student's t one,
// correlated datapoints in an entry merged through the accumulator, and the budget replaced by
// assignment as an ordinary data property.
import { describe, expect, it } from 'vitest';
import { evaluateGraph, type RemovalGraphInput } from '../../src';
import { blueprint, component, datapoint, entry } from './fixtures';
import { BLUEPRINTS, datapoint as tonnes, massComponent, twoEntriesSharingProjectEmission } from '../statements/helpers';

const sum = blueprint({ key: 'sum', template: 'sum({m})', inputs: { m: { kind: 'mass', unit: 'kg', shape: 'LIST' } } });

describe('a zero variance', () => {
  it('gives every line share 0 and no degrees of freedom (the normal coverage factor)', () => {
    const g: RemovalGraphInput = {
      component_blueprints: [sum],
      datapoints: [datapoint('a', 10, 'kg', 0), datapoint('b', 11, 'kg', 0)],
      components: [component('all', 'sum', { m: ['a', 'b'] })],
      ghg_entries: [entry('list', { all: 1 }, null)],
    };
    const [e] = evaluateGraph(g, { coverageProbability: 0.95 }).ghg_entries;
    expect(e!.uncertainty_budget.map((l) => l.variance_share)).toEqual([0, 0]);
    expect(e!.coverage_interval).toEqual({
      probability: 0.95,
      lower_kg: 21,
      upper_kg: 21,
      coverage_factor: expect.closeTo(1.959964, 6),
      effective_degrees_of_freedom: null,
    });
  });
});

describe("an entry next to one with a Student's t datapoint", () => {
  it("has no degrees of freedom of its own: only the entry's terms count", () => {
    const g: RemovalGraphInput = {
      component_blueprints: [sum],
      datapoints: [
        datapoint('a', 10, 'kg', 1),
        { ...datapoint('b', 5, 'kg', 1), distribution: { type: 'student_t', degrees_of_freedom: 4 } },
      ],
      components: [component('first', 'sum', { m: ['a'] }), component('second', 'sum', { m: ['b'] })],
      ghg_entries: [entry('first', { first: 1 }, null), entry('second', { second: 1 }, null)],
    } as RemovalGraphInput;
    const [first, second] = evaluateGraph(g, { coverageProbability: 0.95 }).ghg_entries;
    expect(first!.coverage_interval!.effective_degrees_of_freedom).toBeNull();
    expect(second!.coverage_interval!.effective_degrees_of_freedom).toBeCloseTo(4, 12);
  });
});

describe('correlated datapoints in an entry merged through the accumulator', () => {
  it('add 2 r c_a u_a c_b u_b to its variance, with a covariance line', () => {
    const id = (prefix: string, name: string) => `${prefix}_${name.padEnd(16, '_')}`;
    const g = {
      component_blueprints: BLUEPRINTS,
      datapoints: [tonnes('s0', 100, 't', 2), tonnes('s1', 300, 't', 3), tonnes('x', 30, 't', 1)],
      components: [massComponent('s0', 'seq'), massComponent('s1', 'seq'), massComponent('x', 'emit')],
      ...twoEntriesSharingProjectEmission(),
      correlations: [{ datapoint_ids: [id('dtp', 's0'), id('dtp', 's1')], coefficient: 0.5 }],
    } as unknown as RemovalGraphInput;
    const result = evaluateGraph(g, { policies: { amortisedShareInPropagation: 'propagated' } });
    for (const e of result.ghg_entries) {
      const line = (name: string) => e.uncertainty_budget.find((l) => l.datapoint_id === id('dtp', name))!;
      const u = (name: string) => line(name).sensitivity * (line(name).standard_deviation as number);
      const independent = u('s0') ** 2 + u('s1') ** 2 + u('x') ** 2;
      const covariance = 2 * 0.5 * u('s0') * u('s1');
      const variance = independent + covariance;
      expect(e.co2e_net_removed_standard_deviation_kg).toBeCloseTo(Math.sqrt(variance), 6);
      expect(e.uncertainty_budget_covariances).toEqual([
        { datapoint_ids: [id('dtp', 's0'), id('dtp', 's1')], correlation: 0.5, variance_share: expect.closeTo(covariance / variance, 12) },
      ]);
    }
  });
});

describe('the budget replaced by assignment', () => {
  it('is a writable, enumerable, configurable data property', () => {
    const g: RemovalGraphInput = {
      component_blueprints: [sum],
      datapoints: [datapoint('a', 10, 'kg', 1)],
      components: [component('all', 'sum', { m: ['a'] })],
      ghg_entries: [entry('list', { all: 1 }, null)],
    };
    const e = evaluateGraph(g).ghg_entries[0] as { uncertainty_budget: unknown };
    e.uncertainty_budget = ['replaced'];
    expect(Object.getOwnPropertyDescriptor(e, 'uncertainty_budget')).toEqual({
      value: ['replaced'],
      writable: true,
      enumerable: true,
      configurable: true,
    });
  });
});
