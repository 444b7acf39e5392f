// An entry's first pass (src/accounting/evaluate/entry-sensitivities.ts) through the accumulator, by known answers: an
// entry with an amortised share under the policy 'propagated' merges its terms there; where the share does not move
// (a time share) it must give the planned merge's figures bit for bit, reused datapoints (sorted by id) and the
// covariance of correlated datapoints included. Also the net alone with an attribution factor, and a kinked entry
// with an amortised share under either policy.
import { describe, expect, it } from 'vitest';
import { evaluateGraph, type RemovalGraphInput } from '../../src';
import { BLUEPRINTS, cmp, datapoint, dtp, entry, massComponent, prj, statement } from '../statements/helpers';

const T = 1000; // kg per t
const propagated = { policies: { amortisedShareInPropagation: 'propagated' } } as const;

/** A SEQUESTRATION blueprint `key` with mass inputs p and q and the given template over {p} and {q}. */
function twoInputs(key: string, template: string) {
  return {
    key,
    type: 'SEQUESTRATION',
    inputs: [
      { input_key: 'p', quantity_kind: 'mass', compatible_unit: 't', data_shape: 'SCALAR' },
      { input_key: 'q', quantity_kind: 'mass', compatible_unit: 't', data_shape: 'SCALAR' },
    ],
    expressions: [
      {
        key: 'result',
        template,
        inputs: [
          { template_key: 'p', input_key: 'p', type: 'DATAPOINT' },
          { template_key: 'q', input_key: 'q', type: 'DATAPOINT' },
        ],
      },
    ],
  };
}

const twoInputComponent = (name: string, key: string, p: string, q: string) => ({
  id: cmp(name),
  blueprint_key: key,
  inputs: [
    { input_key: 'p', datapoint_ids: [dtp(p)] },
    { input_key: 'q', datapoint_ids: [dtp(q)] },
  ],
});

/**
 * Entry e0 of components k (p = z, q = y) and l (p = y, q = z), both p + 2 q: z = 30 t +- 1, y = 20 t +- 2, each reached
 * twice (d/dz = 1 + 2 = 3, d/dy = 2 + 1 = 3), first z then y; a project emission x = 10 t amortised by `project`.
 */
function reusedTwice(project: Record<string, unknown>, extra: Record<string, unknown> = {}): RemovalGraphInput {
  return {
    component_blueprints: [...BLUEPRINTS, twoInputs('sum', '{p} + 2 * {q}')],
    datapoints: [datapoint('z', 30, 't', 1), datapoint('y', 20, 't', 2), datapoint('x', 10)],
    components: [twoInputComponent('k', 'sum', 'z', 'y'), twoInputComponent('l', 'sum', 'y', 'z'), massComponent('x', 'emit')],
    ghg_entries: [entry('e0', { k: 1, l: 1 }, null)],
    ghg_statements: [statement('a', ['e0'])],
    projects: [{ id: prj('p'), ...project }],
    ...extra,
  } as RemovalGraphInput;
}

const lifetime = {
  estimated_lifetime: { magnitude: 2, unit: 'yr' },
  components: [{ component_id: cmp('x'), allocation_strategy: 'ESTIMATED_PROJECT_LIFETIME' }],
};

describe('through the accumulator, a share that does not move gives the planned figures', () => {
  it('reused datapoints sorted by id (y before z though z is reached first), each with its uses', () => {
    const graph = reusedTwice(lifetime);
    const [merged] = evaluateGraph(graph, propagated).ghg_entries;
    const [planned] = evaluateGraph(graph).ghg_entries;
    expect(merged!.reused_datapoints).toEqual([
      { datapoint_id: dtp('y'), uses: 2 },
      { datapoint_id: dtp('z'), uses: 2 },
    ]);
    expect(merged!.reused_datapoints).toEqual(planned!.reused_datapoints);
    // Variance (3 x 1 t)^2 + (3 x 2 t)^2 = 45 t^2.
    expect(merged!.co2e_net_removed_standard_deviation_kg).toBeCloseTo(Math.sqrt(45) * T, 6);
    expect(merged!.co2e_net_removed_standard_deviation_kg).toBe(planned!.co2e_net_removed_standard_deviation_kg);
    expect(merged!.uncertainty_budget).toEqual(planned!.uncertainty_budget);
    expect(merged!.co2e_net_removed_without_discount_kg).toBe(planned!.co2e_net_removed_without_discount_kg);
  });

  it('with y and z correlated (r = 0.5): + 2 x 0.5 x (3 x 1 t)(3 x 2 t) = 18 t^2', () => {
    const correlations = [{ datapoint_ids: [dtp('z'), dtp('y')], coefficient: 0.5 }];
    const graph = reusedTwice(lifetime, { correlations });
    const [merged] = evaluateGraph(graph, propagated).ghg_entries;
    const [planned] = evaluateGraph(graph).ghg_entries;
    expect(merged!.co2e_net_removed_standard_deviation_kg).toBeCloseTo(Math.sqrt(63) * T, 6);
    expect(merged!.co2e_net_removed_standard_deviation_kg).toBe(planned!.co2e_net_removed_standard_deviation_kg);
    expect(merged!.uncertainty_budget).toEqual(planned!.uncertainty_budget);
  });

  it('a moving share (tonnage) reaches each datapoint once more, through the share: 3 uses each, sorted', () => {
    const graph = reusedTwice({
      estimated_gross_tonnage_kg: 1000 * T,
      components: [{ component_id: cmp('x'), allocation_strategy: 'ESTIMATED_PROJECT_TONNAGE' }],
    });
    const [merged] = evaluateGraph(graph, propagated).ghg_entries;
    expect(merged!.reused_datapoints).toEqual([
      { datapoint_id: dtp('y'), uses: 3 },
      { datapoint_id: dtp('z'), uses: 3 },
    ]);
    // Gross 2 x (30 + 40) + ... : k = z + 2 y = 70 t, l = y + 2 z = 80 t; share 150 / 1000; d(net)/dz = 3 (1 - 10 / 1000).
    expect(merged!.co2e_net_removed_without_discount_kg).toBeCloseTo(150 * T - 0.15 * 10 * T, 6);
    expect(merged!.uncertainty_budget.find((l) => l.datapoint_id === dtp('z'))!.sensitivity).toBeCloseTo(3 * 0.99 * T, 9);
  });
});

describe('the net alone (no propagation)', () => {
  it('is the attribution factor times the value: 0.25 x (30 t + 2 x 30 t)', () => {
    const graph = reusedTwice(lifetime);
    graph.projects = [];
    graph.ghg_statements = [];
    graph.ghg_entries = [{ ...graph.ghg_entries[0]!, component_attributions: [{ component_id: cmp('k'), attribution_factor: 0.25 }] }];
    graph.components[0] = twoInputComponent('k', 'sum', 'z', 'z');
    const [e] = evaluateGraph(graph, { propagate: false }).ghg_entries;
    expect(e!.co2e_net_removed_without_discount_kg).toBeCloseTo(0.25 * 90 * T, 9);
  });
});

describe('a kinked entry with an amortised share', () => {
  it('chooses its branch under the constant and the propagated policy alike: max(p, q) at p = q takes the larger spread', () => {
    const graph = reusedTwice(
      { estimated_gross_tonnage_kg: 1000 * T, components: [{ component_id: cmp('x'), allocation_strategy: 'ESTIMATED_PROJECT_TONNAGE' }] },
      {
        component_blueprints: [...BLUEPRINTS, twoInputs('top', 'max({p}, {q})')],
        datapoints: [datapoint('z', 20, 't', 1), datapoint('y', 20, 't', 2), datapoint('x', 10)],
        components: [twoInputComponent('k', 'top', 'z', 'y'), massComponent('x', 'emit')],
        ghg_entries: [entry('e0', { k: 1 }, null)],
      },
    );
    const [constant] = evaluateGraph(graph).ghg_entries;
    // net = 20 t - (20 / 1000) x 10 t; the branch of y (sd 2 t).
    expect(constant!.co2e_net_removed_without_discount_kg).toBeCloseTo(19.8 * T, 6);
    expect(constant!.co2e_net_removed_standard_deviation_kg).toBeCloseTo(2 * T, 6);
    const [moving] = evaluateGraph(graph, propagated).ghg_entries;
    expect(moving!.co2e_net_removed_standard_deviation_kg).toBeCloseTo(2 * 0.99 * T, 6);
  });
});
