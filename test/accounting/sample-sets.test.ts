// Sample sets (semantics 3b, docs/graph-document.md "Sample sets"): validation naming the set and
// column; first order from the columns' sample standard deviations and Pearson correlations; a
// paired bootstrap under Monte Carlo; no figure depends on the order of the rows.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateGraph, GraphValidationError, type RemovalGraphInput } from '../../src';
import { prepareGraph } from '../../src/accounting';
import { monteCarloSettings, monteCarloShares } from '../../src/accounting/evaluate';
import { runMonteCarlo } from '../../src/accounting/monte-carlo';
import { runClaimedChunks } from '../../src/cli/monte-carlo-claims';
import { A, B, pairedGraph } from './sample-set-fixtures';

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

/** Sample standard deviation, n - 1, written out independently. */
function sampleSd(xs: readonly number[]): number {
  const m = xs.reduce((s, x) => s + x, 0) / xs.length;
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1));
}

describe('sample sets: first order', () => {
  it('gives every datapoint its column sd, and the paired difference the sd of the row differences over sqrt(n)', () => {
    const [e] = evaluateGraph(pairedGraph()).ghg_entries;
    const differences = A.map((a, i) => a - (B[i] as number));
    expect(e!.co2e_net_removed_without_discount_kg).toBeCloseTo(1.5, 12);
    expect(e!.co2e_net_removed_standard_deviation_kg).toBeCloseTo(sampleSd(differences) / 2, 12);
    expect(e!.co2e_net_removed_standard_deviation_kg).toBeCloseTo(0.288675134594813, 12);
    const budget = new Map(e!.uncertainty_budget.map((line) => [line.datapoint_id, line.standard_deviation]));
    expect(budget.get('dtp_a0')).toBeCloseTo(sampleSd(A), 12);
    expect(budget.get('dtp_b3')).toBeCloseTo(sampleSd(B), 12);
    // The component's own standard deviation keeps the rows' covariance too.
    expect(e!.components[0]!.standard_deviation_kg).toBeCloseTo(0.288675134594813, 12);
  });

  it('gives the mean of one column the standard error s / sqrt(n), in SI whatever the rows units', () => {
    const graph = pairedGraph() as unknown as { datapoints: { quantity: { magnitude: number; unit: string } }[] };
    graph.datapoints[0]!.quantity = { ...graph.datapoints[0]!.quantity, magnitude: 10_000, unit: 'g' };
    graph.datapoints[4]!.quantity = { ...graph.datapoints[4]!.quantity, magnitude: 8_000, unit: 'g' };
    const [e] = evaluateGraph(graph as never).ghg_entries;
    expect(e!.co2e_net_removed_standard_deviation_kg).toBeCloseTo(0.288675134594813, 12);
    const line = e!.uncertainty_budget.find((l) => l.datapoint_id === 'dtp_a0')!;
    expect(line.unit).toBe('g');
    expect(line.standard_deviation).toBeCloseTo(1000 * sampleSd(A), 9);
  });

  it('makes the rows of different sets independent: two one-column sets give the unpaired sd', () => {
    const graph = pairedGraph() as unknown as { sample_sets: unknown };
    graph.sample_sets = [
      { id: 'a', columns: { a: A.map((_, i) => `dtp_a${i}`) } },
      { id: 'b', columns: { b: B.map((_, i) => `dtp_b${i}`) } },
    ];
    const [e] = evaluateGraph(graph as never).ghg_entries;
    expect(e!.co2e_net_removed_standard_deviation_kg).toBeCloseTo(Math.sqrt(sampleSd(A) ** 2 / 4 + sampleSd(B) ** 2 / 4), 12);
  });
});

describe('sample sets: Monte Carlo, a paired bootstrap', () => {
  it('draws only the means of resampled row differences: 1 + k/4 kg, k binomial(4, 1/2)', () => {
    const samples = 40_000;
    const [e] = evaluateGraph(pairedGraph(), { monteCarlo: { samples, seed: 3, histogramBins: 4 } }).ghg_entries;
    const mc = e!.monte_carlo!;
    // The row differences are 2, 1, 2, 1 kg: a draw's net is 1 + (number of 2s drawn) / 4.
    expect(mc.coverage_interval.lower_kg).toBe(1);
    expect(mc.coverage_interval.upper_kg).toBe(2);
    expect(mc.percentile_16_kg).toBe(1.25);
    expect(Math.abs(mc.mean_kg - 1.5)).toBeLessThan(4 * (0.25 / Math.sqrt(samples)));
    // Var of the bootstrap mean: the population variance of the differences (0.25) over n.
    expect(mc.standard_deviation_kg).toBeCloseTo(0.25, 2);
    const counts = mc.histogram!.counts;
    // P(net = 1) = 1/16 falls in the first bin alone.
    expect(Math.abs((counts[0] as number) / samples - 1 / 16)).toBeLessThan(0.01);
  });

  it('credits the percentile under the monte_carlo discount', () => {
    const [e] = evaluateGraph(pairedGraph(), {
      policies: { discountMethod: 'monte_carlo' },
      monteCarlo: { samples: 20_000, seed: 5 },
    }).ghg_entries;
    expect(e!.co2e_net_removed_kg).toBe(1.25);
  });

  it('gives the same run whatever the chunks of entries each thread claims', () => {
    const graph = pairedGraph() as unknown as { ghg_entries: Loose[] };
    graph.ghg_entries = Array.from({ length: 6 }, (_, i) => ({
      id: `rmv_${i}`,
      risk_of_reversal_percentage: null,
      component_attributions: [{ component_id: 'cmp_paired', attribution_factor: 1 / 6 }],
    }));
    const prepared = prepareGraph(graph, {});
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.issues));
    const settings = monteCarloSettings(prepared.prepared, { monteCarlo: { samples: 3000, seed: 2 } })!;
    const shares = monteCarloShares(prepared.prepared) as Float64Array;
    const whole = runMonteCarlo(prepared.prepared, settings, shares);
    for (const chunk of [1, 2, 4]) {
      const claimed = runClaimedChunks(prepared.prepared, settings, shares, new Int32Array(new SharedArrayBuffer(4)), chunk);
      expect(claimed.run).toEqual(whole);
    }
  });
});

describe('sample sets: properties', () => {
  it('n identical rows give sd 0, first order and Monte Carlo', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 12 }), fc.double({ min: 0.5, max: 500, noNaN: true }), (n, v) => {
        const rows = Array.from({ length: n }, () => v);
        const graph = pairedGraph(rows, rows) as unknown as { sample_sets: unknown; components: { inputs: unknown[] }[] };
        graph.sample_sets = [{ id: 'one', columns: { a: rows.map((_, i) => `dtp_a${i}`) } }];
        const [e] = evaluateGraph(graph as never, { monteCarlo: { samples: 200, seed: 1 } }).ghg_entries;
        const line = e!.uncertainty_budget.find((l) => l.datapoint_id === 'dtp_a0');
        expect(line?.standard_deviation ?? 0).toBe(0);
        expect(e!.monte_carlo!.standard_deviation_kg).toBe(0);
      }),
      { numRuns: 20 },
    );
  });

  it('permuting the rows of the set changes no figure (first order and Monte Carlo), byte for byte', () => {
    const base = JSON.stringify(evaluateGraph(pairedGraph(), { monteCarlo: { samples: 2000, seed: 9 } }));
    fc.assert(
      fc.property(fc.shuffledSubarray([0, 1, 2, 3], { minLength: 4, maxLength: 4 }), (order) => {
        const permuted = evaluateGraph(pairedGraph(A, B, order), { monteCarlo: { samples: 2000, seed: 9 } });
        expect(JSON.stringify(permuted)).toBe(base);
      }),
      { numRuns: 12 },
    );
  });

  it('permuting the rows and the component lists with them changes no figure beyond rounding', () => {
    const reference = evaluateGraph(pairedGraph(), { monteCarlo: { samples: 2000, seed: 9 } }).ghg_entries[0]!;
    fc.assert(
      fc.property(fc.shuffledSubarray([0, 1, 2, 3], { minLength: 4, maxLength: 4 }), (order) => {
        const a = order.map((i) => A[i] as number);
        const b = order.map((i) => B[i] as number);
        // The same rows under the same ids, listed in another order everywhere.
        const graph = pairedGraph(A, B) as unknown as { components: { inputs: { datapoint_ids: string[] }[] }[]; sample_sets: unknown };
        graph.components[0]!.inputs[0]!.datapoint_ids = order.map((i) => `dtp_a${i}`);
        graph.components[0]!.inputs[1]!.datapoint_ids = order.map((i) => `dtp_b${i}`);
        graph.sample_sets = [{ id: 'plots', columns: { b: order.map((i) => `dtp_b${i}`), a: order.map((i) => `dtp_a${i}`) } }];
        expect(a.length + b.length).toBe(8);
        const e = evaluateGraph(graph as never, { monteCarlo: { samples: 2000, seed: 9 } }).ghg_entries[0]!;
        expect(e.co2e_net_removed_standard_deviation_kg!).toBeCloseTo(reference.co2e_net_removed_standard_deviation_kg!, 12);
        expect(e.monte_carlo!.percentile_16_kg).toBeCloseTo(reference.monte_carlo!.percentile_16_kg, 12);
        expect(e.monte_carlo!.mean_kg).toBeCloseTo(reference.monte_carlo!.mean_kg, 12);
      }),
      { numRuns: 12 },
    );
  });
});

describe('sample sets: validation names the set and the column', () => {
  const withSets = (sets: unknown, edit?: (g: Loose & { datapoints: Loose[] }) => void): unknown => {
    const graph = pairedGraph() as unknown as Loose & { datapoints: Loose[] };
    graph['sample_sets'] = sets;
    edit?.(graph);
    return graph;
  };
  const ids = (c: string, n = 4) => Array.from({ length: n }, (_, i) => `dtp_${c}${i}`);

  it.each<[string, unknown, ((g: Loose & { datapoints: Loose[] }) => void) | undefined, string, (string | number)[], RegExp]>([
    [
      'columns of different lengths',
      [{ id: 's', columns: { a: ids('a'), b: ids('b', 3) } }],
      undefined,
      'sample_set_column_lengths',
      ['sample_sets', 0, 'columns', 'b'],
      /sample set 's' column 'b' has 3 rows but column 'a' has 4/,
    ],
    [
      'one row',
      [{ id: 's', columns: { a: ['dtp_a0'] } }],
      undefined,
      'sample_set_too_few_rows',
      ['sample_sets', 0, 'columns', 'a'],
      /sample set 's' column 'a' has 1 row; .*at least 2/,
    ],
    [
      'a datapoint in two sets',
      [
        { id: 's', columns: { a: ids('a') } },
        { id: 't', columns: { x: ['dtp_a1', 'dtp_b1'] } },
      ],
      undefined,
      'sample_set_duplicate_datapoint',
      ['sample_sets', 1, 'columns', 'x', 0],
      /sample set 't' column 'x' names datapoint 'dtp_a1', already in sample set 's' column 'a'/,
    ],
    [
      'a datapoint twice in one column',
      [{ id: 's', columns: { a: ['dtp_a0', 'dtp_a1', 'dtp_a0'] } }],
      undefined,
      'sample_set_duplicate_datapoint',
      ['sample_sets', 0, 'columns', 'a', 2],
      /'dtp_a0', already in sample set 's' column 'a'/,
    ],
    [
      'a datapoint with its own standard deviation',
      [{ id: 's', columns: { a: ids('a') } }],
      (g) => {
        (g.datapoints[2]!['quantity'] as Loose)['standard_deviation'] = 0.5;
      },
      'sample_set_datapoint_standard_deviation',
      ['sample_sets', 0, 'columns', 'a', 2],
      /sample set 's' column 'a' names datapoint 'dtp_a2', which has a standard deviation of its own/,
    ],
    [
      'a datapoint with a distribution',
      [{ id: 's', columns: { a: ids('a') } }],
      (g) => {
        g.datapoints[1]!['distribution'] = { type: 'normal' };
      },
      'sample_set_datapoint_distribution',
      ['sample_sets', 0, 'columns', 'a', 1],
      /sample set 's' column 'a' names datapoint 'dtp_a1', which has a distribution/,
    ],
    [
      'a datapoint in a correlation',
      [{ id: 's', columns: { a: ids('a') } }],
      (g) => {
        (g.datapoints[4]!['quantity'] as Loose)['standard_deviation'] = 0.5;
        g['correlations'] = [{ datapoint_ids: ['dtp_a3', 'dtp_b0'], coefficient: 0.5 }];
      },
      'sample_set_datapoint_correlated',
      ['sample_sets', 0, 'columns', 'a', 3],
      /sample set 's' column 'a' names datapoint 'dtp_a3', which a correlation also names/,
    ],
    [
      'an unknown datapoint',
      [{ id: 's', columns: { a: ['dtp_a0', 'dtp_zz'] } }],
      undefined,
      'unknown_datapoint',
      ['sample_sets', 0, 'columns', 'a', 1],
      /sample set 's' column 'a' names datapoint 'dtp_zz'/,
    ],
    [
      'units of two dimensions in a column',
      [{ id: 's', columns: { a: ['dtp_a0', 'dtp_a1'] } }],
      (g) => {
        g['component_blueprints'] = [];
        g['components'] = [];
        g['ghg_entries'] = [];
        (g.datapoints[1]!['quantity'] as Loose)['unit'] = 'm';
      },
      'sample_set_column_units',
      ['sample_sets', 0, 'columns', 'a', 1],
      /datapoint 'dtp_a1' has unit 'm', of another dimension than 'kg'/,
    ],
  ])('%s', (_, sets, edit, code, path, message) => {
    const issues = issuesOf(withSets(sets, edit));
    const issue = issues.find((i) => i.code === code);
    expect(issue, JSON.stringify(issues)).toBeDefined();
    expect(issue!.path).toEqual(path);
    expect(issue!.message).toMatch(message);
  });

  it('refuses an unknown key of a set with the nearest one', () => {
    const issues = issuesOf(withSets([{ id: 's', colums: {} }]));
    expect(issues.map((i) => i.message).join('\n')).toMatch(/did you mean 'columns'\?/);
  });
});

export type { RemovalGraphInput };
