// An entry's first pass (src/accounting/evaluate/entry-sensitivities.ts) on tiny graphs with known answers: the
// standard deviation of an entry without any given one under each policy, and a factor datapoint's sensitivity,
// by the planned merge and through the accumulator (a propagated amortised share).
import { describe, expect, it } from 'vitest';
import { evaluateGraph, type RemovalGraphInput } from '../../src';
import { cmp, datapoint, dtp, massComponent, prj, statementGraph } from '../statements/helpers';

const T = 1000; // kg per t

describe('an entry none of whose datapoints has a standard deviation', () => {
  it("null by default, 0 under standardDeviationWithoutInputs 'zero', null without propagation either way", () => {
    const graph = statementGraph([10]);
    expect(evaluateGraph(graph).ghg_entries[0]!.co2e_net_removed_standard_deviation_kg).toBeNull();
    const policies = { standardDeviationWithoutInputs: 'zero' } as const;
    expect(evaluateGraph(graph, { policies }).ghg_entries[0]!.co2e_net_removed_standard_deviation_kg).toBe(0);
    expect(evaluateGraph(graph, { policies, propagate: false }).ghg_entries[0]!.co2e_net_removed_standard_deviation_kg).toBeNull();
  });

  it('with one given: its own, under either policy', () => {
    const graph = statementGraph([10]);
    graph.datapoints[0]!.quantity.standard_deviation = 2;
    const policies = { standardDeviationWithoutInputs: 'zero' } as const;
    expect(evaluateGraph(graph, { policies }).ghg_entries[0]!.co2e_net_removed_standard_deviation_kg).toBeCloseTo(2 * T, 9);
  });
});

/** Entry e0 of 10 t (sd 1 t) attributed by a factor datapoint f = 0.5 (sd `u`), dimensionless. */
function factorGraph(u: number | null, extra: Partial<RemovalGraphInput> & Record<string, unknown> = {}): RemovalGraphInput {
  const base = statementGraph([10]);
  return {
    ...base,
    datapoints: [
      { ...base.datapoints[0]!, quantity: { ...base.datapoints[0]!.quantity, standard_deviation: 1 } },
      { id: dtp('f'), quantity: { magnitude: 0.5, unit: '1', standard_deviation: u } },
    ],
    ghg_entries: [
      {
        ...base.ghg_entries[0]!,
        component_attributions: [{ component_id: cmp('s0'), attribution_factor_datapoint_id: dtp('f') }],
      },
    ],
    ...extra,
  } as RemovalGraphInput;
}

describe("a factor datapoint's sensitivity: the component's value with the attribution's sign", () => {
  it('planned: net 5 t, variance (0.5 x 1 t)^2 + (10 t x 0.1)^2', () => {
    const [e] = evaluateGraph(factorGraph(0.1)).ghg_entries;
    expect(e!.co2e_net_removed_without_discount_kg).toBeCloseTo(5 * T, 9);
    expect(e!.co2e_net_removed_standard_deviation_kg).toBeCloseTo(Math.hypot(0.5 * T, 1 * T), 6);
    const line = e!.uncertainty_budget.find((l) => l.datapoint_id === dtp('f'))!;
    expect(line.sensitivity).toBeCloseTo(10 * T, 6);
  });

  it("through the accumulator (a propagated amortised share on the entry): with the share's own derivative", () => {
    // A project emission x of 3 t; the statement's share is its gross 10 t x f over the estimated 10 t, so the
    // entry's net is 10 t f - 3 t f = 3.5 t, and f's sensitivity 7 t when the share is propagated, 10 t when constant.
    const graph = factorGraph(0.1, {
      components: [...statementGraph([10]).components, massComponent('x', 'emit')],
      projects: [
        {
          id: prj('p'),
          estimated_gross_tonnage_kg: 10 * T,
          components: [{ component_id: cmp('x'), allocation_strategy: 'ESTIMATED_PROJECT_TONNAGE' }],
        },
      ],
    });
    graph.datapoints.push(datapoint('x', 3));
    const policies = { amortisedShareInPropagation: 'propagated' } as const;
    const [e] = evaluateGraph(graph, { policies }).ghg_entries;
    expect(e!.co2e_net_removed_without_discount_kg).toBeCloseTo(3.5 * T, 9);
    const line = e!.uncertainty_budget.find((l) => l.datapoint_id === dtp('f'))!;
    expect(line.sensitivity).toBeCloseTo(7 * T, 6);
    const [constant] = evaluateGraph(graph).ghg_entries;
    expect(constant!.uncertainty_budget.find((l) => l.datapoint_id === dtp('f'))!.sensitivity).toBeCloseTo(10 * T, 6);
  });
});
