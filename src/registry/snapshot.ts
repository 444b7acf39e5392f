/**
 * The ledger's snapshot: its whole state as a deterministic JSON string. The same history always
 * gives the same bytes, and a refused request leaves them unchanged, which is how the tests hold
 * every refusal to "nothing changes". Amounts are decimal strings.
 * Not part of the public API.
 * Imports: issuance-request (the order of carbon figures), records, the store and totals of this
 * folder.
 */
import { CARBON_FIELDS } from './issuance-request';
import type { IssuanceRecord, TransactionRecord } from './records';
import type { LedgerStore } from './store';
import type { Tally } from './totals';

const kg = (value: bigint): string => value.toString();
const tallies = (map: ReadonlyMap<string, Tally>): [string, string, string][] =>
  [...map].map(([id, t]) => [id, kg(t.active), kg(t.retired)]);
const index = (map: ReadonlyMap<string, readonly string[]>): [string, readonly string[]][] => [...map];
/** Every transaction row starts with the fields all transactions share. */
const common = (t: TransactionRecord): unknown[] => [t.id, t.at, kg(t.total), t.batchIds, t.notes];

function issuanceRow(i: IssuanceRecord): unknown {
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

function batchRows(store: LedgerStore): unknown[] {
  return [...store.batches.values()].map((b) => [
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
  ]);
}

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
    organisations: [...store.organisations.values()].map((o) => [o.id, o.name, o.domain]),
    suppliers: [...store.suppliers.values()].map((s) => [s.id, s.organisationId, s.shortDescription, s.longDescription, s.location]),
    issuances: [...store.issuances.values()].map(issuanceRow),
    credit_batches: batchRows(store),
    deliveries: [...store.deliveries.values()].map((d) => [...common(d), d.orderId, d.supplierId, d.toOrganisationId]),
    transfers: [...store.transfers.values()].map((t) => [...common(t), t.supplierId, t.fromOrganisationId, t.toOrganisationId]),
    retirements: [...store.retirements.values()].map((r) => [
      ...common(r),
      r.supplierId,
      r.ownerOrganisationId,
      r.beneficiaryOrganisationId,
      r.purposes,
    ]),
    refunds: [...store.refunds.values()].map((r) => [...common(r), r.fromOrganisationId, r.toOrganisationId]),
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
