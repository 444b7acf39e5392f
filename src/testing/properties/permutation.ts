/**
 * Property: permutation invariance. The order of a document's blueprints, datapoints, components,
 * entries, of a blueprint's inputs and expressions, of the two arguments of a `min` or `max`
 * (variables or numbers), of a component's inputs, of an entry's
 * attributions and of a LIST input's datapoints carries no meaning (the result is the single sink,
 * the list reducers are symmetric, and a tie of min/max takes the branch of larger variance): a
 * shuffled document gives each entry the same figures, reused datapoints and uncertainty budget.
 * May import: accounting, model, fast-check.
 */
import fc from 'fast-check';
import { evaluateGraph, type EvaluationResult, type GhgEntryResult } from '../../accounting';
import type { RemovalGraphInput } from '../../model/graph';
import type { BlueprintDefinition } from '../arbitraries/component';
import { graphOf } from '../arbitraries/graph';
import { agree, entryScale, nearRoundingTie, show } from '../arbitraries/graph-reading';
import { type GraphCheckOptions, runProperty, type Verdict } from '../verdicts/verdict';
import { assertCheckOptions, GRAPH_CHECK_OPTION_CHECKS } from '../verdicts/options';

/** A copy of `items` in an order drawn from `seed` (Fisher-Yates over a small LCG). */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let s = seed >>> 0;
  for (let i = out.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** A two-argument min or max of variables or numbers, e.g. `max({a}, 0.5)`. */
const TWO_ARGUMENTS = /\b(min|max)\(\s*(\{\w+\}|[0-9.]+)\s*,\s*(\{\w+\}|[0-9.]+)\s*\)/g;

/** The template with the arguments of its two-argument min and max swapped where `seed`'s bits say. */
function swappedArguments(template: string, seed: number): string {
  let k = 0;
  return template.replace(TWO_ARGUMENTS, (call: string, fn: string, x: string, y: string) =>
    (seed >>> (k++ % 31)) & 1 ? `${fn}(${y}, ${x})` : call,
  );
}

/** The document with every order that carries no meaning shuffled. */
export function permuted(graph: RemovalGraphInput, seed: number): RemovalGraphInput {
  let n = seed;
  const next = () => (n = (Math.imul(n, 747796405) + 2891336453) >>> 0);
  return {
    ...graph,
    component_blueprints: shuffled(graph.component_blueprints, next()).map((b) => ({
      ...b,
      inputs: shuffled(b.inputs, next()),
      expressions: shuffled(b.expressions, next()).map((x) => ({ ...x, template: swappedArguments(x.template, seed) })),
    })),
    datapoints: shuffled(graph.datapoints, next()),
    components: shuffled(graph.components, next()).map((c) => ({
      ...c,
      inputs: shuffled(c.inputs, next()).map((i) =>
        i.datapoint_ids === undefined ? i : { ...i, datapoint_ids: shuffled(i.datapoint_ids, next()) },
      ),
    })),
    ghg_entries: shuffled(graph.ghg_entries, next()).map((e) => ({
      ...e,
      component_attributions: shuffled(e.component_attributions, next()),
    })),
  };
}

/** The first difference between two entries' results that the order of the document may not make. */
function entryDifference(x: GhgEntryResult, y: GhgEntryResult, tolerance: number): string | null {
  const scale = Math.max(entryScale(x), entryScale(y));
  const pairs: [string, number | null, number | null, number][] = [
    ['co2e_net_removed_without_discount_kg', x.co2e_net_removed_without_discount_kg, y.co2e_net_removed_without_discount_kg, scale],
    ['co2e_net_removed_kg', x.co2e_net_removed_kg, y.co2e_net_removed_kg, scale],
    ['co2e_net_removed_standard_deviation_kg', x.co2e_net_removed_standard_deviation_kg, y.co2e_net_removed_standard_deviation_kg, 0],
  ];
  for (const [name, p, q, s] of pairs) {
    if (p === null || q === null ? p !== q : !agree(p, q, tolerance, s)) return `${name} ${show(p)} kg becomes ${show(q)} kg`;
  }
  if (x.issuable_kg !== y.issuable_kg && !nearRoundingTie(x.co2e_net_removed_kg, tolerance, scale))
    return `issuable_kg ${x.issuable_kg} becomes ${y.issuable_kg}`;
  const reused = (e: GhgEntryResult) => JSON.stringify([...e.reused_datapoints].map((r) => `${r.datapoint_id}:${r.uses}`).sort());
  if (reused(x) !== reused(y)) return `reused_datapoints ${reused(x)} becomes ${reused(y)}`;
  const budget = new Map(y.uncertainty_budget.map((l) => [l.datapoint_id, l]));
  if (budget.size !== x.uncertainty_budget.length)
    return `the uncertainty budget has ${x.uncertainty_budget.length} lines, then ${budget.size}`;
  for (const line of x.uncertainty_budget) {
    const other = budget.get(line.datapoint_id);
    if (other === undefined) return `datapoint ${line.datapoint_id} leaves the uncertainty budget`;
    if (!agree(line.sensitivity, other.sensitivity, tolerance)) {
      return `the sensitivity to ${line.datapoint_id} ${show(line.sensitivity)} becomes ${show(other.sensitivity)}`;
    }
  }
  return null;
}

/** The first entry whose figures differ between two evaluations (entries matched by id), or null. */
export function differenceById(a: EvaluationResult, b: EvaluationResult, tolerance: number): string | null {
  const byId = new Map(b.ghg_entries.map((e) => [e.id, e]));
  for (const x of a.ghg_entries) {
    const y = byId.get(x.id);
    if (y === undefined) return `entry ${x.id} is missing after the permutation`;
    const d = entryDifference(x, y, tolerance);
    if (d !== null) return `entry ${x.id}: ${d}`;
  }
  return null;
}

/**
 * Checks that shuffling every order of a document that carries no meaning (see the module notes)
 * changes no entry's figures, reused datapoints or uncertainty budget.
 * @public
 */
export function checkPermutationInvariance(blueprints: readonly BlueprintDefinition[], options: GraphCheckOptions = {}): Verdict {
  assertCheckOptions('checkPermutationInvariance', options, GRAPH_CHECK_OPTION_CHECKS);
  const evaluate = options.evaluate ?? evaluateGraph;
  const tolerance = options.tolerance ?? 1e-9;
  return runProperty({
    property: 'permutation_invariance',
    arbitrary: fc.record({ graph: graphOf(blueprints, options.graphs), seed: fc.nat() }),
    graphOfCase: (c) => c.graph,
    test: ({ graph, seed }) => {
      const other = permuted(graph, seed);
      const difference = differenceById(evaluate(graph), evaluate(other), tolerance);
      return difference === null ? null : { message: `after shuffling the document: ${difference}`, variant: other };
    },
    options,
  });
}
