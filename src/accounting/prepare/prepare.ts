/**
 * Validation and preparation of a removal graph: the whole document is checked (shapes, unique
 * ids, references, units against quantity kinds, blueprint compilation, attribution shares) and
 * every problem is reported before anything is evaluated. The prepared graph holds dense indices,
 * typed arrays and packed arrays of doubles (doubles.ts) so that evaluation touches no strings and
 * allocates little.
 *
 * Ownership rule: everything evaluation reads is copied out of the document at preparation (ids,
 * units and numbers into the prepared arrays, blueprints compiled, statements prepared), so a
 * prepared graph never changes with the caller's document. Only `PreparedGraph.graph` may share
 * objects with the caller (see there). The types are in prepared-graph.ts, the implementation in
 * graph.ts.
 */
import type { AccountingPolicies } from '../policies';
import { mergePlanOf } from './merge-plan';
import { prepareGraphDocument } from './graph';
import type { PrepareResult } from './prepared-graph';

export type { AttributionScope, PreparedAmortisation, PreparedShareSlot, PreparedStatement } from './statement-parts';
// Not the columns' types (PreparedComponents...): they are @internal, and the declaration build strips them.
export { ATTRIBUTION_SCOPES, attributionAt, attributionsOf, componentAt } from './prepared-graph';
export type { PreparedAttribution, PreparedComponent, PreparedGraph, PrepareResult } from './prepared-graph';

/**
 * Validates a removal graph document and prepares it for evaluation. Never throws for bad data:
 * every problem found is returned with its path into the document, and an unknown policy or a
 * policy value of the wrong type or range (path starting with `policies`) before the document is
 * read.
 * @public
 */
export function prepareGraph(document: unknown, policyOverrides?: Partial<AccountingPolicies>): PrepareResult {
  const result = prepareGraphDocument(document, policyOverrides, true);
  // The merge plan is part of what is prepared once: an evaluation finds it ready.
  if (result.ok) mergePlanOf(result.prepared);
  return result;
}
