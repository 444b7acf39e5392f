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
 */
import type { Row, Table, TableObserver } from '../store';

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

/** Holders of the references of one owner: one holder per reference, or (only when a reference is used twice) every holder. */
type OwnerReferences = Map<string, Holder | Holder[]>;

/** The supplier references of every registered table. */
export class SupplierReferences {
  readonly #byOwner = new Map<string, OwnerReferences>();
  #tables = 0;

  /** Keeps the references of `table` from now on; a later registered table wins a shared reference. */
  register<T extends ReferencingRow>(table: Table<T>): void {
    const rank = this.#tables++;
    const observer: TableObserver<T> = {
      inserted: (row, seq) => this.#add(row, { rank, seq, id: row.id }),
      updated: (old, row, seq) => {
        if (old.owner === row.owner && old.supplier_reference_id === row.supplier_reference_id) return;
        this.#remove(old, rank, seq);
        this.#add(row, { rank, seq, id: row.id });
      },
      deleted: (row, seq) => this.#remove(row, rank, seq),
    };
    table.observe(observer);
  }

  /** The id of the resource of `owner` using `reference`, if any. */
  usedBy(owner: string, reference: string): string | undefined {
    const holders = this.#byOwner.get(owner)?.get(reference);
    if (holders === undefined) return undefined;
    if (!Array.isArray(holders)) return holders.id;
    let last = holders[0] as Holder;
    for (const h of holders) if (later(h, last)) last = h;
    return last.id;
  }

  #add(row: ReferencingRow, holder: Holder): void {
    const key = row.supplier_reference_id;
    if (key === null) return;
    let holders = this.#byOwner.get(row.owner);
    if (holders === undefined) {
      holders = new Map();
      this.#byOwner.set(row.owner, holders);
    }
    const current = holders.get(key);
    if (current === undefined) holders.set(key, holder);
    else if (Array.isArray(current)) current.push(holder);
    else holders.set(key, [current, holder]);
  }

  #remove(row: ReferencingRow, rank: number, seq: number): void {
    const key = row.supplier_reference_id;
    const holders = key === null ? undefined : this.#byOwner.get(row.owner);
    const current = key === null ? undefined : holders?.get(key);
    if (holders === undefined || key === null || current === undefined) return;
    if (!Array.isArray(current)) {
      if (current.rank === rank && current.seq === seq) holders.delete(key);
      return;
    }
    const rest = current.filter((h) => h.rank !== rank || h.seq !== seq);
    if (rest.length === 1) holders.set(key, rest[0] as Holder);
    else holders.set(key, rest);
  }
}
