/**
 * A row's keys: the fields the indexes over its table read when it is loaded, stored beside the
 * row by a store on disk (`serve --state`), so that a restart puts a row back as its keys and
 * reads the rest only when someone reads the row (store.ts, `Table.loadKeys`). A table with many
 * rows and indexes that read few of their fields is named here; the rows of any other table are
 * loaded whole.
 *
 * Each list holds every top-level field that any observer registered on the table at its
 * creation reads (the indexes, the supplier references, the exposure), whatever the row: a test
 * loads every table named here with keys that refuse any other field
 * (test/adapter/row-keys.test.ts). An index made later (a list's first filter) is told the keys
 * too, but any other field it reads reads the whole row. Changing a list changes what is stored:
 * the store on disk writes the keys again when the lists it wrote them with differ (sqlite-state.ts).
 */
import type { Row } from './store';

/** The fields kept as the keys of the rows of each table named (ids first). */
export const KEY_FIELDS: Readonly<Record<string, readonly string[]>> = {
  // datapointsByOwner, datapointsByUnit (quantity.unit), datapointsBySource, the supplier
  // references, the exposure (by id).
  datapoints: ['id', 'owner', 'supplier_reference_id', 'quantity', 'source_ids'],
  // The supplier references.
  sources: ['id', 'owner', 'supplier_reference_id'],
};

/** The lists as one text: what the keys of a stored state were written with. */
export const KEY_FIELDS_VERSION = JSON.stringify(KEY_FIELDS);

/** The keys of `row` of `table` as JSON; null when the table's rows are kept whole. */
export function rowKeys(table: string, row: Row): string | null {
  const fields = KEY_FIELDS[table];
  if (fields === undefined) return null;
  const keys: Record<string, unknown> = {};
  for (const field of fields) keys[field] = (row as unknown as Record<string, unknown>)[field];
  return JSON.stringify(keys);
}

/**
 * The row of `table` that the stored `keys` stand for, to be loaded as keys; undefined when it
 * cannot be (no list for the table, or a field of its list missing), and the row is loaded whole.
 */
export function keysRow(table: string, keys: string): Row | undefined {
  const fields = KEY_FIELDS[table];
  if (fields === undefined) return undefined;
  const row = JSON.parse(keys) as Record<string, unknown>;
  for (const field of fields) if (!(field in row)) return undefined;
  return row as unknown as Row;
}
