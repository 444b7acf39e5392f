// The component's value is its blueprint's single sink (docs/graph-document.md): the order of the
// expressions never changes a figure, and an expression the result does not use is refused.
import { describe, expect, it } from 'vitest';
import { evaluateGraph, type RemovalGraphInput, safeEvaluateGraph } from '../../src';
import { component, datapoint, entry } from './fixtures';

type Expression = RemovalGraphInput['component_blueprints'][number]['expressions'][number];

const dp = (template_key: string) => ({ template_key, input_key: template_key, type: 'DATAPOINT' as const });
const ex = (template_key: string) => ({ template_key, input_key: template_key, type: 'EXPRESSION_RESULT' as const });

// Direct air capture: captured CO2 less the grid electricity's emissions.
const CAPTURED: Expression = { key: 'captured', template: '{mass} * {purity}', inputs: [dp('mass'), dp('purity')] };
const GRID: Expression = { key: 'grid', template: '{electricity} * {ef}', inputs: [dp('electricity'), dp('ef')] };
const NET: Expression = { key: 'net', template: '{captured} - {grid}', inputs: [ex('captured'), ex('grid')] };

function dac(
  expressions: readonly Expression[],
  extra: Partial<RemovalGraphInput['component_blueprints'][number]> = {},
): RemovalGraphInput {
  return {
    component_blueprints: [
      {
        key: 'dac',
        type: 'SEQUESTRATION',
        inputs: [
          { input_key: 'mass', quantity_kind: 'mass', compatible_unit: 't', data_shape: 'SCALAR' },
          { input_key: 'purity', quantity_kind: 'mass_fraction', compatible_unit: '%', data_shape: 'SCALAR' },
          { input_key: 'electricity', quantity_kind: 'energy', compatible_unit: 'kWh', data_shape: 'SCALAR' },
          { input_key: 'ef', quantity_kind: 'energy_carbon_emission_factor', compatible_unit: 'kgCO2e/kWh', data_shape: 'SCALAR' },
        ],
        expressions: [...expressions],
        ...extra,
      },
    ],
    datapoints: [
      datapoint('mass', 1000, 't', 10),
      datapoint('purity', 98, '%', 0.5),
      datapoint('elec', 500_000, 'kWh', 5000),
      datapoint('ef', 0.1, 'kgCO2e/kWh', 0.01),
    ],
    components: [component('dac', 'dac', { mass: 'mass', purity: 'purity', electricity: 'elec', ef: 'ef' })],
    ghg_entries: [entry('dac', { dac: 1 }, null)],
  };
}

describe('the result expression', () => {
  it('is the single sink in every order of the expressions', () => {
    const orders = [
      [CAPTURED, GRID, NET],
      [NET, CAPTURED, GRID],
      [CAPTURED, NET, GRID],
      [GRID, NET, CAPTURED],
    ];
    const results = orders.map((o) => evaluateGraph(dac(o)).ghg_entries[0]!);
    // 980 t captured less 50 t for the electricity. Under the old "last expression" rule, the
    // second order credited 980 t (captured) and the fourth 50 t (grid).
    for (const r of results) {
      expect(r.co2e_net_removed_without_discount_kg).toBeCloseTo(930_000, 6);
      expect(r.issuable_kg).toBe(results[0]!.issuable_kg);
    }
    expect(evaluateGraph(dac([NET, CAPTURED, GRID], { result_expression_key: 'net' })).ghg_entries[0]!.issuable_kg).toBe(
      results[0]!.issuable_kg,
    );
  });

  it('refuses a forgotten term instead of dropping it', () => {
    const forgotten: Expression = { key: 'net', template: '{captured}', inputs: [ex('captured')] };
    const outcome = safeEvaluateGraph(dac([CAPTURED, GRID, forgotten]));
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.issues.map((i) => [i.code, i.path])).toEqual([['blueprint_multiple_sinks', ['component_blueprints', 0, 'expressions']]]);
    expect(outcome.issues[0]!.message).toContain('"grid", "net"');
    const named = safeEvaluateGraph(dac([CAPTURED, GRID, forgotten], { result_expression_key: 'net' }));
    expect(named.ok ? [] : named.issues.map((i) => [i.code, i.path])).toEqual([
      ['expression_dead', ['component_blueprints', 0, 'expressions', 1, 'key']],
    ]);
  });
});
