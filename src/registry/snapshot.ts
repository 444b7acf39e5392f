/**
 * The ledger's snapshot: its whole state as a deterministic JSON string. The same history always
 * gives the same bytes, and a refused request leaves them unchanged, which is how the tests hold
 * every refusal to "nothing changes". Amounts are decimal strings.
 * Not part of the public API.
 * Imports: issuance-request (the order of carbon figures), records, the store and totals of this
 * folder.
 */
import { CARBON_FIELDS } from './issuance-request';
import type {
  BatchRecord,
  DeliveryRecord,
  IssuanceRecord,
  RefundRecord,
  RetirementRecord,
  SupplierRecord,
  TransactionRecord,
  TransferRecord,
} from './records';
import type { LedgerStore } from './store';
import type { Tally } from './totals';
import type { OrganisationView } from './types';

const kg = (value: bigint): string => value.toString();
const tallies = (map: ReadonlyMap<string, Tally>): [string, string, string][] =>
  [...map].map(([id, t]) => [id, kg(t.active), kg(t.retired)]);
const index = (map: ReadonlyMap<string, readonly string[]>): [string, readonly string[]][] => [...map];
/** Every transaction row starts with the fields all transactions share. */
const common = (t: TransactionRecord): unknown[] => [t.id, t.at, kg(t.total), t.batchIds, t.notes];

/** An issuance's cells (restore.ts reads them back). */
export function issuanceRow(i: IssuanceRecord): unknown {
  return {
    id: i.id,
    ghg_statement_id: i.ghgStatementId,
    issued_at: i.issuedAt,
    supplier_id: i.supplierId,
    project_id: i.projectId,
    buffer_pool_organisation_id: i.bufferPoolOrganisationId,
    period: [i.reportingPeriodStart, i.reportingPeriodEnd],
    totals: [kg(i.supplierTotal), kg(i.bufferPoolTotal)],
    origins: i.origins.map((o) => [
      o.pool,
      o.ghgEntryId,
      o.sequesteredOn,
      o.countryOfIssue,
      o.ccpApproved,
      o.registryCode,
      o.pathwayCode,
      o.projectCode,
      o.issuanceSequence,
      CARBON_FIELDS.map((f) => o.carbonRemovalData[f]),
    ]),
    supplier_batch_ids: i.supplierBatchIds,
    buffer_pool_batch_ids: i.bufferPoolBatchIds,
  };
}

/** A credit batch's cells (restore.ts reads them back). */
export function batchCells(b: BatchRecord): unknown[] {
  return [
    b.id,
    b.origin.issuanceId,
    b.origin.index,
    kg(b.firstUnit),
    kg(b.size),
    b.status,
    b.owner,
    b.beneficiary,
    b.parentId,
    b.leftChildId,
    b.rightChildId,
    b.deliveryId,
    b.deliveredAt,
    b.orderId,
    b.retirementId,
    b.retiredAt,
  ];
}

/** The cells of each kind of transaction record, after the ones all share. */
export const deliveryCells = (d: DeliveryRecord): unknown[] => [...common(d), d.orderId, d.supplierId, d.toOrganisationId];
export const transferCells = (t: TransferRecord): unknown[] => [...common(t), t.supplierId, t.fromOrganisationId, t.toOrganisationId];
export const retirementCells = (r: RetirementRecord): unknown[] => [
  ...common(r),
  r.supplierId,
  r.ownerOrganisationId,
  r.beneficiaryOrganisationId,
  r.purposes,
];
export const refundCells = (r: RefundRecord): unknown[] => [...common(r), r.fromOrganisationId, r.toOrganisationId];
/** An organisation's and a supplier's cells. */
export const organisationCells = (o: OrganisationView): unknown[] => [o.id, o.name, o.domain];
export const supplierCells = (s: SupplierRecord): unknown[] => [s.id, s.organisationId, s.shortDescription, s.longDescription, s.location];

function indexRows(store: LedgerStore): unknown {
  return {
    issued_statements: [...store.issuedStatements],
    issuances_by_supplier: index(store.issuancesBySupplier),
    deliveries_by_supplier: index(store.deliveriesBySupplier),
    deliveries_to: index(store.deliveriesTo),
    transfers_from: index(store.transfersFrom),
    transfers_to: index(store.transfersTo),
    retirements_by_owner: index(store.retirementsByOwner),
    active_count: store.activeCount,
    active_holdings: [...store.activeHoldings].map(([key, set]) => [key, [...set].map((b) => b.id).sort()]),
  };
}

/** See CreditLedger.serialize. O(size of the ledger). */
export function serializeLedger(store: LedgerStore): string {
  return JSON.stringify({
    format: 'cdr-engine/credit-ledger/1',
    numbering: { issuances: store.issuanceCount, projects: [...store.projectNumbering].map(([id, c]) => [id, c.sequence, kg(c.nextUnit)]) },
    organisations: [...store.organisations.values()].map(organisationCells),
    suppliers: [...store.suppliers.values()].map(supplierCells),
    issuances: [...store.issuances.values()].map(issuanceRow),
    credit_batches: [...store.batches.values()].map(batchCells),
    deliveries: [...store.deliveries.values()].map(deliveryCells),
    transfers: [...store.transfers.values()].map(transferCells),
    retirements: [...store.retirements.values()].map(retirementCells),
    refunds: [...store.refunds.values()].map(refundCells),
    balances: [...store.totals.byOrganisation].map(([org, t]) => [
      org,
      kg(t.total.active),
      kg(t.total.retired),
      tallies(t.bySupplier),
      tallies(t.byProject),
      tallies(t.byOrder),
    ]),
    indexes: indexRows(store),
  });
}
