/**
 * The supplier references in use (docs/rules.md#service-resources: a `supplier_reference_id` is unique among the
 * resources of a supplier): owner, then reference, to the resource using it. Two levels of maps rather
 * than one keyed by a joined text: no key text is built per row, which is most of the cost of
 * loading a million kept rows into this index (bench/RESULTS.md, issue 34).
 *
 * Kept in step with every table whose rows carry a supplier reference. Should two resources carry
 * the same reference (a world may load one on a template and on a datapoint), the one named is the
 * one of the later table in {@link SupplierReferences} registration order, then the later created:
 * what a scan of the tables in that order, the last one winning, would name.
 *
 * A table left on disk (store.ts, `Table.back`) is not read into the index: its holders of a
 * reference are read from the store's index of references when asked (a few rows, not the table).
 */
import type { Row, Table, TableObserver } from './store';

/** A row that may carry a supplier reference. */
export interface ReferencingRow extends Row {
  readonly owner: string;
  readonly supplier_reference_id: string | null;
}

/** A resource using a reference: its table's registration rank, its sequence number and id. */
interface Holder {
  readonly rank: number;
  readonly seq: number;
  readonly id: string;
}

function later(a: Holder, b: Holder): boolean {
  return a.rank !== b.rank ? a.rank > b.rank : a.seq > b.seq;
}

/**
 * Holders of the references of one owner: the id of the one holder of a reference (ids are unique
 * across tables, each kind having its own prefix, so the id alone names it), or, only when a
 * reference is used twice, every holder with its rank and sequence number. One string per
 * reference rather than an object: no object is made per row when a million kept rows are loaded.
 */
type OwnerReferences = Map<string, string | Holder[]>;
/** The supplier references of every registered table. */
export class SupplierReferences {
  readonly #byOwner = new Map<string, OwnerReferences>();
  readonly #registered: Table<ReferencingRow>[] = [];
  readonly #observers: TableObserver<ReferencingRow>[] = [];

  /** Keeps the references of `table` from now on; a later registered table wins a shared reference. */
  register<T extends ReferencingRow>(table: Table<T>): void {
    const rank = this.#registered.length;
    this.#registered.push(table as unknown as Table<ReferencingRow>);
    const unfed = (): boolean => table.unfed(observer);
    const observer: TableObserver<T> = {
      inserted: (row, seq) => {
        if (!unfed()) this.#add(row, rank, seq);
      },
      updated: (old, row, seq) => {
        if (unfed()) return;
        if (old.owner === row.owner && old.supplier_reference_id === row.supplier_reference_id) return;
        this.#remove(old, rank, seq);
        this.#add(row, rank, seq);
      },
      deleted: (row, seq) => {
        if (!unfed()) this.#remove(row, rank, seq);
      },
    };
    this.#observers.push(observer as unknown as TableObserver<ReferencingRow>);
    table.observe(observer);
  }

  /** The id of the resource of `owner` using `reference`, if any. */
  usedBy(owner: string, reference: string): string | undefined {
    const held = this.#heldInMemory(owner, reference);
    let last: Holder | undefined;
    for (const [rank, table] of this.#registered.entries()) {
      if (!table.unfed(this.#observers[rank] as TableObserver<ReferencingRow>)) continue;
      // A table left on disk: its rows with this reference, from the store's index, of this owner.
      const group = table.group('supplier_reference_id', reference);
      for (let i = 0; group !== undefined && i < group.size; i++) {
        const holder = { rank, seq: group.seqAt(i), id: group.idAt(i) };
        if (table.get(holder.id)?.owner === owner && (last === undefined || later(holder, last))) last = holder;
      }
    }
    if (last === undefined) return held;
    if (held === undefined) return last.id;
    const other = this.#holder(held);
    return later(other, last) ? other.id : last.id;
  }

  /** The holder of `reference` of `owner` among the rows this index was told of. */
  #heldInMemory(owner: string, reference: string): string | undefined {
    const holders = this.#byOwner.get(owner)?.get(reference);
    if (holders === undefined) return undefined;
    if (typeof holders === 'string') return holders;
    let last = holders[0] as Holder;
    for (const h of holders) if (later(h, last)) last = h;
    return last.id;
  }

  #add(row: ReferencingRow, rank: number, seq: number): void {
    const key = row.supplier_reference_id;
    if (key === null) return;
    let holders = this.#byOwner.get(row.owner);
    if (holders === undefined) {
      holders = new Map();
      this.#byOwner.set(row.owner, holders);
    }
    const current = holders.get(key);
    if (current === undefined) holders.set(key, row.id);
    else if (typeof current !== 'string') current.push({ rank, seq, id: row.id });
    else holders.set(key, [this.#holder(current), { rank, seq, id: row.id }]);
  }

  /** The rank and sequence number of the one holder `id` (found again when a second holder comes). */
  #holder(id: string): Holder {
    for (const [rank, table] of this.#registered.entries()) {
      const seq = table.seqOf(id);
      if (seq !== undefined) return { rank, seq, id };
    }
    throw new Error(`supplier references: ${id} is in no registered table`);
  }

  #remove(row: ReferencingRow, rank: number, seq: number): void {
    const key = row.supplier_reference_id;
    const holders = key === null ? undefined : this.#byOwner.get(row.owner);
    const current = key === null ? undefined : holders?.get(key);
    if (holders === undefined || key === null || current === undefined) return;
    if (typeof current === 'string') {
      if (current === row.id) holders.delete(key);
      return;
    }
    const rest = current.filter((h) => h.rank !== rank || h.seq !== seq);
    if (rest.length === 1) holders.set(key, (rest[0] as Holder).id);
    else holders.set(key, rest);
  }
}
