// The evaluation merges each entry's derivatives by datapoint at positions planned once per prepared
// graph. Property: on random graphs with shared datapoints and components, a datapoint in two slots
// of one component, an input whose derivative is 0 and several entries per component, every entry's standard
// deviation, reused datapoints and budget sensitivities are exactly (bit for bit) what merging
// through a SensitivityAccumulator, the definition of the reuse rule, gives.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluatePreparedGraph, prepareGraph, type PreparedGraph, type RemovalGraphInput } from '../../src';
import { attributionsOf, componentAt } from '../../src/accounting/prepare/prepare';
import { SensitivityAccumulator } from '../../src/uncertainty';
import { blueprint, component, datapoint, entry } from './fixtures';

const BLUEPRINTS = [
  blueprint({
    key: 'product',
    template: '{m} * {r}',
    inputs: { m: { kind: 'mass', unit: 't' }, r: { kind: 'dimensionless_ratio', unit: 'dimensionless' } },
  }),
  blueprint({
    key: 'pair',
    type: 'LOSS',
    template: '{m} * {n} / ({m} + {n})',
    inputs: { m: { kind: 'mass', unit: 't' }, n: { kind: 'mass', unit: 't' } },
  }),
  // `u` enters with derivative 0 (an input no expression uses is refused: blueprint_unused_input).
  blueprint({
    key: 'unused',
    type: 'ACTIVITY',
    template: '{m} * 2 + 0 * {u}',
    inputs: { m: { kind: 'mass', unit: 'kg' }, u: { kind: 'mass', unit: 'kg' } },
  }),
  blueprint({ key: 'list', template: 'sum({ms}) - max({ms}) / 3', inputs: { ms: { kind: 'mass', unit: 't', shape: 'LIST' } } }),
];

const graphArbitrary = fc
  .record({
    datapoints: fc.array(
      fc.record({
        magnitude: fc.double({ min: 0.5, max: 50, noNaN: true }),
        sd: fc.option(fc.double({ min: 0, max: 2, noNaN: true }), { nil: null }),
      }),
      {
        minLength: 3,
        maxLength: 7,
      },
    ),
    components: fc.array(fc.record({ blueprint: fc.nat(3), picks: fc.array(fc.nat(), { minLength: 3, maxLength: 3 }) }), {
      minLength: 1,
      maxLength: 7,
    }),
    entries: fc.array(fc.uniqueArray(fc.nat(6), { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 4 }),
  })
  .map(({ datapoints, components, entries }): RemovalGraphInput => {
    const masses = datapoints.map((d, i) => datapoint(`m${i}`, d.magnitude, 't', d.sd));
    const ratio = datapoint('ratio', 0.4, 'dimensionless', 0.05);
    const mass = (pick: number) => `m${pick % masses.length}`;
    const comps = components.map((c, i) => {
      const [a = 0, b = 0, d = 0] = c.picks;
      // `pair` with a === b reaches one datapoint in both slots.
      if (c.blueprint === 0) return component(`c${i}`, 'product', { m: mass(a), r: 'ratio' });
      if (c.blueprint === 1) return component(`c${i}`, 'pair', { m: mass(a), n: mass(b) });
      if (c.blueprint === 2) return component(`c${i}`, 'unused', { m: mass(a), u: mass(b) });
      return component(`c${i}`, 'list', { ms: [mass(a), mass(b), mass(d)] });
    });
    // Each component at most 1 in total: entries take 1/4 of each of their components.
    const ents = entries.map((picks, e) => entry(`e${e}`, Object.fromEntries(picks.map((p) => [`c${p % comps.length}`, 0.25]))));
    return { component_blueprints: BLUEPRINTS, datapoints: [...masses, ratio], components: comps, ghg_entries: ents };
  });

/**
 * An entry merged through the accumulator: standard deviation, sensitivities (given units) and
 * reuse. Null for an entry with a kink whose branches differ (a tie of the list's max between
 * two datapoints), whose branch kinks.test.ts checks; one datapoint tied with itself is no kink.
 */
function mergedByAccumulator(prepared: PreparedGraph, e: number) {
  const accumulator = new SensitivityAccumulator(prepared.datapointIds.length);
  for (const attribution of attributionsOf(prepared, e)) {
    const { blueprint: compiled, slots, inputStart, slotUses } = componentAt(prepared, attribution.component);
    const values = Float64Array.from(slots, (d) => prepared.siMagnitudes[d]!);
    const gradient = new Float64Array(slots.length);
    compiled.evaluate(values, inputStart, gradient);
    const candidates = compiled.kinkGradients(values, inputStart);
    const merged = (g: Float64Array) =>
      JSON.stringify([...slots].map((d) => [d, slots.reduce((sum, o, j) => (o === d ? sum + g[j]! : sum), 0)]));
    if (candidates !== null && new Set(candidates.map(merged)).size > 1) return null;
    const coefficient = attribution.sign * attribution.factor;
    slots.forEach((d, k) => accumulator.add(d, coefficient * gradient[k]!, slotUses[k]!));
  }
  const variance = accumulator.propagatedVariance(prepared.siStandardDeviations);
  const { indices, coefficients, uses } = accumulator.collect();
  const sensitivities = new Map<string, number>();
  const reused: { datapoint_id: string; uses: number }[] = [];
  indices.forEach((d, k) => {
    if (uses[k] === 0) return;
    const id = prepared.datapointIds[d]!;
    sensitivities.set(id, coefficients[k]! * prepared.siScales[d]!);
    if (uses[k]! > 1) reused.push({ datapoint_id: id, uses: uses[k]! });
  });
  reused.sort((a, b) => (a.datapoint_id < b.datapoint_id ? -1 : 1));
  return { standardDeviation: Number.isNaN(variance) ? null : Math.sqrt(variance), sensitivities, reused };
}

describe('merge plan', () => {
  it('merges every entry exactly as the accumulator does', () => {
    fc.assert(
      fc.property(graphArbitrary, (graph) => {
        const outcome = prepareGraph(graph);
        if (!outcome.ok) throw new Error(JSON.stringify(outcome.issues));
        const evaluated = evaluatePreparedGraph(outcome.prepared);
        if (!evaluated.ok) throw new Error(JSON.stringify(evaluated.issues));
        evaluated.result.ghg_entries.forEach((result, e) => {
          const expected = mergedByAccumulator(outcome.prepared, e);
          if (expected === null) return;
          expect(result.co2e_net_removed_standard_deviation_kg).toBe(expected.standardDeviation);
          expect(result.reused_datapoints).toEqual(expected.reused);
          expect(new Map(result.uncertainty_budget.map((l) => [l.datapoint_id, l.sensitivity]))).toEqual(expected.sensitivities);
        });
      }),
      { seed: 20261123, numRuns: 400 },
    );
  });
});
