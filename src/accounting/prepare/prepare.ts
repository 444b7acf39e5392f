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
import type { ComponentBlueprintDefinition, GraphComponentInput, GraphDatapoint, GraphIssue, RemovalGraph } from '../../model';
import { DEFAULT_ACCOUNTING_POLICIES, type AccountingPolicies } from '../policies';
import { mergePlanOf } from './merge-plan';
import { prepareGraphDocument, prepareGraphParts } from './graph';
import type { PrepareResult } from './prepared-graph';
import { withRefusedEntries } from './refusal';
export { refusedIssue } from './refusal';

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
  const first = prepareGraphDocument(document, policyOverrides, true);
  // An entry whose net is not finite is refused alone: the graph is prepared again without it.
  const result = first.ok ? withRefusedEntries(first, (graph) => prepareGraphParts(graph, first.prepared.policies)) : first;
  // The merge plan is part of what is prepared once: an evaluation finds it ready.
  if (result.ok) mergePlanOf(result.prepared);
  return result;
}

/**
 * Prepares a graph its caller built from parts it validated itself (the service, from its rows):
 * the checks and the prepared graph of `prepareGraph`, without parsing the document again. The
 * graph must have the parsed shape (defaults applied); a graph that does not is a defect of the
 * caller, not bad data. Internal: not exported from the package.
 */
export function prepareValidatedGraph(graph: RemovalGraph, policies: AccountingPolicies = DEFAULT_ACCOUNTING_POLICIES): PrepareResult {
  const result = withRefusedEntries(prepareGraphParts(graph, policies), (pruned) => prepareGraphParts(pruned, policies));
  if (result.ok) mergePlanOf(result.prepared);
  return result;
}

/** A component to check on its own: its blueprint, its inputs and the datapoints they name. */
export interface ComponentParts {
  readonly blueprint: ComponentBlueprintDefinition;
  readonly inputs: readonly GraphComponentInput[];
  /** The datapoints the inputs name (one missing here is reported as unknown). */
  readonly datapoints: readonly GraphDatapoint[];
}

/**
 * The problems of one component against its blueprint and datapoints (inputs complete, units of
 * the right kinds, one datapoint per scalar input), as the preparation of a graph finds them:
 * paths start at the component's `inputs`, messages call it `name` (e.g. `component 'cmp_...'`, or
 * a place in a request for a component that has no id yet). None when it is valid. Internal.
 */
export function componentProblems(parts: ComponentParts, name: string): GraphIssue[] {
  const graph: RemovalGraph = {
    component_blueprints: [parts.blueprint],
    datapoints: [...parts.datapoints],
    components: [{ id: name, blueprint_key: parts.blueprint.key, inputs: [...parts.inputs] }],
    ghg_entries: [],
  };
  const prepared = prepareGraphParts(graph, DEFAULT_ACCOUNTING_POLICIES, () => name);
  if (prepared.ok) return [];
  return prepared.issues.map((issue) => {
    const [collection, , ...rest] = issue.path;
    return collection === 'components' ? { ...issue, path: rest } : issue;
  });
}
