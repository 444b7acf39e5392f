/**
 * The lists of rows a caller may see (docs/service.md#visibility), as merged sequences rather than filtered
 * tables: what it owns (an owner index) and what a submitted statement exposes to it that it does
 * not own (the exposure index). Both sequences are kept as the tables change, so a page of such a
 * list costs two binary searches and the page itself, and its `total_count` is the sum of two
 * sizes: nothing is counted per request.
 */
import { canSee, indexes, isOwner, type ReadContext } from '../context';
import { mergedList } from '../store/merged-list';
import type { OrderedList } from '../store/pagination';
import type { RowsByKey } from '../indexes';
import type { Row, Sequenced, Table } from '../store/store';

/** The rows of `table` the caller may see: its own and those exposed to it, in creation order. */
export function visibleRows<T extends Row & { readonly owner: string }>(context: ReadContext, table: Table<T>): OrderedList<T> {
  const viewer = context.viewer.id;
  const { exposure } = indexes(context);
  return mergedList(table, [indexes(context).byOwner(table).sequence(viewer), exposure.foreign(table, viewer)]);
}

/** The rows of `table` the caller owns, in creation order. */
export function ownedRows<T extends Row & { readonly owner: string }>(context: ReadContext, table: Table<T>): OrderedList<T> {
  return mergedList(table, [indexes(context).byOwner(table).sequence(context.viewer.id)]);
}

/** The items of `list` that pass `keep`, in creation order (a scan of the list, not of its table). */
export function filtered<T>(list: OrderedList<T>, keep: (row: T) => boolean): Sequenced<T>[] {
  return list.slice(0, list.size).filter((item) => keep(item.row));
}

/**
 * The rows of one group of `index` (the storage locations of a project, ...) the caller may see,
 * when every row of a group has the owner `groupOwner`: all of them for that owner, a page of the
 * group's sequence; for anyone else, those of the group a submitted statement exposes to it.
 */
export function visibleInGroup<T extends Row & { readonly owner: string }>(
  context: ReadContext,
  table: Table<T>,
  group: {
    readonly index: RowsByKey<T>;
    readonly key: string;
    readonly groupOwner: string;
    readonly keyOf: (row: T) => string | null;
  },
): OrderedList<T> | Sequenced<T>[] {
  const { index, key, groupOwner, keyOf } = group;
  if (groupOwner === context.viewer.id) return mergedList(table, [index.sequence(key)]);
  return filtered(mergedList(table, [indexes(context).exposure.foreign(table, context.viewer.id)]), (row) => keyOf(row) === key);
}

/** Equality filters of a list: a field and the value it must have (null or undefined: no filter). */
export type FieldFilters<T> = Partial<Record<keyof T & string, string | null | undefined>>;

/**
 * The rows of `table` the caller may see (`visible`) or owns (`owned`) that pass `keep`, when
 * `keep` requires each field of `equal` to have its value: the rows are read from the index of the
 * most selective of those fields (or of `supersets`, lists known to hold every row that passes),
 * so the cost follows the rows that match, not the table. Without any of them, the caller's list
 * is scanned as {@link filtered} does.
 */
export function matching<T extends Row & { readonly owner: string }>(
  context: ReadContext,
  table: Table<T>,
  filter: {
    readonly scope: 'visible' | 'owned';
    readonly equal: FieldFilters<T>;
    readonly keep: (row: T) => boolean;
    readonly supersets?: readonly OrderedList<T>[];
  },
): OrderedList<T> | Sequenced<T>[] {
  const { scope, equal, keep, supersets = [] } = filter;
  let best: OrderedList<T> | undefined;
  for (const [field, value] of Object.entries(equal) as [keyof T & string, string | null | undefined][]) {
    if (value === null || value === undefined) continue;
    const group = mergedList(table, [indexes(context).byField(table, field).sequence(value)]);
    if (best === undefined || group.size < best.size) best = group;
  }
  for (const list of supersets) if (best === undefined || list.size < best.size) best = list;
  if (best === undefined) return filtered(scope === 'visible' ? visibleRows(context, table) : ownedRows(context, table), keep);
  const sees = scope === 'visible' ? canSee : isOwner;
  return best.slice(0, best.size).filter((entry) => sees(context, entry.row) && keep(entry.row));
}
