/**
 * An entry's warnings (src/accounting/warnings.ts): those of the datapoints its components use,
 * each (path, code) once, ordered by path with indices as numbers then by code, whatever the
 * entries share; the result's warnings are the document's, each once. Checked against a plain
 * reference (gather, sort by path, deduplicate) on generated graphs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateGraph, type EvaluationWarning } from '../../src';

const MASS_INPUT = { input_key: 'mass', quantity_kind: 'mass', compatible_unit: 't', data_shape: 'SCALAR' };
const BLUEPRINT = {
  key: 'captured',
  type: 'SEQUESTRATION',
  inputs: [MASS_INPUT, { input_key: 'purity', quantity_kind: 'mass_fraction', compatible_unit: '%', data_shape: 'SCALAR' }],
  expressions: [
    {
      key: 'co2e',
      template: '{mass} * {purity}',
      inputs: ['mass', 'purity'].map((k) => ({ template_key: k, input_key: k, type: 'DATAPOINT' })),
    },
  ],
};

/** The reference order: by path (indices as numbers), then code; each (path, code) once. */
function reference(warnings: readonly EvaluationWarning[]): [string, string][] {
  const key = (path: string) => path.split(/(\d+)/).map((part, i) => (i % 2 === 1 ? part.padStart(12, '0') : part));
  const pairs = warnings.map((w): [string, string] => [w.path, w.code]);
  const unique = [...new Map(pairs.map((p) => [`${p[0]} ${p[1]}`, p])).values()];
  return unique.sort((a, b) => {
    const ka = key(a[0]).join('');
    const kb = key(b[0]).join('');
    return ka < kb ? -1 : ka > kb ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0;
  });
}

/**
 * `masses[i]` is datapoint i's mass (0.1 g is unrealistic, a standard deviation of 5,000 t
 * exceeds it), component i uses it with a shared purity (unrealistic when `badPurity`); each entry
 * attributes an eighth of each component its list names (at most five entries: never over 1).
 */
function graphOf(masses: readonly [boolean, boolean][], badPurity: boolean, entries: readonly number[][]) {
  const datapoints = masses.map(([tiny, wide], i) => ({
    id: `dtp_${i}`,
    quantity: { magnitude: tiny ? 0.000_000_1 : 900, unit: 't', standard_deviation: wide ? 5000 : null },
  }));
  datapoints.push({ id: 'dtp_purity', quantity: { magnitude: badPurity ? 0.000_001 : 98, unit: '%', standard_deviation: null } });
  const components = masses.map((_, i) => ({
    id: `cmp_${i}`,
    blueprint_key: 'captured',
    inputs: [
      { input_key: 'mass', datapoint_id: `dtp_${i}` },
      { input_key: 'purity', datapoint_id: 'dtp_purity' },
    ],
  }));
  const ghg_entries = entries.map((list, e) => ({
    id: `rmv_${e}`,
    component_attributions: [...new Set(list)].map((c) => ({ component_id: `cmp_${c}`, attribution_factor: 0.125 })),
  }));
  return { component_blueprints: [BLUEPRINT], datapoints, components, ghg_entries };
}

describe("an entry's warnings", () => {
  it("are its datapoints' warnings, each once, by path with numeric indices, then code", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.boolean()), { minLength: 1, maxLength: 14 }),
        fc.boolean(),
        fc.array(fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 }),
        (masses, badPurity, picks) => {
          const entries = picks.map((list) => list.map((k) => k % masses.length));
          const result = evaluateGraph(graphOf(masses, badPurity, entries));
          const all = result.warnings;
          expect(all.map((w) => [w.path, w.code])).toEqual(reference(all));
          result.ghg_entries.forEach((entry, e) => {
            const used = new Set([...(entries[e] as number[]).map((c) => `datapoints[${c}]`), `datapoints[${masses.length}]`]);
            const expected = all.filter((w) => used.has(w.path.split('.')[0] as string));
            expect(entry.warnings.map((w) => [w.path, w.code])).toEqual(reference(expected));
            expect(entry.warnings).toEqual(
              expected.length === 0 ? [] : reference(expected).map(([p, c]) => all.find((w) => w.path === p && w.code === c)),
            );
          });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a worked example: datapoints[2] before datapoints[10], the shared purity last, each once at top level', () => {
    const masses: [boolean, boolean][] = Array.from({ length: 11 }, (_, i) => [i === 2 || i === 10, i === 10]);
    const result = evaluateGraph(graphOf(masses, true, [[10, 2], [10]]));
    expect(result.ghg_entries[0]?.warnings.map((w) => [w.path, w.code])).toEqual([
      ['datapoints[2].quantity.magnitude', 'value_outside_realistic_range'],
      ['datapoints[10].quantity.magnitude', 'value_outside_realistic_range'],
      ['datapoints[10].quantity.standard_deviation', 'standard_deviation_exceeds_magnitude'],
      ['datapoints[11].quantity.magnitude', 'value_outside_realistic_range'],
    ]);
    expect(result.ghg_entries[1]?.warnings).toHaveLength(3);
    expect(result.warnings).toHaveLength(4);
  });
});
