/**
 * Rows of one table grouped by a key (the datapoints of an owner, the attributions of a GHG entry,
 * the components using a datapoint, ...), each group a {@link Sequence} in creation order.
 *
 * The index observes its table, so it changes with every insert, update and delete, and with the
 * undoing changes of a rollback. Groups hold ids; rows are read from the table when asked for, so
 * an update that keeps a row's keys costs nothing here. A row may have several keys (a component
 * is in the group of each datapoint it uses); it is in each group once.
 *
 * Over a table left on disk (store.ts, `Table.back`) the index is made at its first read: whole,
 * from every row's keys, or, when its key is a field the store indexes (`column`), one group at a
 * time, each read from the store when first asked for.
 */
import type { GroupColumn } from './backing';
import { Sequence, type ReadonlySequence } from './sequence';
import type { Row, Sequenced, Table, TableObserver } from './store';

/** The keys of a row: one key, none (null), or several distinct ones. */
export type KeysOf<T> = (row: T) => string | null | readonly string[];

const EMPTY: ReadonlySequence = new Sequence();

function sameKeys(a: string | null | readonly string[], b: string | null | readonly string[]): boolean {
  if (a === b) return true;
  if (typeof a === 'string' || typeof b === 'string' || a === null || b === null) return false;
  return a.length === b.length && a.every((key, i) => b[i] === key);
}

/** The distinct values of `values` that are not null, in first-seen order. */
export function distinct(values: Iterable<string | null>): string[] {
  // No set for none or one (most rows: a datapoint names no source, or one).
  if (Array.isArray(values) && values.length < 2) return values[0] == null ? [] : [values[0] as string];
  const out = new Set<string>();
  for (const value of values) if (value !== null) out.add(value);
  return [...out];
}

/** A table's rows grouped by key, each group in creation order. */
export class RowsByKey<T extends Row> implements TableObserver<T> {
  readonly #groups = new Map<string, Sequence>();
  /** The groups read so far, while they are read one at a time from a table on disk (null: all are here). */
  #read: Set<string> | null = null;

  /**
   * @param column - the field whose value is the row's one key (`keysOf` reads it and nothing
   *   else), when it is one the store on disk indexes: the groups are then read one at a time.
   */
  constructor(
    private readonly table: Table<T>,
    private readonly keysOf: KeysOf<T>,
    private readonly column?: GroupColumn,
  ) {
    table.observe(this);
  }

  /** Makes the group `key` (every group when undefined) what the table holds, before it is read. */
  #ready(key?: string): void {
    if (this.table.unfed(this)) {
      if (this.column === undefined || key === undefined) {
        this.table.settle(this);
        return;
      }
      this.table.attach(this);
      this.#read = new Set();
    }
    if (this.#read === null || (key !== undefined && this.#read.has(key))) return;
    if (key === undefined) {
      this.#groups.clear();
      this.#read = null;
      this.table.replay(this);
      return;
    }
    const group = this.table.group(this.column as GroupColumn, key);
    if (group !== undefined && group.size > 0) this.#groups.set(key, group);
    this.#read.add(key);
  }

  /** The ids of a group in creation order (read-only; empty when there is no such group). */
  sequence(key: string): ReadonlySequence {
    this.#ready(key);
    return this.#groups.get(key) ?? EMPTY;
  }

  has(key: string): boolean {
    this.#ready(key);
    return this.#groups.has(key);
  }

  /** The keys that have rows. */
  keys(): IterableIterator<string> {
    this.#ready();
    return this.#groups.keys();
  }

  /** The ids of a group, in creation order (a copy). */
  ids(key: string): string[] {
    this.#ready(key);
    return this.#groups.get(key)?.ids() ?? [];
  }

  /** The rows of a group, in creation order (a copy: changes to the table do not reach it). */
  rows(key: string): T[] {
    return this.sequenced(key).map((entry) => entry.row);
  }

  /** The rows of a group with their sequence numbers, in creation order. */
  sequenced(key: string): Sequenced<T>[] {
    this.#ready(key);
    const group = this.#groups.get(key);
    if (group === undefined) return [];
    const out: Sequenced<T>[] = new Array<Sequenced<T>>(group.size);
    for (let i = 0; i < out.length; i++) out[i] = this.table.entry(group.idAt(i)) as Sequenced<T>;
    return out;
  }

  inserted(row: T, seq: number): void {
    if (this.table.unfed(this)) return;
    this.#add(this.keysOf(row), row.id, seq);
  }

  updated(old: T, row: T, seq: number): void {
    if (this.table.unfed(this)) return;
    const before = this.keysOf(old);
    const after = this.keysOf(row);
    if (sameKeys(before, after)) return;
    this.#remove(before, seq);
    this.#add(after, row.id, seq);
  }

  deleted(row: T, seq: number): void {
    if (this.table.unfed(this)) return;
    this.#remove(this.keysOf(row), seq);
  }

  #add(keys: string | null | readonly string[], id: string, seq: number): void {
    if (keys === null) return;
    if (typeof keys === 'string') {
      // A group not read yet gets this row when it is read (the table lays its changes over the store's).
      if (this.#read === null || this.#read.has(keys)) this.#group(keys).add(id, seq);
      return;
    }
    for (const key of keys) if (this.#read === null || this.#read.has(key)) this.#group(key).add(id, seq);
  }

  #remove(keys: string | null | readonly string[], seq: number): void {
    if (keys === null) return;
    for (const key of typeof keys === 'string' ? [keys] : keys) {
      const group = this.#groups.get(key);
      if (group === undefined) continue;
      group.remove(seq);
      if (group.size === 0) this.#groups.delete(key);
    }
  }

  #group(key: string): Sequence {
    let group = this.#groups.get(key);
    if (group === undefined) {
      group = new Sequence();
      this.#groups.set(key, group);
    }
    return group;
  }
}
