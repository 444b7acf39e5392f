/**
 * What the phases of a preparation share (graph.ts): the parsed document, the policies,
 * what could not be read of a broken document, the dimension ids, and where problems go. Paths are
 * built only when a problem is reported: a path per datapoint, input and attribution used to be
 * most of a preparation's garbage. Internal to preparation.
 *
 * Owns: the shared state and the problem paths. May import: model (types), id-index.ts,
 * dimension-table.ts, hints.ts and policies.ts (types); no other phase.
 */
import type { GraphIssue, GraphIssueCode, IssuePath, RemovalGraph } from '../../model';
import type { GraphCollection, PartialGraph } from '../../model/graph-parse';
import type { DimensionTable } from './dimension-table';
import type { IdIndex } from './id-index';
import type { NameHints } from './hints';
import type { AccountingPolicies } from '../policies';

/** The state every phase of one preparation reads. */
export interface PrepareContext {
  /** The parsed document (zod's; the three large arrays may hold the caller's own items). */
  readonly graph: RemovalGraph;
  readonly policies: AccountingPolicies;
  /** When the document's shape is wrong: what could not be read (its items are holes in `graph`). */
  readonly broken: PartialGraph | undefined;
  readonly dimensions: DimensionTable;
  /** Every problem found so far, in the order found. */
  readonly issues: GraphIssue[];
  /** How a problem names the component of an id (`component 'id'`, or the caller's own name for it). */
  readonly componentName: (id: string) => string;
  /** The "did you mean" of a reference that names nothing, within the preparation's budget. */
  readonly hints: NameHints;
}

/** Reports one problem. */
export function problem(context: PrepareContext, path: IssuePath, code: GraphIssueCode, message: string): void {
  context.issues.push({ path, code, message });
}

/** The path of a component's input (or of a part of it). */
export function inputPath(component: number, input: number, ...rest: (string | number)[]): IssuePath {
  return ['components', component, 'inputs', input, ...rest];
}

/** The path of an entry's attribution (or of a part of it). */
export function attributionPath(entry: number, attribution: number, ...rest: string[]): IssuePath {
  return ['ghg_entries', entry, 'component_attributions', attribution, ...rest];
}

/**
 * Registers the id of an unreadable item of a collection (reported by its shape) so that
 * references to it are not reported again; returns the id ('' when it has none).
 */
export function unreadableItem(broken: PartialGraph | undefined, collection: GraphCollection, index: number, ids: IdIndex): string {
  const id = broken?.brokenIds[collection].get(index);
  if (id === undefined) return '';
  ids.add(id, index);
  return id;
}
