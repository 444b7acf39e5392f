import { describe, expect, it } from 'vitest';
import { evaluateGraph } from '../../src';
import { blueprint, component, datapoint, dtp, entry, transportGraph } from './fixtures';

describe('worked examples (semantics.md sections 3 and 5)', () => {
  it('transport 10 t +- 0.5 x 100 km x 0.1 kgCO2e/(t km) +- 0.01 gives 100 kg with sd 11.1803 kg', () => {
    const [e] = evaluateGraph(transportGraph()).ghg_entries;
    expect(e!.co2e_net_removed_without_discount_kg).toBeCloseTo(100, 10);
    expect(e!.co2e_net_removed_standard_deviation_kg).toBeCloseTo(Math.sqrt(125), 10);
    expect(e!.co2e_net_removed_standard_deviation_kg).toBeCloseTo(11.1803, 4);
    expect(e!.co2e_net_removed_kg).toBeCloseTo(100 - Math.sqrt(125), 10);
    // contract.md section 3: 88.82 kg -> 90 kg issuable, 5 % buffer = ceil(4.5) = 5, supplier 85
    expect(e!.issuable_kg).toBe(90);
    expect(e!.credit_allocation).toEqual({ buffer_pool_contribution_kg: 5, supplier_allocation_kg: 85 });
    expect(e!.components).toEqual([
      expect.objectContaining({
        type: 'SEQUESTRATION',
        attribution_factor: 1,
        co2e_kg: expect.closeTo(100, 10),
        standard_deviation_kg: expect.closeTo(Math.sqrt(125), 10),
      }),
    ]);
  });

  it('reports the budget: sensitivities in the datapoint unit and variance shares 0.8 / 0.2', () => {
    const [e] = evaluateGraph(transportGraph()).ghg_entries;
    const byId = Object.fromEntries(e!.uncertainty_budget.map((b) => [b.datapoint_id, b]));
    expect(byId[dtp('mass')]!.sensitivity).toBeCloseTo(10, 10); // kg per t
    expect(byId[dtp('mass')]!.variance_share).toBeCloseTo(0.2, 12);
    expect(byId[dtp('factor')]!.sensitivity).toBeCloseTo(1000, 8); // kg per kgCO2e/(t km)
    expect(byId[dtp('factor')]!.variance_share).toBeCloseTo(0.8, 12);
    expect(byId[dtp('distance')]!.variance_share).toBe(0);
    expect(e!.uncertainty_budget[0]!.datapoint_id).toBe(dtp('factor')); // largest share first
  });

  it('an ACTIVITY is subtracted', () => {
    const [e] = evaluateGraph(transportGraph('ACTIVITY')).ghg_entries;
    expect(e!.co2e_net_removed_without_discount_kg).toBeCloseTo(-100, 10);
    expect(e!.issuable_kg).toBe(0);
    expect(e!.credit_allocation).toEqual({ buffer_pool_contribution_kg: 0, supplier_allocation_kg: 0 });
  });

  it('units in t vs kg and km vs mi give the same answer', () => {
    const base = evaluateGraph(transportGraph()).ghg_entries[0]!;
    const other = evaluateGraph(
      transportGraph('SEQUESTRATION', {
        mass: [10000, 'kg', 500],
        distance: [100 / 1.609344, 'mi'],
        factor: [0.0001, 'kgCO2e/(kg*km)', 0.00001],
      }),
    ).ghg_entries[0]!;
    expect(other.co2e_net_removed_without_discount_kg).toBeCloseTo(base.co2e_net_removed_without_discount_kg, 9);
    expect(other.co2e_net_removed_standard_deviation_kg!).toBeCloseTo(base.co2e_net_removed_standard_deviation_kg!, 9);
  });

  // x is a mass, or with `kind` 'dimensionless' a signed pure number (a mass is never negative).
  const single = (template: string, magnitude: number, sd: number, kind: 'mass' | 'dimensionless' = 'mass') =>
    evaluateGraph({
      component_blueprints: [
        blueprint({ key: 'f', template, inputs: { x: { kind, unit: kind === 'mass' ? 'kg' : '' }, m: { kind: 'mass', unit: 'kg' } } }),
      ],
      datapoints: [datapoint('x', magnitude, kind === 'mass' ? 'kg' : '', sd), datapoint('unit', 1, 'kg', null)],
      components: [component('c', 'f', { x: 'x', m: 'unit' })],
      ghg_entries: [entry('e', { c: 1 })],
    }).ghg_entries[0]!;

  it('the same datapoint in {x} - {x} has standard deviation 0', () => {
    const e = single('{x} - {x} + 0 * {m}', 7, 0.3);
    expect(e.co2e_net_removed_without_discount_kg).toBe(0);
    expect(e.co2e_net_removed_standard_deviation_kg).toBe(0);
    expect(e.reused_datapoints).toEqual([{ datapoint_id: dtp('x'), uses: 2 }]);
  });

  it('{x} * {x} has standard deviation 2|x|s', () => {
    const e = single('{x} * {x} * {m}', -3, 0.25, 'dimensionless');
    expect(e.co2e_net_removed_without_discount_kg).toBeCloseTo(9, 12);
    expect(e.co2e_net_removed_standard_deviation_kg).toBeCloseTo(2 * 3 * 0.25, 12);
  });

  it('a datapoint reused in two components adds its derivatives before squaring', () => {
    const graph = {
      component_blueprints: [
        blueprint({ key: 'store', type: 'SEQUESTRATION', template: '{m}', inputs: { m: { kind: 'mass', unit: 't' } } }),
        blueprint({
          key: 'emit',
          type: 'ACTIVITY',
          template: '{m} * {r}',
          inputs: { m: { kind: 'mass', unit: 't' }, r: { kind: 'dimensionless_ratio', unit: 'dimensionless' } },
        }),
      ],
      datapoints: [datapoint('m', 2, 't', 0.1), datapoint('r', 0.25, 'dimensionless', null)],
      components: [component('store', 'store', { m: 'm' }), component('emit', 'emit', { m: 'm', r: 'r' })],
      ghg_entries: [entry('e', { store: 1, emit: 1 })],
    };
    const e = evaluateGraph(graph).ghg_entries[0]!;
    // net = m - 0.25 m = 0.75 m; d net / d m = 0.75; sd = 0.75 * 100 kg (not sqrt(1 + 0.0625) * 100 kg)
    expect(e.co2e_net_removed_without_discount_kg).toBeCloseTo(1500, 9);
    expect(e.co2e_net_removed_standard_deviation_kg).toBeCloseTo(75, 9);
    expect(e.co2e_net_removed_standard_deviation_kg).not.toBeCloseTo(Math.sqrt(100 ** 2 + 25 ** 2), 3);
    expect(e.reused_datapoints).toEqual([{ datapoint_id: dtp('m'), uses: 2 }]);
  });

  it('the standard deviation is null when no datapoint has one, and then there is no discount', () => {
    const graph = transportGraph('SEQUESTRATION', {
      mass: [10, 't', null as unknown as number],
      distance: [100, 'km'],
      factor: [0.1, 'kgCO2e/(t*km)', null as unknown as number],
    });
    const e = evaluateGraph(graph).ghg_entries[0]!;
    expect(e.co2e_net_removed_standard_deviation_kg).toBeNull();
    expect(e.co2e_net_removed_kg).toBeCloseTo(100, 10);
    expect(e.uncertainty_budget.every((b) => b.variance_share === 0)).toBe(true);
  });

  it('credit allocation is null when the risk of reversal is not set', () => {
    const graph = transportGraph();
    (graph.ghg_entries[0] as { risk_of_reversal_percentage: number | null }).risk_of_reversal_percentage = null;
    expect(evaluateGraph(graph).ghg_entries[0]!.credit_allocation).toBeNull();
  });

  it('a legacy attribution factor datapoint takes part in the propagation', () => {
    const graph = transportGraph();
    graph.datapoints.push(datapoint('share', 0.5, 'dimensionless', 0.05));
    graph.ghg_entries[0]!.component_attributions = [
      { component_id: graph.components[0]!.id, attribution_factor_datapoint_id: dtp('share') },
    ];
    const e = evaluateGraph(graph).ghg_entries[0]!;
    expect(e.co2e_net_removed_without_discount_kg).toBeCloseTo(50, 10);
    // variance = 0.5^2 * 125 + (100 * 0.05)^2 = 31.25 + 25
    expect(e.co2e_net_removed_standard_deviation_kg).toBeCloseTo(Math.sqrt(56.25), 10);
  });

  it('ADJUSTMENT keeps its own sign, UNCERTAINTY_DISCOUNT and LOSS subtract', () => {
    // The sign of an adjustment is written in its formula, never in a negative mass (docs/units.md).
    const make = (type: string) =>
      evaluateGraph({
        component_blueprints: [blueprint({ key: 'b', type, template: '0 - {m}', inputs: { m: { kind: 'mass', unit: 'kg' } } })],
        datapoints: [datapoint('m', 40, 'kg')],
        components: [component('c', 'b', { m: 'm' })],
        ghg_entries: [entry('e', { c: 1 })],
      }).ghg_entries[0]!.co2e_net_removed_without_discount_kg;
    expect(make('ADJUSTMENT')).toBe(-40);
    expect(make('UNCERTAINTY_DISCOUNT')).toBe(40);
    expect(make('LOSS')).toBe(40);
    expect(make('REDUCTION')).toBe(-40);
    expect(make('REMOVAL_COUNTERFACTUAL')).toBe(40);
  });
});
