// The arbitraries of cdr-engine/testing: quantities of every kind in accepted units and realistic
// ranges, components and graphs that the engine accepts (10,000 generated graphs), the options
// of graphOf, random blueprints that always compile, and mutations that the engine refuses.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeEvaluateGraph } from 'cdr-engine';
import { type ComponentBlueprintDefinition, compileBlueprint } from 'cdr-engine/expressions';
import { isCompatible, QUANTITY_KINDS, toSI } from 'cdr-engine/units';
import { componentOf, datapointFor, graphOf, misspelled, quantityOf, randomBlueprint, realisticRange, wrongUnit } from 'cdr-engine/testing';
import { BIOCHAR, mergeGraphs, RANDOM_POOL, WEATHERING } from './helpers';

describe('quantityOf', () => {
  it('draws, for every quantity kind, units of that kind and magnitudes of its realistic range', () => {
    for (const kind of QUANTITY_KINDS) {
      const range = realisticRange(kind);
      const lo = toSI(range.min, null, range.unit).magnitude;
      const hi = toSI(range.max, null, range.unit).magnitude;
      for (const q of fc.sample(quantityOf(kind), { numRuns: 40, seed: 1 })) {
        expect(isCompatible(q.unit, kind).ok, `${kind}: ${q.unit}`).toBe(true);
        const si = toSI(q.magnitude, q.standard_deviation, q.unit);
        // Six significant digits: the magnitude may pass an end of the range by a rounding step.
        const slack = 1e-5 * Math.max(Math.abs(lo), Math.abs(hi));
        expect(si.magnitude).toBeGreaterThanOrEqual(lo - slack);
        expect(si.magnitude).toBeLessThanOrEqual(hi + slack);
        if (si.standard_deviation !== null) expect(si.standard_deviation).toBeLessThanOrEqual(0.1 * Math.abs(si.magnitude) * 1.001 + 1e-12);
      }
    }
  });

  it('follows its options: range and its unit, relative standard deviation, presence, units', () => {
    const arbitrary = quantityOf('mass', {
      magnitude: { min: 2, max: 3, unit: 't' },
      relativeStandardDeviation: { min: 0.1, max: 0.2 },
      standardDeviation: 'always',
      units: ['kg', 'lb'],
    });
    for (const q of fc.sample(arbitrary, { numRuns: 200, seed: 2 })) {
      expect(['kg', 'lb']).toContain(q.unit);
      const si = toSI(q.magnitude, q.standard_deviation, q.unit);
      expect(si.magnitude).toBeGreaterThanOrEqual(2000 * (1 - 1e-5));
      expect(si.magnitude).toBeLessThanOrEqual(3000 * (1 + 1e-5));
      expect(si.standard_deviation! / si.magnitude).toBeGreaterThanOrEqual(0.1 * (1 - 1e-3));
      expect(si.standard_deviation! / si.magnitude).toBeLessThanOrEqual(0.2 * (1 + 1e-3));
    }
    expect(
      fc.sample(quantityOf('energy', { standardDeviation: 'never' }), { numRuns: 50, seed: 3 }).every((q) => q.standard_deviation === null),
    ).toBe(true);
    const sometimes = fc.sample(quantityOf('energy'), { numRuns: 300, seed: 4 });
    expect(sometimes.some((q) => q.standard_deviation === null)).toBe(true);
    expect(sometimes.some((q) => q.standard_deviation !== null)).toBe(true);
  });

  it('draws several spellings of a kind, Pint long names included', () => {
    const units = new Set(fc.sample(quantityOf('mass'), { numRuns: 400, seed: 5 }).map((q) => q.unit));
    for (const unit of ['kg', 't', 'metric_ton', 'kilogram', 'lb']) expect(units).toContain(unit);
  });

  it('refuses options that cannot be drawn from, naming what is wrong', () => {
    expect(() => quantityOf('mass', { magnitude: { min: 3, max: 2 } })).toThrow(/min <= max/);
    expect(() => quantityOf('mass', { magnitude: { min: 1, max: 2, unit: 'kWh' } })).toThrow(/'kWh' is not a unit of quantity kind 'mass'/);
    expect(() => quantityOf('mass', { units: ['kg', 'km'] })).toThrow(/'km'/);
    expect(() => quantityOf('mass', { relativeStandardDeviation: { min: -1, max: 0 } })).toThrow(/>= 0/);
  });

  it('shrinks to the low end of the range, the range unit and no standard deviation', () => {
    const details = fc.check(
      fc.property(quantityOf('mass'), () => false),
      { seed: 6 },
    );
    expect(details.counterexample?.[0]).toEqual({ magnitude: 0.001, unit: 'kg', standard_deviation: null });
  });
});

describe('datapointFor and componentOf', () => {
  it('give a datapoint of the input kind and a component of the blueprint that evaluates', () => {
    const sequestration = WEATHERING.component_blueprints.find((b) => b.key === 'rock_weathering')!;
    fc.assert(
      fc.property(
        datapointFor(sequestration.inputs[0]!, { id: 'dtp_rock' }),
        componentOf(sequestration, { listLength: { min: 2, max: 3 } }),
        (datapoint, { component, datapoints }) => {
          expect(datapoint.id).toBe('dtp_rock');
          expect(isCompatible(datapoint.quantity.unit, 'mass').ok).toBe(true);
          expect(component.inputs.map((i) => i.input_key)).toEqual(['rock_mass', 'cdr_potential', 'weathered_fraction']);
          const list = component.inputs[2]!.datapoint_ids!;
          expect(list.length).toBeGreaterThanOrEqual(2);
          expect(list.length).toBeLessThanOrEqual(3);
          const graph = {
            component_blueprints: [sequestration],
            datapoints: [...datapoints],
            components: [component],
            ghg_entries: [{ id: 'rmv_1', component_attributions: [{ component_id: component.id }] }],
          };
          expect(safeEvaluateGraph(graph).ok).toBe(true);
        },
      ),
      { seed: 7, numRuns: 100 },
    );
  });
});

describe('graphOf', () => {
  const libraries = [BIOCHAR.component_blueprints, WEATHERING.component_blueprints, RANDOM_POOL];
  const anyGraph = fc.oneof(...libraries.map((l) => graphOf(l)));

  it('generates only valid documents: evaluateGraph accepts 10,000 generated graphs', () => {
    // 250 graphs per document (ids kept apart, blueprints shared), so that each blueprint is
    // compiled once per document rather than once per graph; fast-check shrinks a failing batch to
    // the one graph that fails.
    const started = performance.now();
    const cpu = process.cpuUsage();
    let graphs = 0;
    fc.assert(
      fc.property(fc.array(anyGraph, { minLength: 250, maxLength: 250 }), (batch) => {
        graphs += batch.length;
        const outcome = safeEvaluateGraph(mergeGraphs(batch));
        if (!outcome.ok)
          throw new Error(
            outcome.issues
              .slice(0, 3)
              .map((i) => i.message)
              .join('; '),
          );
      }),
      { seed: 10_000, numRuns: 40 },
    );
    expect(graphs).toBe(10_000);
    const used = process.cpuUsage(cpu);
    console.info(
      `graphOf: 10,000 generated graphs evaluated in ${Math.round(performance.now() - started)} ms (${Math.round((used.user + used.system) / 1000)} ms of CPU)`,
    );
  });

  it('follows its options: entries, components, list lengths, factors, sharing, reuse, risk', () => {
    const options = {
      entries: { min: 2, max: 2 },
      components: { min: 3, max: 4 },
      listLength: { min: 2, max: 2 },
      attributionFactors: false,
      reuse: false,
      riskOfReversal: false,
    };
    for (const g of fc.sample(graphOf(WEATHERING.component_blueprints, options), { numRuns: 100, seed: 11 })) {
      expect(g.ghg_entries).toHaveLength(2);
      expect(g.components.length).toBeGreaterThanOrEqual(3);
      expect(g.components.length).toBeLessThanOrEqual(4);
      for (const c of g.components) {
        const samples = c.inputs.find((i) => i.input_key === 'weathered_fraction');
        if (samples !== undefined) expect(samples.datapoint_ids).toHaveLength(2);
      }
      const attributions = g.ghg_entries.flatMap((e) => e.component_attributions);
      expect(attributions.every((a) => a.attribution_factor === 1)).toBe(true);
      expect(new Set(attributions.map((a) => a.component_id)).size).toBe(attributions.length);
      const ids = g.components.flatMap((c) => c.inputs.flatMap((i) => i.datapoint_ids ?? []));
      expect(new Set(ids).size).toBe(ids.length);
      expect(g.ghg_entries.every((e) => e.risk_of_reversal_percentage === null)).toBe(true);
    }
  });

  it('shares components and reuses datapoints by default, with factors summing to at most 1', () => {
    const graphs = fc.sample(graphOf(BIOCHAR.component_blueprints, { entries: { min: 3, max: 3 }, components: { min: 6, max: 6 } }), {
      numRuns: 200,
      seed: 12,
    });
    let shared = 0;
    let reused = 0;
    for (const g of graphs) {
      const totals = new Map<string, number>();
      for (const a of g.ghg_entries.flatMap((e) => e.component_attributions))
        totals.set(a.component_id, (totals.get(a.component_id) ?? 0) + (a.attribution_factor ?? 1));
      for (const [, total] of totals) expect(total).toBeLessThanOrEqual(1 + 1e-12);
      shared += g.components.filter(
        (c) => g.ghg_entries.filter((e) => e.component_attributions.some((a) => a.component_id === c.id)).length > 1,
      ).length;
      const ids = g.components.flatMap((c) => c.inputs.flatMap((i) => i.datapoint_ids ?? []));
      reused += ids.length - new Set(ids).size;
    }
    expect(shared).toBeGreaterThan(50);
    expect(reused).toBeGreaterThan(50);
  });

  it('refuses an empty library and empty ranges', () => {
    expect(() => graphOf([])).toThrow(/at least one blueprint/);
    expect(() => graphOf(BIOCHAR.component_blueprints, { entries: { min: 2, max: 1 } })).toThrow(/entries/);
    expect(() => graphOf(BIOCHAR.component_blueprints, { listLength: { min: 0, max: 2 } })).toThrow(/listLength/);
  });
});

describe('randomBlueprint', () => {
  it('always compiles to a blueprint whose result is a mass', () => {
    fc.assert(
      fc.property(randomBlueprint(), (b) => {
        const compiled = compileBlueprint(b as ComponentBlueprintDefinition);
        if (!compiled.ok) throw new Error(`${JSON.stringify(b.expressions)}: ${compiled.issues.map((i) => i.message).join('; ')}`);
      }),
      { seed: 13, numRuns: 300 },
    );
  });

  it('draws every type asked for, with LIST inputs, reused variables, two expressions and ZERO_TCO2E', () => {
    const drawn = fc.sample(randomBlueprint({ types: ['LOSS', 'SEQUESTRATION'] }), { numRuns: 300, seed: 14 });
    expect(new Set(drawn.map((b) => b.type))).toEqual(new Set(['LOSS', 'SEQUESTRATION']));
    expect(drawn.some((b) => b.inputs.some((i) => i.data_shape === 'LIST'))).toBe(true);
    expect(drawn.some((b) => b.expressions.length === 2)).toBe(true);
    expect(drawn.some((b) => b.expressions.some((e) => e.inputs.some((i) => i.type === 'ZERO_TCO2E')))).toBe(true);
    expect(drawn.some((b) => b.expressions.some((e) => /\{(\w+)\}.*\{\1\}/.test(e.template)))).toBe(true);
  });
});

describe('misspelled', () => {
  it('misspells one key of a valid document, which the engine refuses as unrecognized_key at that path, naming the key', () => {
    const cases = fc
      .tuple(graphOf(WEATHERING.component_blueprints), fc.nat())
      .map(([g, n]) => fc.sample(misspelled(g), { numRuns: 1, seed: n })[0]!);
    fc.assert(
      fc.property(cases, (mutation) => {
        expect(mutation.replacement).not.toBe(mutation.original);
        const outcome = safeEvaluateGraph(mutation.document);
        expect(outcome.ok).toBe(false);
        if (outcome.ok) return;
        const issue = outcome.issues.find((i) => i.code === mutation.code);
        expect(issue?.path).toEqual(mutation.path);
        expect(issue?.message).toContain(`'${mutation.replacement}'`);
      }),
      { seed: 16, numRuns: 300 },
    );
  });

  it('makes the slips people make: a letter dropped, doubled, swapped or replaced', () => {
    const graph = fc.sample(graphOf(WEATHERING.component_blueprints, { components: { min: 3, max: 3 } }), { numRuns: 1, seed: 17 })[0]!;
    const slips = fc.sample(misspelled(graph), { numRuns: 300, seed: 18 });
    const lengths = new Set(slips.map((m) => m.replacement.length - m.original.length));
    expect(lengths).toEqual(new Set([-1, 0, 1]));
    const sections = new Set(slips.filter((m) => m.path.length > 1).map((m) => m.path[0]));
    expect(sections).toEqual(new Set(['component_blueprints', 'datapoints', 'components', 'ghg_entries']));
  });
});

describe('wrongUnit', () => {
  it('gives a datapoint a unit of another dimension, which the engine refuses as unit_incompatible', () => {
    const cases = fc
      .tuple(graphOf(WEATHERING.component_blueprints), fc.nat())
      .map(([g, n]) => fc.sample(wrongUnit(g), { numRuns: 1, seed: n })[0]!);
    fc.assert(
      fc.property(cases, (mutation) => {
        const outcome = safeEvaluateGraph(mutation.document);
        expect(outcome.ok).toBe(false);
        if (!outcome.ok) expect(outcome.issues.map((i) => i.code)).toContain(mutation.code);
        expect(mutation.replacement).not.toBe(mutation.original);
      }),
      { seed: 15, numRuns: 200 },
    );
  });
});
