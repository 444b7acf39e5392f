/**
 * The rows of a table left in a store on disk (`serve --state`, docs/service.md "State"): a restart
 * does not load them; the table reads them from the store when asked ({@link Table.back}): a row
 * by its id, the rows of one owner or of one supplier reference in creation order (the store's own
 * indexes), every id in creation order, or every row's keys (row-keys.ts) for an index that needs
 * them all. The store answers what it has committed; the table lays the rows it changed since the
 * restart over that (changes.ts of this folder's Table), so every read sees what memory holds.
 */
/** A field the store on disk keeps an index on, so that a group of rows is read from there. */
export type GroupColumn = 'owner' | 'supplier_reference_id';

/** Sequence numbers and ids of rows, ascending, as two parallel arrays. */
export interface Numbered {
  readonly seqs: number[];
  readonly ids: string[];
}

/** A row's keys (row-keys.ts) with its number, or null keys when they cannot stand for the row. */
export interface KeyedRow {
  readonly seq: number;
  readonly keys: { readonly id: string } | null;
}

/** The rows of one table as a store on disk holds them (committed). */
export interface TableBacking {
  /** How many rows it holds now. */
  readonly size: number;
  /** The sequence number of the row `id`, if held. */
  seqOf(id: string): number | undefined;
  /** The JSON text of the row numbered `seq`. */
  text(seq: number): string;
  /** The rows whose `column` is `key`, ascending. */
  group(column: GroupColumn, key: string): Numbered;
  /** Every row, ascending. */
  order(): Numbered;
  /** Every row's keys, ascending. */
  keys(): Iterable<KeyedRow>;
}
