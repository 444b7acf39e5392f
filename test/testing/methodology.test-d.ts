// Type tests of what a methodologist writes against `cdr-engine/testing` (docs/testing.md): the
// methodology document and its declarations, the checks and their verdicts.
import { describe, expectTypeOf, it } from 'vitest';
import type { RemovalGraphInput } from 'cdr-engine';
import {
  checkMethodology,
  checkMonotonicity,
  checkUnitInvariance,
  parseMethodology,
  type BlueprintDefinition,
  type FailedVerdict,
  type Methodology,
  type MethodologyParse,
  type MethodologyReport,
  type MonotonicityDeclaration,
  type PassedVerdict,
  type Verdict,
} from 'cdr-engine/testing';

const spreading = {
  key: 'spreading',
  type: 'ACTIVITY',
  inputs: [{ input_key: 'diesel_volume', quantity_kind: 'volume', compatible_unit: 'L', data_shape: 'SCALAR' }],
  expressions: [
    { key: 'co2e', template: '{v} * 2.7 kgCO2e/L', inputs: [{ template_key: 'v', input_key: 'diesel_volume', type: 'DATAPOINT' }] },
  ],
} satisfies BlueprintDefinition;

const methodology = {
  component_blueprints: [spreading],
  checks: {
    monotonicity: [{ blueprint: 'spreading', input: 'diesel_volume', direction: 'decreasing' }],
    input_ranges: [
      { input: 'diesel_volume', magnitude: { min: 20, max: 800, unit: 'L' }, relative_standard_deviation: { min: 0.01, max: 0.1 } },
    ],
    tolerances: { linearisation: 0.05, unit_invariance: 1e-9 },
  },
} satisfies Methodology;

describe('the methodology document', () => {
  it('accepts a literal methodology; its blueprints are those of a graph document', () => {
    expectTypeOf(methodology).toExtend<Methodology>();
    expectTypeOf<BlueprintDefinition>().toEqualTypeOf<RemovalGraphInput['component_blueprints'][number]>();
  });

  it('refuses a direction other than increasing or decreasing, and a misspelled check', () => {
    // @ts-expect-error `rising` is not a direction
    const rising: MonotonicityDeclaration = { input: 'diesel_volume', direction: 'rising' };
    // @ts-expect-error the check is `monotonicity`
    const misspelled: Methodology = { component_blueprints: [spreading], checks: { monotonic: [] } };
    expectTypeOf(rising).toExtend<MonotonicityDeclaration>();
    expectTypeOf(misspelled).toExtend<Methodology>();
  });

  it('parseMethodology reads unknown JSON and answers the methodology or its issues', () => {
    expectTypeOf(parseMethodology).parameter(0).toEqualTypeOf<unknown>();
    const parsed = parseMethodology({});
    expectTypeOf(parsed).toEqualTypeOf<MethodologyParse>();
    if (parsed.ok) expectTypeOf(parsed.methodology).toEqualTypeOf<Methodology>();
    else expectTypeOf(parsed).not.toHaveProperty('methodology');
  });
});

describe('checks and verdicts', () => {
  it('a check takes blueprints and answers a verdict; checkMethodology a report', () => {
    expectTypeOf(checkUnitInvariance).parameter(0).toEqualTypeOf<readonly BlueprintDefinition[]>();
    expectTypeOf(checkUnitInvariance).returns.toEqualTypeOf<Verdict>();
    expectTypeOf(checkMonotonicity).parameter(1).toEqualTypeOf<MonotonicityDeclaration>();
    expectTypeOf(checkMethodology).parameter(0).toEqualTypeOf<Methodology>();
    expectTypeOf(checkMethodology).returns.toEqualTypeOf<MethodologyReport>();
  });

  it('a verdict narrows on ok: a failure carries its counterexample as a graph document', () => {
    expectTypeOf<Verdict>().toEqualTypeOf<PassedVerdict | FailedVerdict>();
    const verdict = {} as Verdict;
    if (!verdict.ok) {
      expectTypeOf(verdict).toEqualTypeOf<FailedVerdict>();
      expectTypeOf(verdict.counterexample).toEqualTypeOf<RemovalGraphInput>();
    } else {
      // @ts-expect-error a passed verdict has no counterexample
      void verdict.counterexample;
    }
  });
});
