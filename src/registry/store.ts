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
  type TransactionRecord,
  type TransferRecord,
} from './records';
import { Holding } from './holding';
import { RunningTotals, type TalliedBatch } from './totals';
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

/**
 * The kinds of a ledger's rows (ledger-rows.ts): what {@link LedgerStore.takeChanges} names a
 * changed part by. Organisation, supplier, issuance, credit batch, delivery, transfer, retirement,
 * refund, the issuance counter, a project's numbering, an active holding's key, a balance tally.
 */
export type LedgerRowKind = 'o' | 's' | 'i' | 'b' | 'd' | 't' | 'r' | 'f' | 'n' | 'p' | 'h' | 'a';

/** The key of one row of a ledger: its kind and the parts that name it. */
export function ledgerRowKey(kind: LedgerRowKind, ...parts: readonly string[]): string {
  return JSON.stringify([kind, ...parts]);
}

/** A map that notes every key set in it (the ledger's records, for {@link LedgerStore.takeChanges}). */
class NotedMap<V> extends Map<string, V> {
  constructor(private readonly note: (key: string, value: V) => void) {
    super();
  }

  override set(key: string, value: V): this {
    this.note(key, value);
    return super.set(key, value);
  }
}

/** Running totals that note the tallies each adjustment changes (org first, as they are created). */
class NotedTotals extends RunningTotals {
  constructor(private readonly note: (...parts: string[]) => void) {
    super();
  }

  override adjust(organisationId: string, batch: TalliedBatch, active: bigint, retired: bigint): void {
    const { supplierId, projectId } = batch.origin;
    const { orderId } = batch;
    this.note(organisationId, '', '');
    this.note(organisationId, 's', supplierId);
    this.note(organisationId, 'p', projectId);
    if (orderId !== null) this.note(organisationId, 'o', orderId);
    super.adjust(organisationId, batch, active, retired);
  }
}

/** Everything a ledger holds. One instance per CreditLedger; never shared. */
export class LedgerStore {
  /** The rows changed since the last {@link LedgerStore.takeChanges}, in the order they were first changed (null: not noted). */
  #changed: Set<string> | null = null;
  readonly organisations: Map<string, OrganisationView> = new NotedMap((id) => this.#note('o', id));
  readonly suppliers: Map<string, SupplierRecord> = new NotedMap((id) => this.#note('s', id));
  readonly batches: Map<string, BatchRecord> = new NotedMap((id) => this.#note('b', id));
  readonly issuances: Map<string, IssuanceRecord> = new NotedMap((id) => this.#note('i', id));
  readonly issuedStatements = new Map<string, string>();
  readonly deliveries: Map<string, DeliveryRecord> = new NotedMap((id, r) => this.#noteTransaction('d', id, r));
  readonly transfers: Map<string, TransferRecord> = new NotedMap((id, r) => this.#noteTransaction('t', id, r));
  readonly retirements: Map<string, RetirementRecord> = new NotedMap((id, r) => this.#noteTransaction('r', id, r));
  readonly refunds: Map<string, RefundRecord> = new NotedMap((id, r) => this.#noteTransaction('f', id, r));

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

  readonly totals: RunningTotals = new NotedTotals((...parts) => this.#note('a', ...parts));
  #issuanceCount = 0;
  readonly projectNumbering: Map<string, { sequence: number; nextUnit: bigint }> = new NotedMap((id) => this.#note('p', id));

  get issuanceCount(): number {
    return this.#issuanceCount;
  }

  set issuanceCount(count: number) {
    this.#issuanceCount = count;
    this.#note('n');
  }

  /** Notes, from now on, which rows each change touches (a ledger kept on disk: ledger-rows.ts). Pure. */
  noteChanges(): void {
    this.#changed ??= new Set();
  }

  /** The keys of the rows changed since the last call, in the order they were first changed; forgets them. */
  takeChanges(): string[] {
    if (this.#changed === null) return [];
    const keys = [...this.#changed];
    this.#changed.clear();
    return keys;
  }

  #note(kind: LedgerRowKind, ...parts: string[]): void {
    this.#changed?.add(ledgerRowKey(kind, ...parts));
  }

  /** A transaction record and the batches it took (their fields changed with it). */
  #noteTransaction(kind: LedgerRowKind, id: string, record: TransactionRecord): void {
    if (this.#changed === null) return;
    this.#note(kind, id);
    for (const batchId of record.batchIds) this.#note('b', batchId);
  }

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
    const inherit = {
      origin: parent.origin,
      owner: parent.owner,
      parentId: parent.id,
      deliveryId: parent.deliveryId,
      deliveredAt: parent.deliveredAt,
      orderId: parent.orderId,
    };
    const left = new BatchRecord({ ...inherit, id: leftId, firstUnit: parent.firstUnit, size: kg });
    const right = new BatchRecord({ ...inherit, id: rightId, firstUnit: parent.firstUnit + kg, size: parent.size - kg });
    this.#removeActive(parent);
    this.#note('b', parent.id);
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
    this.#note('b', batch.id);
    this.#addActive(batch);
    this.totals.adjust(batch.owner, batch, batch.size, 0n);
  }

  /** Takes an active batch out of its owner's active credits: holdings and running balance. */
  withdraw(batch: BatchRecord): void {
    this.#note('b', batch.id);
    this.#removeActive(batch);
    this.totals.adjust(batch.owner, batch, -batch.size, 0n);
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
      this.#note('h', key);
      this.activeHoldings.set(key, holding);
    }
    holding.add(batch);
    this.activeCount += 1;
  }

  #removeActive(batch: BatchRecord): void {
    if (this.activeHoldings.get(holdingKey(batch.owner, batch.origin.supplierId))?.delete(batch) === true) this.activeCount -= 1;
  }
}
