// The distribution arbitraries: graphOf with `distributions` writes valid distributions on
// datapoints with a standard deviation only, and the engine evaluates what it draws.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateGraph } from '../../src';
import { distributionOf, graphOf, type BlueprintDefinition } from '../../src/testing';

describe('distributionOf', () => {
  it('draws every type with a valid parameter', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(distributionOf(), (d) => {
        seen.add(d.type);
        if (d.type === 'trapezoidal') expect(d.beta >= 0 && d.beta <= 1).toBe(true);
        if (d.type === 'student_t') expect(d.degrees_of_freedom).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: 300 },
    );
    expect(seen.size).toBe(7);
  });

  it('leaves the lognormal out for a magnitude that may not be positive, and refuses an empty choice', () => {
    fc.assert(fc.property(distributionOf(['lognormal', 'normal'], false), (d) => d.type === 'normal'));
    expect(() => distributionOf(['lognormal'], false)).toThrow(RangeError);
  });
});

describe('graphOf with distributions', () => {
  const blueprint: BlueprintDefinition = {
    key: 'mass',
    type: 'SEQUESTRATION',
    inputs: [{ input_key: 'm', quantity_kind: 'mass', compatible_unit: 't', data_shape: 'SCALAR' }],
    expressions: [
      { key: 'co2e', template: '{m} * 2', inputs: [{ template_key: 'm', input_key: 'm', type: 'DATAPOINT', data_shape: 'SCALAR' }] },
    ],
  } as BlueprintDefinition;

  it('writes distributions only on datapoints with a standard deviation, and the documents evaluate', () => {
    let written = 0;
    fc.assert(
      fc.property(graphOf([blueprint], { distributions: ['rectangular', 'student_t', 'lognormal'] }), (graph) => {
        for (const d of graph.datapoints) {
          if (d.distribution === undefined) continue;
          written++;
          expect(d.quantity.standard_deviation).not.toBeNull();
        }
        const result = evaluateGraph(graph, { monteCarlo: { samples: 200, seed: 1 } });
        expect(result.ghg_entries.length).toBe(graph.ghg_entries.length);
      }),
      { numRuns: 40 },
    );
    expect(written).toBeGreaterThan(0);
  });

  it('writes none by default', () => {
    fc.assert(
      fc.property(graphOf([blueprint]), (graph) => graph.datapoints.every((d) => d.distribution === undefined)),
      { numRuns: 30 },
    );
  });
});
