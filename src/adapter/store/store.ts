/**
 * The in-memory store: one table per resource kind, each keeping its rows in creation order.
 *
 * Every row gets a sequence number from one store-wide counter when it is created; a table keeps
 * its ids ordered by that number ({@link Sequence}), so lists come out in creation order and a
 * cursor (which carries the number) is located by binary search, whatever the position and even
 * if its row was deleted.
 *
 * A request runs inside {@link Store.transaction}: every change records how to undo itself, and a
 * request that fails after changing something is rolled back, so requests are atomic. Rows are
 * replaced, never mutated in place, which keeps the undo log a list of old values.
 *
 * Indexes over a table ({@link TableObserver}) are told of every change as it happens, the undoing
 * changes of a rollback included, so they follow the table through commits and rollbacks alike.
 *
 * A store kept on disk (`serve --state`) is told, at the end of every transaction that changed
 * something, which rows it changed ({@link Store.onCommit}); when that write fails, the
 * transaction is rolled back like a refused one, so memory never holds what the disk does not.
 *
 * A row loaded from disk may come as its keys only (the fields the indexes read: row-keys.ts),
 * with a way to read its whole text again ({@link Table.loadKeys}); it is read and parsed the first
 * time someone reads the row, so a restart parses no row nobody reads. Every reader goes through
 * the table (`get`, `entry`, `rows`, ...) and sees whole rows either way.
 *
 * A table may also be left on disk ({@link Table.back}, backing.ts): its rows are read from the
 * store when asked and kept once read, the rows changed since are laid over what the store holds,
 * and its observers are told of the rows already there only when they ask ({@link Table.settle}).
 */
import type { GroupColumn, Numbered, TableBacking } from './backing';
import { Sequence, type ReadonlySequence } from './sequence';

export { lowerBound, upperBound } from './sequence';

/** A stored row: anything with an id. */
export interface Row {
  readonly id: string;
}

/** A row with its creation sequence number. */
export interface Sequenced<T> {
  readonly seq: number;
  readonly row: T;
}

/**
 * Told of every change of a table's rows, after the table holds it. A rollback tells the reverse
 * changes: an insert undone is a delete, an update undone an update back, a delete undone an
 * insert at the old sequence number.
 */
export interface TableObserver<T> {
  inserted(row: T, seq: number): void;
  updated(old: T, row: T, seq: number): void;
  deleted(row: T, seq: number): void;
}

type Undo = () => void;

/** Reads the stored text of the row numbered `seq` again (a row loaded as its keys). */
export type RowText = (seq: number) => string;

/**
 * A row loaded as its keys: those keys and how to read the whole row, which is done at the first
 * read (then kept). Serialises as `{seq, row}`, like every other entry of a table.
 */
class KeptEntry<T> implements Sequenced<T> {
  #row: T | null = null;
  #keys: T | null;
  #text: RowText | null;

  constructor(
    readonly seq: number,
    keys: T,
    text: RowText,
  ) {
    this.#keys = keys;
    this.#text = text;
  }

  get row(): T {
    if (this.#row === null) {
      this.#row = JSON.parse((this.#text as RowText)(this.seq)) as T;
      this.#keys = null;
      this.#text = null;
    }
    return this.#row;
  }

  /**
   * What an index made later is told of this row: while it is unread, its keys, any other field
   * of which reads the whole row (such an index may read any field).
   */
  get observed(): T {
    const keys = this.#keys;
    if (keys === null) return this.row;
    const whole = (): T & object => this.row as T & object;
    return new Proxy(keys as T & object, {
      get: (target, name) => (Object.hasOwn(target, name) ? Reflect.get(target, name) : Reflect.get(whole(), name)),
      has: (_target, name) => Reflect.has(whole(), name),
      ownKeys: () => Reflect.ownKeys(whole()),
      getOwnPropertyDescriptor: (_target, name) => Reflect.getOwnPropertyDescriptor(whole(), name),
    });
  }

  toJSON(): { seq: number; row: T } {
    return { seq: this.seq, row: this.row };
  }
}

/** A row a transaction changed, by its sequence number: the row as it is now, or null when it was deleted. */
export interface RowChange {
  readonly table: string;
  readonly seq: number;
  readonly row: Row | null;
}

/** One table of rows of a kind. */
export class Table<T extends Row> {
  readonly #rows = new Map<string, Sequenced<T>>();
  #order = new Sequence();
  readonly #observers: TableObserver<T>[] = [];
  /** The store on disk the rows not read yet are in (null: every row is in memory). */
  #backing: TableBacking | null = null;
  /** While backed: every row changed since, by sequence number (null: deleted). */
  readonly #changed = new Map<number, T | null>();
  /** While backed: how many rows there are, and whether `#order` holds them all yet. */
  #size = 0;
  #ordered = true;
  /** Observers not yet told of the rows on disk (they ignore changes until then). */
  #unfed: Set<TableObserver<T>> | null = null;

  constructor(
    readonly kind: string,
    private readonly store: Store,
  ) {}

  get size(): number {
    return this.#backing === null ? this.#rows.size : this.#size;
  }

  get(id: string): T | undefined {
    return this.entry(id)?.row;
  }

  has(id: string): boolean {
    return this.seqOf(id) !== undefined;
  }

  seqOf(id: string): number | undefined {
    const entry = this.#rows.get(id);
    if (entry !== undefined || this.#backing === null) return entry?.seq;
    const seq = this.#backing.seqOf(id);
    return seq === undefined || this.#changed.has(seq) ? undefined : seq;
  }

  /** The row of `id` with its sequence number. */
  entry(id: string): Sequenced<T> | undefined {
    const entry = this.#rows.get(id);
    if (entry !== undefined || this.#backing === null) return entry;
    // Not read yet: the store's row, unless it changed since (then memory has it, or it is gone).
    const seq = this.#backing.seqOf(id);
    if (seq === undefined || this.#changed.has(seq)) return undefined;
    const read = { seq, row: JSON.parse(this.#backing.text(seq)) as T };
    this.#rows.set(id, read);
    return read;
  }

  /** Every id in creation order (read-only). */
  get order(): ReadonlySequence {
    if (!this.#ordered) this.#readOrder();
    return this.#order;
  }

  /**
   * Leaves this table's rows in `backing` (a store on disk, loading a kept state; the table must be
   * empty): they are read from there when asked. The observers registered so far are told of them
   * when they ask ({@link Table.settle}).
   */
  back(backing: TableBacking): void {
    if (this.#rows.size > 0) throw new Error(`store: ${this.kind} holds rows already`);
    this.#backing = backing;
    this.#size = backing.size;
    this.#ordered = false;
    this.#unfed = new Set(this.#observers);
  }

  /** Whether `observer` has yet to be told of the rows on disk ({@link Table.settle}); it ignores changes until then. */
  unfed(observer: TableObserver<T>): boolean {
    return this.#unfed !== null && this.#unfed.has(observer);
  }

  /** Tells `observer` of every row, if it has not been told of them yet: what an index does before its first read. */
  settle(observer: TableObserver<T>): void {
    if (this.unfed(observer)) this.replay(observer);
  }

  /** Tells `observer` of every row now (it holds none of them). */
  replay(observer: TableObserver<T>): void {
    this.#unfed?.delete(observer);
    if (this.#backing === null) {
      for (const entry of this.sequenced()) observer.inserted(entry instanceof KeptEntry ? (entry.observed as T) : entry.row, entry.seq);
      return;
    }
    const backing = this.#backing;
    const text: RowText = (seq) => backing.text(seq);
    const changed = this.#changedRows();
    let next = 0;
    for (const { seq, keys } of backing.keys()) {
      for (; next < changed.length && (changed[next] as Sequenced<T>).seq < seq; next++) {
        const c = changed[next] as Sequenced<T>;
        observer.inserted(c.row, c.seq);
      }
      if (this.#changed.has(seq)) continue;
      const row = keys === null ? (JSON.parse(text(seq)) as T) : new KeptEntry(seq, keys as T, text).observed;
      observer.inserted(row, seq);
    }
    for (; next < changed.length; next++) observer.inserted((changed[next] as Sequenced<T>).row, (changed[next] as Sequenced<T>).seq);
  }

  /**
   * Starts telling `observer` of changes without telling it of the rows on disk: it reads the
   * groups it needs by {@link Table.group}.
   */
  attach(observer: TableObserver<T>): void {
    this.#unfed?.delete(observer);
  }

  /**
   * The rows whose `column` is `key` in creation order, read from the store on disk (with the rows
   * changed since); undefined when this table is not left on disk.
   */
  group(column: GroupColumn, key: string): Sequence | undefined {
    if (this.#backing === null) return undefined;
    return this.#overlaid(this.#backing.group(column, key), (row) => (row as unknown as Record<string, unknown>)[column] === key);
  }

  /** The rows changed since the table was left on disk that are there now, ascending. */
  #changedRows(): Sequenced<T>[] {
    const out: Sequenced<T>[] = [];
    for (const [seq, row] of this.#changed) if (row !== null) out.push({ seq, row });
    return out.sort((a, b) => a.seq - b.seq);
  }

  /** `stored` (the store's rows) without those changed since, with the changed rows that pass `keep`. */
  #overlaid(stored: Numbered, keep: (row: T) => boolean): Sequence {
    if (this.#changed.size === 0) return new Sequence(stored.ids, stored.seqs);
    const out = new Sequence();
    for (let i = 0; i < stored.seqs.length; i++) {
      const seq = stored.seqs[i] as number;
      if (!this.#changed.has(seq)) out.add(stored.ids[i] as string, seq);
    }
    for (const { seq, row } of this.#changedRows()) if (keep(row)) out.add(row.id, seq);
    return out;
  }

  #readOrder(): void {
    this.#order = this.#overlaid((this.#backing as TableBacking).order(), () => true);
    this.#ordered = true;
  }

  /** Keeps `observer` in step with this table from now on; it is told of the rows already here first (when asked, for rows on disk). */
  observe(observer: TableObserver<T>): void {
    this.#observers.push(observer);
    if (this.#backing !== null) {
      this.#unfed?.add(observer);
      return;
    }
    for (let i = 0; i < this.#order.size; i++) {
      const entry = this.#rows.get(this.#order.idAt(i)) as Sequenced<T>;
      observer.inserted(entry instanceof KeptEntry ? (entry.observed as T) : entry.row, entry.seq);
    }
  }

  /** Adds a new row at the end of the creation order. */
  insert(row: T): void {
    if (this.has(row.id)) throw new Error(`store: ${this.kind} ${row.id} exists already`);
    const seq = this.store.nextSeq();
    this.#place(row, seq);
    this.store.record(() => this.#remove(row, seq));
    this.store.touched(this as unknown as Table<Row>, row.id, seq);
  }

  /** Replaces an existing row, keeping its place in the order. */
  update(row: T): void {
    const old = this.entry(row.id);
    if (old === undefined) throw new Error(`store: ${this.kind} ${row.id} does not exist`);
    this.#replace(old.row, row, old.seq);
    this.store.record(() => this.#replace(row, old.row, old.seq));
    this.store.touched(this as unknown as Table<Row>, row.id, old.seq);
  }

  delete(id: string): void {
    const old = this.entry(id);
    if (old === undefined) throw new Error(`store: ${this.kind} ${id} does not exist`);
    this.#remove(old.row, old.seq);
    this.store.record(() => this.#place(old.row, old.seq));
    this.store.touched(this as unknown as Table<Row>, id, old.seq);
  }

  /** Puts back a stored row at its sequence number (loading a kept state; nothing to undo, nothing to write). */
  load(row: T, seq: number): void {
    this.#load(row, seq, { seq, row });
  }

  /**
   * Puts back a stored row as its keys (the fields every observer of this table reads: row-keys.ts),
   * read whole by `text` at its first read. The observers are told of `keys`.
   */
  loadKeys(keys: T, seq: number, text: RowText): void {
    this.#load(keys, seq, new KeptEntry(seq, keys, text));
  }

  #load(row: T, seq: number, entry: Sequenced<T>): void {
    const size = this.#rows.size;
    this.#rows.set(row.id, entry);
    if (this.#rows.size === size) throw new Error(`store: ${this.kind} ${row.id} is stored twice`);
    this.#order.add(row.id, seq);
    for (let i = 0; i < this.#observers.length; i++) (this.#observers[i] as TableObserver<T>).inserted(row, seq);
  }

  /** Rows in creation order. */
  rows(): T[] {
    return this.sequenced().map((entry) => entry.row);
  }

  /** Rows with their sequence numbers, in creation order. */
  sequenced(): Sequenced<T>[] {
    const order = this.order;
    const out: Sequenced<T>[] = new Array<Sequenced<T>>(order.size);
    for (let i = 0; i < out.length; i++) out[i] = this.entry(order.idAt(i)) as Sequenced<T>;
    return out;
  }

  #place(row: T, seq: number): void {
    this.#rows.set(row.id, { seq, row });
    if (this.#backing !== null) {
      this.#changed.set(seq, row);
      this.#size += 1;
    }
    if (this.#ordered) this.#order.add(row.id, seq);
    for (const observer of this.#observers) observer.inserted(row, seq);
  }

  #replace(old: T, row: T, seq: number): void {
    this.#rows.set(row.id, { seq, row });
    if (this.#backing !== null) this.#changed.set(seq, row);
    for (const observer of this.#observers) observer.updated(old, row, seq);
  }

  #remove(row: T, seq: number): void {
    this.#rows.delete(row.id);
    if (this.#backing !== null) {
      this.#changed.set(seq, null);
      this.#size -= 1;
    }
    if (this.#ordered) this.#order.remove(seq);
    for (const observer of this.#observers) observer.deleted(row, seq);
  }
}

/** The tables and the undo log of the running request. */
export class Store {
  #seq = 0;
  #journal: Undo[] | null = null;
  /** The rows the running transaction changed, by sequence number. */
  #touched: Map<number, { readonly table: Table<Row>; readonly id: string }> | null = null;
  #changes = 0;
  readonly #tables: Table<Row>[] = [];
  /**
   * Called at the end of a transaction that changed something, with the rows it changed; when it
   * throws, the transaction is rolled back and the error goes on (the write to disk failed).
   */
  onCommit: ((rows: readonly RowChange[]) => void) | null = null;

  /** Creates and registers a table; registration order is the snapshot order. */
  table<T extends Row>(kind: string): Table<T> {
    const table = new Table<T>(kind, this);
    this.#tables.push(table as unknown as Table<Row>);
    return table;
  }

  /** Every registered table. */
  get tables(): readonly Table<Row>[] {
    return this.#tables;
  }

  /** The last sequence number given. */
  get lastSeq(): number {
    return this.#seq;
  }

  /** Continues the numbering after `seq` (loading a kept state). */
  resumeSeq(seq: number): void {
    this.#seq = Math.max(this.#seq, seq);
  }

  /** Notes that the running transaction changed the row `id` of `table` (numbered `seq`). */
  touched(table: Table<Row>, id: string, seq: number): void {
    this.#touched?.set(seq, { table, id });
  }

  nextSeq(): number {
    const before = this.#seq;
    this.#seq += 1;
    this.record(() => {
      this.#seq = before;
    });
    return this.#seq;
  }

  /** Records how to undo a change (called by tables and by other journaled state); outside a transaction, nothing. */
  record(undo: Undo): void {
    this.#journal?.push(undo);
  }

  /**
   * Runs `work` atomically: if it throws, every change it made is undone before the error goes on.
   * Transactions do not nest; an inner call joins the outer one.
   */
  transaction<R>(work: () => R): R {
    if (this.#journal !== null) return work();
    const journal: Undo[] = [];
    const touched = new Map<number, { readonly table: Table<Row>; readonly id: string }>();
    this.#journal = journal;
    this.#touched = touched;
    try {
      const result = work();
      this.#journal = null;
      this.#touched = null;
      if (journal.length > 0) this.onCommit?.(changesOf(touched));
      if (journal.length > 0) this.#changes += 1;
      return result;
    } catch (error) {
      this.#journal = null;
      this.#touched = null;
      for (let i = journal.length - 1; i >= 0; i--) (journal[i] as Undo)();
      throw error;
    }
  }

  /** How many transactions have committed a change: a request that moved it changed the state. */
  get committedChanges(): number {
    return this.#changes;
  }

  /** Every table's rows in creation order, as one deterministic JSON text (for tests and debugging). */
  snapshot(): string {
    const out: Record<string, unknown> = {};
    for (const table of this.#tables) out[table.kind] = table.sequenced();
    return JSON.stringify(out);
  }
}

/** The changed rows as they are at the end of the transaction. */
function changesOf(touched: ReadonlyMap<number, { readonly table: Table<Row>; readonly id: string }>): RowChange[] {
  const out: RowChange[] = [];
  for (const [seq, { table, id }] of touched) {
    const entry = table.entry(id);
    out.push({ table: table.kind, seq, row: entry !== undefined && entry.seq === seq ? entry.row : null });
  }
  return out;
}
