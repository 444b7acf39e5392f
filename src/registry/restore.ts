/**
 * The inverse of the ledger's snapshot (snapshot.ts): a {@link LedgerStore} rebuilt from the text
 * `serializeLedger` wrote, records, balances, numbering and indexes as they were, so that a ledger
 * on it behaves as the one serialized did (a kept state loads its ledger this way instead of
 * applying its history again: docs/service.md, "State"). Every part is read as written; a holding
 * orders its batches itself.
 * Pure. Not part of the public API.
 * Imports: holding, issuance-request (the order of carbon figures), records, store and totals of this folder.
 */
import { Holding } from './holding';
import { CARBON_FIELDS } from './issuance-request';
import {
  BatchRecord,
  type DeliveryRecord,
  type IssuanceRecord,
  type Origin,
  type Pool,
  type RefundRecord,
  type RetirementRecord,
  type SupplierRecord,
  type TransactionRecord,
  type TransferRecord,
} from './records';
import { LedgerStore } from './store';
import { OrganisationTotals, Tally } from './totals';
import type {
  CarbonRemovalDataView,
  CreditBatchStatusValue,
  OrganisationView,
  RetirementPurposeValue,
  SupplierLocationView,
} from './types';

/** The format `serializeLedger` writes. */
const FORMAT = 'cdr-engine/credit-ledger/1';

/** A record's cells, as snapshot.ts writes them. */
export type Cells = readonly unknown[];

/** The snapshot as JSON gives it back (see snapshot.ts for what each cell is). */
interface Snapshot {
  readonly format: string;
  readonly numbering: { readonly issuances: number; readonly projects: readonly [string, number, string][] };
  readonly organisations: readonly [string, string, string | null][];
  readonly suppliers: readonly [string, string, string | null, string | null, SupplierLocationView | null][];
  readonly issuances: readonly IssuanceCells[];
  readonly credit_batches: readonly Cells[];
  readonly deliveries: readonly Cells[];
  readonly transfers: readonly Cells[];
  readonly retirements: readonly Cells[];
  readonly refunds: readonly Cells[];
  readonly balances: readonly [string, string, string, TallyCells, TallyCells, TallyCells][];
  readonly indexes: {
    readonly issued_statements: readonly [string, string][];
    readonly issuances_by_supplier: readonly [string, string[]][];
    readonly deliveries_by_supplier: readonly [string, string[]][];
    readonly deliveries_to: readonly [string, string[]][];
    readonly transfers_from: readonly [string, string[]][];
    readonly transfers_to: readonly [string, string[]][];
    readonly retirements_by_owner: readonly [string, string[]][];
    readonly active_count: number;
    readonly active_holdings: readonly [string, string[]][];
  };
}
type TallyCells = readonly [string, string, string][];

/** An issuance's cells, as snapshot.ts writes them. */
export interface IssuanceCells {
  readonly id: string;
  readonly ghg_statement_id: string;
  readonly issued_at: string;
  readonly supplier_id: string;
  readonly project_id: string;
  readonly buffer_pool_organisation_id: string;
  readonly period: readonly [string, string];
  readonly totals: readonly [string, string];
  readonly origins: readonly Cells[];
  readonly supplier_batch_ids: readonly string[];
  readonly buffer_pool_batch_ids: readonly string[];
}

const s = (v: unknown): string => v as string;
const sOrNull = (v: unknown): string | null => v as string | null;

function origin(i: IssuanceCells, index: number, cells: Cells): Origin {
  const [pool, ghgEntryId, sequesteredOn, countryOfIssue, ccpApproved, registryCode, pathwayCode, projectCode, sequence, figures] = cells;
  const carbon: Record<string, number> = {};
  CARBON_FIELDS.forEach((field, k) => {
    carbon[field] = (figures as readonly number[])[k] as number;
  });
  return Object.freeze({
    issuanceId: i.id,
    index,
    pool: pool as Pool,
    projectId: i.project_id,
    supplierId: i.supplier_id,
    ghgEntryId: s(ghgEntryId),
    sequesteredOn: s(sequesteredOn),
    vintage: Number(s(sequesteredOn).slice(0, 4)),
    countryOfIssue: s(countryOfIssue),
    ccpApproved: ccpApproved as boolean,
    issuedAt: i.issued_at,
    issuedAtMs: Date.parse(i.issued_at),
    carbonRemovalData: Object.freeze(carbon as unknown as CarbonRemovalDataView),
    registryCode: s(registryCode),
    pathwayCode: s(pathwayCode),
    projectCode: s(projectCode),
    issuanceSequence: sequence as number,
  });
}

/** An issuance read back from its cells. */
export function issuance(i: IssuanceCells): IssuanceRecord {
  return {
    id: i.id,
    ghgStatementId: i.ghg_statement_id,
    issuedAt: i.issued_at,
    supplierId: i.supplier_id,
    projectId: i.project_id,
    bufferPoolOrganisationId: i.buffer_pool_organisation_id,
    reportingPeriodStart: i.period[0],
    reportingPeriodEnd: i.period[1],
    supplierTotal: BigInt(i.totals[0]),
    bufferPoolTotal: BigInt(i.totals[1]),
    origins: i.origins.map((cells, index) => origin(i, index, cells)),
    supplierBatchIds: i.supplier_batch_ids,
    bufferPoolBatchIds: i.buffer_pool_batch_ids,
  };
}

/** A credit batch read back from its cells; its issuance must be in `store` already. */
export function batch(store: LedgerStore, cells: Cells): BatchRecord {
  const [id, issuanceId, index, firstUnit, size, status, owner, beneficiary, parentId, left, right, deliveryId, deliveredAt, orderId] =
    cells;
  const from = store.issuances.get(s(issuanceId))?.origins[index as number];
  if (from === undefined) throw new Error(`ledger snapshot: credit batch ${String(id)} names an origin that is not there`);
  const b = new BatchRecord({
    id: s(id),
    origin: from,
    firstUnit: BigInt(s(firstUnit)),
    size: BigInt(s(size)),
    owner: s(owner),
    parentId: sOrNull(parentId),
    deliveryId: sOrNull(deliveryId),
    deliveredAt: sOrNull(deliveredAt),
    orderId: sOrNull(orderId),
  });
  b.status = status as CreditBatchStatusValue;
  b.beneficiary = sOrNull(beneficiary);
  b.leftChildId = sOrNull(left);
  b.rightChildId = sOrNull(right);
  b.retirementId = sOrNull(cells[14]);
  b.retiredAt = sOrNull(cells[15]);
  return b;
}

/** The fields every transaction row starts with. */
function common(cells: Cells): TransactionRecord {
  const [id, at, total, batchIds, notes] = cells;
  return { id: s(id), at: s(at), total: BigInt(s(total)), batchIds: batchIds as string[], notes: sOrNull(notes) };
}

function tallies(into: Map<string, Tally>, cells: TallyCells): void {
  for (const [key, active, retired] of cells) {
    const t = new Tally();
    t.active = BigInt(active);
    t.retired = BigInt(retired);
    into.set(key, t);
  }
}

function fill(into: Map<string, string[]>, rows: readonly [string, string[]][]): void {
  for (const [key, ids] of rows) into.set(key, [...ids]);
}

/** Transaction records read back from their cells (snapshot.ts writes them). */
export const readDelivery = (c: Cells): DeliveryRecord => ({
  ...common(c),
  orderId: s(c[5]),
  supplierId: s(c[6]),
  toOrganisationId: s(c[7]),
});
export const readTransfer = (c: Cells): TransferRecord => ({
  ...common(c),
  supplierId: s(c[5]),
  fromOrganisationId: s(c[6]),
  toOrganisationId: s(c[7]),
});
export const readRetirement = (c: Cells): RetirementRecord => ({
  ...common(c),
  supplierId: s(c[5]),
  ownerOrganisationId: s(c[6]),
  beneficiaryOrganisationId: s(c[7]),
  purposes: c[8] as RetirementPurposeValue[],
});
export const readRefund = (c: Cells): RefundRecord => ({ ...common(c), fromOrganisationId: s(c[5]), toOrganisationId: s(c[6]) });
/** An organisation and a supplier read back from their cells. */
export const readOrganisation = (c: Cells): OrganisationView =>
  Object.freeze({ id: s(c[0]), name: s(c[1]), domain: sOrNull(c[2]) }) as OrganisationView;
export const readSupplier = (c: Cells): SupplierRecord => ({
  id: s(c[0]),
  organisationId: s(c[1]),
  shortDescription: c[2] as string | null,
  longDescription: c[3] as string | null,
  location: c[4] as SupplierLocationView | null,
});

function records(store: LedgerStore, snap: Snapshot): void {
  for (const c of snap.organisations) store.organisations.set(s(c[0]), readOrganisation(c));
  for (const c of snap.suppliers) store.suppliers.set(s(c[0]), readSupplier(c));
  for (const i of snap.issuances) store.issuances.set(i.id, issuance(i));
  for (const cells of snap.credit_batches) {
    const b = batch(store, cells);
    store.batches.set(b.id, b);
  }
  for (const c of snap.deliveries) store.deliveries.set(s(c[0]), readDelivery(c));
  for (const c of snap.transfers) store.transfers.set(s(c[0]), readTransfer(c));
  for (const c of snap.retirements) store.retirements.set(s(c[0]), readRetirement(c));
  for (const c of snap.refunds) store.refunds.set(s(c[0]), readRefund(c));
}

function balances(store: LedgerStore, snap: Snapshot): void {
  for (const [org, active, retired, bySupplier, byProject, byOrder] of snap.balances) {
    const totals = new OrganisationTotals();
    totals.total.active = BigInt(active);
    totals.total.retired = BigInt(retired);
    tallies(totals.bySupplier, bySupplier);
    tallies(totals.byProject, byProject);
    tallies(totals.byOrder, byOrder);
    store.totals.byOrganisation.set(org, totals);
  }
}

function indexes(store: LedgerStore, snap: Snapshot): void {
  const ix = snap.indexes;
  for (const [statement, issuanceId] of ix.issued_statements) store.issuedStatements.set(statement, issuanceId);
  fill(store.issuancesBySupplier, ix.issuances_by_supplier);
  fill(store.deliveriesBySupplier, ix.deliveries_by_supplier);
  fill(store.deliveriesTo, ix.deliveries_to);
  fill(store.transfersFrom, ix.transfers_from);
  fill(store.transfersTo, ix.transfers_to);
  fill(store.retirementsByOwner, ix.retirements_by_owner);
  // The holdings in their order (emptied ones stay), each batch put back by id; Holding orders them.
  for (const [key, ids] of ix.active_holdings) {
    const holding = new Holding();
    for (const id of ids) {
      const b = store.batches.get(id);
      if (b?.status !== 'active') throw new Error(`ledger snapshot: holding ${key} names ${id}, not an active batch`);
      holding.add(b);
    }
    store.activeHoldings.set(key, holding);
    store.activeCount += holding.size;
  }
  if (store.activeCount !== ix.active_count)
    throw new Error(`ledger snapshot: ${store.activeCount} batches held, but the snapshot counts ${ix.active_count}`);
  balances(store, snap);
}

/**
 * The ledger store `text` (a `serializeLedger` snapshot) describes.
 * @throws Error when the text is not such a snapshot, or contradicts itself.
 */
export function restoreLedgerStore(text: string): LedgerStore {
  const snap = JSON.parse(text) as Snapshot;
  if (snap?.format !== FORMAT) throw new Error(`ledger snapshot: format ${String(snap?.format)}, not ${FORMAT}`);
  const store = new LedgerStore();
  store.issuanceCount = snap.numbering.issuances;
  for (const [project, sequence, nextUnit] of snap.numbering.projects)
    store.projectNumbering.set(project, { sequence, nextUnit: BigInt(nextUnit) });
  records(store, snap);
  indexes(store, snap);
  return store;
}
