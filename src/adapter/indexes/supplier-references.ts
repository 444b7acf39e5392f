/**
 * The supplier references in use (docs/rules.md#service-resources: a `supplier_reference_id` is unique among the
 * resources of a supplier): `owner NUL reference` to the resource using it.
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

function keyOf(row: ReferencingRow): string | null {
  return row.supplier_reference_id === null ? null : `${row.owner}\u0000${row.supplier_reference_id}`;
}

/** The supplier references of every registered table. */
export class SupplierReferences {
  // One holder per key, or (only when a reference is used twice) every holder.
  readonly #holders = new Map<string, Holder | Holder[]>();
  #tables = 0;

  /** Keeps the references of `table` from now on; a later registered table wins a shared reference. */
  register<T extends ReferencingRow>(table: Table<T>): void {
    const rank = this.#tables++;
    const observer: TableObserver<T> = {
      inserted: (row, seq) => this.#add(keyOf(row), { rank, seq, id: row.id }),
      updated: (old, row, seq) => {
        const before = keyOf(old);
        const after = keyOf(row);
        if (before === after) return;
        this.#remove(before, rank, seq);
        this.#add(after, { rank, seq, id: row.id });
      },
      deleted: (row, seq) => this.#remove(keyOf(row), rank, seq),
    };
    table.observe(observer);
  }

  /** The id of the resource of `owner` using `reference`, if any. */
  usedBy(owner: string, reference: string): string | undefined {
    const holders = this.#holders.get(`${owner}\u0000${reference}`);
    if (holders === undefined) return undefined;
    if (!Array.isArray(holders)) return holders.id;
    let last = holders[0] as Holder;
    for (const h of holders) if (later(h, last)) last = h;
    return last.id;
  }

  #add(key: string | null, holder: Holder): void {
    if (key === null) return;
    const current = this.#holders.get(key);
    if (current === undefined) this.#holders.set(key, holder);
    else if (Array.isArray(current)) current.push(holder);
    else this.#holders.set(key, [current, holder]);
  }

  #remove(key: string | null, rank: number, seq: number): void {
    if (key === null) return;
    const current = this.#holders.get(key);
    if (current === undefined) return;
    if (!Array.isArray(current)) {
      if (current.rank === rank && current.seq === seq) this.#holders.delete(key);
      return;
    }
    const rest = current.filter((h) => h.rank !== rank || h.seq !== seq);
    if (rest.length === 1) this.#holders.set(key, rest[0] as Holder);
    else this.#holders.set(key, rest);
  }
}
