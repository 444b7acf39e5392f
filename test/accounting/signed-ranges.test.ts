// Semantics 3b, "warnings that do not cry wolf", for the signed kinds whose realistic range describes
// sizes (docs/units.md): the range bounds the absolute value and zero is a value like any, so an
// allometric intercept of -2.134 or a current of -3 mA does not warn, while a slip of magnitude does,
// on either side of zero. An input's own realistic_range still bounds the value as written.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeEvaluateGraph } from '../../src';

/** A one-entry graph: mass {m} times exp of one input of the kind (or times it, for a kind with a unit). */
function graph(kind: string, unit: string, magnitude: number, own?: { min: number; max: number; unit: string }): unknown {
  return {
    component_blueprints: [
      {
        key: 'bp',
        type: 'SEQUESTRATION',
        inputs: [
          { input_key: 'm', quantity_kind: 'mass', compatible_unit: 't' },
          { input_key: 'k', quantity_kind: kind, compatible_unit: unit, ...(own === undefined ? {} : { realistic_range: own }) },
        ],
        expressions: [
          {
            key: 'r',
            // The second input enters through a comparison only, so any kind fits the formula.
            template: `{k} == {k} ? {m} : {m}`,
            inputs: [
              { template_key: 'm', input_key: 'm', type: 'DATAPOINT' },
              { template_key: 'k', input_key: 'k', type: 'DATAPOINT' },
            ],
          },
        ],
      },
    ],
    datapoints: [
      { id: 'dtp_m', quantity: { magnitude: 10, unit: 't', standard_deviation: 1 } },
      { id: 'dtp_k', quantity: { magnitude, unit, standard_deviation: null } },
    ],
    components: [
      {
        id: 'cmp',
        blueprint_key: 'bp',
        inputs: [
          { input_key: 'm', datapoint_ids: ['dtp_m'] },
          { input_key: 'k', datapoint_ids: ['dtp_k'] },
        ],
      },
    ],
    ghg_entries: [{ id: 'rmv_1', component_attributions: [{ component_id: 'cmp' }] }],
  };
}

function rangeWarnings(document: unknown): string[] {
  const outcome = safeEvaluateGraph(document);
  if (!outcome.ok) throw new Error(outcome.issues.map((i) => i.message).join('\n'));
  return outcome.result.warnings.filter((w) => w.code === 'value_outside_realistic_range').map((w) => w.message);
}

describe('signed kinds whose realistic range bounds sizes', () => {
  it.each([
    ['dimensionless', '', -2.134],
    ['dimensionless', '', 0],
    ['dimensionless', '', 2.134],
    ['voltage', 'V', -0.5],
    ['electric_current', 'mA', -3],
    ['electric_current', 'A', 0],
    ['currency', 'USD', -1200],
  ])('%s %s %d does not warn', (kind, unit, magnitude) => {
    expect(rangeWarnings(graph(kind, unit, magnitude))).toEqual([]);
  });

  it('a slip of magnitude warns on either side of zero, saying the range is of the absolute value', () => {
    const below = rangeWarnings(graph('dimensionless', '', -2e7));
    expect(below).toHaveLength(1);
    expect(below[0]).toMatch(
      /^datapoint 'dtp_k' is -20000000 .*, of absolute value outside the realistic range of quantity kind 'dimensionless' \(/,
    );
    expect(rangeWarnings(graph('voltage', 'V', 2e7))).toHaveLength(1);
    expect(rangeWarnings(graph('electric_current', 'A', -1e-9))).toHaveLength(1);
  });

  it('pH, a signed kind whose range is of values, still warns below it', () => {
    expect(rangeWarnings(graph('acidity', 'pH', -3))).toHaveLength(1);
  });

  it("an input's own range bounds the value as written", () => {
    const own = { min: 1, max: 5, unit: '' };
    expect(rangeWarnings(graph('dimensionless', '', -2, own))).toHaveLength(1);
    expect(rangeWarnings(graph('dimensionless', '', 2, own))).toEqual([]);
  });

  it('x and -x warn alike (property)', () => {
    const kinds = fc.constantFrom(['dimensionless', ''], ['voltage', 'V'], ['electric_current', 'A'], ['currency', 'USD']);
    const size = fc.oneof(fc.double({ min: 1e-12, max: 1e12, noNaN: true }), fc.constant(0));
    fc.assert(
      fc.property(kinds, size, ([kind, unit], x) => {
        const plus = rangeWarnings(graph(kind as string, unit as string, x)).length;
        expect(rangeWarnings(graph(kind as string, unit as string, -x)).length).toBe(plus);
      }),
      { numRuns: 60 },
    );
  });
});

describe('emission factors of water', () => {
  it('the water-supply factor 0.149 kgCO2e/m3 does not warn', () => {
    expect(rangeWarnings(graph('volume_carbon_emission_factor', 'kgCO2e/m^3', 0.149))).toEqual([]);
  });
});
