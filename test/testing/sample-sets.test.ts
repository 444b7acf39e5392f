// graphOf with sampleSets: generated documents put the fresh datapoints of each component's LIST
// inputs in a sample set (a paired bootstrap under Monte Carlo); they evaluate, first order and
// Monte Carlo; the properties hold on them, and a planted fault (an engine that reads the first
// row of every list) is caught on them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateGraph, type RemovalGraphInput } from 'cdr-engine';
import { checkPermutationInvariance, type GraphEvaluator, graphOf } from 'cdr-engine/testing';

/** A paired tracer-like blueprint: the mean of one column less the mean of another, times a mass. */
const PAIRED = {
  key: 'paired_cores',
  type: 'SEQUESTRATION' as const,
  inputs: [
    { input_key: 'treated', quantity_kind: 'mass_fraction' as const, compatible_unit: 'mg/kg', data_shape: 'LIST' as const },
    { input_key: 'control', quantity_kind: 'mass_fraction' as const, compatible_unit: 'mg/kg', data_shape: 'LIST' as const },
    { input_key: 'soil', quantity_kind: 'mass' as const, compatible_unit: 't', data_shape: 'SCALAR' as const },
  ],
  expressions: [
    {
      key: 'co2e',
      template: '(mean({a}) + mean({b})) * {m}',
      inputs: [
        { template_key: 'a', input_key: 'treated', type: 'DATAPOINT' as const },
        { template_key: 'b', input_key: 'control', type: 'DATAPOINT' as const },
        { template_key: 'm', input_key: 'soil', type: 'DATAPOINT' as const },
      ],
    },
  ],
};
const options = { sampleSets: true, reuse: false, listLength: { min: 2, max: 6 } } as const;

const firstOfList: GraphEvaluator = (graph, evaluation) =>
  evaluateGraph(
    {
      ...graph,
      components: graph.components.map((c) => ({
        ...c,
        inputs: c.inputs.map((i) => ({ ...i, datapoint_ids: (i.datapoint_ids ?? []).slice(0, 1) })),
      })),
      sample_sets: [],
    },
    evaluation,
  );

describe('graphOf with sampleSets', () => {
  it('writes a sample set per component over its LIST inputs, members without a standard deviation of their own', () => {
    for (const graph of fc.sample(graphOf([PAIRED], options), { numRuns: 30, seed: 3 }) as RemovalGraphInput[]) {
      const sets = graph.sample_sets ?? [];
      expect(sets.length).toBeGreaterThan(0);
      const members = new Set(sets.flatMap((s) => Object.values(s.columns).flat()));
      for (const d of graph.datapoints) if (members.has(d.id)) expect(d.quantity.standard_deviation ?? null).toBeNull();
      const result = evaluateGraph(graph, { monteCarlo: { samples: 300, seed: 1 } });
      expect(result.ghg_entries.every((e) => e.monte_carlo !== undefined)).toBe(true);
    }
  });

  it('keeps permutation invariance on sample-set graphs, and catches a planted fault there', () => {
    expect(checkPermutationInvariance([PAIRED], { numRuns: 30, seed: 4, graphs: options }).ok).toBe(true);
    expect(checkPermutationInvariance([PAIRED], { numRuns: 60, seed: 4, graphs: options, evaluate: firstOfList }).ok).toBe(false);
  });
});
