/**
 * Warnings a host controls (issue 35, docs/policies.md `silencedWarnings`): a listed code is left
 * out of every warnings list and no figure changes; an unknown code is refused with the nearest
 * one; a range in a message is in the datapoint's own unit; the codes are typed literal unions.
 */
import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  evaluateGraph,
  safeEvaluateGraph,
  type EvaluationWarning,
  type EvaluationWarningCode,
  type GraphIssue,
  type GraphIssueCode,
} from '../../src';
import { EVALUATION_WARNING_CODES } from '../../src/entry/schemas';

const input = (key: string, kind: string, unit: string) => ({
  input_key: key,
  quantity_kind: kind,
  compatible_unit: unit,
  data_shape: 'SCALAR',
});

/** 20 TWh of electricity (outside the energy range, 0.1 to 1e10 kWh) at a 0.5 % risk of reversal. */
const graph = {
  component_blueprints: [
    {
      key: 'stored',
      type: 'SEQUESTRATION',
      inputs: [input('mass', 'mass', 't')],
      expressions: [{ key: 'co2e', template: '{m}', inputs: [{ template_key: 'm', input_key: 'mass', type: 'DATAPOINT' }] }],
    },
    {
      key: 'electricity',
      type: 'ACTIVITY',
      inputs: [input('energy', 'energy', 'kWh'), input('factor', 'energy_carbon_emission_factor', 'kgCO2e/kWh')],
      expressions: [
        {
          key: 'co2e',
          template: '{e} * {f}',
          inputs: [
            { template_key: 'e', input_key: 'energy', type: 'DATAPOINT' },
            { template_key: 'f', input_key: 'factor', type: 'DATAPOINT' },
          ],
        },
      ],
    },
  ],
  datapoints: [
    { id: 'dtp_mass', quantity: { magnitude: 2000, unit: 't', standard_deviation: 20 } },
    { id: 'dtp_energy', quantity: { magnitude: 20000000, unit: 'MWh', standard_deviation: 30 } },
    { id: 'dtp_grid', quantity: { magnitude: 0.202, unit: 'kgCO2e/kWh', standard_deviation: null } },
  ],
  components: [
    { id: 'cmp_stored', blueprint_key: 'stored', inputs: [{ input_key: 'mass', datapoint_id: 'dtp_mass' }] },
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
      risk_of_reversal_percentage: 0.5,
      component_attributions: [{ component_id: 'cmp_stored' }, { component_id: 'cmp_power' }],
    },
  ],
};

const codes = (warnings: readonly EvaluationWarning[]) => warnings.map((w) => w.code);

describe('the policy silencedWarnings', () => {
  it('leaves the listed codes out of every warnings list and changes no figure', () => {
    const all = evaluateGraph(graph);
    expect(codes(all.warnings).sort()).toEqual(['risk_of_reversal_fraction_suspected', 'value_outside_realistic_range']);
    const quiet = evaluateGraph(graph, { policies: { silencedWarnings: ['value_outside_realistic_range'] } });
    expect(codes(quiet.warnings)).toEqual(['risk_of_reversal_fraction_suspected']);
    expect(codes(quiet.ghg_entries[0]!.warnings)).toEqual(['risk_of_reversal_fraction_suspected']);
    const { warnings: _a, ...figures } = all.ghg_entries[0]!;
    const { warnings: _b, ...same } = quiet.ghg_entries[0]!;
    expect(same).toEqual(figures);
  });

  it('silences any subset of the codes and keeps the others, for Monte Carlo warnings too', () => {
    fc.assert(
      fc.property(fc.subarray([...EVALUATION_WARNING_CODES]), (silenced) => {
        const result = evaluateGraph(graph, { policies: { silencedWarnings: silenced }, monteCarlo: { samples: 200, seed: 1 } });
        const all = evaluateGraph(graph, { monteCarlo: { samples: 200, seed: 1 } });
        expect(codes(result.warnings)).toEqual(codes(all.warnings).filter((c) => !silenced.includes(c)));
        expect(result.ghg_entries[0]!.co2e_net_removed_kg).toBe(all.ghg_entries[0]!.co2e_net_removed_kg);
      }),
      { numRuns: 20, seed: 35 },
    );
  });

  it('is strict: an unknown code is refused with the nearest one, and nothing is evaluated', () => {
    const outcome = safeEvaluateGraph(graph, { policies: { silencedWarnings: ['value_outside_realistc_range'] as never } });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.issues).toHaveLength(1);
    expect(outcome.issues[0]!.code).toBe('invalid_option');
    expect(outcome.issues[0]!.path).toEqual(['options', 'policies', 'silencedWarnings']);
    expect(outcome.issues[0]!.message).toContain("did you mean 'value_outside_realistic_range'?");
    const notAList = safeEvaluateGraph(graph, { policies: { silencedWarnings: 'risk_of_reversal_fraction_suspected' as never } });
    expect(notAList.ok).toBe(false);
  });
});

describe('warning messages', () => {
  it('give the realistic range in the datapoint’s own unit, then as the table writes it', () => {
    const warning = evaluateGraph(graph).warnings.find((w) => w.code === 'value_outside_realistic_range')!;
    expect(warning.path).toBe('datapoints[1].quantity.magnitude');
    expect(warning.message).toContain("datapoint 'dtp_energy' is 20000000 MWh");
    expect(warning.message).toContain('(0.0001 to 10000000 MWh, that is 0.1 to 10000000000 kWh)');
  });
});

describe('the codes are literal unions', () => {
  it('types EvaluationWarning.code and GraphIssue.code', () => {
    expectTypeOf<EvaluationWarning['code']>().toEqualTypeOf<EvaluationWarningCode>();
    expectTypeOf<GraphIssue['code']>().toEqualTypeOf<GraphIssueCode>();
    expectTypeOf<'value_outside_realistic_range'>().toExtend<EvaluationWarningCode>();
    expectTypeOf<'unit_incompatible'>().toExtend<GraphIssueCode>();
    expectTypeOf<'no_such_code'>().not.toExtend<GraphIssueCode>();
    expect(EVALUATION_WARNING_CODES).toContain('first_order_discount_not_conservative');
  });
});
