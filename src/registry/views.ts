/**
 * The ledger's views: how stored records read through the public API (the OpenAPI shapes of
 * organisations, suppliers, credit batches, issuances and the four transactions). Views are built
 * on every read, from records as they are now, so a batch's view always shows its current status.
 * Not part of the public API.
 * Imports: the store, policies (serial numbers, resource urls), quantity, records and types of
 * this folder.
 */
import type { LedgerPolicies } from './policies';
import { creditQuantity } from './quantity';
import type {
  BatchRecord,
  DeliveryRecord,
  IssuanceRecord,
  RefundRecord,
  RetirementRecord,
  TransactionRecord,
  TransferRecord,
} from './records';
import { recordsOf, type LedgerStore } from './store';
import type {
  BufferPoolRefundView,
  CreditBatchView,
  DeliveryView,
  IssuanceView,
  OrganisationView,
  RetirementView,
  SupplierView,
  TransferView,
} from './types';

/** Builds the public views of one ledger's records. */
export class LedgerViews {
  readonly #store: LedgerStore;
  readonly #policies: LedgerPolicies;

  constructor(store: LedgerStore, policies: LedgerPolicies) {
    this.#store = store;
    this.#policies = policies;
  }

  organisation(id: string): OrganisationView {
    // Owners and counterparties are registered before they appear on a record; the fallback only
    // keeps the view total.
    return this.#store.organisations.get(id) ?? { id, name: '', domain: null };
  }

  supplier(id: string): SupplierView {
    const supplier = this.#store.suppliers.get(id);
    if (supplier === undefined)
      return { id, short_description: null, long_description: null, organisation: this.organisation(''), location: null };
    return {
      id,
      short_description: supplier.shortDescription,
      long_description: supplier.longDescription,
      organisation: this.organisation(supplier.organisationId),
      location: supplier.location,
    };
  }

  batch(batch: BatchRecord): CreditBatchView {
    const o = batch.origin;
    return {
      id: batch.id,
      serial_number: this.#policies.formatSerialNumber({
        registry_code: o.registryCode,
        issuance_sequence: o.issuanceSequence,
        pathway_code: o.pathwayCode,
        country_of_issue: o.countryOfIssue,
        project_code: o.projectCode,
        vintage: o.vintage,
        first_unit: batch.firstUnit,
        last_unit: batch.firstUnit + batch.size - 1n,
      }),
      status: batch.status,
      size: creditQuantity(batch.size),
      issued_at: o.issuedAt,
      retired_at: batch.retiredAt,
      delivered_at: batch.deliveredAt,
      sequestered_on: o.sequesteredOn,
      country_of_issue: o.countryOfIssue,
      supplier_id: o.supplierId,
      parent_id: batch.parentId,
      left_child_id: batch.leftChildId,
      right_child_id: batch.rightChildId,
      issuance_id: o.issuanceId,
      delivery_id: batch.deliveryId,
      beneficiary: batch.beneficiary === null ? null : this.organisation(batch.beneficiary),
      retirement_id: batch.retirementId,
      ghg_entry_id: o.ghgEntryId,
      removal_id: o.ghgEntryId,
      owner: this.organisation(batch.owner),
      project_id: o.projectId,
      carbon_removal_data: { ...o.carbonRemovalData },
      ccp_approved: o.ccpApproved,
    };
  }

  batches(ids: readonly string[]): CreditBatchView[] {
    return recordsOf(this.#store.batches, ids).map((batch) => this.batch(batch));
  }

  /** The batches a transaction took, as they are now, or undefined when there is no transaction. */
  takenBatches(transaction: TransactionRecord | undefined): CreditBatchView[] | undefined {
    return transaction === undefined ? undefined : this.batches(transaction.batchIds);
  }

  issuance(i: IssuanceRecord): IssuanceView {
    return {
      id: i.id,
      issued_at: i.issuedAt,
      ghg_statement_id: i.ghgStatementId,
      supplier: this.supplier(i.supplierId),
      project_id: i.projectId,
      reporting_period_start_at: i.reportingPeriodStart,
      reporting_period_end_at: i.reportingPeriodEnd,
      supplier_credit_batch_size_total: creditQuantity(i.supplierTotal),
      buffer_pool_credit_batch_size_total: creditQuantity(i.bufferPoolTotal),
      credit_batch_size_total: creditQuantity(i.supplierTotal + i.bufferPoolTotal),
    };
  }

  delivery(d: DeliveryRecord): DeliveryView {
    return {
      id: d.id,
      delivered_at: d.at,
      order_id: d.orderId,
      from_supplier: this.supplier(d.supplierId),
      to_organisation: this.organisation(d.toOrganisationId),
      credit_batch_size_total: creditQuantity(d.total),
      url: this.#policies.resourceUrl('delivery', d.id),
      notes: d.notes,
    };
  }

  transfer(t: TransferRecord): TransferView {
    return {
      id: t.id,
      transferred_at: t.at,
      from_organisation: this.organisation(t.fromOrganisationId),
      to_organisation: this.organisation(t.toOrganisationId),
      credit_batch_size_total: creditQuantity(t.total),
      notes: t.notes,
    };
  }

  retirement(r: RetirementRecord): RetirementView {
    return {
      id: r.id,
      retired_at: r.at,
      purposes: [...r.purposes],
      beneficiary: this.organisation(r.beneficiaryOrganisationId),
      owner: this.organisation(r.ownerOrganisationId),
      credit_batch_size_total: creditQuantity(r.total),
      url: this.#policies.resourceUrl('retirement', r.id),
      notes: r.notes,
    };
  }

  refund(r: RefundRecord): BufferPoolRefundView {
    return {
      id: r.id,
      refunded_at: r.at,
      from_buffer_pool_organisation: this.organisation(r.fromOrganisationId),
      to_organisation: this.organisation(r.toOrganisationId),
      credit_batch_size_total: creditQuantity(r.total),
      notes: r.notes ?? '',
    };
  }
}
