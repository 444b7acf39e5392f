// Focused known answers for a Monte Carlo run's summaries (src/accounting/monte-carlo/run.ts, warnings.ts): the raw
// nets are drawn by the sampler itself (nets.ts, draws.ts), and every figure of the run is checked against a plain
// reference over them (a sort): mean, standard deviation, percentiles, their confidence interval, the coverage
// interval, the histogram, the invalid draws left out, the adaptive checkpoints per entry, runs of entry ranges
// merged. Tiny graphs and a few thousand draws: the mutation group monte-carlo-run runs it for every mutant.
import { describe, expect, it } from 'vitest';
import { prepareGraph, type RemovalGraphInput } from '../../src';
import { DrawPlan } from '../../src/accounting/monte-carlo/draws';
import { NetSampler } from '../../src/accounting/monte-carlo/nets';
import {
  BLOCK_DRAWS,
  type MonteCarloRun,
  type MonteCarloSettings,
  mergeMonteCarloRuns,
  runMonteCarlo,
} from '../../src/accounting/monte-carlo/run';
import { firstOrderWarning } from '../../src/accounting/monte-carlo/warnings';
import type { PreparedGraph } from '../../src/accounting/prepare';
import type { MonteCarloSummary } from '../../src/accounting/result';
import { percentileConfidenceIndices } from '../../src/uncertainty/order-statistics';
import { blueprint, cmp, component, datapoint, dtp, entry, logBlueprint, rmv } from './fixtures';

/** Entry 'lin': 3 m + 1 kg with m ~ N(10, 2) kg; entry 'log': log(x) kg with x ~ N(1, 0.5), invalid where x <= 0. */
function twoEntries(): RemovalGraphInput {
  return {
    component_blueprints: [
      blueprint({ key: 'lin', template: '3 * {m} + {c}', inputs: { m: { kind: 'mass', unit: 'kg' }, c: { kind: 'mass', unit: 'kg' } } }),
      logBlueprint(),
    ],
    datapoints: [datapoint('m', 10, 'kg', 2), datapoint('c', 1, 'kg'), datapoint('x', 1, '', 0.5), datapoint('one', 1, 'kg')],
    components: [component('lin', 'lin', { m: 'm', c: 'c' }), component('log', 'log', { x: 'x', m: 'one' })],
    ghg_entries: [entry('lin', { lin: 1 }, null), entry('log', { log: 1 }, null)],
  };
}

function prepared(document: RemovalGraphInput): PreparedGraph {
  const result = prepareGraph(document);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.prepared;
}

function settings(overrides: Partial<MonteCarloSettings>): MonteCarloSettings {
  return { seed: 5, samples: 3000, toleranceKg: 0.5, maxSamples: 200_000, percentile: 10, coverageProbability: 0.9, ...overrides };
}

/** Every entry's first `draws` nets, from the sampler (NaN: invalid). */
function rawNets(graph: PreparedGraph, seed: number, draws: number): Float64Array[] {
  const sampler = new NetSampler(graph, new DrawPlan(graph, seed), new Float64Array(graph.shareSlotCount));
  const out = Array.from({ length: graph.entries.count }, () => new Float64Array(draws));
  sampler.sample(sampler.rangeOf(0, graph.entries.count), 0, Math.ceil(draws / BLOCK_DRAWS), draws, out, 0);
  return out;
}

/** The summary by a sort of the valid draws, the same arithmetic written plainly. */
function reference(values: Float64Array, s: MonteCarloSettings): { summary: MonteCarloSummary; high16: number } {
  const finite = values.filter((v) => !Number.isNaN(v));
  const n = finite.length;
  let sum = 0;
  for (const v of finite) sum += v;
  const mean = sum / n;
  let m2 = 0;
  for (const v of finite) m2 += (v - mean) * (v - mean);
  const sd = n > 1 ? Math.sqrt(m2 / (n - 1)) : 0;
  const sorted = finite.slice().sort();
  const quantile = (p: number): number => {
    const lo = Math.floor((n - 1) * p);
    const hi = Math.min(n - 1, lo + 1);
    return (sorted[lo] as number) + ((n - 1) * p - lo) * ((sorted[hi] as number) - (sorted[lo] as number));
  };
  const p = s.percentile / 100;
  const q = s.coverageProbability;
  const [low, high] = percentileConfidenceIndices(n, p);
  const summary: MonteCarloSummary = {
    samples: values.length,
    invalid_draws: values.length - n,
    mean_kg: mean,
    standard_deviation_kg: sd,
    standard_error_of_mean_kg: sd / Math.sqrt(n),
    percentile_16_kg: quantile(0.16),
    percentile: s.percentile,
    percentile_kg: quantile(p),
    percentile_confidence_interval_kg: [sorted[low] as number, sorted[high] as number],
    coverage_interval: { probability: q, lower_kg: quantile((1 - q) / 2), upper_kg: quantile((1 + q) / 2) },
  };
  return { summary, high16: sorted[percentileConfidenceIndices(n, 0.16, 0.999)[1]] as number };
}

function run(graph: PreparedGraph, s: MonteCarloSettings, first?: number, end?: number): MonteCarloRun {
  const result = runMonteCarlo(graph, s, new Float64Array(graph.shareSlotCount), first, end);
  if (Array.isArray(result)) throw new Error(JSON.stringify(result));
  return result;
}

describe('a fixed number of draws', () => {
  const graph = prepared(twoEntries());
  const s = settings({});
  const nets = rawNets(graph, s.seed, 3000);
  const result = run(graph, s);

  it('each entry`s summary is the reference summary of its own draws, the invalid ones left out', () => {
    nets.forEach((values, e) => {
      const { summary, high16 } = reference(values, s);
      expect(result.summaries[e]).toEqual(summary);
      expect(result.percentile16High[e]).toBe(high16);
    });
    expect(result.summaries[0]!.invalid_draws).toBe(0);
    // x ~ N(1, 0.5) is at or below 0 in about 2.3 % of the draws.
    expect(result.summaries[1]!.invalid_draws).toBeGreaterThan(40);
    expect(result.summaries[1]!.invalid_draws).toBeLessThan(100);
  });

  it('the figures are those of 3 m + 1, m ~ N(10, 2): mean near 31, sd near 6, the 10th percentile near 31 - 1.2816 * 6', () => {
    const lin = result.summaries[0]!;
    expect(Math.abs(lin.mean_kg - 31)).toBeLessThan(4 * lin.standard_error_of_mean_kg);
    expect(lin.standard_deviation_kg).toBeGreaterThan(5.7);
    expect(lin.standard_deviation_kg).toBeLessThan(6.3);
    expect(Math.abs(lin.percentile_kg - (31 - 1.2816 * 6))).toBeLessThan(0.6);
    const [low, high] = lin.percentile_confidence_interval_kg;
    expect(low).toBeLessThan(lin.percentile_kg);
    expect(high).toBeGreaterThan(lin.percentile_kg);
    expect(lin.coverage_interval.lower_kg).toBeLessThan(lin.percentile_kg);
    expect(lin.coverage_interval.upper_kg).toBeGreaterThan(lin.mean_kg);
  });

  it('warns of the invalid draws only where there are some, naming the count, the expression and the values read', () => {
    expect(result.warnings[0]).toEqual([]);
    const [warning] = result.warnings[1]!;
    const first = nets[1]!.findIndex((v) => Number.isNaN(v));
    expect(warning!.path).toBe('ghg_entries[1]');
    expect(warning!.code).toBe('monte_carlo_invalid_draws');
    const invalid = result.summaries[1]!.invalid_draws;
    const head = `${invalid} of 3000 Monte Carlo draws of entry '${rmv('log')}' give a net that is not finite and are left out of its summary; `;
    const expression = `first in draw ${first}: expression 'result' (log({x}) * {m}) of component '${cmp('log')}' (blueprint 'log') with `;
    expect(warning!.message.startsWith(head + expression)).toBe(true);
    const read = /with '(\w+)' = (\S+) \(SI\), '(\w+)' = (\S+) \(SI\)$/.exec(warning!.message);
    expect(read?.[1]).toBe(dtp('x'));
    expect(Number(read?.[2])).toBeLessThanOrEqual(0);
    expect(read?.slice(3)).toEqual([dtp('one'), '1']);
  });

  it('the same seed gives the same run; another seed other draws', () => {
    expect(run(graph, s)).toEqual(result);
    expect(run(graph, { ...s, seed: 6 }).summaries[0]!.mean_kg).not.toBe(result.summaries[0]!.mean_kg);
  });

  it('a histogram of the valid draws when asked: equal bins from the smallest to the largest, the last closed', () => {
    const bins = 7;
    const withHistogram = run(graph, { ...s, histogramBins: bins });
    nets.forEach((values, e) => {
      const finite = values.filter((v) => !Number.isNaN(v));
      const smallest = Math.min(...finite);
      const largest = Math.max(...finite);
      const width = (largest - smallest) / bins;
      const counts = new Array<number>(bins).fill(0);
      for (const v of finite) counts[Math.min(bins - 1, Math.floor((v - smallest) / width))]! += 1;
      const { histogram, ...rest } = withHistogram.summaries[e]!;
      expect(rest).toEqual(result.summaries[e]);
      expect(histogram).toEqual({ start_kg: smallest, bin_width_kg: width, counts });
      expect(counts.reduce((a, b) => a + b, 0)).toBe(finite.length);
      expect(counts[bins - 1]).toBeGreaterThan(0);
    });
    expect(result.summaries[0]).not.toHaveProperty('histogram');
  });

  it('a histogram of equal values is one bin of width 0', () => {
    const constant = prepared({
      ...twoEntries(),
      datapoints: [datapoint('m', 10, 'kg', 2), datapoint('c', 1, 'kg'), datapoint('x', 1, ''), datapoint('one', 1, 'kg')],
    });
    const histogram = run(constant, { ...s, samples: 50, histogramBins: 3 }).summaries[1]!.histogram;
    expect(histogram).toEqual({ start_kg: 0, bin_width_kg: 0, counts: [50, 0, 0] });
  });

  it('one draw: standard deviation 0, every percentile that draw', () => {
    const one = run(graph, { ...s, samples: 1 }).summaries[0]!;
    const only = rawNets(graph, s.seed, 1)[0]![0]!;
    expect(one).toMatchObject({ samples: 1, invalid_draws: 0, mean_kg: only, standard_deviation_kg: 0, standard_error_of_mean_kg: 0 });
    expect([one.percentile_kg, one.percentile_16_kg, ...one.percentile_confidence_interval_kg]).toEqual([only, only, only, only]);
  });
});

describe('entry ranges', () => {
  const graph = prepared(twoEntries());
  const s = settings({ samples: 2000 });

  it('a run of a range leaves the other entries empty; runs of the ranges merged give the whole run', () => {
    const whole = run(graph, s);
    const second = run(graph, s, 1, 2);
    // A place for every entry, filled or not.
    for (const r of [whole, second, run(graph, s, 0, 1), mergeMonteCarloRuns([run(graph, s, 0, 1)], 2)]) {
      expect(r.summaries).toHaveLength(2);
      expect(r.warnings).toHaveLength(2);
      expect(r.percentile16High).toHaveLength(2);
    }
    expect(second.summaries[0]).toBeUndefined();
    expect(second.summaries[1]).toEqual(whole.summaries[1]);
    const firstOnly = run(graph, s, 0, 1);
    expect(firstOnly.summaries[1]).toBeUndefined();
    expect(mergeMonteCarloRuns([second, firstOnly], 2)).toEqual(whole);
    expect(mergeMonteCarloRuns([firstOnly], 2).summaries[1]).toBeUndefined();
    expect(mergeMonteCarloRuns([], 2).percentile16High).toEqual(new Float64Array(2));
  });
});

describe('adaptive draws (JCGM 101 7.9)', () => {
  const graph = prepared(twoEntries());
  const checkpoints = [10 * BLOCK_DRAWS, 20 * BLOCK_DRAWS, 30_000];
  const nets = rawNets(graph, 5, 30_000);
  /** The width of each entry's percentile interval at each checkpoint. */
  const widths = nets.map((values) =>
    checkpoints.map((c) => {
      const { summary } = reference(values.subarray(0, c), settings({}));
      return summary.percentile_confidence_interval_kg[1] - summary.percentile_confidence_interval_kg[0];
    }),
  );

  it('stops each entry at the first checkpoint where its interval is at most the tolerance', () => {
    // A tolerance between the linear entry's widths at 10,240 and 20,480 draws.
    const tolerance = (widths[0]![0]! + widths[0]![1]!) / 2;
    expect(widths[0]![1]).toBeLessThan(widths[0]![0]!);
    const s = settings({ samples: null, maxSamples: 30_000, toleranceKg: tolerance });
    const result = run(graph, s);
    const expected = nets.map((_, e) => {
      const at = checkpoints.findIndex((_, k) => (widths[e]![k] as number) <= tolerance);
      return at < 0 ? 30_000 : (checkpoints[at] as number);
    });
    expect(expected[0]).toBe(20 * BLOCK_DRAWS);
    expect(result.summaries.map((x) => x.samples)).toEqual(expected);
    nets.forEach((values, e) => expect(result.summaries[e]).toEqual(reference(values.subarray(0, expected[e]), s).summary));
  });

  it('an interval exactly as wide as the tolerance is narrow enough', () => {
    const tolerance = widths[0]![1]!;
    expect(tolerance).toBeLessThan(widths[0]![0]!);
    const s = settings({ samples: null, maxSamples: 30_000, toleranceKg: tolerance });
    expect(run(graph, s).summaries[0]!.samples).toBe(20 * BLOCK_DRAWS);
  });

  it('a range of entries not starting at the first stops each where the whole run does', () => {
    const document = twoEntries();
    document.components.push(component('lin2', 'lin', { m: 'm', c: 'c' }));
    document.ghg_entries.unshift(entry('lin2', { lin2: 1 }, null));
    const three = prepared(document);
    const s = settings({ samples: null, maxSamples: 30_000, toleranceKg: (widths[0]![0]! + widths[0]![1]!) / 2 });
    const whole = run(three, s);
    expect(whole.summaries.map((x) => x.samples)).toEqual([20 * BLOCK_DRAWS, 20 * BLOCK_DRAWS, 10 * BLOCK_DRAWS]);
    const part = run(three, s, 1, 3);
    expect(part.summaries[1]).toEqual(whole.summaries[1]);
    expect(part.summaries[2]).toEqual(whole.summaries[2]);
    expect(part.percentile16High.subarray(1)).toEqual(whole.percentile16High.subarray(1));
  });

  it('a wide tolerance stops at the first checkpoint, 10,240 draws; none at all runs to the maximum', () => {
    expect(run(graph, settings({ samples: null, maxSamples: 30_000, toleranceKg: 1e9 })).summaries.map((x) => x.samples)).toEqual([
      10_240, 10_240,
    ]);
    const full = run(graph, settings({ samples: null, maxSamples: 30_000, toleranceKg: 0 }));
    expect(full.summaries.map((x) => x.samples)).toEqual([30_000, 30_000]);
    expect(full.summaries[0]).toEqual(reference(nets[0]!, settings({})).summary);
  });

  it('a maximum at or below the first checkpoint is the only one', () => {
    expect(run(graph, settings({ samples: null, maxSamples: 5000, toleranceKg: 0 })).summaries[0]!.samples).toBe(5000);
    expect(run(graph, settings({ samples: null, maxSamples: 10_240, toleranceKg: 0 })).summaries[0]!.samples).toBe(10_240);
  });

  it('a fixed number of draws ignores the tolerance', () => {
    expect(run(graph, settings({ samples: 2048, toleranceKg: 1e9 })).summaries[0]!.samples).toBe(2048);
  });
});

describe('no valid draw', () => {
  /** sqrt(-(a - b)^2) + b: finite at the magnitudes (a = b), not a number for every draw of a. */
  function nowhereFinite(): RemovalGraphInput {
    return {
      component_blueprints: [
        blueprint({
          key: 'root',
          template: '(sqrt(-({a} - {b}) ^ 2) + {b}) * {m}',
          inputs: { a: { kind: 'dimensionless', unit: '' }, b: { kind: 'dimensionless', unit: '' }, m: { kind: 'mass', unit: 'kg' } },
        }),
        logBlueprint(),
      ],
      datapoints: [datapoint('a', 1, '', 0.1), datapoint('b', 1, ''), datapoint('m', 1, 'kg'), datapoint('x', 1, '', 0.5)],
      components: [component('root', 'root', { a: 'a', b: 'b', m: 'm' }), component('log', 'log', { x: 'x', m: 'm' })],
      ghg_entries: [entry('log', { log: 1 }, null), entry('root', { root: 1 }, null)],
    };
  }

  it('is one issue for the entry, naming it and its first draw, in fixed and adaptive runs', () => {
    const graph = prepared(nowhereFinite());
    for (const s of [settings({ samples: 500 }), settings({ samples: null, maxSamples: 25_000, toleranceKg: 1e9 })]) {
      const issues = runMonteCarlo(graph, s, new Float64Array(graph.shareSlotCount));
      const total = s.samples ?? s.maxSamples;
      expect(Array.isArray(issues)).toBe(true);
      expect(issues).toHaveLength(1);
      const [issue] = issues as { path: unknown; code: string; message: string }[];
      expect(issue!.path).toEqual(['ghg_entries', 1]);
      expect(issue!.code).toBe('monte_carlo_no_valid_draw');
      expect(issue!.message).toContain(
        `no Monte Carlo draw of entry '${rmv('root')}' has a finite net: ${total} of ${total} Monte Carlo draws of entry '${rmv('root')}'`,
      );
      expect(issue!.message).toContain(
        `first in draw 0: expression 'result' ((sqrt(-({a} - {b}) ^ 2) + {b}) * {m}) of component '${cmp('root')}' (blueprint 'root') with '${dtp('a')}' = `,
      );
    }
  });
});

describe('the culprit of an invalid draw', () => {
  it('a draw past the first block: its block`s draws are read, the values of the invalid draw', () => {
    // x ~ N(1, 0.3): x <= 0 in about 0.04 % of the draws, the first one past draw 1,024 for this seed.
    const document = twoEntries();
    document.datapoints[2] = datapoint('x', 1, '', 0.3);
    const graph = prepared(document);
    const s = settings({ samples: 20_000, seed: 7 });
    const nets = rawNets(graph, s.seed, 20_000);
    const first = nets[1]!.findIndex((v) => Number.isNaN(v));
    expect(first).toBeGreaterThan(BLOCK_DRAWS);
    const warning = run(graph, s).warnings[1]![0]!;
    expect(warning.message).toContain(`; first in draw ${first}: expression 'result'`);
    const x = Number(/'dtp_x0+' = (\S+) \(SI\)/.exec(warning.message)?.[1]);
    // The net of the draw is log(x): the value named is the one that made it invalid.
    expect(x).toBeLessThanOrEqual(0);
  });

  it('names the first expression that is not finite, not the result that reads it', () => {
    const variable = (key: string, type: 'DATAPOINT' | 'EXPRESSION_RESULT') => ({ template_key: key, input_key: key, type });
    const document = twoEntries();
    document.component_blueprints[1] = {
      key: 'log',
      type: 'SEQUESTRATION',
      inputs: [
        { input_key: 'x', quantity_kind: 'dimensionless', compatible_unit: '', data_shape: 'SCALAR' },
        { input_key: 'm', quantity_kind: 'mass', compatible_unit: 'kg', data_shape: 'SCALAR' },
      ],
      expressions: [
        { key: 'ratio', template: 'log({x})', inputs: [variable('x', 'DATAPOINT')] },
        { key: 'result', template: '{ratio} * {m}', inputs: [variable('ratio', 'EXPRESSION_RESULT'), variable('m', 'DATAPOINT')] },
      ],
    } as RemovalGraphInput['component_blueprints'][number];
    const graph = prepared(document);
    const warning = run(graph, settings({ samples: 2000 })).warnings[1]![0]!;
    expect(warning.message).toMatch(
      new RegExp(
        `; first in draw \\d+: expression 'ratio' \\(log\\(\\{x\\}\\)\\) of component '${cmp('log')}' \\(blueprint 'log'\\) with '${dtp('x')}' = `,
      ),
    );
  });

  it('a sum that overflows while each component is finite', () => {
    const big = {
      component_blueprints: [
        blueprint({
          key: 'big',
          template: '{x} * {m}',
          inputs: { x: { kind: 'dimensionless', unit: '' }, m: { kind: 'mass', unit: 'kg' } },
        }),
      ],
      datapoints: [datapoint('x', 0.8, '', 0.1), datapoint('m', 1e308, 'kg')],
      components: [component('one', 'big', { x: 'x', m: 'm' }), component('two', 'big', { x: 'x', m: 'm' })],
      ghg_entries: [entry('sum', { one: 1, two: 1 }, null)],
    };
    const graph = prepared(big);
    const warning = run(graph, settings({ samples: 1000 })).warnings[0]![0]!;
    expect(warning.code).toBe('monte_carlo_invalid_draws');
    expect(warning.message).toMatch(/; first in draw \d+: the sum of its components overflows$/);
  });
});

describe('firstOrderWarning', () => {
  const graph = prepared(twoEntries());

  it('warns only when the first-order net after discount is above the upper end', () => {
    expect(firstOrderWarning(graph, 1, 10, 8, 9.5)).toEqual({
      path: 'ghg_entries[1]',
      code: 'first_order_discount_not_conservative',
      message: `the first-order net after discount of entry '${rmv('log')}' (10 kg) is above the Monte Carlo 16th percentile (8 kg, at most 9.5 kg within its 99.9 % confidence interval): the linearisation understates the spread; consider discountMethod 'monte_carlo'`,
    });
    expect(firstOrderWarning(graph, 0, 9.5, 8, 9.5)).toBeNull();
    expect(firstOrderWarning(graph, 0, 9, 8, 9.5)).toBeNull();
    expect(firstOrderWarning(graph, 0, Number.NaN, 8, 9.5)).toBeNull();
  });
});
