/**
 * The credit ledger's public class: issuance, split trees, deliveries, transfers, retirements and
 * buffer-pool refunds over exact integer kilograms (bigint), with O(1) batch reads and O(1)
 * balances. The class is a facade: it owns the ledger's state, options and registration of
 * parties, answers lookups and lists, and hands each operation to the module that owns it.
 *
 * Every request runs in three phases: read and check the whole request, collecting every problem
 * (nothing changes; a refusal throws {@link CreditLedgerError}); draw the clock and the new ids
 * (still nothing changes); then apply, which cannot fail. So a refused request leaves the ledger,
 * and {@link CreditLedger.serialize}, exactly as it was.
 *
 * Imports: model (ids) and every module of this folder; no module of this folder imports it.
 */
import { createIdGenerator, type IdGenerator } from '../model/ids';
import { creditBalance, organisationCreditBalance } from './balances';
import { CreditLedgerError } from './errors';
import { createIssuance } from './issuance';
import type { LedgerContext } from './pipeline';
import { assertOptions, FUNCTION, shapeOf, type ShapeCheck } from '../model/strict-options';
import { DEFAULT_LEDGER_POLICIES, LEDGER_POLICY_CHECKS, type LedgerPolicies } from './policies';
import { creditQuantity } from './quantity';
import { checkSupplierOrganisation, openRequest } from './request-checks';
import { serializeLedger } from './snapshot';
import { LedgerStore, selectRecords } from './store';
import { createDelivery, createRefund, createRetirement, createRetirementFromOldestCredits, createTransfer } from './transactions';
import type {
  BufferPoolRefundView,
  CreditBalanceView,
  CreditBatchFilter,
  CreditBatchView,
  DeliveryInput,
  DeliveryView,
  IssuanceCreditBatchesView,
  IssuanceInput,
  IssuanceView,
  LedgerCounts,
  OrganisationCreditBalanceView,
  OrganisationView,
  RefundInput,
  RetirementByBatchInput,
  RetirementFromOldestInput,
  RetirementView,
  SupplierInput,
  SupplierView,
  TransferInput,
  TransferView,
} from './types';
import { Problems, readId, readLocation, readOptionalText, readOrganisation } from './validate';
import { LedgerViews } from './views';

/**
 * Options of {@link createLedger}.
 * @public
 */
export interface CreditLedgerOptions {
  /** Id generator; defaults to `createIdGenerator()`. Inject a seeded one for reproducible ids. */
  readonly ids?: IdGenerator;
  /** Clock giving ISO 8601 date-times; defaults to the system clock. */
  readonly now?: () => string;
  /** Overrides of {@link DEFAULT_LEDGER_POLICIES}. */
  readonly policies?: Partial<LedgerPolicies>;
}

/** The known keys of {@link CreditLedgerOptions} and the check of each (docs/policies.md: options are strict). */
export const LEDGER_OPTION_CHECKS: ShapeCheck = shapeOf<CreditLedgerOptions>({
  ids: FUNCTION,
  now: FUNCTION,
  policies: LEDGER_POLICY_CHECKS,
});

/** The store the next ledger made is built on (set only by {@link restoreLedger}, for its one construction). */
let restoredStore: LedgerStore | null = null;

function takeRestoredStore(): LedgerStore | null {
  const store = restoredStore;
  restoredStore = null;
  return store;
}

/**
 * A ledger on `store` (a snapshot read back by restore.ts), with `options` as {@link createLedger}
 * takes them. Not part of the public API: a kept state loads its ledger with it.
 */
export function restoreLedger(store: LedgerStore, options: CreditLedgerOptions = {}): CreditLedger {
  restoredStore = store;
  try {
    return new CreditLedger(options);
  } finally {
    restoredStore = null;
  }
}

/**
 * The in-memory credit ledger. Amounts are exact integer kilograms; every transaction is atomic.
 * Create one with {@link createLedger}.
 * @public
 */
export class CreditLedger {
  readonly #policies: LedgerPolicies;
  readonly #store = takeRestoredStore() ?? new LedgerStore();
  readonly #views: LedgerViews;
  readonly #ctx: LedgerContext;

  /**
   * Creates an empty ledger; {@link createLedger} does the same.
   * @throws `TypeError` naming each unknown option (with the nearest known one) or invalid value.
   */
  constructor(options: CreditLedgerOptions = {}) {
    assertOptions(options, LEDGER_OPTION_CHECKS, 'options of createLedger');
    this.#policies = { ...DEFAULT_LEDGER_POLICIES, ...options.policies };
    this.#views = new LedgerViews(this.#store, this.#policies);
    this.#ctx = {
      store: this.#store,
      views: this.#views,
      policies: this.#policies,
      ids: options.ids ?? createIdGenerator(),
      now: options.now ?? (() => new Date().toISOString()),
    };
  }

  /** The policies in force. O(1). */
  get policies(): LedgerPolicies {
    return this.#policies;
  }

  // ---------------------------------------------------------------------------------------------
  // Organisations and suppliers

  /**
   * Registers an organisation, or updates its name and domain. O(1).
   * @throws {@link CreditLedgerError} when the organisation is malformed.
   */
  registerOrganisation(organisation: OrganisationView): OrganisationView {
    const problems = new Problems();
    const org = readOrganisation(organisation, [], problems, 'organisation');
    if (org === undefined) throw new CreditLedgerError('organisation', problems.list);
    this.#store.organisations.set(org.id, org);
    return org;
  }

  /**
   * Registers a supplier and its organisation, or updates them; a supplier never changes
   * organisation. O(1).
   * @throws {@link CreditLedgerError} when the supplier is malformed or names another organisation.
   */
  registerSupplier(supplier: SupplierInput): SupplierView {
    const { req: obj, problems } = openRequest(supplier, 'supplier', 'supplier');
    const id = readId('supplier', obj.id, ['id'], problems, 'supplier id');
    const org = readOrganisation(obj.organisation, ['organisation'], problems, 'organisation');
    const shortDescription = readOptionalText(obj.short_description, ['short_description'], problems, 'short_description');
    const longDescription = readOptionalText(obj.long_description, ['long_description'], problems, 'long_description');
    const location = readLocation(obj.location, ['location'], problems);
    if (id !== undefined && org !== undefined) checkSupplierOrganisation(this.#store, id, org.id, ['organisation', 'id'], problems);
    if (!problems.empty || id === undefined || org === undefined || location === undefined) {
      throw new CreditLedgerError('supplier', problems.list);
    }
    this.#store.organisations.set(org.id, org);
    this.#store.suppliers.set(id, { id, organisationId: org.id, shortDescription, longDescription, location });
    return this.#views.supplier(id);
  }

  /** An organisation by id, or undefined. O(1). */
  getOrganisation(id: string): OrganisationView | undefined {
    return this.#store.organisations.get(id);
  }

  /** A supplier by id, or undefined. O(1). */
  getSupplier(id: string): SupplierView | undefined {
    return this.#store.suppliers.has(id) ? this.#views.supplier(id) : undefined;
  }

  // ---------------------------------------------------------------------------------------------
  // Issuance and transactions

  /**
   * Issues the credits of a verified GHG statement: per entry a supplier batch (owned by the
   * supplier's organisation) and a buffer-pool batch (owned by the buffer pool organisation); a
   * zero-size batch is not created. Serial ranges follow the entries in order and never overlap.
   * Registers the two organisations and, if new, the supplier. O(entries).
   * @throws {@link CreditLedgerError} listing every problem of the request; nothing is issued.
   */
  createIssuance(input: IssuanceInput): IssuanceView {
    return createIssuance(this.#ctx, input);
  }

  /**
   * Delivers a supplier's credits to the buyer of an order. The acting organisation is the
   * supplier's: every batch must be owned by it and come from the order's supplier. Registers the
   * buyer organisation. O(lines).
   * @throws {@link CreditLedgerError} listing every problem of the request; nothing changes.
   */
  createDelivery(input: DeliveryInput): DeliveryView {
    return createDelivery(this.#ctx, input);
  }

  /**
   * Transfers credits of one supplier from the acting organisation (`from_organisation_id`, owner
   * of every batch) to another registered organisation. O(lines).
   * @throws {@link CreditLedgerError} listing every problem of the request; nothing changes.
   */
  createTransfer(input: TransferInput): TransferView {
    return createTransfer(this.#ctx, input);
  }

  /**
   * Retires given batches of one supplier owned by the acting organisation, in the name of a
   * registered beneficiary (`POST /registry/v0/retirements`, docs/service.md#routes). Retirement is final. O(lines).
   * @throws {@link CreditLedgerError} listing every problem of the request; nothing changes.
   */
  createRetirement(input: RetirementByBatchInput): RetirementView {
    return createRetirement(this.#ctx, input);
  }

  /**
   * Retires `credit_quantity_kg` of the oldest active credits of a supplier owned by the acting
   * organisation: batches in ascending `issued_at`, then id, optionally only one vintage (year of
   * `sequestered_on`) or one order; the last batch taken is split when needed.
   * Reads the holding oldest first and stops at the quantity: O(k) for the k batches read (those
   * taken, and older ones of another vintage or order), whatever the size of the holding.
   * @throws {@link CreditLedgerError} listing every problem of the request; nothing changes.
   */
  createRetirementFromOldestCredits(input: RetirementFromOldestInput): RetirementView {
    return createRetirementFromOldestCredits(this.#ctx, input);
  }

  /**
   * Records a buffer-pool refund, with this meaning [decision]: the buffer pool organisation hands
   * buffer-pool credits (batches issued as buffer-pool contributions, which it owns) to another
   * registered organisation, typically to make good credits lost to a reversal. It moves credits
   * like a transfer, so nothing is created or destroyed; the batches of one refund may come from
   * several suppliers, as the buffer pool is shared. O(lines).
   * @throws {@link CreditLedgerError} listing every problem of the request; nothing changes.
   */
  createRefund(input: RefundInput): BufferPoolRefundView {
    return createRefund(this.#ctx, input);
  }

  // ---------------------------------------------------------------------------------------------
  // Reads

  /** A credit batch by id, or undefined. O(1): one Map lookup. */
  getCreditBatch(id: string): CreditBatchView | undefined {
    const batch = this.#store.batches.get(id);
    return batch === undefined ? undefined : this.#views.batch(batch);
  }

  /**
   * Credit batches matching every given filter, in creation order. O(n) over all batches: meant
   * for exports and checks, not for hot paths.
   */
  listCreditBatches(filter: CreditBatchFilter = {}): CreditBatchView[] {
    const out: CreditBatchView[] = [];
    for (const batch of this.#store.batches.values()) {
      if (filter.owner_organisation_id !== undefined && batch.owner !== filter.owner_organisation_id) continue;
      if (filter.supplier_id !== undefined && batch.origin.supplierId !== filter.supplier_id) continue;
      if (filter.project_id !== undefined && batch.origin.projectId !== filter.project_id) continue;
      if (filter.status !== undefined && batch.status !== filter.status) continue;
      out.push(this.#views.batch(batch));
    }
    return out;
  }

  /** An issuance by id, or undefined. O(1). */
  getIssuance(id: string): IssuanceView | undefined {
    const issuance = this.#store.issuances.get(id);
    return issuance === undefined ? undefined : this.#views.issuance(issuance);
  }

  /** The issuance of a GHG statement, or undefined. O(1). */
  getIssuanceOfStatement(ghgStatementId: string): IssuanceView | undefined {
    const id = this.#store.issuedStatements.get(ghgStatementId);
    return id === undefined ? undefined : this.getIssuance(id);
  }

  /**
   * Issuances, optionally of one supplier, in creation order. O(issuances of the supplier) via the
   * supplier index; O(all issuances) unfiltered.
   */
  listIssuances(filter: { readonly supplier_id?: string } = {}): IssuanceView[] {
    return selectRecords(this.#store.issuances, [this.#store.issuancesBySupplier, filter.supplier_id]).map((i) => this.#views.issuance(i));
  }

  /** The batches an issuance created (some may since be split), or undefined. O(batches issued). */
  getIssuanceCreditBatches(id: string): IssuanceCreditBatchesView | undefined {
    const issuance = this.#store.issuances.get(id);
    if (issuance === undefined) return undefined;
    return {
      issuance_id: id,
      supplier_credit_batches: this.#views.batches(issuance.supplierBatchIds),
      supplier_credit_batch_size_total: creditQuantity(issuance.supplierTotal),
      buffer_pool_credit_batches: this.#views.batches(issuance.bufferPoolBatchIds),
      buffer_pool_credit_batch_size_total: creditQuantity(issuance.bufferPoolTotal),
      credit_batch_size_total: creditQuantity(issuance.supplierTotal + issuance.bufferPoolTotal),
    };
  }

  /** A delivery by id, or undefined. O(1). */
  getDelivery(id: string): DeliveryView | undefined {
    const delivery = this.#store.deliveries.get(id);
    return delivery === undefined ? undefined : this.#views.delivery(delivery);
  }

  /** The batches a delivery moved (as they are now), or undefined. O(lines of the delivery). */
  getDeliveryCreditBatches(id: string): CreditBatchView[] | undefined {
    return this.#views.takenBatches(this.#store.deliveries.get(id));
  }

  /**
   * Deliveries, optionally from one supplier and/or to one organisation, in creation order.
   * O(deliveries of the supplier or organisation) via id indexes; O(all deliveries) unfiltered.
   */
  listDeliveries(filter: { readonly from_supplier_id?: string; readonly to_organisation_id?: string } = {}): DeliveryView[] {
    const { from_supplier_id: supplier, to_organisation_id: to } = filter;
    return selectRecords(this.#store.deliveries, [this.#store.deliveriesBySupplier, supplier], [this.#store.deliveriesTo, to])
      .filter((d) => to === undefined || d.toOrganisationId === to)
      .map((d) => this.#views.delivery(d));
  }

  /** Deliveries from a supplier (`GET /registry/v0/suppliers/{id}/deliveries`), in creation order. O(its deliveries). */
  listSupplierDeliveries(supplierId: string): DeliveryView[] {
    return this.listDeliveries({ from_supplier_id: supplierId });
  }

  /** A transfer by id, or undefined. O(1). */
  getTransfer(id: string): TransferView | undefined {
    const transfer = this.#store.transfers.get(id);
    return transfer === undefined ? undefined : this.#views.transfer(transfer);
  }

  /** The batches a transfer moved (as they are now), or undefined. O(lines of the transfer). */
  getTransferCreditBatches(id: string): CreditBatchView[] | undefined {
    return this.#views.takenBatches(this.#store.transfers.get(id));
  }

  /**
   * Transfers, optionally from and/or to one organisation (`GET /registry/v0/transfers`), in creation order.
   * O(transfers of that organisation) via id indexes; O(all transfers) unfiltered.
   */
  listTransfers(filter: { readonly from_organisation_id?: string; readonly to_organisation_id?: string } = {}): TransferView[] {
    const { from_organisation_id: from, to_organisation_id: to } = filter;
    return selectRecords(this.#store.transfers, [this.#store.transfersFrom, from], [this.#store.transfersTo, to])
      .filter((t) => to === undefined || t.toOrganisationId === to)
      .map((t) => this.#views.transfer(t));
  }

  /** A retirement by id, or undefined. O(1). */
  getRetirement(id: string): RetirementView | undefined {
    const retirement = this.#store.retirements.get(id);
    return retirement === undefined ? undefined : this.#views.retirement(retirement);
  }

  /** The batches a retirement retired, or undefined. O(lines of the retirement). */
  getRetirementCreditBatches(id: string): CreditBatchView[] | undefined {
    return this.#views.takenBatches(this.#store.retirements.get(id));
  }

  /**
   * Retirements, optionally by one owner organisation, in creation order. O(its retirements) via
   * the owner index; O(all retirements) unfiltered.
   */
  listRetirements(filter: { readonly owner_organisation_id?: string } = {}): RetirementView[] {
    return selectRecords(this.#store.retirements, [this.#store.retirementsByOwner, filter.owner_organisation_id]).map((r) =>
      this.#views.retirement(r),
    );
  }

  /** A refund by id, or undefined. O(1). */
  getRefund(id: string): BufferPoolRefundView | undefined {
    const refund = this.#store.refunds.get(id);
    return refund === undefined ? undefined : this.#views.refund(refund);
  }

  /** The batches a refund moved (as they are now; `GET /registry/v0/refunds/{id}/credit_batches`), or undefined. O(lines of the refund). */
  getRefundCreditBatches(id: string): CreditBatchView[] | undefined {
    return this.#views.takenBatches(this.#store.refunds.get(id));
  }

  /** Refunds in creation order. O(all refunds). */
  listRefunds(): BufferPoolRefundView[] {
    return [...this.#store.refunds.values()].map((r) => this.#views.refund(r));
  }

  /**
   * An organisation's active and retired credits; zero for an organisation that never held any.
   * O(1): read from running totals, never by scanning batches.
   */
  getCreditBalance(organisationId: string): CreditBalanceView {
    return creditBalance(this.#store.totals, organisationId);
  }

  /**
   * An organisation's balance with its split by supplier, project and order (OpenAPI
   * OrganisationCreditBalance). O(k log k) for the k suppliers, projects and orders the
   * organisation has held credits of; independent of the number of batches.
   */
  getOrganisationCreditBalance(organisationId: string): OrganisationCreditBalanceView {
    return organisationCreditBalance(this.#store.totals, organisationId);
  }

  /** How many records the ledger holds. O(1). */
  counts(): LedgerCounts {
    return {
      credit_batches: this.#store.batches.size,
      active_credit_batches: this.#store.activeCount,
      issuances: this.#store.issuances.size,
      deliveries: this.#store.deliveries.size,
      transfers: this.#store.transfers.size,
      retirements: this.#store.retirements.size,
      refunds: this.#store.refunds.size,
    };
  }

  /**
   * The whole state as a deterministic JSON string: the same history always gives the same bytes,
   * and a refused request leaves them unchanged. Amounts are decimal strings. O(size of the ledger).
   */
  serialize(): string {
    return serializeLedger(this.#store);
  }
}

/**
 * Creates an empty credit ledger.
 * @public
 */
export function createLedger(options: CreditLedgerOptions = {}): CreditLedger {
  return new CreditLedger(options);
}
