// Property tests of the enhanced weathering methodology, written as its authors would write them
// for a verifier: against cdr-engine/testing (generated graphs and property checks) and
// cdr-engine (evaluation) only. Run with `npx vitest run examples`; the checks are plain functions
// returning verdicts, so the same lines work under jest or node's test runner.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluateGraph } from 'cdr-engine';
import {
  assertVerdict,
  checkDimensionalRobustness,
  checkLinearisation,
  checkMonotonicity,
  checkProperty,
  checkSignConventions,
  checkUnitInvariance,
  type GraphOptions,
  parseMethodology,
  type QuantityOptions,
} from 'cdr-engine/testing';

const document: unknown = JSON.parse(readFileSync(new URL('./enhanced-weathering.methodology.json', import.meta.url), 'utf8'));
const parsed = parseMethodology(document);
if (!parsed.ok) throw new Error(parsed.issues.map((i) => i.message).join('\n'));
const { component_blueprints: blueprints, checks } = parsed.methodology;

// The ranges our field data actually span (declared in the methodology file).
const inputs: Record<string, QuantityOptions> = {};
for (const r of checks.input_ranges ?? []) {
  inputs[r.input] = {
    ...(r.magnitude && { magnitude: r.magnitude }),
    ...(r.relative_standard_deviation && { relativeStandardDeviation: r.relative_standard_deviation }),
  };
}
const graphs: GraphOptions = { inputs };
const runs = { numRuns: 40, seed: 2025, graphs };

describe('enhanced weathering methodology', () => {
  it('compiles and gives the same value in every unit of its inputs', () => {
    assertVerdict(checkDimensionalRobustness(blueprints));
  });

  it('does not depend on the units field teams write (t or kg, % or fraction, L or gal)', () => {
    assertVerdict(checkUnitInvariance(blueprints, runs));
  });

  it('never lets an emission, a loss or the baseline raise the net, nor the weathering lower it', () => {
    assertVerdict(checkSignConventions(blueprints, runs));
  });

  for (const declaration of checks.monotonicity ?? []) {
    it(`responds to ${declaration.input} as declared: ${declaration.direction}`, () => {
      assertVerdict(checkMonotonicity(blueprints, declaration, runs));
    });
  }

  it('is close enough to linear for the first-order discount to stand for the 16th percentile', () => {
    assertVerdict(checkLinearisation(blueprints, { ...runs, numRuns: 15, tolerance: checks.tolerances?.linearisation ?? 0.1 }));
  });

  it('never issues more credits than the rock removed (gross weathering, before losses and emissions)', () => {
    const verdict = checkProperty(
      'credits within gross removal',
      blueprints,
      (_graph, result) => {
        for (const entry of result.ghg_entries) {
          const gross = entry.components.filter((c) => c.type === 'SEQUESTRATION').reduce((sum, c) => sum + c.co2e_kg, 0);
          // The issuable amount is the discounted net rounded to 10 kg, so it may pass the gross by 5 kg.
          if (entry.issuable_kg > gross + 5)
            return `entry ${entry.id}: ${entry.issuable_kg} kg issuable from a gross removal of ${gross} kg`;
        }
        return null;
      },
      runs,
    );
    assertVerdict(verdict);
  });

  it('gives the bundled project the figures of our spreadsheet', () => {
    const project: unknown = JSON.parse(readFileSync(new URL('./enhanced-weathering.json', import.meta.url), 'utf8'));
    const [north, river] = evaluateGraph(project).ghg_entries;
    expect(north?.issuable_kg).toBe(45_640);
    expect(river?.issuable_kg).toBe(57_610);
  });
});
