/**
 * Physical bounds and warnings (docs/units.md "Physical bounds", docs/errors.md): worked examples
 * with known answers. A captured-CO2 graph: 921.5 t at 98 % purity is 903,070 kg issuable; its
 * buffer is 18,062 kg at a 2 % risk of reversal.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluateGraph, safeEvaluateGraph, type EvaluationResult } from '../../src';

interface Quantity {
  readonly magnitude: number;
  readonly unit: string;
  readonly standard_deviation: number | null;
}

function input(key: string, kind: string, unit: string) {
  return { input_key: key, quantity_kind: kind, compatible_unit: unit, data_shape: 'SCALAR' };
}

function expression(template: string, keys: readonly string[]) {
  return { key: 'co2e', template, inputs: keys.map((k) => ({ template_key: k, input_key: k, type: 'DATAPOINT', data_shape: 'SCALAR' })) };
}

/** One sequestration component `{mass} * {purity}` and one electricity emission, in one entry. */
function capture(
  mass: Quantity,
  purity: Quantity,
  risk: number | null = 2,
  energy: Quantity = { magnitude: 0, unit: 'kWh', standard_deviation: null },
) {
  return {
    component_blueprints: [
      {
        key: 'captured',
        type: 'SEQUESTRATION',
        inputs: [input('mass', 'mass', 't'), input('purity', 'mass_fraction', '%')],
        expressions: [expression('{mass} * {purity}', ['mass', 'purity'])],
      },
      {
        key: 'electricity',
        type: 'ACTIVITY',
        inputs: [input('energy', 'energy', 'kWh'), input('factor', 'energy_carbon_emission_factor', 'kgCO2e/kWh')],
        expressions: [expression('{energy} * {factor}', ['energy', 'factor'])],
      },
    ],
    datapoints: [
      { id: 'dtp_mass', quantity: mass },
      { id: 'dtp_purity', quantity: purity },
      { id: 'dtp_energy', quantity: energy },
      { id: 'dtp_grid', quantity: { magnitude: 0.2, unit: 'kgCO2e/kWh', standard_deviation: null } },
    ],
    components: [
      {
        id: 'cmp_captured',
        blueprint_key: 'captured',
        inputs: [
          { input_key: 'mass', datapoint_id: 'dtp_mass' },
          { input_key: 'purity', datapoint_id: 'dtp_purity' },
        ],
      },
      {
        id: 'cmp_power',
        blueprint_key: 'electricity',
        inputs: [
          { input_key: 'energy', datapoint_id: 'dtp_energy' },
          { input_key: 'factor', datapoint_id: 'dtp_grid' },
        ],
      },
    ],
    ghg_entries: [
      {
        id: 'rmv_1',
        risk_of_reversal_percentage: risk,
        component_attributions: [{ component_id: 'cmp_captured' }, { component_id: 'cmp_power' }],
      },
    ],
  };
}

const MASS: Quantity = { magnitude: 921.5, unit: 't', standard_deviation: null };
const PURITY: Quantity = { magnitude: 98, unit: '%', standard_deviation: null };

function issuesOf(document: unknown, policies = {}) {
  const outcome = safeEvaluateGraph(document, { policies });
  expect(outcome.ok).toBe(false);
  return outcome.ok ? [] : outcome.issues;
}

describe('physical bounds', () => {
  it('the graph as meant: 903,070 kg issuable, no warning', () => {
    const result = evaluateGraph(capture(MASS, PURITY));
    expect(result.ghg_entries[0]?.issuable_kg).toBe(903_070);
    expect(result.ghg_entries[0]?.credit_allocation?.buffer_pool_contribution_kg).toBe(18_062);
    expect(result.warnings).toEqual([]);
    expect(result.ghg_entries[0]?.warnings).toEqual([]);
  });

  it("refuses a mass fraction of 98 with the unit '' (9,800 %), naming the datapoint, value, kind and bound", () => {
    const issues = issuesOf(capture(MASS, { magnitude: 98, unit: '', standard_deviation: null }));
    expect(issues).toHaveLength(1);
    expect(issues[0]?.code).toBe('value_out_of_physical_range');
    expect(issues[0]?.path).toEqual(['datapoints', 1, 'quantity', 'magnitude']);
    for (const part of ["'dtp_purity'", '98', "quantity kind 'mass_fraction'", 'above the physical bound 1', 'did you mean 98 %?'])
      expect(issues[0]?.message).toContain(part);
  });

  it("with physicalBounds 'off' it is evaluated as given (90,307,000 kg: the figure the bound prevents)", () => {
    const document = capture(MASS, { magnitude: 98, unit: '', standard_deviation: null });
    const result = evaluateGraph(document, { policies: { physicalBounds: 'off' } });
    expect(result.ghg_entries[0]?.issuable_kg).toBe(90_307_000);
    expect(result.warnings).toEqual([]);
  });

  it("with physicalBounds 'warning' the same figure, and a warning of the bound's code", () => {
    const document = capture(MASS, { magnitude: 98, unit: '', standard_deviation: null });
    const result = evaluateGraph(document, { policies: { physicalBounds: 'warning' } });
    expect(result.ghg_entries[0]?.issuable_kg).toBe(90_307_000);
    expect(result.warnings.map((w) => [w.path, w.code])).toEqual([['datapoints[1].quantity.magnitude', 'value_out_of_physical_range']]);
    expect(result.ghg_entries[0]?.warnings).toEqual(result.warnings);
  });

  it('refuses a dry mass of -12 t and a negative electricity use', () => {
    const mass = issuesOf(capture({ magnitude: -12, unit: 't', standard_deviation: null }, PURITY));
    expect(mass.map((i) => i.code)).toEqual(['value_out_of_physical_range']);
    expect(mass[0]?.message).toContain("datapoint 'dtp_mass' is -12 t, below the physical bound 0 t of quantity kind 'mass'");
    const energy = issuesOf(capture(MASS, PURITY, 2, { magnitude: -5400, unit: 'kWh', standard_deviation: null }));
    expect(energy.map((i) => [i.code, i.path.join('.')])).toEqual([['value_out_of_physical_range', 'datapoints.2.quantity.magnitude']]);
  });

  it('refuses a temperature below 0 K but takes -40 degC', () => {
    const document = (magnitude: number, unit: string) => ({
      component_blueprints: [
        {
          key: 'b',
          type: 'SEQUESTRATION',
          inputs: [input('m', 'mass', 'kg'), input('t', 'temperature', 'K'), input('t0', 'temperature', 'K')],
          expressions: [expression('{m} * {t} / {t0}', ['m', 't', 't0'])],
        },
      ],
      datapoints: [
        { id: 'dtp_m', quantity: { magnitude: 1, unit: 't', standard_deviation: null } },
        { id: 'dtp_t', quantity: { magnitude, unit, standard_deviation: null } },
        { id: 'dtp_t0', quantity: { magnitude: 20, unit: 'degC', standard_deviation: null } },
      ],
      components: [{ id: 'c', blueprint_key: 'b', inputs: ['m', 't', 't0'].map((k) => ({ input_key: k, datapoint_id: `dtp_${k}` })) }],
      ghg_entries: [{ id: 'e', component_attributions: [{ component_id: 'c' }] }],
    });
    expect(issuesOf(document(-300, 'degC'))[0]?.message).toContain("below the physical bound -273.15 degC of quantity kind 'temperature'");
    expect(safeEvaluateGraph(document(-40, 'degC')).ok).toBe(true);
  });
});

describe('warnings', () => {
  it('a risk of reversal of 0.02 (a fraction typed as a percentage?) warns and changes no figure: 181 kg where 2 % gives 18,062 kg', () => {
    const result = evaluateGraph(capture(MASS, PURITY, 0.02));
    const entry = result.ghg_entries[0];
    expect(entry?.issuable_kg).toBe(903_070);
    expect(entry?.credit_allocation?.buffer_pool_contribution_kg).toBe(181);
    expect(entry?.warnings).toEqual([
      {
        path: 'ghg_entries[0].risk_of_reversal_percentage',
        code: 'risk_of_reversal_fraction_suspected',
        message: expect.stringContaining('did you mean 2 %?'),
      },
    ]);
    expect(result.warnings).toEqual(entry?.warnings);
  });

  it('a risk of 0 or of 1 % and more does not warn', () => {
    for (const risk of [0, 1, 5, 100]) expect(evaluateGraph(capture(MASS, PURITY, risk)).warnings).toEqual([]);
  });

  it('a value outside the realistic range and a standard deviation above the magnitude warn, on the entry and once at top level', () => {
    const result = evaluateGraph(
      capture({ magnitude: 921.5, unit: 't', standard_deviation: 1000 }, { magnitude: 0.000005, unit: '%', standard_deviation: null }),
    );
    expect(result.warnings.map((w) => [w.path, w.code])).toEqual([
      ['datapoints[0].quantity.standard_deviation', 'standard_deviation_exceeds_magnitude'],
      ['datapoints[1].quantity.magnitude', 'value_outside_realistic_range'],
    ]);
    expect(result.ghg_entries[0]?.warnings).toEqual(result.warnings);
    expect(result.warnings[1]?.message).toContain("quantity kind 'mass_fraction' (0.00001 to 100 %)");
  });

  it('the bundled examples give no warning', () => {
    for (const file of ['biochar-project', 'biochar-statement', 'enhanced-weathering', 'enhanced-weathering-tracer']) {
      const document: unknown = JSON.parse(readFileSync(new URL(`../../examples/${file}.json`, import.meta.url), 'utf8'));
      const result: EvaluationResult = evaluateGraph(document);
      expect(result.warnings, file).toEqual([]);
    }
  });
});

describe('unknown_unit (issue 27)', () => {
  it("keeps parseUnit's 'did you mean'", () => {
    const issues = issuesOf(capture({ magnitude: 921.5, unit: 'kilogramm', standard_deviation: null }, PURITY));
    expect(issues).toEqual([
      {
        path: ['datapoints', 0, 'quantity', 'unit'],
        code: 'unknown_unit',
        message: "datapoint 'dtp_mass' has unit 'kilogramm', which is not a known unit: did you mean 'kilogram'?",
      },
    ]);
    const plain = issuesOf(capture({ magnitude: 1, unit: 'zzqx', standard_deviation: null }, PURITY));
    expect(plain[0]?.message).toBe("datapoint 'dtp_mass' has unit 'zzqx', which is not a known unit");
  });
});
