// Monte Carlo evaluation: invalid draws (a formula outside its domain) are counted and left out,
// never NaN; the first-order discount is flagged when the Monte Carlo 16th percentile shows it is
// not conservative.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateGraph, type RemovalGraphInput } from '../../src';
import { normalCdf, normalQuantile } from '../../src/uncertainty';
import { blueprint, component, datapoint, entry, logBlueprint, stationaryGraph } from './fixtures';

/** y = log(x) * m with x ~ N(1, 0.5): 2.275 % of the draws have x <= 0, outside log's domain. */
function logGraph(): RemovalGraphInput {
  return {
    component_blueprints: [logBlueprint()],
    datapoints: [datapoint('x', 1, '', 0.5), datapoint('m', 1, 'kg')],
    components: [component('log', 'log', { x: 'x', m: 'm' })],
    ghg_entries: [entry('one', { log: 1 }, null)],
  };
}

describe('invalid draws (issue 23 item 7)', () => {
  const samples = 100_000;
  const e = evaluateGraph(logGraph(), { monteCarlo: { samples, seed: 7 } }).ghg_entries[0]!;
  const mc = e.monte_carlo!;

  it('counts the draws outside the domain: about P(x <= 0) = 2.275 %', () => {
    const p = normalCdf(-2);
    expect(mc.invalid_draws / samples).toBeGreaterThan(p - 4 * Math.sqrt((p * (1 - p)) / samples));
    expect(mc.invalid_draws / samples).toBeLessThan(p + 4 * Math.sqrt((p * (1 - p)) / samples));
  });

  it('leaves them out of every figure: no NaN, the 16th percentile of the finite draws', () => {
    for (const v of [mc.mean_kg, mc.standard_deviation_kg, mc.percentile_16_kg, mc.percentile_kg, ...mc.percentile_confidence_interval_kg])
      expect(Number.isFinite(v)).toBe(true);
    // Known answer: P(x <= v | x > 0) = 0.16, v = 1 + 0.5 z with Phi(z) = Phi(-2) + 0.16 (1 - Phi(-2)).
    const z = normalQuantile(normalCdf(-2) + 0.16 * (1 - normalCdf(-2)));
    const expected = Math.log(1 + 0.5 * z); // -0.6148
    expect(expected).toBeCloseTo(-0.6148, 3);
    // Within 4 standard errors (the 95 % interval is about 4 standard errors wide).
    const [low, high] = mc.percentile_confidence_interval_kg;
    expect(Math.abs(mc.percentile_16_kg - expected)).toBeLessThan(high - low);
    expect(high - low).toBeLessThan(0.02);
    expect(JSON.stringify(mc)).not.toContain('null');
  });

  it('names the expression and the datapoints in a warning', () => {
    expect(e.warnings.map((w) => w.code)).toContain('monte_carlo_invalid_draws');
    const warning = e.warnings.find((w) => w.code === 'monte_carlo_invalid_draws')!;
    expect(warning.path).toBe('ghg_entries[0]');
    expect(warning.message).toContain(`${mc.invalid_draws} of ${samples}`);
    expect(warning.message).toContain("expression 'result'");
    expect(warning.message).toContain('log({x}) * {m}');
    expect(warning.message).toContain("'dtp_x000000000000000'");
  });

  it('lists the entry warnings at the top level too', () => {
    const result = evaluateGraph(logGraph(), { monteCarlo: { samples: 5000, seed: 1 } });
    // The top level holds each entry's warnings once, ordered by path then code (docs/result.md).
    const byPathAndCode = (a: { path: string; code: string }, b: { path: string; code: string }): number =>
      a.path.localeCompare(b.path) || a.code.localeCompare(b.code);
    expect([...result.warnings].sort(byPathAndCode)).toEqual([...result.ghg_entries.flatMap((x) => x.warnings)].sort(byPathAndCode));
    expect(result.warnings.length).toBeGreaterThan(0);
  });
});

/** The warnings of a Monte Carlo run (the datapoints' own warnings are another subject). */
const MONTE_CARLO_CODES = new Set(['monte_carlo_invalid_draws', 'first_order_discount_not_conservative']);

describe('first_order_discount_not_conservative (issue 23 item 4)', () => {
  it('warns at a stationary point (JCGM 101 9.4, x1 = 0) and changes no figure', () => {
    const plain = evaluateGraph(stationaryGraph()).ghg_entries[0]!;
    const e = evaluateGraph(stationaryGraph(), { monteCarlo: { samples: 20_000, seed: 3 } }).ghg_entries[0]!;
    expect(plain.co2e_net_removed_standard_deviation_kg).toBe(0);
    expect(e.co2e_net_removed_kg).toBe(plain.co2e_net_removed_kg);
    // Y = u^2 chi2(2), P(Y > y) = exp(-y / 2u^2): the 16th percentile of -Y is 2 u^2 ln(0.16) 1e6 kg = -91.6 kg.
    const expected = 2 * 0.005 ** 2 * Math.log(0.16) * 1e6;
    const [low, high] = e.monte_carlo!.percentile_confidence_interval_kg;
    expect(Math.abs(e.monte_carlo!.percentile_16_kg - expected)).toBeLessThan(high - low);
    // The datapoints' own warnings (0 and 1,000 t are outside the realistic ranges) come first.
    const sampled = e.warnings.filter((w) => MONTE_CARLO_CODES.has(w.code));
    expect(sampled.map((w) => w.code)).toEqual(['first_order_discount_not_conservative']);
    expect(sampled[0]!.message).toContain("discountMethod 'monte_carlo'");
  });

  it('does not warn for a linear model with normal inputs', () => {
    const graph: RemovalGraphInput = {
      component_blueprints: [
        blueprint({ key: 'lin', template: '{a} + {b}', inputs: { a: { kind: 'mass', unit: 'kg' }, b: { kind: 'mass', unit: 'kg' } } }),
      ],
      datapoints: [datapoint('a', 100, 'kg', 3), datapoint('b', 50, 'kg', 4)],
      components: [component('lin', 'lin', { a: 'a', b: 'b' })],
      ghg_entries: [entry('one', { lin: 1 }, null)],
    };
    for (const seed of [1, 2, 3, 4, 5]) {
      const { warnings } = evaluateGraph(graph, { monteCarlo: { samples: 20_000, seed } }).ghg_entries[0]!;
      expect(warnings.filter((w) => MONTE_CARLO_CODES.has(w.code))).toEqual([]);
    }
  });
});

/** A linear entry: SEQUESTRATION a - ACTIVITY b, normal inputs. */
function linearGraph(a: [number, number], b: [number, number], risk: number | null = 5): RemovalGraphInput {
  return {
    component_blueprints: [
      blueprint({ key: 'seq', template: '{a} * {k}', inputs: { a: { kind: 'mass', unit: 'kg' }, k: { kind: 'dimensionless', unit: '' } } }),
      blueprint({ key: 'act', type: 'ACTIVITY', template: '{b}', inputs: { b: { kind: 'mass', unit: 'kg' } } }),
    ],
    datapoints: [datapoint('a', a[0], 'kg', a[1]), datapoint('k', 1, ''), datapoint('b', b[0], 'kg', b[1])],
    components: [component('seq', 'seq', { a: 'a', k: 'k' }), component('act', 'act', { b: 'b' })],
    ghg_entries: [entry('one', { seq: 1, act: 1 }, risk)],
  };
}

describe("discountMethod 'monte_carlo' (issue 25 item 3)", () => {
  const graph = linearGraph([100_000, 3000], [20_000, 4000]);
  const policies = { discountMethod: 'monte_carlo' as const };

  it('credits the 16th percentile, capped at the net, with the first-order figures beside it', () => {
    const e = evaluateGraph(graph, { policies, monteCarlo: { samples: 50_000, seed: 11 } }).ghg_entries[0]!;
    const mc = e.monte_carlo!;
    expect(e.co2e_net_removed_kg).toBe(Math.min(mc.percentile_kg, e.co2e_net_removed_without_discount_kg));
    expect(mc.percentile).toBe(16);
    expect(e.uncertainty_discount).toEqual({
      method: 'monte_carlo',
      percentile: 16,
      discount_kg: e.co2e_net_removed_without_discount_kg - e.co2e_net_removed_kg,
      first_order_co2e_net_removed_kg: 80_000 - 5000,
      first_order_discount_kg: 5000,
    });
    expect(e.co2e_net_removed_standard_deviation_kg).toBe(5000);
    // Rounding, floor and buffer as before, on the Monte Carlo net.
    const rounded = Math.round(e.co2e_net_removed_kg / 10) * 10;
    expect(e.issuable_kg).toBe(rounded);
    expect(e.credit_allocation!.buffer_pool_contribution_kg).toBe(Math.ceil(rounded * 0.05));
  });

  it('takes discountPercentile', () => {
    const e = evaluateGraph(graph, { policies: { ...policies, discountPercentile: 10 }, monteCarlo: { samples: 20_000, seed: 1 } })
      .ghg_entries[0]!;
    expect(e.monte_carlo!.percentile).toBe(10);
    expect(e.co2e_net_removed_kg).toBe(e.monte_carlo!.percentile_kg);
    expect(e.co2e_net_removed_kg).toBeLessThan(80_000 - 5000);
  });

  it('caps the percentile at the net without discount', () => {
    const e = evaluateGraph(linearGraph([100, 1], [20, 1]), {
      policies: { ...policies, discountPercentile: 90 },
      monteCarlo: { samples: 5000, seed: 1 },
    }).ghg_entries[0]!;
    expect(e.monte_carlo!.percentile_kg).toBeGreaterThan(80);
    expect(e.co2e_net_removed_kg).toBe(80);
    expect(e.uncertainty_discount!.discount_kg).toBe(0);
  });

  it('draws adaptively by default until the percentile is known to half the rounding increment', () => {
    const e = evaluateGraph(linearGraph([1000, 10], [200, 10]), { policies }).ghg_entries[0]!;
    const [low, high] = e.monte_carlo!.percentile_confidence_interval_kg;
    expect(high - low).toBeLessThanOrEqual(5);
    expect(e.monte_carlo!.samples).toBeGreaterThanOrEqual(10_240);
  });

  it('stops at the maximum when the tolerance is out of reach', () => {
    const e = evaluateGraph(graph, { policies, monteCarlo: { adaptive: { toleranceKg: 1, maxSamples: 30_000 } } }).ghg_entries[0]!;
    expect(e.monte_carlo!.samples).toBe(30_000);
  });

  it('gives the same figures for the same seed and different ones for another', () => {
    const a = evaluateGraph(graph, { policies, monteCarlo: { samples: 3000, seed: 5 } });
    expect(JSON.stringify(evaluateGraph(graph, { policies, monteCarlo: { samples: 3000, seed: 5 } }))).toBe(JSON.stringify(a));
    expect(evaluateGraph(graph, { policies, monteCarlo: { samples: 3000, seed: 6 } }).ghg_entries[0]!.co2e_net_removed_kg).not.toBe(
      a.ghg_entries[0]!.co2e_net_removed_kg,
    );
  });

  it('refuses bad options with the option named', () => {
    expect(() => evaluateGraph(graph, { policies: { discountPercentile: 100 } })).toThrow(/discountPercentile/);
    expect(() => evaluateGraph(graph, { monteCarlo: { samples: 100, adaptive: {} } })).toThrow(/not both/);
    expect(() => evaluateGraph(graph, { monteCarlo: { adaptive: { toleranceKg: 0 } } })).toThrow(/toleranceKg/);
    expect(() => evaluateGraph(graph, { coverageProbability: 1 })).toThrow(/coverageProbability/);
  });
});

describe('Monte Carlo properties', () => {
  const magnitude = fc.integer({ min: 1_000, max: 1_000_000 });
  const relative = fc.double({ min: 0.005, max: 0.2, noNaN: true });

  it('with every distribution written as normal and no correlation, every figure equals an absent distribution', () => {
    fc.assert(
      fc.property(magnitude, relative, magnitude, relative, fc.integer({ min: 0, max: 1000 }), (a, ra, b, rb, seed) => {
        const plain = linearGraph([a, a * ra], [b, b * rb]);
        const normal = linearGraph([a, a * ra], [b, b * rb]);
        for (const d of normal.datapoints)
          if (d.quantity.standard_deviation !== null) Object.assign(d, { distribution: { type: 'normal' } });
        const options = { monteCarlo: { samples: 2000, seed } };
        expect(JSON.stringify(evaluateGraph(normal, options))).toBe(JSON.stringify(evaluateGraph(plain, options)));
        expect(JSON.stringify(evaluateGraph(normal))).toBe(JSON.stringify(evaluateGraph(plain)));
      }),
      { numRuns: 20 },
    );
  });

  it('for a linear model with normal inputs the 16th percentile agrees with the first-order discount within its interval', () => {
    let misses = 0;
    const runs = 40;
    fc.assert(
      fc.property(magnitude, relative, magnitude, relative, fc.integer({ min: 0, max: 1_000_000 }), (a, ra, b, rb, seed) => {
        const e = evaluateGraph(linearGraph([a, a * ra], [b, b * rb]), { monteCarlo: { samples: 20_000, seed } }).ghg_entries[0]!;
        // The first-order net after discount is the exact 16th percentile up to the normal's 15.87 %.
        const exact = e.co2e_net_removed_without_discount_kg + e.co2e_net_removed_standard_deviation_kg! * normalQuantile(0.16);
        const [low, high] = e.monte_carlo!.percentile_confidence_interval_kg;
        if (exact < low || exact > high) misses++;
        expect(Math.abs(e.co2e_net_removed_kg - e.monte_carlo!.percentile_16_kg)).toBeLessThan(
          0.02 * e.co2e_net_removed_standard_deviation_kg! + (high - low),
        );
      }),
      { numRuns: runs, seed: 25 },
    );
    // A 95 % interval misses about one run in 20: 6 or more misses of 40 has probability under 1 %.
    expect(misses).toBeLessThan(6);
  });
});

describe('reproducible whatever the split (issue 25 item 4)', () => {
  it('runs of disjoint entry ranges merge into the run of every entry, byte for byte', async () => {
    const { prepareGraph } = await import('../../src');
    const { monteCarloSettings, monteCarloShares, startEvaluation } = await import('../../src/accounting/evaluate/evaluate');
    const { mergeMonteCarloRuns, runMonteCarlo } = await import('../../src/accounting/monte-carlo/run');
    const graph: RemovalGraphInput = { ...linearGraph([1000, 50], [200, 30]) };
    graph.datapoints = [...graph.datapoints, datapoint('c', 500, 'kg', 40)];
    graph.component_blueprints = [
      ...graph.component_blueprints,
      blueprint({ key: 'third', template: 'sqrt({c} * {c})', inputs: { c: { kind: 'mass', unit: 'kg' } } }),
    ];
    graph.components = [...graph.components, component('third', 'third', { c: 'c' })];
    graph.ghg_entries = [entry('one', { seq: 0.5, act: 0.5 }), entry('two', { seq: 0.5, third: 1 }), entry('three', { act: 0.5 })];
    const prepared = prepareGraph(graph);
    if (!prepared.ok) throw new Error('invalid');
    const options = { monteCarlo: { samples: 3000, seed: 9 } };
    const settings = monteCarloSettings(prepared.prepared, options)!;
    const shares = monteCarloShares(prepared.prepared) as Float64Array;
    const whole = JSON.stringify(evaluateGraph(graph, options));
    for (const cut of [
      [0, 1, 3],
      [0, 2, 3],
      [0, 1, 2, 3],
    ]) {
      const runs = cut.slice(0, -1).map((from, i) => runMonteCarlo(prepared.prepared, settings, shares, from, cut[i + 1]) as never);
      const started = startEvaluation(prepared.prepared, options, mergeMonteCarloRuns(runs, 3));
      if (!started.ok) throw new Error('failed');
      const entries = [];
      for (let chunk = started.evaluation.entries.nextChunk(); chunk !== null; chunk = started.evaluation.entries.nextChunk())
        entries.push(...chunk);
      expect(JSON.stringify({ ghg_entries: entries, warnings: entries.flatMap((e) => e.warnings) })).toBe(whole);
    }
  });

  it('draws do not depend on the order of the datapoints in the document', () => {
    const graph = linearGraph([1000, 50], [200, 30]);
    const reversed = { ...graph, datapoints: [...graph.datapoints].reverse() };
    const options = { monteCarlo: { samples: 2000, seed: 3 } };
    expect(JSON.stringify(evaluateGraph(reversed, options))).toBe(JSON.stringify(evaluateGraph(graph, options)));
  });
});
