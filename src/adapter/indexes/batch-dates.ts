/**
 * The credit batches of each owner sorted by `issued_at` (then creation order), kept in step with
 * the ledger's list records: a list filtered by `issued_after` / `issued_before` reads the range
 * of dates by binary search instead of every batch the organisation holds.
 *
 * A batch's `issued_at` never changes (it is its issuance's date), so it is read once, when the
 * batch's record is first listed, and remembered for the removals; only its owner moves it
 * (a transfer, a delivery), which the record's keys tell.
 */
import { ledgerKey } from './ledger-keys';
import type { LedgerEntryRow } from '../rows';
import type { Sequenced, Table, TableObserver } from '../store/store';

interface Dated {
  readonly at: string;
  readonly seq: number;
  readonly id: string;
}

const OWNER_PREFIX = ledgerKey('credit_batch', 'owner', '');

function ownerOf(row: LedgerEntryRow): string | null {
  if (row.kind !== 'credit_batch') return null;
  const key = row.keys.find((k) => k.startsWith(OWNER_PREFIX));
  return key === undefined ? null : key.slice(OWNER_PREFIX.length);
}

function before(a: Dated, at: string, seq: number): boolean {
  return a.at < at || (a.at === at && a.seq < seq);
}

/** First index of `list` whose date is above `at` (`strict`) or at least `at`. */
function firstAfter(list: readonly Dated[], at: string, strict: boolean): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const d = (list[mid] as Dated).at;
    if (d < at || (strict && d === at)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Credit batches by owner, in order of issue date. */
export class BatchDates implements TableObserver<LedgerEntryRow> {
  readonly #byOwner = new Map<string, Dated[]>();
  readonly #dates = new Map<string, string>();

  constructor(
    private readonly table: Table<LedgerEntryRow>,
    private readonly issuedAt: (batchId: string) => string | undefined,
  ) {
    table.observe(this);
  }

  /**
   * The batches `owner` holds issued strictly after `after` and strictly before `before` (either
   * may be absent), in creation order. Costs the batches in the range, not those outside it.
   */
  range(owner: string, after: string | null, before: string | null): Sequenced<LedgerEntryRow>[] {
    const list = this.#byOwner.get(owner) ?? [];
    const from = after === null ? 0 : firstAfter(list, after, true);
    const to = before === null ? list.length : firstAfter(list, before, false);
    const out: Sequenced<LedgerEntryRow>[] = [];
    for (let i = from; i < to; i++) {
      const entry = this.table.entry((list[i] as Dated).id);
      if (entry !== undefined) out.push(entry);
    }
    return out.sort((a, b) => a.seq - b.seq);
  }

  inserted(row: LedgerEntryRow, seq: number): void {
    this.#add(ownerOf(row), row.id, seq);
  }

  updated(old: LedgerEntryRow, row: LedgerEntryRow, seq: number): void {
    const from = ownerOf(old);
    const to = ownerOf(row);
    if (from === to) return;
    this.#remove(from, row.id, seq);
    this.#add(to, row.id, seq);
  }

  deleted(row: LedgerEntryRow, seq: number): void {
    this.#remove(ownerOf(row), row.id, seq);
    this.#dates.delete(row.id);
  }

  #add(owner: string | null, id: string, seq: number): void {
    if (owner === null) return;
    let at = this.#dates.get(id);
    if (at === undefined) {
      at = this.issuedAt(id);
      if (at === undefined) return;
      this.#dates.set(id, at);
    }
    let list = this.#byOwner.get(owner);
    if (list === undefined) this.#byOwner.set(owner, (list = []));
    // New batches mostly carry the latest date: a push; a split's children land at their date.
    const last = list[list.length - 1];
    if (last === undefined || before(last, at, seq)) list.push({ at, seq, id });
    else list.splice(this.#place(list, at, seq), 0, { at, seq, id });
  }

  #remove(owner: string | null, id: string, seq: number): void {
    const at = this.#dates.get(id);
    const list = owner === null ? undefined : this.#byOwner.get(owner);
    if (at === undefined || list === undefined || owner === null) return;
    const i = this.#place(list, at, seq);
    if (list[i]?.id === id) list.splice(i, 1);
    if (list.length === 0) this.#byOwner.delete(owner);
  }

  /** The index of the first entry not before (`at`, `seq`). */
  #place(list: readonly Dated[], at: string, seq: number): number {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(list[mid] as Dated, at, seq)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
