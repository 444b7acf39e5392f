/**
 * Property: linearisation adequacy. The uncertainty discount is the first-order standard deviation
 * (GUM law of propagation): the net after discount stands for the 16th percentile of the net. Where
 * a formula is far from linear over the spread of its inputs (a product of quantities near zero, a
 * ratio with a noisy denominator, an exponential of an uncertain rate: JCGM 101 section 9.3 shows
 * such a case), the Monte Carlo 16th percentile differs from it. The check evaluates generated
 * graphs with the engine's Monte Carlo cross-check and flags a blueprint when the two differ by
 * more than a stated tolerance, in first-order standard deviations, beyond the sampling error.
 * May import: accounting, model, fast-check.
 */
import fc from 'fast-check';
import { evaluateGraph } from '../accounting';
import type { BlueprintDefinition } from './component';
import { graphOf } from './graph';
import { show } from './graph-reading';
import { type GraphCheckOptions, runProperty, type Verdict } from './verdict';

/**
 * Options of {@link checkLinearisation}.
 * @public
 */
export interface LinearisationOptions extends Omit<GraphCheckOptions, 'tolerance'> {
  /**
   * Largest accepted difference between the Monte Carlo 16th percentile and the first-order
   * discounted net, in first-order standard deviations (default 0.1). Three standard errors of the
   * sampled percentile are allowed on top, so a linear formula never fails by sampling noise.
   */
  readonly tolerance?: number;
  /** Monte Carlo samples per graph (default 5,000). */
  readonly samples?: number;
}

/**
 * Standard error of a sample's 16th percentile in standard deviations of a normal distribution:
 * sqrt(p (1 - p) / n) / phi(z_p) with p = 0.16, so 1.51 / sqrt(n).
 */
const PERCENTILE_16_STANDARD_ERROR = Math.sqrt(0.16 * 0.84) / (Math.exp(-0.5 * 0.9944578832097535 ** 2) / Math.sqrt(2 * Math.PI));

/**
 * Checks linearisation adequacy on generated graphs (by default one entry of one component, every datapoint with a standard deviation): for every entry whose first-order
 * standard deviation is positive, |Monte Carlo 16th percentile - (net - standard deviation)| must
 * stay within `tolerance` standard deviations plus three standard errors of the percentile.
 * @public
 */
export function checkLinearisation(blueprints: readonly BlueprintDefinition[], options: LinearisationOptions = {}): Verdict {
  const evaluate = options.evaluate ?? evaluateGraph;
  const tolerance = options.tolerance ?? 0.1;
  const samples = options.samples ?? 5_000;
  const graphs = graphOf(blueprints, { entries: { min: 1, max: 1 }, components: { min: 1, max: 1 }, standardDeviation: 'always', ...options.graphs });
  return runProperty(
    'linearisation',
    fc.record({ graph: graphs, seed: fc.constant(options.seed ?? 16) }),
    (c) => c.graph,
    ({ graph, seed }) => {
      for (const e of evaluate(graph, { monteCarlo: { samples, seed } }).ghg_entries) {
        const sd = e.co2e_net_removed_standard_deviation_kg;
        const mc = e.monte_carlo;
        if (sd === null || sd === 0 || mc === undefined) continue;
        const p16 = mc.percentile_16_kg;
        if (!Number.isFinite(p16)) return { message: `entry ${e.id}: the Monte Carlo 16th percentile is ${p16}: the formula leaves its domain within the spread of its inputs` };
        const gap = Math.abs(p16 - e.co2e_net_removed_kg) / sd;
        // The sampling error of the percentile from its order statistics (the 95 % interval the
        // summary reports, about four standard errors wide): unlike one from the sampled standard
        // deviation, a few extreme draws of a heavy tail do not widen it.
        const [low, high] = mc.percentile === 16 ? mc.percentile_confidence_interval_kg : [p16 - (3 * PERCENTILE_16_STANDARD_ERROR * mc.standard_deviation_kg) / Math.sqrt(mc.samples), p16];
        const allowance = (1.5 * Math.max(p16 - low, high - p16)) / sd;
        if (gap > tolerance + allowance) {
          return {
            message:
              `entry ${e.id}: the first-order discount gives ${show(e.co2e_net_removed_kg)} kg (net ${show(e.co2e_net_removed_without_discount_kg)} kg - standard deviation ${show(sd)} kg), ` +
              `Monte Carlo's 16th percentile ${show(p16)} kg (${mc.samples} samples, standard deviation ${show(mc.standard_deviation_kg)} kg): ` +
              `they differ by ${show(Number(gap.toPrecision(3)))} standard deviations, more than the tolerance ${tolerance} (+ ${show(Number(allowance.toPrecision(2)))} for sampling)`,
          };
        }
      }
      return null;
    },
    options,
  );
}
