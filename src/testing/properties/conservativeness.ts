/**
 * Property: conservativeness of the credits. The uncertainty discount never raises a net (net
 * with discount <= net without, by exactly the standard deviation), and the issuable amount is
 * never above the discounted net rounded to the 10 kg increment: a multiple of 10, at least 0, at
 * most 5 kg above the discounted net; the buffer pool and the supplier share it exactly, the buffer
 * pool receiving at least its percentage.
 * May import: accounting, model, fast-check.
 */
import { evaluateGraph, type GhgEntryResult } from '../../accounting';
import type { BlueprintDefinition } from '../arbitraries/component';
import { graphOf } from '../arbitraries/graph';
import { agree, entryScale, show } from '../arbitraries/graph-reading';
import { type GraphCheckOptions, runProperty, type Verdict } from '../verdicts/verdict';
import { assertCheckOptions, GRAPH_CHECK_OPTION_CHECKS } from '../verdicts/options';

/** The first way an entry's credits are not conservative, or null. */
function creditProblem(e: GhgEntryResult, tolerance: number): string | null {
  const net = e.co2e_net_removed_kg;
  const without = e.co2e_net_removed_without_discount_kg;
  const sd = e.co2e_net_removed_standard_deviation_kg ?? 0;
  const slack = tolerance * Math.max(entryScale(e), Math.abs(without));
  if (net > without + slack) return `the net with discount ${show(net)} kg is above the net without discount ${show(without)} kg`;
  if (!agree(without - net, sd, tolerance, entryScale(e)))
    return `the discount ${show(without - net)} kg is not the standard deviation ${show(sd)} kg`;
  const issuable = e.issuable_kg;
  if (!Number.isInteger(issuable) || issuable % 10 !== 0 || issuable < 0)
    return `issuable_kg ${issuable} is not a non-negative multiple of 10 kg`;
  if (issuable > Math.max(0, net) + 5 + slack)
    return `issuable_kg ${issuable} is above the discounted net ${show(net)} kg rounded to 10 kg`;
  if (net >= 5 + slack && issuable < net - 5 - slack)
    return `issuable_kg ${issuable} is more than 5 kg below the discounted net ${show(net)} kg`;
  const allocation = e.credit_allocation;
  if (allocation === null)
    return e.risk_of_reversal_percentage === null ? null : 'credit_allocation is null although the risk of reversal is set';
  const { buffer_pool_contribution_kg: buffer, supplier_allocation_kg: supplier } = allocation;
  if (buffer + supplier !== issuable || buffer < 0 || supplier < 0)
    return `buffer ${buffer} kg + supplier ${supplier} kg do not share issuable_kg ${issuable} exactly`;
  const pct = e.risk_of_reversal_percentage ?? 0;
  if (buffer < (issuable * pct) / 100 - 1e-9) return `the buffer pool receives ${buffer} kg, less than ${pct} % of ${issuable} kg`;
  return null;
}

/**
 * Checks conservativeness on generated graphs (see the module notes): the discount lowers the net
 * by its standard deviation, and credits never exceed the discounted net rounded to 10 kg.
 * @public
 */
export function checkConservativeness(blueprints: readonly BlueprintDefinition[], options: GraphCheckOptions = {}): Verdict {
  assertCheckOptions('checkConservativeness', options, GRAPH_CHECK_OPTION_CHECKS);
  const evaluate = options.evaluate ?? evaluateGraph;
  const tolerance = options.tolerance ?? 1e-9;
  return runProperty({
    property: 'conservativeness',
    arbitrary: graphOf(blueprints, options.graphs),
    graphOfCase: (graph) => graph,
    test: (graph) => {
      for (const e of evaluate(graph).ghg_entries) {
        const problem = creditProblem(e, tolerance);
        if (problem !== null) return { message: `entry ${e.id}: ${problem}` };
      }
      return null;
    },
    options,
  });
}
