/**
 * A prepared graph stripped to what its evaluation reads. Evaluation reads the columns (datapoint
 * values, components, entries, attributions, statements) and of the document only its statements;
 * the document's datapoint, component and GHG entry items are kept by a prepared graph for reports
 * and explanations (display names, justifications, expressions). A caller that only evaluates, as
 * `cdr-engine evaluate` does with a document of 100,000s of items, drops them here so that the
 * parsed document is not held beside its columns while the results are written (docs/scaling.md).
 *
 * Owns: evaluationOnly. May import: prepared-graph.ts (types).
 */
import type { PreparedGraph } from './prepared-graph';

/**
 * The prepared graph without the document's datapoint, component and GHG entry items (their
 * arrays left empty; the rest of the document, statements included, kept): it evaluates to the
 * same result, but it cannot be explained or reported on.
 */
export function evaluationOnly(prepared: PreparedGraph): PreparedGraph {
  return { ...prepared, graph: { ...prepared.graph, datapoints: [], components: [], ghg_entries: [] } };
}
