// The declarations beyond monotonicity and ranges (worked examples, bounds, LIST semantics,
// homogeneity, ADJUSTMENT signs): read strictly with paths and nearest names; each planted fault of
// examples/faults caught on every seed tried, the correct methodologies passing; what the report
// says besides verdicts (type warnings, undeclared inputs, declarations not exercised); and the
// order-statistics interval the linearisation check judges by.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkMethodology, type Methodology, parseMethodology } from 'cdr-engine/testing';
import { nonlinearityOf } from '../../src/testing/properties/nonlinearity';
import { percentileInterval } from '../../src/testing/properties/sampled-nets';

const read = (path: string) =>
  JSON.parse(readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8')) as Record<string, unknown> & {
    checks: Record<string, unknown>;
  };
const methodology = (path: string): Methodology => {
  const parsed = parseMethodology(read(path));
  if (!parsed.ok) throw new Error(`${path}: ${JSON.stringify(parsed.issues)}`);
  return parsed.methodology;
};
const issuesOf = (document: unknown) => {
  const parsed = parseMethodology(document);
  return parsed.ok ? [] : parsed.issues;
};

describe('reading the declarations', () => {
  const dac = read('examples/dac-storage.methodology.json');
  const withChecks = (checks: Record<string, unknown>) => ({ ...dac, checks: { ...dac.checks, ...checks } });

  it('accepts $schema at the top (a string), as graph documents recommend', () => {
    expect(parseMethodology(dac).ok).toBe(true);
    expect(dac['$schema']).toBeTypeOf('string');
    expect(issuesOf({ ...dac, $schema: 3 })).toContainEqual({
      path: ['$schema'],
      code: 'invalid_type',
      message: '$schema: expected the address of a JSON Schema (a string)',
    });
    const unknown = issuesOf({ ...dac, schema: 'x' })[0];
    expect(unknown?.message).toBe("unknown key 'schema' at the top of the methodology document; did you mean '$schema'?");
  });

  it('refuses unknown keys of the new declarations with the nearest known key, at their path', () => {
    const issues = issuesOf(withChecks({ bounds: [{ blueprint: 'co2_stored', at_mots: '{injected_mass}' }], homogenity: [] }));
    expect(issues).toContainEqual(
      expect.objectContaining({
        path: ['checks', 'bounds', 0, 'at_mots'],
        code: 'unrecognized_key',
        message: expect.stringContaining("did you mean 'at_most'?"),
      }),
    );
    expect(issues).toContainEqual(
      expect.objectContaining({ path: ['checks', 'homogenity'], message: expect.stringContaining("did you mean 'homogeneity'?") }),
    );
  });

  it('refuses declarations naming what the library does not have, or that cannot hold', () => {
    const issues = issuesOf(
      withChecks({
        examples: [
          {
            blueprint: 'capture_energy',
            inputs: { energy: [{ magnitude: 1, unit: 'kWh' }], grid_factr: { magnitude: 1, unit: 'kg' } },
            expected: { magnitude: 1, unit: 'kWh' },
          },
        ],
        bounds: [
          { blueprint: 'co2_stored', expression: 'retained_shar', fraction: true },
          { blueprint: 'co2_stored', at_most: '{injected_mas}' },
          { blueprint: 'co2_stored', at_most: '{co2_purity}' },
          { blueprint: 'co2_stored' },
        ],
        list_semantics: [{ input: 'energy', semantics: 'intensive' }],
        adjustment_signs: [{ blueprint: 'capture_energy', sign: 'lowers' }],
        homogeneity: [{ blueprint: 'meter_drif', input: 'injected_mass', degree: 1 }],
        entries: [{ blueprints: ['co2_stored', 'capture_energi'] }],
      }),
    );
    const at = (...path: (string | number)[]) =>
      issues.filter((i) => i.path.join('.') === path.join('.')).map((i) => `${i.code}: ${i.message}`);
    expect(at('checks', 'examples', 0, 'inputs', 'grid_factr')).toEqual([
      "unknown_input: blueprint 'capture_energy' has no input 'grid_factr'; did you mean 'grid_factor'?",
    ]);
    expect(at('checks', 'examples', 0, 'inputs', 'grid_factor')).toEqual([
      "missing_input: the example gives no value for input 'grid_factor' of blueprint 'capture_energy'",
    ]);
    expect(at('checks', 'examples', 0, 'inputs', 'energy')).toEqual(["invalid_shape: input 'energy' is a SCALAR: give one quantity"]);
    expect(at('checks', 'examples', 0, 'expected', 'unit')[0]).toMatch(/^unit_incompatible: /);
    expect(at('checks', 'bounds', 0, 'expression')).toEqual([
      "unknown_expression: blueprint 'co2_stored' has no expression 'retained_shar'; did you mean 'retained_share'?",
    ]);
    expect(at('checks', 'bounds', 1, 'at_most')[0]).toMatch(
      /'\{injected_mas\}' is not an input of blueprint 'co2_stored'; did you mean '\{injected_mass\}'\?/,
    );
    expect(at('checks', 'bounds', 2, 'at_most')).toEqual([
      "invalid_bound: '{co2_purity}' is dimensionless but the bounded value is a mass",
    ]);
    expect(at('checks', 'bounds', 3)).toEqual(['empty_bound: a bound needs at_most, at_least or fraction: true']);
    expect(at('checks', 'list_semantics', 0, 'input')).toEqual([
      "not_a_list: input 'energy' is SCALAR: LIST semantics speak about LIST inputs",
    ]);
    expect(at('checks', 'adjustment_signs', 0, 'blueprint')[0]).toMatch(/^not_an_adjustment: blueprint 'capture_energy' is ACTIVITY/);
    expect(at('checks', 'homogeneity', 0, 'blueprint')).toEqual([
      "unknown_blueprint: blueprint 'meter_drif' is not in the library; did you mean 'meter_drift'?",
    ]);
    expect(at('checks', 'entries', 0, 'blueprints', 1, 'blueprint')).toEqual([
      "unknown_blueprint: blueprint 'capture_energi' is not in the library; did you mean 'capture_energy'?",
    ]);
  });

  it('refuses an entry template whose blueprints give one input key two kinds, and a net bound that is not a mass', () => {
    const clash = {
      ...(dac['component_blueprints'] as { key: string }[])[1],
      key: 'other',
      inputs: [{ input_key: 'energy', quantity_kind: 'mass', compatible_unit: 't', data_shape: 'SCALAR' }],
      expressions: [{ key: 'co2e', template: '{e}', inputs: [{ template_key: 'e', input_key: 'energy', type: 'DATAPOINT' }] }],
    };
    const issues = issuesOf({
      ...dac,
      component_blueprints: [...(dac['component_blueprints'] as unknown[]), clash],
      checks: { entries: [{ blueprints: ['capture_energy', 'other'] }] },
    });
    expect(issues.map((i) => i.code)).toEqual(['conflicting_input']);
    expect(issues[0]?.message).toMatch(/input 'energy' is energy SCALAR in 'capture_energy' but mass SCALAR in 'other'/);
    const dimensionless = issuesOf(withChecks({ entries: [{ blueprints: ['co2_stored'], net_at_most: '{co2_purity}' }] }));
    expect(dimensionless).toEqual([
      {
        path: ['checks', 'entries', 0, 'net_at_most'],
        code: 'invalid_bound',
        message: "'{co2_purity}' is dimensionless, but a net is a mass",
      },
    ]);
  });
});

describe('planted faults are caught, correct methodologies pass (seeds 1-2 here; scripts/check-seeds.mjs runs 1-10)', () => {
  const faults: [string, string, RegExp][] = [
    ['sum-not-mean', 'example(three soil cores)', /gives 180000 kg, the worked example expects 60000 kg .*3 x the expected one/],
    ['double-counted-stream', 'example(one stream, 2 % lost before injection)', /gives 1980000 kg, the worked example expects 980000 kg/],
    ['percent-twice', 'example(2 % of 1000 t)', /gives 200 kg, the worked example expects 20000 kg .*0\.01 x the expected one/],
    ['temperature-interval', 'example(10 degrees of warming)', /expects 25000 kg .*28\.315 x the expected one/],
    [
      'bound-exceeded',
      'bound(value <= {rock_mass} * {cdr_potential})',
      /the value of blueprint 'rock_weathering': .* kg is above its bound .* kg by .* kg \(.* % of the bound\)/,
    ],
    [
      'list-extensive',
      'list_semantics(weathered_fraction, intensive)',
      /duplicating every item of LIST input 'weathered_fraction': the value goes from .* kg to .* kg, not .* \(x 1\)/,
    ],
    ['not-homogeneous', 'homogeneity(carbon_content, degree 1)', /doubling input 'carbon_content': .* \(x 2\)/],
    [
      'adjustment-sign',
      'adjustment_sign(lowers)',
      /the ADJUSTMENT 'moisture_correction' is declared to lower the net, but its value is [1-9].* kg/,
    ],
    [
      'entry-loss',
      'entry(one field)',
      /the LOSS components \(.* kg\) exceed the SEQUESTRATION they reduce \(.* kg\) by .* times the tolerance/,
    ],
    ['wet-basis', 'linearisation', /input 'moisture' .* at expression 'co2e' \(a denominator: \{w\} divides\)/],
  ];
  for (const [name, property, message] of faults) {
    it(`${name}: ${property} fails`, () => {
      const m = methodology(`examples/faults/${name}.methodology.json`);
      for (const seed of [1, 2]) {
        const report = checkMethodology(m, { numRuns: 20, seed });
        expect(report.ok).toBe(false);
        const failures = [...report.blueprints.flatMap((b) => b.verdicts), ...report.entries].filter((v) => !v.ok);
        expect(failures.map((v) => v.property)).toEqual([property]);
        expect(failures[0]?.ok === false && failures[0].message).toMatch(message);
      }
    });
  }

  for (const path of ['examples/dac-storage.methodology.json', 'test/testing/methodologies/soil-carbon.methodology.json']) {
    it(`${path} passes, every input declared`, () => {
      const m = methodology(path);
      for (const seed of [1, 2]) {
        const report = checkMethodology(m, { numRuns: 15, seed });
        expect(report.blueprints.flatMap((b) => b.verdicts.filter((v) => !v.ok).map((v) => `${b.blueprint}: ${v.property}`))).toEqual([]);
        expect(
          report.blueprints.flatMap((b) => [...b.undeclared_inputs, ...b.warnings, ...b.not_exercised.map((n) => n.property)]),
        ).toEqual([]);
      }
    });
  }
});

describe('what the report says besides verdicts', () => {
  const emission = {
    key: 'stored',
    type: 'SEQUESTRATION',
    inputs: [
      { input_key: 'diesel', quantity_kind: 'volume', compatible_unit: 'L', data_shape: 'SCALAR' },
      { input_key: 'factor', quantity_kind: 'volume_carbon_emission_factor', compatible_unit: 'kgCO2e/L', data_shape: 'SCALAR' },
    ],
    expressions: [
      {
        key: 'co2e',
        template: '{v} * {f}',
        inputs: [
          { template_key: 'v', input_key: 'diesel', type: 'DATAPOINT' },
          { template_key: 'f', input_key: 'factor', type: 'DATAPOINT' },
        ],
      },
    ],
  };

  it('warns on an emission typed SEQUESTRATION and lists the inputs no declaration speaks about', () => {
    const parsed = parseMethodology({
      component_blueprints: [emission],
      checks: { monotonicity: [{ input: 'diesel', direction: 'increasing' }] },
    });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const [report] = checkMethodology(parsed.methodology, { numRuns: 5, seed: 1 }).blueprints;
    expect(report?.warnings).toEqual([
      "type: a SEQUESTRATION reads input 'factor' of kind volume_carbon_emission_factor, an emission factor: an emission is an ACTIVITY (or a LOSS), which lowers the net",
    ]);
    expect(report?.undeclared_inputs).toEqual(['factor']);
  });

  it('says "not exercised", not "passed", for a monotonicity whose range has zero width', () => {
    const checks = {
      monotonicity: [{ input: 'diesel', direction: 'decreasing' }],
      input_ranges: [{ input: 'diesel', magnitude: { min: 40, max: 40, unit: 'L' } }],
    };
    const parsed = parseMethodology({ component_blueprints: [{ ...emission, type: 'ACTIVITY' }], checks });
    if (!parsed.ok) throw new Error('refused');
    const report = checkMethodology(parsed.methodology, { numRuns: 10, seed: 1 });
    const [b] = report.blueprints;
    expect(b?.not_exercised.map((n) => n.property)).toEqual(['monotonicity(diesel, decreasing)']);
    expect(b?.verdicts.map((v) => v.property)).not.toContain('monotonicity(diesel, decreasing)');
  });
});

describe('the order-statistics interval of a percentile', () => {
  it('brackets the sample percentile, and narrows as the sample grows', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 300 }), (values) => {
        const sorted = Float64Array.from(values).sort();
        const { low, high } = percentileInterval(sorted, 0.16);
        const at = sorted[Math.min(sorted.length - 1, Math.floor(0.16 * (sorted.length - 1)))] as number;
        return low <= at && at <= high;
      }),
      { numRuns: 200, seed: 1 },
    );
    const uniform = (n: number) => Float64Array.from({ length: n }, (_, i) => (i + 0.5) / n);
    const small = percentileInterval(uniform(100), 0.16);
    const large = percentileInterval(uniform(10_000), 0.16);
    expect(small.low).toBeLessThan(0.16);
    expect(small.high).toBeGreaterThan(0.16);
    // n = 10,000: 3 sd of the binomial count is 110 ranks, so the interval is 0.16 +- 0.011.
    expect(large.low).toBeCloseTo(0.16 - 0.011, 3);
    expect(large.high).toBeCloseTo(0.16 + 0.011, 3);
  });
});

describe('where a formula bends with an input', () => {
  const dp = (template_key: string, input_key: string) => ({ template_key, input_key, type: 'DATAPOINT' as const });
  const blueprint = {
    key: 'b',
    type: 'SEQUESTRATION' as const,
    inputs: ['m', 'x', 'k', 'r'].map((input_key) => ({
      input_key,
      quantity_kind: 'dimensionless' as const,
      compatible_unit: 'dimensionless',
      data_shape: 'SCALAR' as const,
    })),
    expressions: [
      { key: 'share', template: 'min(1, {x} / {r})', inputs: [dp('x', 'x'), dp('r', 'r')] },
      { key: 'decay', template: 'exp(0 - {k})', inputs: [dp('k', 'k')] },
      {
        key: 'co2e',
        template: '{m} * {s} * {d}',
        inputs: [
          dp('m', 'm'),
          { template_key: 's', input_key: 'share', type: 'EXPRESSION_RESULT' as const },
          { template_key: 'd', input_key: 'decay', type: 'EXPRESSION_RESULT' as const },
        ],
      },
    ],
  };
  it('names the first expression that puts the input through a kink, a denominator or an exponential', () => {
    expect(nonlinearityOf(blueprint, 'x')).toBe("expression 'share' (a kink: min(...) of {x})");
    expect(nonlinearityOf(blueprint, 'k')).toBe("expression 'decay' (exp(...) of {k})");
    expect(nonlinearityOf(blueprint, 'm')).toBeNull();
    const ratio = { ...blueprint, expressions: [{ key: 'co2e', template: '{m} * 2 / (1 - {x})', inputs: [dp('m', 'm'), dp('x', 'x')] }] };
    expect(nonlinearityOf(ratio, 'x')).toBe("expression 'co2e' (a denominator: {x} divides)");
  });
});
