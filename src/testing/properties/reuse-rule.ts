/**
 * Property: the reuse rule (docs/rules.md#evaluating-a-ghg-entry). A datapoint used more than once in one GHG
 * entry (twice in a formula, in two inputs, in two components) is one variable: its partial
 * derivatives add before squaring. The check recomputes each entry's standard deviation from the
 * compiled blueprints' own gradients, merged per distinct datapoint, and its reused datapoints
 * with their use counts, and compares them with the evaluation's.
 * May import: accounting, expressions, units, model, fast-check.
 */
import { DEFAULT_ACCOUNTING_POLICIES, evaluateGraph, type GhgEntryResult } from '../../accounting';
import { type CompiledBlueprint, compileBlueprint } from '../../expressions';
import type { ComponentBlueprintDefinition, ComponentType, RemovalGraphInput } from '../../model/graph';
import { toSI } from '../../units';
import type { BlueprintDefinition } from '../arbitraries/component';
import { graphOf } from '../arbitraries/graph';
import { type SampleSetMoments, sampleSetMoments } from './sample-set-moments';
import { agree, show } from '../arbitraries/graph-reading';
import { type GraphCheckOptions, runProperty, type Verdict } from '../verdicts/verdict';
import { assertCheckOptions, GRAPH_CHECK_OPTION_CHECKS } from '../verdicts/options';

/**
 * The sign of each component type in the net (docs/rules.md#evaluating-a-ghg-entry): + for removals and
 * reductions, - for emissions, counterfactuals, losses and off-platform discounts, + for an
 * ADJUSTMENT (which carries its own sign). The accounting's default `componentSigns`, so the
 * check and the evaluation read one table.
 * @public
 */
export const SIGN_OF_TYPE: Readonly<Record<ComponentType, 1 | -1>> = DEFAULT_ACCOUNTING_POLICIES.componentSigns;

/** An entry's expected figures: standard deviation (null: no datapoint has one) and uses per datapoint. */
export interface ExpectedPropagation {
  readonly standardDeviation: number | null;
  /** Scale for comparisons: the standard deviation the entry would have if no derivative cancelled. */
  readonly scale: number;
  readonly uses: ReadonlyMap<string, number>;
}

/** Blueprints compiled once per definition object (generated graphs share their blueprints' objects). */
const compiledOnce = new WeakMap<object, CompiledBlueprint>();

export function compiledOf(b: BlueprintDefinition): CompiledBlueprint {
  const hit = compiledOnce.get(b);
  if (hit !== undefined) return hit;
  const r = compileBlueprint(b as ComponentBlueprintDefinition);
  if (!r.ok) throw new Error(`blueprint '${b.key}' does not compile: ${r.issues.map((i) => i.message).join('; ')}`);
  compiledOnce.set(b, r.blueprint);
  return r.blueprint;
}

/** Recomputes every entry's propagation from the blueprints' compiled gradients. */
export function expectedPropagation(graph: RemovalGraphInput): Map<string, ExpectedPropagation> {
  const compiled = new Map(graph.component_blueprints.map((b) => [b.key, compiledOf(b)]));
  const moments = sampleSetMoments(graph);
  const si = new Map(
    graph.datapoints.map((d) => {
      const value = toSI(d.quantity.magnitude, d.quantity.standard_deviation, d.quantity.unit);
      const fromSet = moments.standardDeviation.get(d.id);
      return [d.id, fromSet === undefined ? value : { ...value, standard_deviation: fromSet }];
    }),
  );
  // Per component: its datapoint slots, the derivative of its value by each, and the use count of each.
  // At a kink (a tie of min/max, abs at 0), every branch's gradient: the entry takes the largest variance.
  const derivatives = new Map<string, { ids: string[]; gradients: readonly Float64Array[]; uses: number[]; type: ComponentType }>();
  for (const component of graph.components) {
    const blueprint = compiled.get(component.blueprint_key) as CompiledBlueprint;
    const ids: string[] = [];
    const uses: number[] = [];
    const start = [0];
    blueprint.inputs.forEach((input, i) => {
      const supplied = component.inputs.find((s) => s.input_key === input.input_key);
      const list = supplied?.datapoint_ids ?? (supplied?.datapoint_id === undefined ? [] : [supplied.datapoint_id]);
      for (const id of list) {
        ids.push(id);
        uses.push(blueprint.inputUseCounts[i] ?? 0);
      }
      start.push(ids.length);
    });
    const values = Float64Array.from(ids, (id) => si.get(id)?.magnitude ?? Number.NaN);
    const gradient = new Float64Array(ids.length);
    blueprint.evaluate(values, Int32Array.from(start), gradient);
    const gradients = blueprint.kinkGradients(values, Int32Array.from(start)) ?? [gradient];
    derivatives.set(component.id, { ids, gradients, uses, type: blueprint.type });
  }
  const expected = new Map<string, ExpectedPropagation>();
  for (const entry of graph.ghg_entries) {
    const attributed = entry.component_attributions.flatMap((a) => {
      const d = derivatives.get(a.component_id);
      return d === undefined ? [] : [{ d, factor: (a.attribution_factor ?? 1) * SIGN_OF_TYPE[d.type] }];
    });
    // Every combination of branches (one almost always), the largest variance kept.
    let best: ExpectedPropagation | null = null;
    const combinations = attributed.reduce((n, { d }) => n * d.gradients.length, 1);
    for (let n = 0; n < Math.min(combinations, 256); n++) {
      let rest = n;
      const picked = attributed.map(({ d, factor }) => {
        const gradient = d.gradients[rest % d.gradients.length] as Float64Array;
        rest = Math.floor(rest / d.gradients.length);
        return { d, factor, gradient };
      });
      const candidate = mergedPropagation(picked, si, moments);
      if (best === null || (candidate.standardDeviation ?? 0) > (best.standardDeviation ?? 0)) best = candidate;
    }
    expected.set(entry.id, best ?? mergedPropagation([], si, moments));
  }
  return expected;
}

/** An entry's propagation for one choice of each component's gradient: derivatives merged by datapoint first. */
function mergedPropagation(
  picked: readonly {
    readonly d: { readonly ids: readonly string[]; readonly uses: readonly number[] };
    readonly factor: number;
    readonly gradient: Float64Array;
  }[],
  si: ReadonlyMap<string, { readonly magnitude: number; readonly standard_deviation: number | null }>,
  moments: SampleSetMoments,
): ExpectedPropagation {
  const merged = new Map<string, { sum: number; size: number }>();
  const uses = new Map<string, number>();
  for (const { d, factor, gradient } of picked) {
    d.ids.forEach((id, k) => {
      const term = factor * (gradient[k] as number);
      const m = merged.get(id) ?? { sum: 0, size: 0 };
      merged.set(id, { sum: m.sum + term, size: m.size + Math.abs(term) });
      uses.set(id, (uses.get(id) ?? 0) + (d.uses[k] as number));
    });
  }
  let variance = 0;
  let unmerged = 0;
  let any = false;
  for (const [id, m] of merged) {
    const s = si.get(id)?.standard_deviation;
    if (s === null || s === undefined) continue;
    any = true;
    variance += (m.sum * s) ** 2;
    unmerged += (m.size * s) ** 2;
  }
  // Two members of one row of a sample set covary (their columns' Pearson correlation).
  if (moments.standardDeviation.size > 0) variance = Math.max(0, variance + rowCovariance(merged, moments));
  return { standardDeviation: any ? Math.sqrt(variance) : null, scale: Math.sqrt(unmerged), uses };
}

/** Sum over ordered pairs of one sample-set row of g_i g_j r s_i s_j (each unordered pair twice). */
function rowCovariance(merged: ReadonlyMap<string, { readonly sum: number }>, moments: SampleSetMoments): number {
  const members = [...merged].filter(([id]) => moments.standardDeviation.has(id));
  let covariance = 0;
  for (const [a, ma] of members) {
    for (const [b, mb] of members) {
      const r = a === b ? 0 : moments.correlation(a, b);
      if (r !== 0)
        covariance += ma.sum * mb.sum * r * (moments.standardDeviation.get(a) as number) * (moments.standardDeviation.get(b) as number);
    }
  }
  return covariance;
}

/** What an entry's evaluation gets wrong about the reuse rule, or null. */
function reuseProblem(entry: GhgEntryResult, expected: ExpectedPropagation, tolerance: number): string | null {
  const sd = entry.co2e_net_removed_standard_deviation_kg;
  const want = expected.standardDeviation;
  const sameSd = sd === null || want === null ? sd === want : agree(sd, want, tolerance, expected.scale);
  if (!sameSd) {
    return `entry ${entry.id}: standard deviation ${show(sd)} kg, but merging each datapoint's derivatives before squaring gives ${show(want)} kg`;
  }
  const reported = new Map(entry.reused_datapoints.map((r) => [r.datapoint_id, r.uses]));
  for (const [id, uses] of expected.uses) {
    if (uses > 1 && reported.get(id) !== uses) {
      return `entry ${entry.id}: datapoint ${id} enters the net ${uses} times, but reused_datapoints reports ${reported.get(id) ?? 'nothing'}`;
    }
  }
  for (const [id, uses] of reported) {
    if ((expected.uses.get(id) ?? 0) <= 1)
      return `entry ${entry.id}: reused_datapoints lists ${id} (${uses} uses), which enters the net once or not at all`;
  }
  return null;
}

/**
 * Checks the reuse rule on generated graphs with reused datapoints: each entry's standard
 * deviation equals the one obtained by adding a datapoint's partial derivatives (over formulas,
 * inputs and components) before squaring, and `reused_datapoints` lists exactly the datapoints
 * entering the net more than once, with their use counts.
 * @public
 */
export function checkReuseRule(blueprints: readonly BlueprintDefinition[], options: GraphCheckOptions = {}): Verdict {
  assertCheckOptions('checkReuseRule', options, GRAPH_CHECK_OPTION_CHECKS);
  const evaluate = options.evaluate ?? evaluateGraph;
  const tolerance = options.tolerance ?? 1e-9;
  return runProperty({
    property: 'reuse_rule',
    arbitrary: graphOf(blueprints, { ...options.graphs, reuse: true }),
    graphOfCase: (graph) => graph,
    test: (graph) => {
      const expected = expectedPropagation(graph);
      for (const entry of evaluate(graph).ghg_entries) {
        const problem = reuseProblem(entry, expected.get(entry.id) as ExpectedPropagation, tolerance);
        if (problem !== null) return { message: problem };
      }
      return null;
    },
    options,
  });
}
