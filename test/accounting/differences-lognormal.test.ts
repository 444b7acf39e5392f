// Difference inputs, per-input realistic ranges and the lognormal by its median (semantics 3b):
// known answers and clear errors naming the place.
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

/** stock + change (a change of soil stock may be negative when the input is a difference). */
function changeGraph(change: number, unit = 'kg', input: Loose = {}, stock = 500): RemovalGraphInput {
  return {
    component_blueprints: [
      {
        key: 'soil',
        type: 'SEQUESTRATION',
        inputs: [
          { input_key: 'stock', quantity_kind: 'mass', compatible_unit: 'kg' },
          { input_key: 'change', quantity_kind: 'mass', compatible_unit: 'kg', ...input } as never,
        ],
        expressions: [
          {
            key: 'total',
            template: '{s} + {c}',
            inputs: [
              { template_key: 's', input_key: 'stock', type: 'DATAPOINT' },
              { template_key: 'c', input_key: 'change', type: 'DATAPOINT' },
            ],
          },
        ],
      },
    ],
    datapoints: [
      { id: 'dtp_stock', quantity: { magnitude: stock, unit: 'kg', standard_deviation: 10 } },
      { id: 'dtp_change', quantity: { magnitude: change, unit, standard_deviation: 2 } },
    ],
    components: [
      {
        id: 'cmp_soil',
        blueprint_key: 'soil',
        inputs: [
          { input_key: 'stock', datapoint_ids: ['dtp_stock'] },
          { input_key: 'change', datapoint_ids: ['dtp_change'] },
        ],
      },
    ],
    ghg_entries: [{ id: 'rmv_one', risk_of_reversal_percentage: null, component_attributions: [{ component_id: 'cmp_soil' }] }],
  };
}

const codes = (graph: RemovalGraphInput) => evaluateGraph(graph).warnings.map((w) => `${w.path} ${w.code}`);

describe('difference inputs', () => {
  it('refuses a negative mass without the flag, naming the datapoint and the bound', () => {
    const issues = issuesOf(changeGraph(-10));
    expect(issues.map((i) => i.code)).toEqual(['value_out_of_physical_range']);
    expect(issues[0]!.message).toMatch(/datapoint 'dtp_change' is -10 kg, below the physical bound 0 kg/);
  });

  it('accepts a signed change with difference: true, and evaluates it as given', () => {
    const [e] = evaluateGraph(changeGraph(-10, 'kg', { difference: true })).ghg_entries;
    expect(e!.co2e_net_removed_without_discount_kg).toBe(490);
    expect(e!.co2e_net_removed_standard_deviation_kg).toBeCloseTo(Math.sqrt(104), 12);
  });

  it('applies the physical bounds to the absolute value: a difference of mass fractions lies in [-1, 1]', () => {
    const graph = changeGraph(-5, '%', { difference: true, quantity_kind: 'mass_fraction', compatible_unit: '%' });
    (graph.component_blueprints[0]!.expressions[0] as { template: string }).template = '{s} * (1 + {c})';
    expect(issuesOf(graph)).toEqual([]);
    const far = changeGraph(-150, '%', { difference: true, quantity_kind: 'mass_fraction', compatible_unit: '%' });
    (far.component_blueprints[0]!.expressions[0] as { template: string }).template = '{s} * (1 + {c})';
    const issues = issuesOf(far);
    expect(issues.map((i) => i.code)).toEqual(['value_out_of_physical_range']);
    expect(issues[0]!.message).toMatch(/-150 %, in absolute value \(a difference\) above the physical bound 1(00)? %/);
  });

  it('warns only above the upper end of the realistic range, on the absolute value: a small change never warns', () => {
    expect(codes(changeGraph(-0.001, 'kg', { difference: true }))).toEqual([]);
    expect(codes(changeGraph(0.001, 'kg', { difference: true }))).toEqual([]);
    const huge = codes(changeGraph(-5e12, 'kg', { difference: true }, 6e12));
    expect(huge).toContain('datapoints[1].quantity.magnitude value_outside_realistic_range');
  });

  it('keeps the bounds of an input without the flag for a datapoint that feeds both', () => {
    const graph = changeGraph(-10, 'kg', { difference: true });
    graph.components.push({
      id: 'cmp_other',
      blueprint_key: 'soil',
      inputs: [
        { input_key: 'stock', datapoint_ids: ['dtp_change'] },
        { input_key: 'change', datapoint_ids: ['dtp_stock'] },
      ],
    });
    const issues = issuesOf(graph);
    expect(issues.map((i) => [i.path.join('.'), i.code])).toEqual([['datapoints.1.quantity.magnitude', 'value_out_of_physical_range']]);
  });
});

describe('realistic_range on a blueprint input', () => {
  it('widens the kind range: 10 mg is realistic for an input that says so', () => {
    const narrow = changeGraph(10, 'mg');
    expect(codes(narrow)).toContain('datapoints[1].quantity.magnitude value_outside_realistic_range');
    const wide = changeGraph(10, 'mg', { realistic_range: { min: 1, max: 1000, unit: 'mg' } });
    expect(codes(wide)).toEqual([]);
  });

  it('narrows it: 600 kg warns for an input whose range ends at 0.5 t, and the message names the input', () => {
    const graph = changeGraph(600, 'kg', { realistic_range: { min: 1, max: 0.5, unit: 't' } });
    expect(issuesOf(graph)[0]!.code).toBe('invalid_realistic_range');
    const narrowed = changeGraph(600, 'kg', { realistic_range: { min: 0.001, max: 0.5, unit: 't' } });
    const [warning] = evaluateGraph(narrowed).warnings;
    expect(warning!.code).toBe('value_outside_realistic_range');
    expect(warning!.message).toMatch(
      /outside the realistic range of input 'change' of blueprint 'soil' \(quantity kind 'mass'\) \(1 to 500 kg, that is 0.001 to 0.5 t\)/,
    );
  });

  it('refuses a range in a unit of another kind, naming the blueprint and the input', () => {
    const issues = issuesOf(changeGraph(5, 'kg', { realistic_range: { min: 1, max: 10, unit: 'km' } }));
    expect(issues.map((i) => [i.path.join('.'), i.code])).toEqual([
      ['component_blueprints.0.inputs.1.realistic_range.unit', 'invalid_realistic_range'],
    ]);
    expect(issues[0]!.message).toMatch(/realistic_range of input 'change' of blueprint 'soil'/);
  });
});

describe('lognormal by its median', () => {
  const withLognormal = (distribution: Loose, sd: number | null = null): RemovalGraphInput => {
    const graph = changeGraph(50) as unknown as { datapoints: Loose[] };
    graph.datapoints[1] = { id: 'dtp_change', quantity: { magnitude: 50, unit: 'kg', standard_deviation: sd }, distribution };
    return graph as unknown as RemovalGraphInput;
  };

  it('first order uses the distribution sd, median e^(s^2/2) sqrt(e^(s^2) - 1)', () => {
    const sigma = 0.3;
    const [e] = evaluateGraph(withLognormal({ type: 'lognormal', log_standard_deviation: sigma })).ghg_entries;
    const sd = 50 * Math.exp((sigma * sigma) / 2) * Math.sqrt(Math.exp(sigma * sigma) - 1);
    expect(sd).toBeCloseTo(16.0502, 3);
    expect(e!.co2e_net_removed_without_discount_kg).toBe(550);
    expect(e!.co2e_net_removed_standard_deviation_kg).toBeCloseTo(Math.sqrt(100 + sd * sd), 12);
  });

  it('Monte Carlo draws ln X ~ N(ln median, sigma^2): the median of the draws is the magnitude', () => {
    const graph = withLognormal({ type: 'lognormal', log_standard_deviation: 0.5 }) as unknown as { datapoints: Loose[] };
    (graph.datapoints[0]!['quantity'] as Loose)['standard_deviation'] = null;
    const samples = 40_000;
    const [e] = evaluateGraph(graph as never, {
      policies: { discountPercentile: 50, discountMethod: 'monte_carlo' },
      monteCarlo: { samples, seed: 4 },
    }).ghg_entries;
    const mc = e!.monte_carlo!;
    // Net = 500 + X: its median 550, its mean 500 + 50 e^(1/8), its 16th percentile 500 + 50 e^(-0.5 * 0.9945).
    expect(mc.percentile_kg).toBeCloseTo(550, 0);
    expect(Math.abs(mc.mean_kg - (500 + 50 * Math.exp(0.125)))).toBeLessThan(0.3);
    expect(Math.abs(mc.percentile_16_kg - (500 + 50 * Math.exp(-0.5 * 0.994457883)))).toBeLessThan(0.3);
  });

  it('refuses a standard_deviation beside a log_standard_deviation, naming the datapoint', () => {
    const issues = issuesOf(withLognormal({ type: 'lognormal', log_standard_deviation: 0.3 }, 5));
    expect(issues.map((i) => [i.path.join('.'), i.code])).toEqual([
      ['datapoints.1.quantity.standard_deviation', 'lognormal_median_with_standard_deviation'],
    ]);
    expect(issues[0]!.message).toMatch(
      /datapoint 'dtp_change' has a lognormal distribution by its median .* standard_deviation must be null/,
    );
  });

  it('refuses sigma <= 0 and a median <= 0', () => {
    expect(issuesOf(withLognormal({ type: 'lognormal', log_standard_deviation: 0 })).map((i) => i.code)).toEqual(['invalid_distribution']);
    const negative = withLognormal({ type: 'lognormal', log_standard_deviation: 0.2 }) as unknown as { datapoints: { quantity: Loose }[] };
    negative.datapoints[1]!.quantity['magnitude'] = -3;
    expect(issuesOf(negative).map((i) => i.code)).toContain('invalid_distribution');
  });
});
