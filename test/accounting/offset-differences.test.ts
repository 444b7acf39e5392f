// A difference input's datapoints in an offset unit (docs/units.md, "Differences in an offset
// unit"; semantics 3b "Differences": changes of a quantity): converted by the unit's factor alone,
// 5 degC is 5 K and 9 degF is 5 K; a datapoint read both as a change and as a temperature is refused.
import { describe, expect, it } from 'vitest';
import { evaluateGraph, GraphValidationError, type RemovalGraphInput } from '../../src';

type Loose = Record<string, unknown>;

const issuesOf = (graph: unknown): { path: (string | number)[]; code: string; message: string }[] => {
  try {
    evaluateGraph(graph);
  } catch (error) {
    if (error instanceof GraphValidationError) return error.issues as never;
    throw error;
  }
  return [];
};

/**
 * m = 10 t times a temperature x over 1 K (x a difference unless `input` says otherwise); `alsoAbsolute`
 * feeds x's datapoint to a second input y, a temperature that is not a difference.
 */
function graph(x: Loose, input: Loose = { difference: true }, alsoAbsolute = false): RemovalGraphInput {
  const inputs: Loose[] = [
    { input_key: 'm', quantity_kind: 'mass', compatible_unit: 't' },
    { input_key: 'x', quantity_kind: 'temperature', compatible_unit: 'degC', ...input },
  ];
  const mappings = [
    { template_key: 'm', input_key: 'm', type: 'DATAPOINT' },
    { template_key: 'x', input_key: 'x', type: 'DATAPOINT' },
  ];
  if (alsoAbsolute) {
    inputs.push({ input_key: 'y', quantity_kind: 'temperature', compatible_unit: 'degC' });
    mappings.push({ template_key: 'y', input_key: 'y', type: 'DATAPOINT' });
  }
  return {
    component_blueprints: [
      {
        key: 'warming',
        type: 'SEQUESTRATION',
        inputs,
        expressions: [{ key: 'r', template: alsoAbsolute ? '{m} * ({x} + {y} - {y}) / (1 K)' : '{m} * {x} / (1 K)', inputs: mappings }],
      },
    ],
    datapoints: [
      { id: 'dtp_m', quantity: { magnitude: 10, unit: 't', standard_deviation: null } },
      { id: 'dtp_x', quantity: { standard_deviation: null, ...x } },
    ],
    components: [
      {
        id: 'cmp_w',
        blueprint_key: 'warming',
        inputs: [
          { input_key: 'm', datapoint_ids: ['dtp_m'] },
          { input_key: 'x', datapoint_ids: ['dtp_x'] },
          ...(alsoAbsolute ? [{ input_key: 'y', datapoint_ids: ['dtp_x'] }] : []),
        ],
      },
    ],
    ghg_entries: [{ id: 'rmv', risk_of_reversal_percentage: null, component_attributions: [{ component_id: 'cmp_w' }] }],
  } as unknown as RemovalGraphInput;
}

const entry = (g: RemovalGraphInput) => evaluateGraph(g).ghg_entries[0]!;

describe('a difference in an offset unit converts by the factor alone', () => {
  it('reads 5 degC as 5 K and 9 degF as 5 K (10 t * 5 = 50,000 kg), the standard deviation by the factor', () => {
    const celsius = entry(graph({ magnitude: 5, unit: 'degC', standard_deviation: 0.5 }));
    expect(celsius.co2e_net_removed_without_discount_kg).toBe(50_000);
    expect(celsius.co2e_net_removed_standard_deviation_kg).toBeCloseTo(5_000, 9);
    const fahrenheit = entry(graph({ magnitude: 9, unit: 'degF', standard_deviation: 0.9 }));
    expect(fahrenheit.co2e_net_removed_without_discount_kg).toBeCloseTo(50_000, 9);
    expect(fahrenheit.co2e_net_removed_standard_deviation_kg).toBeCloseTo(5_000, 9);
    // A change may be negative: -3 degC is -3 K.
    expect(entry(graph({ magnitude: -3, unit: 'degC' })).co2e_net_removed_without_discount_kg).toBe(-30_000);
  });

  it('keeps the offset of an input that is not a difference: 5 degC is 278.15 K', () => {
    expect(entry(graph({ magnitude: 5, unit: 'degC' }, {})).co2e_net_removed_without_discount_kg).toBeCloseTo(2_781_500, 6);
  });

  it('refuses a datapoint in degC fed to a difference input and to one that is not, and accepts it in kelvin', () => {
    expect(issuesOf(graph({ magnitude: 5, unit: 'degC' }, { difference: true }, true))).toEqual([
      {
        path: ['datapoints', 1, 'quantity', 'unit'],
        code: 'unit_incompatible',
        message:
          "datapoint 'dtp_x' (5 degC) feeds an input of quantity kind 'temperature' declared difference: true, where it is a change (5 K), and an input of quantity kind 'temperature' that is not, where it is an absolute value (278.15 K): 'degC' has an offset, so the two readings differ; give each input its own datapoint, or write the value in kelvin",
      },
    ]);
    // 300 K is one value either way: 10 t * (300 + 300 - 300).
    expect(entry(graph({ magnitude: 300, unit: 'K' }, { difference: true }, true)).co2e_net_removed_without_discount_kg).toBe(3_000_000);
  });

  it("reads a difference input's realistic_range in degC as a range of changes", () => {
    const range = { difference: true, realistic_range: { min: 0, max: 10, unit: 'degC' } };
    expect(evaluateGraph(graph({ magnitude: 5, unit: 'degC' }, range)).warnings).toEqual([]);
    expect(evaluateGraph(graph({ magnitude: 20, unit: 'degC' }, range)).warnings.map((w) => w.message)).toEqual([
      "datapoint 'dtp_x' is 20 degC, of absolute value above the realistic range of the difference input 'x' of blueprint 'warming' (quantity kind 'temperature') (up to 10 degC); check its magnitude and unit",
    ]);
  });

  it('reads the columns of a sample set as changes too: first order and the bootstrap', () => {
    // Changes of 1, 2 and 3 degC: the mean is 2 K, so 10 t * 2 = 20,000 kg; every bootstrap mean lies in [1, 3] K.
    const g = graph({}, { difference: true, data_shape: 'LIST' }) as unknown as Loose & { datapoints: Loose[]; components: Loose[] };
    const blueprint = (g.component_blueprints as Loose[])[0] as { expressions: Loose[] };
    blueprint.expressions[0] = { ...blueprint.expressions[0], template: '{m} * mean({x}) / (1 K)' };
    g.datapoints = [
      g.datapoints[0] as Loose,
      ...[1, 2, 3].map((v) => ({ id: `dtp_x${v}`, quantity: { magnitude: v, unit: 'degC', standard_deviation: null } })),
    ];
    const inputs = (g.components[0] as { inputs: Loose[] }).inputs;
    inputs[1] = { input_key: 'x', datapoint_ids: ['dtp_x1', 'dtp_x2', 'dtp_x3'] };
    g['sample_sets'] = [{ id: 'plots', columns: { dt: ['dtp_x1', 'dtp_x2', 'dtp_x3'] } }];
    const e = evaluateGraph(g, { monteCarlo: { samples: 200, seed: 5 } }).ghg_entries[0]!;
    expect(e.co2e_net_removed_without_discount_kg).toBeCloseTo(20_000, 9);
    // The column's sample standard deviation is 1 K: the mean's is 1 / sqrt(3).
    expect(e.co2e_net_removed_standard_deviation_kg).toBeCloseTo(10_000 / Math.sqrt(3), 6);
    expect(e.monte_carlo!.mean_kg).toBeGreaterThanOrEqual(10_000);
    expect(e.monte_carlo!.mean_kg).toBeLessThanOrEqual(30_000);
  });
});
