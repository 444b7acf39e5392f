/**
 * Property: unit invariance. The same quantities written in other units of their kinds (every
 * datapoint re-expressed in a unit drawn from the accepted units of its kind, magnitude and
 * standard deviation converted) give the same results: nets, standard deviations, component values
 * and credits, to a relative tolerance (default 1e-9).
 * May import: accounting, units, model, fast-check.
 */
import fc from 'fast-check';
import { evaluateGraph, type EvaluationResult } from '../../accounting';
import type { RemovalGraphInput } from '../../model/graph';
import type { BlueprintDefinition } from '../arbitraries/component';
import { graphOf } from '../arbitraries/graph';
import {
  agree,
  datapointUses,
  entryScale,
  inUnit,
  kindOfDatapoint,
  nearRoundingTie,
  show,
  withDatapoints,
} from '../arbitraries/graph-reading';
import { unitsForKind } from '../arbitraries/kind-units';
import { type GraphCheckOptions, runProperty, type Verdict } from '../verdicts/verdict';
import { assertCheckOptions, GRAPH_CHECK_OPTION_CHECKS } from '../verdicts/options';

/** Re-expresses every datapoint in the unit its pick selects among the units of its kind. */
function reexpressed(graph: RemovalGraphInput, picks: readonly number[]): { graph: RemovalGraphInput; changes: string[] } {
  const uses = datapointUses(graph);
  const changes: string[] = [];
  const changed = withDatapoints(graph, (d, i) => {
    const kind = kindOfDatapoint(uses, d.id);
    if (kind === undefined) return d;
    const units = unitsForKind(kind);
    const unit = units[(picks[i % picks.length] ?? 0) % units.length] as string;
    if (unit === d.quantity.unit) return d;
    changes.push(`${d.id} from '${d.quantity.unit}' to '${unit}'`);
    return inUnit(d, unit);
  });
  return { graph: changed, changes };
}

/** The first figure on which two evaluations of the same quantities disagree, or null. */
export function firstDifference(a: EvaluationResult, b: EvaluationResult, tolerance: number): string | null {
  for (const [n, x] of a.ghg_entries.entries()) {
    const y = b.ghg_entries[n];
    if (y === undefined || y.id !== x.id) return `entry ${x.id} is missing from the second result`;
    const scale = Math.max(entryScale(x), entryScale(y));
    const sd = (e: typeof x) => e.co2e_net_removed_standard_deviation_kg;
    const figures: [string, number | null, number | null, number][] = [
      ['co2e_net_removed_without_discount_kg', x.co2e_net_removed_without_discount_kg, y.co2e_net_removed_without_discount_kg, scale],
      ['co2e_net_removed_kg', x.co2e_net_removed_kg, y.co2e_net_removed_kg, scale],
      ['co2e_net_removed_standard_deviation_kg', sd(x), sd(y), 0],
    ];
    for (const [name, p, q, s] of figures) {
      const same = p === null || q === null ? p === q : agree(p, q, tolerance, s);
      if (!same) return `entry ${x.id}: ${name} is ${show(p)} kg in one and ${show(q)} kg in the other (tolerance ${tolerance} relative)`;
    }
    if (x.issuable_kg !== y.issuable_kg && !nearRoundingTie(x.co2e_net_removed_kg, tolerance, scale)) {
      return `entry ${x.id}: issuable_kg is ${x.issuable_kg} in one and ${y.issuable_kg} in the other`;
    }
  }
  return null;
}

/**
 * Checks that results do not depend on the units the quantities are written in: each generated
 * graph is evaluated as drawn and with every datapoint re-expressed in another accepted unit of its
 * kind (Pint spellings included).
 *
 * @example
 * ```ts
 * assertVerdict(checkUnitInvariance(library.component_blueprints, { numRuns: 50, seed: 7 }));
 * ```
 * @public
 */
export function checkUnitInvariance(blueprints: readonly BlueprintDefinition[], options: GraphCheckOptions = {}): Verdict {
  assertCheckOptions('checkUnitInvariance', options, GRAPH_CHECK_OPTION_CHECKS);
  const evaluate = options.evaluate ?? evaluateGraph;
  const tolerance = options.tolerance ?? 1e-9;
  const arbitrary = fc.record({ graph: graphOf(blueprints, options.graphs), picks: fc.array(fc.nat(), { minLength: 1, maxLength: 32 }) });
  return runProperty({
    property: 'unit_invariance',
    arbitrary,
    graphOfCase: (c) => c.graph,
    test: ({ graph, picks }) => {
      const { graph: other, changes } = reexpressed(graph, picks);
      const difference = firstDifference(evaluate(graph), evaluate(other), tolerance);
      if (difference === null) return null;
      return { message: `with ${changes.length === 0 ? 'the same units' : changes.join(', ')}: ${difference}`, variant: other };
    },
    options,
  });
}
