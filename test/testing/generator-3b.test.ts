// Issue 33: the toolkit generates documents with the newer data features: signed values for
// difference inputs, lognormals declared by their median, sample sets checked by the reuse rule;
// a methodology document turns them on under `checks.graphs` (strict, with "did you mean").
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeEvaluateGraph } from 'cdr-engine';
import {
  type BlueprintDefinition,
  checkReuseRule,
  checkUnitInvariance,
  graphOf,
  parseMethodology,
  quantityOf,
  randomBlueprint,
} from 'cdr-engine/testing';

const differenceBlueprint: BlueprintDefinition = {
  key: 'corrected',
  type: 'SEQUESTRATION',
  inputs: [
    { input_key: 'mass', quantity_kind: 'mass', compatible_unit: 't', data_shape: 'SCALAR' },
    { input_key: 'change', quantity_kind: 'mass', compatible_unit: 't', data_shape: 'SCALAR', difference: true },
  ],
  expressions: [
    {
      key: 'co2e',
      template: '({m} + {c}) * 0.1',
      inputs: [
        { template_key: 'm', input_key: 'mass', type: 'DATAPOINT' },
        { template_key: 'c', input_key: 'change', type: 'DATAPOINT' },
      ],
    },
  ],
};

const listBlueprint: BlueprintDefinition = {
  key: 'paired',
  type: 'SEQUESTRATION',
  inputs: [
    { input_key: 'a', quantity_kind: 'mass', compatible_unit: 'kg', data_shape: 'LIST' },
    { input_key: 'b', quantity_kind: 'mass', compatible_unit: 'kg', data_shape: 'LIST' },
  ],
  expressions: [
    {
      key: 'co2e',
      template: 'mean({a}) + 2 * mean({b})',
      inputs: [
        { template_key: 'a', input_key: 'a', type: 'DATAPOINT' },
        { template_key: 'b', input_key: 'b', type: 'DATAPOINT' },
      ],
    },
  ],
};

describe('generated documents with the features of semantics 3b', () => {
  it('quantityOf with signed draws both signs from the mirrored range', () => {
    const values = fc.sample(quantityOf('mass', { signed: true, magnitude: { min: 1, max: 10, unit: 't' }, units: ['t'] }), {
      numRuns: 200,
      seed: 3,
    });
    expect(values.some((q) => q.magnitude < 0)).toBe(true);
    expect(values.some((q) => q.magnitude > 0)).toBe(true);
    expect(values.every((q) => Math.abs(q.magnitude) <= 10)).toBe(true);
    // Unsigned, a mass is never negative.
    expect(fc.sample(quantityOf('mass', { units: ['t'] }), { numRuns: 200, seed: 3 }).every((q) => q.magnitude >= 0)).toBe(true);
  });

  it('graphOf draws signed values for a difference input, and the engine evaluates them', () => {
    const graphs = fc.sample(graphOf([differenceBlueprint], { inputs: { mass: { magnitude: { min: 10, max: 20, unit: 't' } } } }), {
      numRuns: 60,
      seed: 4,
    });
    const changes = graphs.flatMap((g) =>
      g.components
        .flatMap((c) => c.inputs.filter((i) => i.input_key === 'change').flatMap((i) => i.datapoint_ids ?? []))
        .map((id) => g.datapoints.find((d) => d.id === id)!.quantity.magnitude),
    );
    expect(changes.some((m) => m < 0)).toBe(true);
    for (const g of graphs) expect(safeEvaluateGraph(g).ok).toBe(true);
  });

  it('graphOf with lognormalMedian writes lognormals by their median, evaluated first order and by Monte Carlo', () => {
    const graphs = fc.sample(
      graphOf([differenceBlueprint], { distributions: ['lognormal'], lognormalMedian: true, standardDeviation: 'always', reuse: false }),
      { numRuns: 30, seed: 5 },
    );
    const byMedian = graphs.flatMap((g) => g.datapoints).filter((d) => d.distribution?.type === 'lognormal');
    expect(byMedian.length).toBeGreaterThan(0);
    for (const d of byMedian) {
      expect(d.quantity.standard_deviation).toBeNull();
      expect((d.distribution as { log_standard_deviation?: number }).log_standard_deviation).toBeGreaterThan(0);
    }
    for (const g of graphs.slice(0, 5)) expect(safeEvaluateGraph(g, { monteCarlo: { samples: 500, seed: 1 } }).ok).toBe(true);
  });

  it('the reuse rule holds on graphs with sample sets (row correlations included)', () => {
    const verdict = checkReuseRule([listBlueprint], { numRuns: 40, seed: 6, graphs: { sampleSets: true, listLength: { min: 2, max: 5 } } });
    expect(verdict).toMatchObject({ ok: true });
  });

  it('a methodology turns them on under checks.graphs; a misspelled key gets the nearest name', () => {
    const base = { component_blueprints: [listBlueprint] };
    const ok = parseMethodology({
      ...base,
      checks: { graphs: { sample_sets: true, list_length: { min: 5, max: 8 }, lognormal_median: true } },
    });
    expect(ok.ok && ok.methodology.checks.graphs).toEqual({ sample_sets: true, list_length: { min: 5, max: 8 }, lognormal_median: true });
    const bad = parseMethodology({ ...base, checks: { graphs: { sample_set: true } } });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.issues[0]!.message).toBe("unknown key 'sample_set' at checks.graphs; did you mean 'sample_sets'?");
    const wrongType = parseMethodology({ ...base, checks: { graphs: { distributions: ['lognormall'] } } });
    expect(wrongType.ok).toBe(false);
  });

  it('randomBlueprint with extendedFormulas draws conditionals, unit literals, log10 and cos that compile and evaluate', () => {
    const blueprints = fc.sample(randomBlueprint({ extendedFormulas: true }), { numRuns: 200, seed: 7 });
    const templates = blueprints.flatMap((b) => b.expressions.map((x) => x.template)).join('\n');
    for (const piece of [' ? ', 'kg/l', '(1 kg)', 'log10(', 'cos(']) expect(templates).toContain(piece);
    const withBranch = blueprints.filter((b) => b.expressions.some((x) => x.template.includes(' ? '))).slice(0, 8);
    for (const b of withBranch) {
      for (const g of fc.sample(graphOf([b]), { numRuns: 3, seed: 8 })) expect(safeEvaluateGraph(g).ok).toBe(true);
    }
    expect(checkUnitInvariance(withBranch.slice(0, 3), { numRuns: 20, seed: 9 })).toMatchObject({ ok: true });
  });
});
