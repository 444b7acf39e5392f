/**
 * A preparation that gives up the document as it goes, for a caller that only evaluates and owns
 * the parsed document (`cdr-engine evaluate` reading a file, docs/scaling.md). The peak memory of a
 * large document is its parsed items beside the columns made of them: here the document's three
 * large arrays are emptied once parsed, and the phases drop the datapoint items once the
 * datapoints (with their sample sets and correlations) are prepared, the component items once the
 * components are (when every one is valid) and the entry items once the entries and statements
 * are (graph.ts), so that each collection's items and its columns are not held together to the
 * end. Every check, problem, path and order is the one of `prepareGraph`.
 *
 * What it cannot do alone is the refusal of an entry (refusal.ts), which prepares the whole graph
 * again without it: it says so (`again`), and its caller prepares a fresh copy of the document with
 * `prepareGraph`. Internal: not exported from the package.
 *
 * Owns: prepareGraphReleasing. May import: graph.ts, refusal.ts, merge-plan.ts, evaluation-only.ts,
 * prepared-graph.ts (types), policies.ts (types).
 */
import type { AccountingPolicies } from '../policies';
import { evaluationOnly } from './evaluation-only';
import { prepareGraphDocument } from './graph';
import { mergePlanOf } from './merge-plan';
import type { PrepareResult } from './prepared-graph';
import { refusesEntries } from './refusal';

/** A releasing preparation's outcome: its result, or `again` when an entry is refused. */
export type ReleasingPrepare = { readonly again: false; readonly result: PrepareResult } | { readonly again: true };

/**
 * Prepares `document` for evaluation only, giving its items up on the way (see the module comment;
 * the document's `datapoints`, `components` and `ghg_entries` arrays are left empty when it is a
 * valid graph). `again`: an entry is refused; prepare a fresh copy of the document with
 * `prepareGraph`. Otherwise the result is `prepareGraph`'s, through `evaluationOnly`.
 */
export function prepareGraphReleasing(document: unknown, policyOverrides: Partial<AccountingPolicies> | undefined): ReleasingPrepare {
  const result = prepareGraphDocument(document, policyOverrides, true, true);
  if (!result.ok) return { again: false, result };
  if (refusesEntries(result)) return { again: true };
  const prepared = evaluationOnly(result.prepared);
  mergePlanOf(prepared);
  return { again: false, result: { ok: true, prepared } };
}
