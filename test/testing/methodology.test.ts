// The methodology document: strict reading (unknown keys with the nearest known key, declarations
// naming what the library has), a whole graph document accepted, and the bundled examples: the
// methodology files carry the blueprints of their graph documents, which evaluate to the known
// figures of the enhanced weathering example.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluateGraph, type RemovalGraphInput } from 'cdr-engine';
import { parseMethodology } from 'cdr-engine/testing';

const read = (path: string) =>
  JSON.parse(readFileSync(new URL(`../../examples/${path}`, import.meta.url), 'utf8')) as RemovalGraphInput & { checks?: unknown };

describe('parseMethodology', () => {
  const library = read('enhanced-weathering.methodology.json');

  it('reads a methodology file and a whole graph document', () => {
    const parsed = parseMethodology(library);
    expect(parsed.ok).toBe(true);
    if (parsed.ok)
      expect(parsed.methodology.checks.monotonicity?.[0]).toEqual({
        blueprint: 'rock_weathering',
        input: 'rock_mass',
        direction: 'increasing',
      });
    const graph = parseMethodology(read('enhanced-weathering.json'));
    expect(graph.ok && graph.methodology.checks).toEqual({});
  });

  it('refuses unknown keys at every level, naming the nearest known key', () => {
    const parsed = parseMethodology({
      ...library,
      check: {},
      checks: {
        ...(library.checks as object),
        tolerances: { unit_invariance: 1e-9, linearisation: 0.1, linearization: 0.2 },
        input_ranges: [{ input: 'rock_mass', magnitude: { min: 1, max: 2, units: 't' } }],
      },
    });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.issues).toContainEqual({
      path: ['check'],
      code: 'unrecognized_key',
      message: "unknown key 'check' at the top of the methodology document; did you mean 'checks'?",
    });
    expect(parsed.issues).toContainEqual({
      path: ['checks', 'tolerances', 'linearization'],
      code: 'unrecognized_key',
      message: "unknown key 'linearization' at checks.tolerances; did you mean 'linearisation'?",
    });
    expect(parsed.issues).toContainEqual({
      path: ['checks', 'input_ranges', 0, 'magnitude', 'units'],
      code: 'unrecognized_key',
      message: "unknown key 'units' at checks.input_ranges.0.magnitude; did you mean 'unit'?",
    });
  });

  it('refuses empty ranges, a negative relative deviation and a tolerance of zero', () => {
    const parsed = parseMethodology({
      ...library,
      checks: {
        input_ranges: [{ input: 'rock_mass', magnitude: { min: 9, max: 2 }, relative_standard_deviation: { min: -0.1, max: 0.1 } }],
        tolerances: { unit_invariance: 0 },
      },
    });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    const paths = parsed.issues.map((i) => i.path.join('.'));
    expect(paths).toContain('checks.input_ranges.0.magnitude');
    expect(paths).toContain('checks.input_ranges.0.relative_standard_deviation.min');
    expect(paths).toContain('checks.tolerances.unit_invariance');
  });

  it('refuses a malformed blueprint but leaves one that does not compile to the checks', () => {
    const malformed = parseMethodology({ component_blueprints: [{ key: 'x', type: 'SEQUESTRATION', inputs: [] }] });
    expect(malformed.ok).toBe(false);
    const uncompilable = parseMethodology({
      component_blueprints: [
        {
          key: 'x',
          type: 'SEQUESTRATION',
          inputs: [{ input_key: 'm', quantity_kind: 'mass', compatible_unit: 't' }],
          expressions: [{ key: 'r', template: '{m} - 50', inputs: [{ template_key: 'm', input_key: 'm', type: 'DATAPOINT' }] }],
        },
      ],
    });
    expect(uncompilable.ok).toBe(true);
    expect(parseMethodology([]).ok).toBe(false);
    expect(parseMethodology({ checks: {} }).ok).toBe(false);
  });
});

describe('bundled examples', () => {
  it('the methodology files carry the blueprints of their graph documents', () => {
    expect(read('biochar.methodology.json').component_blueprints).toEqual(read('biochar-project.json').component_blueprints);
    expect(read('enhanced-weathering.methodology.json').component_blueprints).toEqual(
      read('enhanced-weathering.json').component_blueprints,
    );
  });

  it('the enhanced weathering project evaluates to figures computed by hand', () => {
    const [north, river] = evaluateGraph(read('enhanced-weathering.json')).ghg_entries;
    // North field: 1200 t x 0.286 tCO2e/t x mean(21.4, 18.9, 24.6, 19.8, 22.3) % = 73,444.8 kg,
    // 8 % of it degassed, 39 % of the crushing run (46.5 MWh x 0.21 kgCO2e/kWh) and of the haulage
    // (3050 t x 38 km x 0.095 kgCO2e/(t km)), 1650 L x 2.68 kgCO2e/L of diesel, 48 ha x 95 kgCO2e/ha.
    const weathered = 1_200_000 * 0.286 * 0.214;
    const expected = weathered - weathered * 0.08 - 0.39 * 46_500 * 0.21 - 0.39 * 3050 * 38 * 0.095 - 1650 * 2.68 - 48 * 95;
    expect(north!.co2e_net_removed_without_discount_kg).toBeCloseTo(expected, 6);
    expect(north!.reused_datapoints.map((r) => r.datapoint_id)).toContain('dtp_EW_CORE_A1');
    // River field: 1.85e6 kg of rock, lab samples written as fractions, diesel in US gallons.
    const weatheredB = 1_850_000 * 0.286 * ((0.162 + 0.197 + 0.175 + 0.21) / 4);
    const diesel = 640 * 3.785411784 * 2.68;
    const expectedB = weatheredB * 0.92 - 0.61 * 46_500 * 0.21 - 0.61 * 3050 * 38 * 0.095 - diesel - 71 * 95;
    expect(river!.co2e_net_removed_without_discount_kg).toBeCloseTo(expectedB, 6);
    for (const e of [north!, river!]) expect(e.co2e_net_removed_kg).toBeLessThan(e.co2e_net_removed_without_discount_kg);
  });
});
