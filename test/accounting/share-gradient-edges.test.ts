// The derivatives of the amortised shares under the policy amortisedShareInPropagation 'propagated'
// (src/accounting/evaluate/share-gradients.ts, docs/rules.md#statement-and-project-components), by known answers on
// tiny projects: only a tonnage share moves with the sequestration (time shares and frozen shares are constants, a
// share of 0 too), through the component's own derivative (not 1) and through a factor datapoint.
import { describe, expect, it } from 'vitest';
import { evaluateGraph, type RemovalGraphInput } from '../../src';
import { BLUEPRINTS, cmp, datapoint, dtp, massComponent, prj, statement, statementGraph } from '../statements/helpers';

const T = 1000; // kg per t
const propagated = { policies: { amortisedShareInPropagation: 'propagated' } } as const;

/** statementGraph(sizes) with a project emission x of `tonnes` t amortised by `project`, s0 with sd 100 t. */
function withProject(sizes: number[], tonnes: number, project: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const base = statementGraph(sizes);
  const graph = {
    ...base,
    datapoints: [...base.datapoints, datapoint('x', tonnes)],
    components: [...base.components, massComponent('x', 'emit')],
    projects: [{ id: prj('p'), ...project }],
    ...extra,
  } as RemovalGraphInput;
  graph.datapoints[0]!.quantity.standard_deviation = 100;
  return graph;
}

const tonnage = (estimatedTonnes: number) => ({
  estimated_gross_tonnage_kg: estimatedTonnes * T,
  components: [{ component_id: cmp('x'), allocation_strategy: 'ESTIMATED_PROJECT_TONNAGE' }],
});

/** Entry `i`'s sensitivity to datapoint `name` (kg per unit of the datapoint), undefined without a budget line. */
function sensitivity(graph: RemovalGraphInput, i: number, name: string, options: object = propagated): number | undefined {
  return evaluateGraph(graph, options).ghg_entries[i]!.uncertainty_budget.find((l) => l.datapoint_id === dtp(name))?.sensitivity;
}

describe('shares that do not move with the sequestration', () => {
  it('a time share (ESTIMATED_PROJECT_LIFETIME, CUSTOM_TIME_PERIOD): propagated gives the constant figures', () => {
    const lifetime = withProject([4000], 1000, {
      estimated_lifetime: { magnitude: 2, unit: 'yr' },
      components: [{ component_id: cmp('x'), allocation_strategy: 'ESTIMATED_PROJECT_LIFETIME' }],
    });
    const custom = withProject([4000], 1000, {
      components: [
        {
          component_id: cmp('x'),
          allocation_strategy: 'CUSTOM_TIME_PERIOD',
          custom_period_start_on: '2025-04-01',
          custom_period_end_on: '2025-09-30',
        },
      ],
    });
    for (const graph of [lifetime, custom]) {
      const [moving] = evaluateGraph(graph, propagated).ghg_entries;
      const [constant] = evaluateGraph(graph).ghg_entries;
      expect(moving!.co2e_net_removed_standard_deviation_kg).toBeCloseTo(100 * T, 6);
      expect(moving!.co2e_net_removed_standard_deviation_kg).toBe(constant!.co2e_net_removed_standard_deviation_kg);
      expect(sensitivity(graph, 0, 's0')).toBe(T);
    }
  });

  it('a frozen share after a tonnage share: the frozen statement does not move with the earlier sequestration', () => {
    // s0 (2025 H1, draft): 6000 t of 10000 t, share 0.6 = S0 / 10000 t; s1 (2025 H2, credits issued): 0.3 frozen.
    const graph = withProject([6000, 6000], 1000, tonnage(10000), {
      ghg_statements: [
        statement('a', ['e0']),
        statement('b', ['e1'], {
          reporting_period_start_at: '2025-07-01',
          reporting_period_end_at: '2025-12-31',
          status: 'CREDITS_ISSUED',
          project_component_shares: [{ component_id: cmp('x'), share: 0.3 }],
        }),
      ],
    });
    const result = evaluateGraph(graph, propagated);
    expect(result.ghg_statements!.map((s) => s.project_component_shares[0]!.share)).toEqual([0.6, 0.3]);
    // e0: S0 - (S0 / 10000 t) x 1000 t, d/dS0 = 0.9; e1: 6000 t - 0.3 x 1000 t, S0 not in it.
    expect(sensitivity(graph, 0, 's0')).toBeCloseTo(0.9 * T, 9);
    expect(result.ghg_entries[1]!.co2e_net_removed_without_discount_kg).toBeCloseTo(5700 * T, 9);
    expect(sensitivity(graph, 1, 's0') ?? 0).toBe(0);
  });

  it('a share of 0 (a statement sequestering nothing) is held constant: the entry keeps its own sensitivity', () => {
    const graph = withProject([0], 1000, tonnage(10000));
    const [e] = evaluateGraph(graph, propagated).ghg_entries;
    expect(e!.co2e_net_removed_without_discount_kg).toBe(0);
    expect(sensitivity(graph, 0, 's0')).toBe(T);
  });
});

describe('shares that do', () => {
  it("through the component's own derivative: S = a x r with r = 5, d(net)/da = r (1 - P / 10000 t) = 4.95", () => {
    // Entry e0 sequesters a x r = 2000 t x 5 = 10000 t (a +- 100 t); the project emission P = 100 t over 10000 t.
    const graph = {
      component_blueprints: [
        ...BLUEPRINTS,
        {
          key: 'scaled',
          type: 'SEQUESTRATION',
          inputs: [
            { input_key: 'mass', quantity_kind: 'mass', compatible_unit: 't', data_shape: 'SCALAR' },
            { input_key: 'ratio', quantity_kind: 'dimensionless_ratio', compatible_unit: 'dimensionless', data_shape: 'SCALAR' },
          ],
          expressions: [
            {
              key: 'result',
              template: '{a} * {r}',
              inputs: [
                { template_key: 'a', input_key: 'mass', type: 'DATAPOINT' },
                { template_key: 'r', input_key: 'ratio', type: 'DATAPOINT' },
              ],
            },
          ],
        },
      ],
      datapoints: [
        datapoint('a', 2000, 't', 100),
        { id: dtp('r'), quantity: { magnitude: 5, unit: 'dimensionless', standard_deviation: null } },
      ],
      components: [
        {
          id: cmp('s'),
          blueprint_key: 'scaled',
          inputs: [
            { input_key: 'mass', datapoint_ids: [dtp('a')] },
            { input_key: 'ratio', datapoint_ids: [dtp('r')] },
          ],
        },
      ],
      ghg_entries: [
        {
          id: 'rmv_e0______________',
          risk_of_reversal_percentage: null,
          component_attributions: [{ component_id: cmp('s'), attribution_factor: 1 }],
        },
      ],
      ghg_statements: [statement('a', ['e0'])],
    } as unknown as RemovalGraphInput;
    graph.datapoints.push(datapoint('x', 100));
    graph.components.push(massComponent('x', 'emit'));
    graph.projects = [{ id: prj('p'), ...tonnage(10000) }] as RemovalGraphInput['projects'];
    expect(evaluateGraph(graph, propagated).ghg_entries[0]!.co2e_net_removed_without_discount_kg).toBeCloseTo(9900 * T, 6);
    expect(sensitivity(graph, 0, 'a')).toBeCloseTo(4.95 * T, 9);
    expect(sensitivity(graph, 0, 'a', {})).toBeCloseTo(5 * T, 9);
  });

  it('through a factor datapoint (the first datapoint of the document): d(share)/df = S / 10000 t', () => {
    // e0 = f x S0, f = 0.5 +- 0.1 (datapoint 0), S0 = 4000 t; P = 1000 t over 10000 t: share 0.5 x 4000 / 10000 = 0.2.
    // net = f S0 - (f S0 / 10000 t) P: d/df = S0 (1 - P / 10000 t) = 3600 t; 4000 t with the share constant.
    const graph = withProject([4000], 1000, tonnage(10000));
    graph.datapoints.unshift({ id: 'dtp_0f______________', quantity: { magnitude: 0.5, unit: '1', standard_deviation: 0.1 } });
    graph.ghg_entries[0]!.component_attributions = [{ component_id: cmp('s0'), attribution_factor_datapoint_id: 'dtp_0f______________' }];
    const [e] = evaluateGraph(graph, propagated).ghg_entries;
    expect(e!.co2e_net_removed_without_discount_kg).toBeCloseTo(1800 * T, 6);
    expect(e!.uncertainty_budget.find((l) => l.datapoint_id === 'dtp_0f______________')!.sensitivity).toBeCloseTo(3600 * T, 6);
    const [constant] = evaluateGraph(graph).ghg_entries;
    expect(constant!.uncertainty_budget.find((l) => l.datapoint_id === 'dtp_0f______________')!.sensitivity).toBeCloseTo(4000 * T, 6);
  });
});
