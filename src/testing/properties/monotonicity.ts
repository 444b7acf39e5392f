/**
 * Property: declared monotonicity. A methodologist declares how the net must respond to one input
 * (`{ input: 'diesel_volume', direction: 'decreasing' }`: more diesel never raises the net); the
 * check raises one datapoint feeding that input (and nothing else) within the input's range and
 * compares every entry's net before the uncertainty discount (the discount depends on standard
 * deviations, which a declaration says nothing about).
 * May import: accounting, units, model, fast-check.
 */
import fc from 'fast-check';
import { evaluateGraph } from '../../accounting';
import type { QuantityKind } from '../../model/quantity-kinds';
import { parseUnit, toSI } from '../../units';
import { type BlueprintDefinition, optionsOfInput } from '../arbitraries/component';
import { graphOf } from '../arbitraries/graph';
import { datapointUses, show, withDatapoints } from '../arbitraries/graph-reading';
import { resolveRange } from '../arbitraries/ranges';
import { type GraphCheckOptions, runProperty, type Verdict } from '../verdicts/verdict';
import { assertCheckOptions, GRAPH_CHECK_OPTION_CHECKS } from '../verdicts/options';

/**
 * How the net must respond to more of an input: `increasing` (more never lowers the net) or
 * `decreasing` (more never raises it).
 * @public
 */
export interface MonotonicityDeclaration {
  /** The blueprint input's key. */
  readonly input: string;
  /** `increasing` or `decreasing`. */
  readonly direction: 'increasing' | 'decreasing';
  /** The blueprint the declaration is about (default: every blueprint with that input). */
  readonly blueprint?: string;
}

/** The blueprints a declaration speaks about. */
export function blueprintsDeclared(
  blueprints: readonly BlueprintDefinition[],
  declaration: MonotonicityDeclaration,
): BlueprintDefinition[] {
  return blueprints.filter(
    (b) =>
      (declaration.blueprint === undefined || b.key === declaration.blueprint) && b.inputs.some((i) => i.input_key === declaration.input),
  );
}

/** A violation stated against the net and the tolerance, so that noise and a real fault read apart. */
export function relativeTo(violation: number, net: number, slack: number): string {
  const ofNet = net === 0 ? '' : `, ${Number((violation / Math.abs(net)).toPrecision(2))} of the net`;
  return `${show(Number(violation.toPrecision(4)))} kg${ofNet}, ${Number((violation / Math.max(slack, 1e-300)).toPrecision(3))} times the tolerance of ${Number(slack.toPrecision(2))} kg`;
}

/**
 * Checks a declared monotonicity on generated graphs of the blueprints that have the input.
 * @throws RangeError when no blueprint (of `declaration.blueprint`, if given) has the input.
 * @public
 */
export function checkMonotonicity(
  blueprints: readonly BlueprintDefinition[],
  declaration: MonotonicityDeclaration,
  options: GraphCheckOptions = {},
): Verdict {
  assertCheckOptions('checkMonotonicity', options, GRAPH_CHECK_OPTION_CHECKS);
  const evaluate = options.evaluate ?? evaluateGraph;
  const tolerance = options.tolerance ?? 1e-9;
  const relevant = blueprintsDeclared(blueprints, declaration);
  if (relevant.length === 0) {
    const where = declaration.blueprint === undefined ? 'no blueprint has' : `blueprint '${declaration.blueprint}' has no`;
    throw new RangeError(`monotonicity: ${where} input '${declaration.input}'`);
  }
  const property = `monotonicity(${declaration.input}, ${declaration.direction})`;
  const arbitrary = fc.record({ graph: graphOf(relevant, options.graphs), pick: fc.nat(), step: fc.integer({ min: 1, max: 1000 }) });
  return runProperty({
    property,
    arbitrary,
    graphOfCase: (c) => c.graph,
    test: ({ graph, pick, step }) => {
      const uses = datapointUses(graph);
      const declared = (u: { blueprint: BlueprintDefinition; input: { input_key: string } }) =>
        u.input.input_key === declaration.input && (declaration.blueprint === undefined || u.blueprint.key === declaration.blueprint);
      const candidates = graph.datapoints.filter((d) => (uses.get(d.id) ?? []).every(declared) && (uses.get(d.id) ?? []).length > 0);
      const chosen = candidates[pick % Math.max(1, candidates.length)];
      if (chosen === undefined) return 'skip';
      const use = (uses.get(chosen.id) ?? [])[0] as { blueprint: BlueprintDefinition; input: { quantity_kind: string } };
      const kind = use.input.quantity_kind as QuantityKind;
      const range = resolveRange(kind, optionsOfInput(use.blueprint.key, declaration.input, options.graphs?.inputs, undefined).magnitude);
      const q = chosen.quantity;
      const current = toSI(q.magnitude, null, q.unit).magnitude;
      const top = toSI(range.max, null, range.unit).magnitude;
      // A range of zero width leaves nothing to raise; generated magnitudes, rounded to 6 digits in
      // their unit, may leave a sliver below the top that would exercise nothing.
      if (!(top - current > 1e-4 * Math.abs(top))) return 'skip';
      const raised = current + ((top - current) * step) / 1000;
      const unit = parseUnit(q.unit);
      const magnitude = (raised - unit.offset) / unit.scale;
      if (!(magnitude > q.magnitude)) return 'skip';
      const changed = withDatapoints(graph, (d) => (d === chosen ? { ...d, quantity: { ...q, magnitude } } : d));
      const before = evaluate(graph).ghg_entries;
      const after = evaluate(changed).ghg_entries;
      for (const [i, x] of before.entries()) {
        const a = x.co2e_net_removed_without_discount_kg;
        const b = after[i]?.co2e_net_removed_without_discount_kg ?? Number.NaN;
        const slack = tolerance * Math.max(Math.abs(a), Math.abs(b));
        const wrong = declaration.direction === 'decreasing' ? b > a + slack : b < a - slack;
        if (!wrong) continue;
        return {
          message:
            `raising ${chosen.id} (input '${declaration.input}') from ${show(q.magnitude)} to ${show(magnitude)} ${q.unit} ${b > a ? 'raises' : 'lowers'} the net of entry ${x.id} from ${show(a)} kg to ${show(b)} kg; declared ${declaration.direction}` +
            ` (a change of ${relativeTo(Math.abs(b - a), a, slack)})`,
          variant: changed,
        };
      }
      return null;
    },
    options,
  });
}
