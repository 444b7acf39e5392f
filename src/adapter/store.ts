/**
 * The in-memory store: one table per resource kind, each keeping its rows in creation order.
 *
 * Every row gets a sequence number from one store-wide counter when it is created; a table keeps
 * its ids ordered by that number, so lists come out in creation order and a cursor (which carries
 * the number) is located by binary search, whatever the position and even if its row was deleted.
 *
 * A request runs inside {@link Store.transaction}: every change records how to undo itself, and a
 * request that fails after changing something is rolled back, so requests are atomic. Rows are
 * replaced, never mutated in place, which keeps the undo log a list of old values.
 */

/** A stored row: anything with an id. */
export interface Row {
  readonly id: string;
}

/** A row with its creation sequence number. */
export interface Sequenced<T> {
  readonly seq: number;
  readonly row: T;
}

type Undo = () => void;

/** First index in `sorted` whose value is greater than `value` (`sorted` ascending). */
export function upperBound(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index in `sorted` whose value is at least `value`. */
export function lowerBound(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** One table of rows of a kind. */
export class Table<T extends Row> {
  readonly #rows = new Map<string, Sequenced<T>>();
  // Parallel arrays in ascending sequence order: ids and their sequence numbers.
  readonly #ids: string[] = [];
  readonly #seqs: number[] = [];

  constructor(
    readonly kind: string,
    private readonly store: Store,
  ) {}

  get size(): number {
    return this.#rows.size;
  }

  get(id: string): T | undefined {
    return this.#rows.get(id)?.row;
  }

  has(id: string): boolean {
    return this.#rows.has(id);
  }

  seqOf(id: string): number | undefined {
    return this.#rows.get(id)?.seq;
  }

  /** Adds a new row at the end of the creation order. */
  insert(row: T): void {
    if (this.#rows.has(row.id)) throw new Error(`store: ${this.kind} ${row.id} exists already`);
    const seq = this.store.nextSeq();
    this.#place(row, seq);
    this.store.record(() => this.#remove(row.id));
  }

  /** Replaces an existing row, keeping its place in the order. */
  update(row: T): void {
    const old = this.#rows.get(row.id);
    if (old === undefined) throw new Error(`store: ${this.kind} ${row.id} does not exist`);
    this.#rows.set(row.id, { seq: old.seq, row });
    this.store.record(() => this.#rows.set(row.id, old));
  }

  delete(id: string): void {
    const old = this.#rows.get(id);
    if (old === undefined) throw new Error(`store: ${this.kind} ${id} does not exist`);
    this.#remove(id);
    this.store.record(() => this.#place(old.row, old.seq));
  }

  /** Rows in creation order. */
  rows(): T[] {
    return this.#ids.map((id) => (this.#rows.get(id) as Sequenced<T>).row);
  }

  /** Rows with their sequence numbers, in creation order. */
  sequenced(): Sequenced<T>[] {
    return this.#ids.map((id) => this.#rows.get(id) as Sequenced<T>);
  }

  #place(row: T, seq: number): void {
    this.#rows.set(row.id, { seq, row });
    const at = upperBound(this.#seqs, seq);
    this.#ids.splice(at, 0, row.id);
    this.#seqs.splice(at, 0, seq);
  }

  #remove(id: string): void {
    const entry = this.#rows.get(id);
    if (entry === undefined) return;
    this.#rows.delete(id);
    const at = lowerBound(this.#seqs, entry.seq);
    this.#ids.splice(at, 1);
    this.#seqs.splice(at, 1);
  }
}

/** The tables and the undo log of the running request. */
export class Store {
  #seq = 0;
  #version = 0;
  #journal: Undo[] | null = null;
  readonly #tables: Table<Row>[] = [];

  /** Creates and registers a table; registration order is the snapshot order. */
  table<T extends Row>(kind: string): Table<T> {
    const table = new Table<T>(kind, this);
    this.#tables.push(table as unknown as Table<Row>);
    return table;
  }

  /** Changes with every write and every rollback: derived indexes rebuild when it moves. */
  get version(): number {
    return this.#version;
  }

  nextSeq(): number {
    const before = this.#seq;
    this.#seq += 1;
    this.record(() => {
      this.#seq = before;
    });
    return this.#seq;
  }

  /** Records how to undo a change (called by tables and by other journaled state). */
  record(undo: Undo): void {
    this.#version += 1;
    this.#journal?.push(undo);
  }

  /**
   * Runs `work` atomically: if it throws, every change it made is undone before the error goes on.
   * Transactions do not nest; an inner call joins the outer one.
   */
  transaction<R>(work: () => R): R {
    if (this.#journal !== null) return work();
    const journal: Undo[] = [];
    this.#journal = journal;
    try {
      const result = work();
      this.#journal = null;
      return result;
    } catch (error) {
      this.#journal = null;
      for (let i = journal.length - 1; i >= 0; i--) (journal[i] as Undo)();
      this.#version += 1;
      throw error;
    }
  }

  /** Every table's rows in creation order, as one deterministic JSON text (for tests and debugging). */
  snapshot(): string {
    const out: Record<string, unknown> = {};
    for (const table of this.#tables) out[table.kind] = table.sequenced();
    return JSON.stringify(out);
  }
}
