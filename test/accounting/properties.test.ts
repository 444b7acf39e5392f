import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateGraph, type EvaluationResult, type RemovalGraphInput } from '../../src';
import { blueprint, component, datapoint, entry } from './fixtures';

/** A random but valid graph: blueprints of several shapes, shared datapoints and shared components. */
const graphArbitrary = fc
  .record({
    datapoints: fc.array(
      fc.record({
        magnitude: fc.double({ min: 0.5, max: 50, noNaN: true }),
        sd: fc.option(fc.double({ min: 0, max: 2, noNaN: true }), { nil: null }),
      }),
      { minLength: 4, maxLength: 8 },
    ),
    components: fc.array(
      fc.record({
        blueprint: fc.constantFrom('product', 'quotient', 'sum', 'list'),
        type: fc.constantFrom('SEQUESTRATION', 'ACTIVITY', 'LOSS', 'REDUCTION'),
        picks: fc.array(fc.nat(), { minLength: 3, maxLength: 3 }),
      }),
      { minLength: 1, maxLength: 6 },
    ),
    entries: fc.array(fc.array(fc.record({ c: fc.nat(), f: fc.integer({ min: 1, max: 4 }) }), { minLength: 1, maxLength: 4 }), {
      minLength: 1,
      maxLength: 3,
    }),
  })
  .map(({ datapoints, components, entries }): RemovalGraphInput => {
    const kinds = ['mass', 'dimensionless_ratio', 'mass', 'dimensionless_ratio'] as const;
    const units = ['t', 'dimensionless', 'kg', '%'];
    const dps = datapoints.map((d, i) => datapoint(`d${i}`, d.magnitude, units[i % 4]!, d.sd));
    const ofKind = (kindIndex: number, pick: number) => {
      const candidates = dps.map((_, i) => i).filter((i) => i % 2 === kindIndex % 2);
      return `d${candidates[pick % candidates.length]}`;
    };
    const blueprints = ['SEQUESTRATION', 'ACTIVITY', 'LOSS', 'REDUCTION'].flatMap((type) => [
      blueprint({ key: `product-${type}`, type, template: '{m} * {r}', inputs: { m: { kind: kinds[0], unit: 't' }, r: { kind: kinds[1], unit: 'dimensionless' } } }),
      blueprint({ key: `quotient-${type}`, type, template: '{m} / ({r} + 1)', inputs: { m: { kind: kinds[0], unit: 't' }, r: { kind: kinds[1], unit: 'dimensionless' } } }),
      blueprint({ key: `sum-${type}`, type, template: '{m} + {n} * {r}', inputs: { m: { kind: 'mass', unit: 't' }, n: { kind: 'mass', unit: 't' }, r: { kind: kinds[1], unit: 'dimensionless' } } }),
      blueprint({ key: `list-${type}`, type, template: 'sum({ms}) * mean({rs})', inputs: { ms: { kind: 'mass', unit: 't', shape: 'LIST' }, rs: { kind: kinds[1], unit: 'dimensionless', shape: 'LIST' } } }),
    ]);
    const comps = components.map((c, i) => {
      const [a = 0, b = 0, d = 0] = c.picks;
      const key = `${c.blueprint}-${c.type}`;
      if (c.blueprint === 'sum') return component(`c${i}`, key, { m: ofKind(0, a), n: ofKind(0, b), r: ofKind(1, d) });
      if (c.blueprint === 'list') return component(`c${i}`, key, { ms: [ofKind(0, a), ofKind(0, b)], rs: [ofKind(1, d), ofKind(1, a)] });
      return component(`c${i}`, key, { m: ofKind(0, a), r: ofKind(1, b) });
    });
    // Shares: each entry takes factor f/8 of its components, so no component exceeds 1 in total (<= 3 entries x 4/8 would: clamp).
    const taken = new Map<number, number>();
    const ents = entries.map((atts, e) => {
      const seen = new Map<string, number>();
      for (const { c, f } of atts) {
        const ci = c % comps.length;
        const already = taken.get(ci) ?? 0;
        const share = Math.min(f / 8, 1 - already);
        if (share <= 0 || seen.has(`c${ci}`)) continue;
        taken.set(ci, already + share);
        seen.set(`c${ci}`, share);
      }
      if (seen.size === 0) seen.set('c0', 1e-3);
      return entry(`e${e}`, Object.fromEntries(seen));
    });
    return { component_blueprints: blueprints, datapoints: dps, components: comps, ghg_entries: ents };
  });

const byId = (result: EvaluationResult) => Object.fromEntries(result.ghg_entries.map((e) => [e.id, e]));

function shuffle<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let s = seed >>> 0;
  for (let i = out.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

describe('properties of evaluateGraph', () => {
  it('permuting components, datapoints, blueprints and entries changes nothing', () => {
    fc.assert(
      fc.property(graphArbitrary, fc.integer(), (graph, seed) => {
        const permuted: RemovalGraphInput = {
          component_blueprints: shuffle(graph.component_blueprints, seed),
          datapoints: shuffle(graph.datapoints, seed + 1),
          components: shuffle(graph.components, seed + 2),
          ghg_entries: shuffle(graph.ghg_entries, seed + 3),
        };
        const a = byId(evaluateGraph(graph));
        const b = byId(evaluateGraph(permuted));
        for (const id of Object.keys(a)) {
          const x = a[id]!;
          const y = b[id]!;
          expect(y.co2e_net_removed_without_discount_kg).toBeCloseTo(x.co2e_net_removed_without_discount_kg, 9);
          expect(y.co2e_net_removed_standard_deviation_kg ?? -1).toBeCloseTo(x.co2e_net_removed_standard_deviation_kg ?? -1, 9);
          expect(y.reused_datapoints).toEqual(x.reused_datapoints);
          expect(y.uncertainty_budget.map((l) => l.datapoint_id).sort()).toEqual(x.uncertainty_budget.map((l) => l.datapoint_id).sort());
        }
      }),
      { seed: 20261123, numRuns: 150 },
    );
  });

  it('scaling an attribution factor scales the entry linearly (net and standard deviation)', () => {
    fc.assert(
      fc.property(graphArbitrary, fc.double({ min: 0.05, max: 1, noNaN: true }), (graph, scale) => {
        // Keep one entry so the share check stays satisfied after scaling down.
        const single = { ...graph, ghg_entries: [graph.ghg_entries[0]!] };
        const base = evaluateGraph(single).ghg_entries[0]!;
        const scaled = evaluateGraph({
          ...single,
          ghg_entries: [{ ...single.ghg_entries[0]!, component_attributions: single.ghg_entries[0]!.component_attributions.map((a) => ({ ...a, attribution_factor: (a.attribution_factor ?? 1) * scale })) }],
        }).ghg_entries[0]!;
        expect(scaled.co2e_net_removed_without_discount_kg).toBeCloseTo(base.co2e_net_removed_without_discount_kg * scale, 8);
        if (base.co2e_net_removed_standard_deviation_kg !== null) {
          expect(scaled.co2e_net_removed_standard_deviation_kg!).toBeCloseTo(base.co2e_net_removed_standard_deviation_kg * scale, 8);
        }
      }),
      { seed: 7, numRuns: 150 },
    );
  });

  it('budget shares sum to 1 whenever the variance is positive', () => {
    fc.assert(
      fc.property(graphArbitrary, (graph) => {
        for (const e of evaluateGraph(graph).ghg_entries) {
          const total = e.uncertainty_budget.reduce((s, l) => s + l.variance_share, 0);
          if ((e.co2e_net_removed_standard_deviation_kg ?? 0) > 0) expect(total).toBeCloseTo(1, 10);
          else expect(total).toBe(0);
        }
      }),
      { seed: 11, numRuns: 150 },
    );
  });

  it('finite differences agree with the reported sensitivities', () => {
    fc.assert(
      fc.property(graphArbitrary, (graph) => {
        const base = byId(evaluateGraph(graph));
        for (const [d, dp] of graph.datapoints.entries()) {
          const h = Math.max(1e-6, Math.abs(dp.quantity.magnitude) * 1e-6);
          const bump = (delta: number) =>
            byId(evaluateGraph({ ...graph, datapoints: graph.datapoints.map((x, i) => (i === d ? { ...x, quantity: { ...x.quantity, magnitude: x.quantity.magnitude + delta } } : x)) }));
          const plus = bump(h);
          const minus = bump(-h);
          for (const id of Object.keys(base)) {
            const numeric = (plus[id]!.co2e_net_removed_without_discount_kg - minus[id]!.co2e_net_removed_without_discount_kg) / (2 * h);
            const line = base[id]!.uncertainty_budget.find((l) => l.datapoint_id === dp.id);
            const analytic = line?.sensitivity ?? 0;
            expect(Math.abs(numeric - analytic)).toBeLessThanOrEqual(1e-5 * Math.max(1, Math.abs(analytic)));
          }
        }
      }),
      { seed: 3, numRuns: 40 },
    );
  });

  it('for a linear model, Monte Carlo agrees with the linear propagation within sampling error', () => {
    const graph: RemovalGraphInput = {
      component_blueprints: [
        blueprint({ key: 'lin', template: '{a} + {b} * 3 - {c}', inputs: { a: { kind: 'mass', unit: 't' }, b: { kind: 'mass', unit: 'kg' }, c: { kind: 'mass', unit: 'kg' } } }),
      ],
      datapoints: [datapoint('a', 2, 't', 0.1), datapoint('b', 300, 'kg', 20), datapoint('c', 50, 'kg', 30)],
      components: [component('c', 'lin', { a: 'a', b: 'b', c: 'c' })],
      ghg_entries: [entry('e', { c: 1 })],
    };
    const samples = 20_000;
    const e = evaluateGraph(graph, { monteCarlo: { samples, seed: 42 } }).ghg_entries[0]!;
    const mc = e.monte_carlo!;
    const sd = e.co2e_net_removed_standard_deviation_kg!;
    expect(sd).toBeCloseTo(Math.sqrt(100 ** 2 + 60 ** 2 + 30 ** 2), 9);
    expect(Math.abs(mc.mean_kg - e.co2e_net_removed_without_discount_kg)).toBeLessThan(4 * sd / Math.sqrt(samples));
    // The sample standard deviation has a relative standard error of about 1/sqrt(2n).
    expect(Math.abs(mc.standard_deviation_kg / sd - 1)).toBeLessThan(4 / Math.sqrt(2 * samples));
    expect(Math.abs(mc.percentile_16_kg - e.co2e_net_removed_kg)).toBeLessThan(0.05 * sd);
  });

  it('is deterministic: the same document gives a byte-identical result', () => {
    fc.assert(
      fc.property(graphArbitrary, (graph) => {
        expect(JSON.stringify(evaluateGraph(graph))).toBe(JSON.stringify(evaluateGraph(structuredClone(graph))));
      }),
      { seed: 5, numRuns: 50 },
    );
  });
});
