/**
 * Property: linearisation adequacy. The uncertainty discount is the first-order standard deviation
 * (GUM law of propagation): the net after discount stands for the 16th percentile of the net. Where
 * a formula is far from linear over the spread of its inputs (a product of quantities near zero, a
 * ratio with a noisy denominator, an exponential of an uncertain rate: JCGM 101 section 9.3 shows
 * such a case), the Monte Carlo 16th percentile differs from it. The check samples the nets of
 * generated graphs and flags a blueprint when the sampled percentile's confidence interval (from
 * order statistics, so a heavy tail does not widen it) lies more than a stated tolerance, in
 * first-order standard deviations, from the discounted net. A failure names the input whose spread
 * alone gives the largest gap and the expression where the formula bends with it.
 * May import: accounting, expressions, uncertainty, units, model, fast-check.
 */
import { evaluateGraph } from '../../accounting';
import type { RemovalGraphInput } from '../../model/graph';
import type { BlueprintDefinition } from '../arbitraries/component';
import { graphOf } from '../arbitraries/graph';
import { datapointUses, show, withDatapoints } from '../arbitraries/graph-reading';
import { nonlinearityOf } from './nonlinearity';
import { assertCheckOptions } from '../verdicts/options';
import { LINEARISATION_OPTION_CHECKS } from './options';
import { expectedPropagation } from './reuse-rule';
import { percentileInterval, sampleNets } from './sampled-nets';
import { runProperty } from '../verdicts/verdict';
import type { GraphEvaluator, Verdict } from '../verdicts/types';
import type { LinearisationOptions } from './options';

export type { LinearisationOptions } from './options';

/** A GHG entry's figures as evaluated: its id, its net without discount and the net's standard deviation. */
interface EntryFigures {
  readonly entry: string;
  readonly net: number;
  readonly sd: number;
}

/** The input whose spread alone gives the largest gap, with that gap in standard deviations (`samples` draws from `seed`). */
function drivingInput(
  graph: RemovalGraphInput,
  { entry, net, sd }: EntryFigures,
  samples: number,
  seed: number,
): { input: string; blueprint: BlueprintDefinition; gap: number } | null {
  const uses = datapointUses(graph);
  const groups = new Map<string, { blueprint: BlueprintDefinition; ids: Set<string> }>();
  for (const [id, list] of uses) {
    for (const u of list) {
      const key = `${u.blueprint.key}.${u.input.input_key}`;
      const g = groups.get(key) ?? { blueprint: u.blueprint, ids: new Set<string>() };
      g.ids.add(id);
      groups.set(key, g);
    }
  }
  let best: { input: string; blueprint: BlueprintDefinition; gap: number } | null = null;
  for (const [key, { blueprint, ids }] of groups) {
    const alone = withDatapoints(graph, (d) => (ids.has(d.id) ? d : { ...d, quantity: { ...d.quantity, standard_deviation: null } }));
    const linear = expectedPropagation(alone).get(entry)?.standardDeviation ?? null;
    const sorted = sampleNets(graph, samples, seed, (id) => ids.has(id)).get(entry);
    if (linear === null || linear === 0 || sorted === undefined) continue;
    const { low, high } = percentileInterval(sorted, 0.16);
    const gap = Math.max(0, low - (net - linear), net - linear - high) / sd;
    if (best === null || gap > best.gap) best = { input: key.slice(blueprint.key.length + 1), blueprint, gap };
  }
  return best;
}

/**
 * Where a blueprint bends with any of its inputs, for a gap no input explains alone: a kink of
 * two inputs near a tie (`min({s} / {r}, 1)`) bends only when both move.
 */
function jointBends(blueprint: BlueprintDefinition): string {
  const bends = new Map<string, string[]>();
  for (const { input_key } of blueprint.inputs) {
    const where = nonlinearityOf(blueprint, input_key);
    if (where !== null) bends.set(where, [...(bends.get(where) ?? []), `'${input_key}'`]);
  }
  if (bends.size === 0) return 'a product or a sum of terms whose sensitivities vanish';
  return `blueprint '${blueprint.key}' bends at ${[...bends].map(([where, inputs]) => `${where} with ${inputs.join(', ')}`).join('; ')}`;
}

/** The sentence naming the driving input and where the formula bends with it. */
function explanation(graph: RemovalGraphInput, samples: number, seed: number, tolerance: number, evaluate: GraphEvaluator): string | null {
  for (const e of evaluate(graph).ghg_entries) {
    const sd = e.co2e_net_removed_standard_deviation_kg;
    if (sd === null || sd === 0) continue;
    const driver = drivingInput(graph, { entry: e.id, net: e.co2e_net_removed_without_discount_kg, sd }, Math.min(samples, 2_000), seed);
    if (driver === null) continue;
    // Below half the tolerance no input alone explains the gap: it comes from inputs together.
    if (driver.gap < tolerance / 2)
      return `no input alone gives the gap: it comes from uncertain inputs acting together (${jointBends(driver.blueprint)})`;
    const where = nonlinearityOf(driver.blueprint, driver.input);
    return (
      `the spread of input '${driver.input}' alone gives a gap of ${show(Number(driver.gap.toPrecision(2)))} standard deviations; ` +
      (where === null
        ? `blueprint '${driver.blueprint.key}' multiplies it by other uncertain inputs`
        : `blueprint '${driver.blueprint.key}' bends with it at ${where}`)
    );
  }
  return null;
}

/**
 * Checks linearisation adequacy on generated graphs (by default one entry of one component, every
 * datapoint with a standard deviation): for every entry whose first-order standard deviation is
 * positive, the discounted net (net - standard deviation) must lie within `tolerance` standard
 * deviations of the order-statistics confidence interval of the sampled 16th percentile.
 * @public
 */
export function checkLinearisation(blueprints: readonly BlueprintDefinition[], options: LinearisationOptions = {}): Verdict {
  assertCheckOptions('checkLinearisation', options, LINEARISATION_OPTION_CHECKS);
  const evaluate = options.evaluate ?? evaluateGraph;
  const tolerance = options.tolerance ?? 0.1;
  const samples = options.samples ?? 5_000;
  const seed = options.seed ?? 16;
  const graphs = graphOf(blueprints, {
    entries: { min: 1, max: 1 },
    components: { min: 1, max: 1 },
    standardDeviation: 'always',
    ...options.graphs,
  });
  return runProperty({
    property: 'linearisation',
    arbitrary: graphs,
    graphOfCase: (graph) => graph,
    test: (graph) => {
      const sampled = sampleNets(graph, samples, seed);
      for (const e of evaluate(graph).ghg_entries) {
        const sd = e.co2e_net_removed_standard_deviation_kg;
        const sorted = sampled.get(e.id);
        if (sd === null || sd === 0 || sorted === undefined) continue;
        const { low, high } = percentileInterval(sorted, 0.16);
        if (!Number.isFinite(low) || !Number.isFinite(high))
          return {
            message: `entry ${e.id}: the sampled 16th percentile is not finite: the formula leaves its domain within the spread of its inputs`,
          };
        const net = e.co2e_net_removed_kg;
        const gap = Math.max(0, low - net, net - high) / sd;
        if (gap <= tolerance) continue;
        return {
          message:
            `entry ${e.id}: the first-order discount gives ${show(net)} kg (net ${show(e.co2e_net_removed_without_discount_kg)} kg - standard deviation ${show(sd)} kg), ` +
            `but the 16th percentile of ${samples} samples lies in [${show(low)}, ${show(high)}] kg (99.7 % interval from order statistics): ` +
            `${gap.toPrecision(3)} standard deviations away, more than the tolerance ${tolerance}`,
        };
      }
      return null;
    },
    options,
    explain: (graph) => explanation(graph, samples, seed, tolerance, evaluate),
  });
}
