/**
 * The ledger's state: every record, the secondary indexes, the active holdings, the running
 * balances and the serial numbering counters, with the primitive changes that keep them consistent
 * (deposit, withdraw, change of owner, split). Phase 3 of every request goes through these
 * primitives, so no other module has to know which index follows which record.
 * Not part of the public API.
 * Imports: model (ids), records, holding, totals and types of this folder; nothing that reads requests or
 * builds views.
 */
import type { IdKind } from '../model/ids';
import {
  BatchRecord,
  type DeliveryRecord,
  type IssuanceRecord,
  type RefundRecord,
  type RetirementRecord,
  type SupplierRecord,
  type TransferRecord,
} from './records';
import { Holding } from './holding';
import { RunningTotals } from './totals';
import type { OrganisationView } from './types';

/** An id index and the key to look up in it; an undefined key means the filter was not given. */
export type IndexLookup = readonly [ReadonlyMap<string, readonly string[]>, string | undefined];

/** The key of the active holding of one owner for credits of one supplier. */
export function holdingKey(owner: string, supplierId: string): string {
  return `${owner} ${supplierId}`;
}

/** Appends `id` to the list of `key` in an id index. */
export function pushTo(index: Map<string, string[]>, key: string, id: string): void {
  const list = index.get(key);
  if (list === undefined) index.set(key, [id]);
  else list.push(id);
}

/** The records of `ids`, in order. Ids come from the ledger's own records and indexes, so the check only narrows. */
export function recordsOf<R>(store: ReadonlyMap<string, R>, ids: readonly string[]): R[] {
  const out: R[] = [];
  for (const id of ids) {
    const record = store.get(id);
    if (record !== undefined) out.push(record);
  }
  return out;
}

/**
 * The records listed under the first lookup whose key is given, or every record when none is.
 * Creation order either way: indexes are only ever appended to. O(result).
 */
export function selectRecords<R>(store: ReadonlyMap<string, R>, ...lookups: readonly IndexLookup[]): R[] {
  for (const [index, key] of lookups) {
    if (key !== undefined) return recordsOf(store, index.get(key) ?? []);
  }
  return [...store.values()];
}

/** Everything a ledger holds. One instance per CreditLedger; never shared. */
export class LedgerStore {
  readonly organisations = new Map<string, OrganisationView>();
  readonly suppliers = new Map<string, SupplierRecord>();
  readonly batches = new Map<string, BatchRecord>();
  readonly issuances = new Map<string, IssuanceRecord>();
  readonly issuedStatements = new Map<string, string>();
  readonly deliveries = new Map<string, DeliveryRecord>();
  readonly transfers = new Map<string, TransferRecord>();
  readonly retirements = new Map<string, RetirementRecord>();
  readonly refunds = new Map<string, RefundRecord>();

  // Secondary indexes: id lists in creation order, so lists never scan unrelated records.
  readonly issuancesBySupplier = new Map<string, string[]>();
  readonly deliveriesBySupplier = new Map<string, string[]>();
  readonly deliveriesTo = new Map<string, string[]>();
  readonly transfersFrom = new Map<string, string[]>();
  readonly transfersTo = new Map<string, string[]>();
  readonly retirementsByOwner = new Map<string, string[]>();
  /** Active batches per (owner, supplier): the candidates of retirement from oldest credits. */
  readonly activeHoldings = new Map<string, Holding>();
  activeCount = 0;

  readonly totals = new RunningTotals();
  issuanceCount = 0;
  readonly projectNumbering = new Map<string, { sequence: number; nextUnit: bigint }>();

  /** Whether an id of `kind` is already used by a record. */
  idTaken(kind: IdKind, id: string): boolean {
    switch (kind) {
      case 'credit_batch':
        return this.batches.has(id);
      case 'issuance':
        return this.issuances.has(id);
      case 'delivery':
        return this.deliveries.has(id);
      case 'transfer':
        return this.transfers.has(id);
      case 'retirement':
        return this.retirements.has(id);
      case 'refund':
        return this.refunds.has(id);
      default:
        return false;
    }
  }

  /**
   * Splits an active batch: the left child holds the `kg` transacted and the first `kg` units of
   * the range, the right child the rest [decision]. Both stay with the owner, so no balance changes.
   */
  split(parent: BatchRecord, kg: bigint, leftId: string, rightId: string): BatchRecord {
    const inherit = [parent.owner, parent.id, parent.deliveryId, parent.deliveredAt, parent.orderId] as const;
    const left = new BatchRecord(leftId, parent.origin, parent.firstUnit, kg, ...inherit);
    const right = new BatchRecord(rightId, parent.origin, parent.firstUnit + kg, parent.size - kg, ...inherit);
    this.#removeActive(parent);
    parent.status = 'split';
    parent.leftChildId = leftId;
    parent.rightChildId = rightId;
    this.batches.set(leftId, left);
    this.batches.set(rightId, right);
    this.#addActive(left);
    this.#addActive(right);
    return left;
  }

  /** Counts an active batch into its owner's active credits: holdings and running balance. */
  deposit(batch: BatchRecord): void {
    this.#addActive(batch);
    this.totals.adjust(batch.owner, batch.origin.supplierId, batch.origin.projectId, batch.orderId, batch.size, 0n);
  }

  /** Takes an active batch out of its owner's active credits: holdings and running balance. */
  withdraw(batch: BatchRecord): void {
    this.#removeActive(batch);
    this.totals.adjust(batch.owner, batch.origin.supplierId, batch.origin.projectId, batch.orderId, -batch.size, 0n);
  }

  /** Moves an active batch to another owner (and order), keeping holdings and balances right. */
  changeOwner(batch: BatchRecord, to: string, orderId: string | null): void {
    this.withdraw(batch);
    batch.owner = to;
    batch.orderId = orderId;
    this.deposit(batch);
  }

  #addActive(batch: BatchRecord): void {
    const key = holdingKey(batch.owner, batch.origin.supplierId);
    let holding = this.activeHoldings.get(key);
    if (holding === undefined) {
      holding = new Holding();
      this.activeHoldings.set(key, holding);
    }
    holding.add(batch);
    this.activeCount += 1;
  }

  #removeActive(batch: BatchRecord): void {
    if (this.activeHoldings.get(holdingKey(batch.owner, batch.origin.supplierId))?.delete(batch) === true) this.activeCount -= 1;
  }
}
