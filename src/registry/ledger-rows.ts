/**
 * The ledger's state as rows: every record, the issuance counter, each project's numbering, each
 * active holding's key and each balance tally is one row, keyed by {@link ledgerRowKey}, its value
 * a JSON array of cells (the snapshot's cells, snapshot.ts). A kept state (`serve --state`) writes
 * the rows a request changed ({@link LedgerStore.takeChanges}) with the request's other rows, and
 * at start reads them back with {@link loadLedgerRows}: a restart costs what the ledger holds, and
 * no ledger operation is run again (docs/service.md, "State").
 *
 * The secondary indexes, the holdings' batches and the active count are not rows: they follow from
 * the records, read in the order their rows were first written (which is the order the ledger
 * created them in).
 * Pure. Not part of the public API.
 * Imports: holding, restore (the cells read back), snapshot (the cells written), store and totals
 * of this folder.
 */
import { Holding } from './holding';
import type { IssuanceRecord } from './records';
import {
  batch,
  type Cells,
  issuance,
  type IssuanceCells,
  readDelivery,
  readOrganisation,
  readRefund,
  readRetirement,
  readSupplier,
  readTransfer,
} from './restore';
import {
  batchCells,
  deliveryCells,
  issuanceRow,
  organisationCells,
  refundCells,
  retirementCells,
  supplierCells,
  transferCells,
} from './snapshot';
import { holdingKey, LedgerStore, ledgerRowKey, pushTo, type LedgerRowKind } from './store';
import { OrganisationTotals, Tally } from './totals';

const kg = (value: bigint): string => value.toString();

function tallyOf(store: LedgerStore, org: string, sub: string, key: string): Tally | undefined {
  const totals = store.totals.byOrganisation.get(org);
  if (sub === '') return totals?.total;
  const map = sub === 's' ? totals?.bySupplier : sub === 'p' ? totals?.byProject : totals?.byOrder;
  return map?.get(key);
}

/** The cells of the record a key names, or undefined when the ledger has none. */
function cellsOf(store: LedgerStore, kind: LedgerRowKind, parts: readonly string[]): unknown {
  const id = parts[0] as string;
  const cells = (value: object | undefined, write: (v: never) => unknown): unknown =>
    value === undefined ? undefined : write(value as never);
  switch (kind) {
    case 'o':
      return cells(store.organisations.get(id), organisationCells);
    case 's':
      return cells(store.suppliers.get(id), supplierCells);
    case 'i':
      return cells(store.issuances.get(id), issuanceRow);
    case 'b':
      return cells(store.batches.get(id), batchCells);
    case 'd':
      return cells(store.deliveries.get(id), deliveryCells);
    case 't':
      return cells(store.transfers.get(id), transferCells);
    case 'r':
      return cells(store.retirements.get(id), retirementCells);
    case 'f':
      return cells(store.refunds.get(id), refundCells);
    case 'n':
      return [store.issuanceCount];
    case 'p': {
      const n = store.projectNumbering.get(id);
      return n === undefined ? undefined : [id, n.sequence, kg(n.nextUnit)];
    }
    case 'h':
      return store.activeHoldings.has(id) ? [id] : undefined;
    case 'a': {
      const [org, sub, key] = parts as [string, string, string];
      const t = tallyOf(store, org, sub, key);
      return t === undefined ? undefined : [org, sub, key, kg(t.active), kg(t.retired)];
    }
  }
}

/**
 * The row `key` names as the ledger holds it now: a JSON array, its kind first; null when the
 * ledger holds nothing under it.
 */
export function ledgerRow(store: LedgerStore, key: string): string | null {
  const [kind, ...parts] = JSON.parse(key) as [LedgerRowKind, ...string[]];
  const cells = cellsOf(store, kind, parts);
  return cells === undefined ? null : JSON.stringify([kind, cells]);
}

/** The key of every row the ledger holds, each kind in the order the ledger created them. */
export function everyLedgerRowKey(store: LedgerStore): string[] {
  const keys: string[] = [ledgerRowKey('n')];
  const add = (kind: LedgerRowKind, ids: Iterable<string>): void => {
    for (const id of ids) keys.push(ledgerRowKey(kind, id));
  };
  add('o', store.organisations.keys());
  add('s', store.suppliers.keys());
  add('p', store.projectNumbering.keys());
  add('i', store.issuances.keys());
  add('b', store.batches.keys());
  add('d', store.deliveries.keys());
  add('t', store.transfers.keys());
  add('r', store.retirements.keys());
  add('f', store.refunds.keys());
  add('h', store.activeHoldings.keys());
  for (const [org, t] of store.totals.byOrganisation) {
    keys.push(ledgerRowKey('a', org, '', ''));
    for (const [sub, map] of [
      ['s', t.bySupplier],
      ['p', t.byProject],
      ['o', t.byOrder],
    ] as const)
      for (const key of map.keys()) keys.push(ledgerRowKey('a', org, sub, key));
  }
  return keys;
}

function loadTally(store: LedgerStore, cells: Cells): void {
  const [org, sub, key, active, retired] = cells as [string, string, string, string, string];
  let totals = store.totals.byOrganisation.get(org);
  if (totals === undefined) {
    totals = new OrganisationTotals();
    store.totals.byOrganisation.set(org, totals);
  }
  let tally = totals.total;
  if (sub !== '') {
    tally = new Tally();
    (sub === 's' ? totals.bySupplier : sub === 'p' ? totals.byProject : totals.byOrder).set(key, tally);
  }
  tally.active = BigInt(active);
  tally.retired = BigInt(retired);
}

/** Puts one row's record in `store`; batches wait in `batches` for their issuances. */
function loadRow(store: LedgerStore, kind: LedgerRowKind, cells: Cells, batches: Cells[]): void {
  const id = cells[0] as string;
  switch (kind) {
    case 'o':
      return void store.organisations.set(id, readOrganisation(cells));
    case 's':
      return void store.suppliers.set(id, readSupplier(cells));
    case 'i': {
      const record = issuance(cells as unknown as IssuanceCells);
      return void store.issuances.set(record.id, record);
    }
    case 'b':
      return void batches.push(cells);
    case 'd':
      return void store.deliveries.set(id, readDelivery(cells));
    case 't':
      return void store.transfers.set(id, readTransfer(cells));
    case 'r':
      return void store.retirements.set(id, readRetirement(cells));
    case 'f':
      return void store.refunds.set(id, readRefund(cells));
    case 'n':
      store.issuanceCount = cells[0] as number;
      return;
    case 'p':
      return void store.projectNumbering.set(id, { sequence: cells[1] as number, nextUnit: BigInt(cells[2] as string) });
    case 'h':
      return void store.activeHoldings.set(id, new Holding());
    case 'a':
      return loadTally(store, cells);
    default:
      throw new Error(`ledger rows: a row of kind ${String(kind)}, which this engine does not know`);
  }
}

/** The indexes the records imply, in creation order (as the ledger appended to them). */
function deriveIndexes(store: LedgerStore): void {
  for (const i of store.issuances.values() as Iterable<IssuanceRecord>) {
    store.issuedStatements.set(i.ghgStatementId, i.id);
    pushTo(store.issuancesBySupplier, i.supplierId, i.id);
  }
  for (const d of store.deliveries.values()) {
    pushTo(store.deliveriesBySupplier, d.supplierId, d.id);
    pushTo(store.deliveriesTo, d.toOrganisationId, d.id);
  }
  for (const t of store.transfers.values()) {
    pushTo(store.transfersFrom, t.fromOrganisationId, t.id);
    pushTo(store.transfersTo, t.toOrganisationId, t.id);
  }
  for (const r of store.retirements.values()) pushTo(store.retirementsByOwner, r.ownerOrganisationId, r.id);
  for (const b of store.batches.values()) {
    if (b.status !== 'active') continue;
    const key = holdingKey(b.owner, b.origin.supplierId);
    const holding = store.activeHoldings.get(key);
    if (holding === undefined) throw new Error(`ledger rows: active credit batch ${b.id} is in holding ${key}, which has no row`);
    holding.add(b);
    store.activeCount += 1;
  }
}

/**
 * The ledger store the rows describe, given as their JSON texts in the order they were first
 * written (what {@link ledgerRow} wrote).
 * @throws Error when a row is not such a row, or the rows contradict each other.
 */
export function loadLedgerRows(rows: Iterable<string>): LedgerStore {
  const store = new LedgerStore();
  const batches: Cells[] = [];
  for (const text of rows) {
    const [kind, cells] = JSON.parse(text) as [LedgerRowKind, Cells];
    loadRow(store, kind, cells, batches);
  }
  for (const cells of batches) {
    const b = batch(store, cells);
    store.batches.set(b.id, b);
  }
  deriveIndexes(store);
  return store;
}
