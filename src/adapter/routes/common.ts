/**
 * Helpers shared by the route modules: paging a list, resolving references in a body to rows the
 * caller owns, the supplier reference rule, and both spellings of GHG entry paths.
 */
import type { Pagination } from '../../model/queries';
import { conflict, type Problems } from '../failures';
import { indexes, type RequestContext } from '../context';
import { referenceKey } from '../derived';
import { paginate, type Page } from '../pagination';
import type { Row, Sequenced, Table } from '../store';

/** One page of `items` (creation order) as a PaginatedListResource. */
export function pageOf<T, V>(context: RequestContext, list: string, items: readonly Sequenced<T>[], query: Pagination, view: (row: T) => V): Page<V> {
  return paginate(items, query, list, context.state.cursors, view);
}

/** Rows of a table that pass `keep`, with their sequence numbers, in creation order. */
export function rowsWhere<T extends Row>(table: Table<T>, keep: (row: T) => boolean): Sequenced<T>[] {
  return table.sequenced().filter((item) => keep(item.row));
}

/**
 * The row `id` names in a body field when the caller owns it; otherwise a 422 item at `loc`
 * (a reference in a body is a validation problem, never a 404, and does not tell "missing" from
 * "someone else's").
 */
export function ownedRef<T extends Row & { readonly owner: string }>(
  context: RequestContext,
  problems: Problems,
  table: Table<T>,
  what: string,
  loc: readonly (string | number)[],
  id: string,
): T | undefined {
  const row = table.get(id);
  if (row === undefined || row.owner !== context.viewer.id) {
    problems.add(loc, `${what} '${id}' was not found`, id);
    return undefined;
  }
  return row;
}

/** Refuses with 409 when the caller already used `reference` on another resource (interface.md 2.1). */
export function checkReferenceFree(context: RequestContext, reference: string | null | undefined, except?: string): void {
  if (reference === null || reference === undefined) return;
  const used = indexes(context).references.get(referenceKey(context.viewer.id, reference));
  if (used !== undefined && used !== except) {
    throw conflict(`supplier_reference_id '${reference}' is already used by ${used}; it must be unique among the resources of a supplier`);
  }
}

/** A path of the GHG entry operations in both spellings (`ghg_entries` and the older `removals`). */
export function bothSpellings(path: string): readonly [string, string] {
  return [path.replace('{entries}', 'ghg_entries'), path.replace('{entries}', 'removals')];
}

/** Midnight UTC of a date, as a date-time. */
export function startOfDay(date: string): string {
  return `${date}T00:00:00Z`;
}
