/**
 * The warning `branch_near_threshold` (docs/rules.md, "Branches"): a conditional's deciding
 * comparison whose two sides lie within two first-order standard deviations of each other at the
 * magnitudes, so that the branch could go either way (the first order differentiates the branch
 * taken; Monte Carlo decides per draw). The standard deviation is that of the difference of the two
 * sides, with the reuse rule and the declared correlations. A warning never changes a figure.
 * Internal to accounting.
 */
import type { CompiledBlueprint } from '../../expressions';
import type { PreparedGraph } from '../prepare/prepared-graph';
import type { EvaluationWarning } from '../result';
import { covarianceSum, covarianceTermsOf } from './covariance';
import { varianceOfTerms } from './kink-choice';

/** How many standard deviations of the difference count as near (docs/rules.md). */
export const BRANCH_NEAR_THRESHOLD_SIGMAS = 2;

/** Component c's warnings about its branches at its magnitudes (`values` its slots' SI magnitudes); null for none. */
export function branchWarnings(
  prepared: PreparedGraph,
  c: number,
  values: Float64Array,
  inputStart: Int32Array,
): EvaluationWarning[] | null {
  const compiled = prepared.components.blueprint[c] as CompiledBlueprint;
  const sides = compiled.branchSides(values, inputStart);
  if (sides === null) return null;
  const base = prepared.components.slotStart[c] as number;
  let warnings: EvaluationWarning[] | null = null;
  for (const side of sides) {
    const sd = differenceStandardDeviation(prepared, base, side.gradient);
    if (!(sd > 0) || !(Math.abs(side.difference) <= BRANCH_NEAR_THRESHOLD_SIGMAS * sd)) continue;
    (warnings ??= []).push({
      path: `components[${prepared.components.documentIndex[c] as number}]`,
      code: 'branch_near_threshold',
      message:
        `component '${prepared.components.ids[c] as string}' (blueprint '${compiled.key}'), expression '${side.expression}': ` +
        `the two sides of ${side.comparison} differ by ${formatNumber(side.difference)} (SI), within ${BRANCH_NEAR_THRESHOLD_SIGMAS} ` +
        `first-order standard deviations (${formatNumber(sd)}) of each other: the branch could go either way; the first order ` +
        'takes the branch at the magnitudes, Monte Carlo decides per draw',
    });
  }
  return warnings;
}

/** The first-order standard deviation of a difference whose gradient over component slots is given. */
function differenceStandardDeviation(prepared: PreparedGraph, base: number, gradient: Float64Array): number {
  // A datapoint in two slots is one variable: its derivatives add before squaring.
  const merged = new Map<number, number>();
  for (let k = 0; k < gradient.length; k++) {
    const d = prepared.components.slots[base + k] as number;
    merged.set(d, (merged.get(d) ?? 0) + (gradient[k] as number));
  }
  let variance = varianceOfTerms(merged, prepared.siStandardDeviations);
  if (Number.isNaN(variance)) return Number.NaN;
  if (prepared.correlations.partners.size > 0) {
    const datapoints = [...merged.keys()];
    const coefficients = datapoints.map((d) => merged.get(d) as number);
    const terms = covarianceTermsOf(prepared, { datapoints, coefficients, from: 0, to: datapoints.length });
    if (terms !== null) variance += covarianceSum(terms);
  }
  return Math.sqrt(Math.max(0, variance));
}

function formatNumber(value: number): string {
  return Number(value.toPrecision(6)).toString();
}
