/**
 * The ledger's inputs and the service shapes it answers with (docs/rules.md#service-resources and the
 * registry OpenAPI document). Output shapes carry a `View` suffix and inputs an `Input` suffix so
 * they never clash with the request and resource schemas of `model`.
 */
import type { CREDIT_BATCH_STATUSES, RETIREMENT_PURPOSES } from '../model/enums';
import type { CreditQuantityView, KgAmount } from './quantity';

export { CREDIT_BATCH_STATUSES, RETIREMENT_PURPOSES } from '../model/enums';

/**
 * Status of a credit batch: `active` (holds credits), `split` (its credits live in its two
 * children), `retired` (final).
 * @public
 */
export type CreditBatchStatusValue = (typeof CREDIT_BATCH_STATUSES)[number];

/**
 * One retirement purpose.
 * @public
 */
export type RetirementPurposeValue = (typeof RETIREMENT_PURPOSES)[number];

/**
 * The service's Organisation.
 * @public
 */
export interface OrganisationView {
  /** `org_` identifier. */
  readonly id: string;
  /** Display name. */
  readonly name: string;
  /** Web domain, or null. */
  readonly domain: string | null;
}

/**
 * Location of a supplier.
 * @public
 */
export interface SupplierLocationView {
  /** ISO 3166-1 alpha-3 code. */
  readonly country_code: string;
  /** Country name. */
  readonly country_name: string;
  /** Degrees, -90 to 90. */
  readonly latitude: number;
  /** Degrees, -180 to 180. */
  readonly longitude: number;
  /** Free text, or null. */
  readonly description: string | null;
}

/**
 * The service's Supplier.
 * @public
 */
export interface SupplierView {
  /** `spl_` identifier. */
  readonly id: string;
  /** Short description, or null. */
  readonly short_description: string | null;
  /** Long description, or null. */
  readonly long_description: string | null;
  /** The organisation the supplier belongs to; it owns the supplier's newly issued credits. */
  readonly organisation: OrganisationView;
  /** Location, or null. */
  readonly location: SupplierLocationView | null;
}

/**
 * A supplier as registered with the ledger: the Supplier shape with optional descriptive fields.
 * @public
 */
export interface SupplierInput {
  /** `spl_` identifier. */
  readonly id: string;
  /** The supplier's organisation. */
  readonly organisation: OrganisationView;
  /** Short description. */
  readonly short_description?: string | null;
  /** Long description. */
  readonly long_description?: string | null;
  /** Location. */
  readonly location?: SupplierLocationView | null;
}

/**
 * Carbon removal figures of the GHG entry a batch was issued from, in kg.
 * @public
 */
export interface CarbonRemovalDataView {
  /** Counterfactual emissions. */
  readonly counterfactuals_kg: number;
  /** Project emissions. */
  readonly emissions_kg: number;
  /** Gross CO2e removed. */
  readonly gross_carbon_removed_kg: number;
  /** Losses. */
  readonly losses_kg: number;
  /** Net CO2e removed. */
  readonly net_carbon_removed_kg: number;
}

/**
 * The service's CreditBatch (docs/rules.md#service-resources).
 * @public
 */
export interface CreditBatchView {
  /** `ctb_` identifier. */
  readonly id: string;
  /** Serial number of the batch's unit range. */
  readonly serial_number: string;
  /** Status. */
  readonly status: CreditBatchStatusValue;
  /** Size. */
  readonly size: CreditQuantityView;
  /** When the credits were issued. */
  readonly issued_at: string;
  /** When the batch was retired, or null. */
  readonly retired_at: string | null;
  /** When the batch was delivered, or null. */
  readonly delivered_at: string | null;
  /** Date of sequestration of the GHG entry. */
  readonly sequestered_on: string;
  /** ISO 3166-1 alpha-3 country of issue. */
  readonly country_of_issue: string;
  /** Supplier the credits were issued to. */
  readonly supplier_id: string;
  /** The batch this one was split from, or null. */
  readonly parent_id: string | null;
  /** Left child (the part transacted) when split, else null. */
  readonly left_child_id: string | null;
  /** Right child (the part that stayed) when split, else null. */
  readonly right_child_id: string | null;
  /** Issuance the credits come from. */
  readonly issuance_id: string;
  /** Delivery that brought the batch to a buyer, or null. */
  readonly delivery_id: string | null;
  /** Organisation in whose name the batch was retired, or null. */
  readonly beneficiary: OrganisationView | null;
  /** Retirement of the batch, or null. */
  readonly retirement_id: string | null;
  /** The GHG entry the credits were issued for. */
  readonly ghg_entry_id: string;
  /** Older spelling of `ghg_entry_id`; same value. */
  readonly removal_id: string;
  /** Current owner. */
  readonly owner: OrganisationView;
  /** Project the credits were issued for. */
  readonly project_id: string;
  /** Figures of the GHG entry the batch was issued from (whole entry, not prorated). */
  readonly carbon_removal_data: CarbonRemovalDataView | null;
  /** Whether issued under a CCP-approved project. */
  readonly ccp_approved: boolean;
}

/**
 * The service's Issuance.
 * @public
 */
export interface IssuanceView {
  /** `iss_` identifier. */
  readonly id: string;
  /** When issued. */
  readonly issued_at: string;
  /** The GHG statement the credits were issued on. */
  readonly ghg_statement_id: string;
  /** Supplier credited. */
  readonly supplier: SupplierView;
  /** Project. */
  readonly project_id: string;
  /** First day of the reporting period. */
  readonly reporting_period_start_at: string;
  /** Last day of the reporting period (inclusive). */
  readonly reporting_period_end_at: string;
  /** Credits issued to the supplier. */
  readonly supplier_credit_batch_size_total: CreditQuantityView;
  /** Credits contributed to the buffer pool. */
  readonly buffer_pool_credit_batch_size_total: CreditQuantityView;
  /** All credits issued. */
  readonly credit_batch_size_total: CreditQuantityView;
}

/**
 * The batches of one issuance, as first issued (some may since be split).
 * @public
 */
export interface IssuanceCreditBatchesView {
  /** The issuance. */
  readonly issuance_id: string;
  /** Batches issued to the supplier. */
  readonly supplier_credit_batches: readonly CreditBatchView[];
  /** Their total. */
  readonly supplier_credit_batch_size_total: CreditQuantityView;
  /** Batches issued to the buffer pool. */
  readonly buffer_pool_credit_batches: readonly CreditBatchView[];
  /** Their total. */
  readonly buffer_pool_credit_batch_size_total: CreditQuantityView;
  /** Total of both. */
  readonly credit_batch_size_total: CreditQuantityView;
}

/**
 * The service's Delivery.
 * @public
 */
export interface DeliveryView {
  /** `dlv_` identifier. */
  readonly id: string;
  /** When delivered. */
  readonly delivered_at: string;
  /** Order fulfilled. */
  readonly order_id: string;
  /** Supplier delivering. */
  readonly from_supplier: SupplierView;
  /** Buyer receiving. */
  readonly to_organisation: OrganisationView;
  /** Credits delivered. */
  readonly credit_batch_size_total: CreditQuantityView;
  /** Public address of the delivery. */
  readonly url: string;
  /** Public note, or null. */
  readonly notes: string | null;
}

/**
 * The service's Transfer.
 * @public
 */
export interface TransferView {
  /** `tfr_` identifier. */
  readonly id: string;
  /** When transferred. */
  readonly transferred_at: string;
  /** Sender. */
  readonly from_organisation: OrganisationView;
  /** Receiver. */
  readonly to_organisation: OrganisationView;
  /** Credits transferred. */
  readonly credit_batch_size_total: CreditQuantityView;
  /** Public note, or null. */
  readonly notes: string | null;
}

/**
 * The service's Retirement.
 * @public
 */
export interface RetirementView {
  /** `ret_` identifier. */
  readonly id: string;
  /** When retired. */
  readonly retired_at: string;
  /** Purposes declared. */
  readonly purposes: readonly RetirementPurposeValue[];
  /** In whose name the credits were retired. */
  readonly beneficiary: OrganisationView;
  /** Owner of the credits retired. */
  readonly owner: OrganisationView;
  /** Credits retired. */
  readonly credit_batch_size_total: CreditQuantityView;
  /** Public address of the retirement. */
  readonly url: string;
  /** Public note, or null. */
  readonly notes: string | null;
}

/**
 * The service's BufferPoolRefund: buffer-pool credits handed from the buffer pool organisation to
 * another organisation (see {@link CreditLedger.createRefund}).
 * @public
 */
export interface BufferPoolRefundView {
  /** `bpr_` identifier. */
  readonly id: string;
  /** When refunded. */
  readonly refunded_at: string;
  /** The buffer pool organisation. */
  readonly from_buffer_pool_organisation: OrganisationView;
  /** The receiving organisation. */
  readonly to_organisation: OrganisationView;
  /** Credits refunded. */
  readonly credit_batch_size_total: CreditQuantityView;
  /** Note; the empty string when none was given (the shape has no null). */
  readonly notes: string;
}

/**
 * Active and retired credits of an organisation (or of one of its suppliers, projects, orders).
 * @public
 */
export interface CreditBalanceView {
  /** Credits owned and still active. */
  readonly active_credits_total: CreditQuantityView;
  /** Credits the organisation owned when it retired them. */
  readonly retired_credits_total: CreditQuantityView;
}

/**
 * The service's OrganisationCreditBalance: totals and the split by supplier, project and order.
 * Entries with neither active nor retired credits are left out; each list is sorted by id.
 * @public
 */
export interface OrganisationCreditBalanceView {
  /** All credits. */
  readonly total: CreditBalanceView;
  /** Per supplier that issued the credits. */
  readonly supplier_balances: readonly { readonly supplier_id: string; readonly total: CreditBalanceView }[];
  /** Per project the credits were issued for. */
  readonly project_balances: readonly { readonly project_id: string; readonly total: CreditBalanceView }[];
  /** Per order the credits were delivered against (credits never delivered are in no order). */
  readonly order_balances: readonly { readonly order_id: string; readonly total: CreditBalanceView }[];
}

/**
 * One GHG entry of a verified statement to issue credits for.
 * @public
 */
export interface IssuanceEntryInput {
  /** `rmv_` identifier of the GHG entry. */
  readonly ghg_entry_id: string;
  /** Date of sequestration (`YYYY-MM-DD`); its year is the vintage. */
  readonly sequestered_on: string;
  /** Credits (kg) for the supplier: a non-negative integer. */
  readonly supplier_allocation_kg: KgAmount;
  /** Credits (kg) for the buffer pool: a non-negative integer. */
  readonly buffer_pool_contribution_kg: KgAmount;
  /** The entry's figures, copied onto both batches. */
  readonly carbon_removal_data: CarbonRemovalDataView;
}

/**
 * Issuance on a verified GHG statement.
 * @public
 */
export interface IssuanceInput {
  /** `ggs_` identifier; a statement is issued once. */
  readonly ghg_statement_id: string;
  /** `prj_` identifier. */
  readonly project_id: string;
  /** `spl_` identifier of the supplier credited. */
  readonly supplier_id: string;
  /** The supplier's organisation; it owns the supplier batches. */
  readonly supplier_organisation: OrganisationView;
  /** The organisation that holds the buffer pool; it owns the buffer-pool batches. */
  readonly buffer_pool_organisation: OrganisationView;
  /** ISO 3166-1 alpha-3 country of issue. */
  readonly country_of_issue: string;
  /** Registry code for serial numbers (letters and digits). */
  readonly registry_code: string;
  /** Pathway code for serial numbers (letters and digits). */
  readonly pathway_code: string;
  /** Project short code for serial numbers (letters and digits). */
  readonly project_code: string;
  /** Issued under a CCP-approved project; default false. */
  readonly ccp_approved?: boolean;
  /** Reporting period start; default the earliest `sequestered_on`. */
  readonly reporting_period_start_at?: string;
  /** Reporting period end; default the latest `sequestered_on`. */
  readonly reporting_period_end_at?: string;
  /** The statement's entries, at least one. */
  readonly entries: readonly IssuanceEntryInput[];
}

/**
 * One line of a transaction: a batch and how many kg of it.
 * @public
 */
export interface CreditBatchQuantityInput {
  /** `ctb_` identifier. */
  readonly credit_batch_id: string;
  /** Kilograms, a positive integer no larger than the batch. */
  readonly credit_quantity_kg: KgAmount;
}

/**
 * The order a delivery fulfils.
 * @public
 */
export interface OrderInput {
  /** `ord_` identifier. */
  readonly id: string;
  /** The buyer: it receives the credits. */
  readonly organisation: OrganisationView;
  /** The supplier delivering; the acting organisation is the supplier's organisation. */
  readonly supplier_id: string;
}

/**
 * A delivery of a supplier's credits against an order.
 * @public
 */
export interface DeliveryInput {
  /** The order. */
  readonly order: OrderInput;
  /** Batches and amounts, at least one line. */
  readonly credit_batch_quantities: readonly CreditBatchQuantityInput[];
  /** Public note of at most 256 characters, or null. */
  readonly notes?: string | null;
}

/**
 * A transfer between organisations (CreateTransferRequest).
 * @public
 */
export interface TransferInput {
  /** The acting organisation, owner of every batch. */
  readonly from_organisation_id: string;
  /** The receiver. */
  readonly to_organisation_id: string;
  /** Every batch must come from this supplier. */
  readonly supplier_id: string;
  /** Batches and amounts, at least one line. */
  readonly credit_batch_quantities: readonly CreditBatchQuantityInput[];
  /** Public note of at most 256 characters, or null. */
  readonly notes?: string | null;
}

/**
 * Retirement of given batches (`POST /registry/v0/retirements`, docs/service.md#routes).
 * @public
 */
export interface RetirementByBatchInput {
  /** The acting organisation, owner of every batch. */
  readonly owner_organisation_id: string;
  /** In whose name the credits are retired; may equal the owner. */
  readonly beneficiary_organisation_id: string;
  /** Every batch must come from this supplier. */
  readonly supplier_id: string;
  /** At least one purpose, no repeats. */
  readonly retirement_purposes: readonly RetirementPurposeValue[];
  /** Public note of at most 256 characters, or null. */
  readonly notes: string | null;
  /** Batches and amounts, at least one line. */
  readonly credit_batch_quantities: readonly CreditBatchQuantityInput[];
}

/**
 * Retirement of the oldest active credits of a supplier (CreateRetirementOldestCreditsRequest).
 * @public
 */
export interface RetirementFromOldestInput {
  /** The acting organisation, owner of the credits. */
  readonly owner_organisation_id: string;
  /** In whose name the credits are retired. */
  readonly beneficiary_organisation_id: string;
  /** The credits' supplier. */
  readonly supplier_id: string;
  /** At least one purpose, no repeats. */
  readonly retirement_purposes: readonly RetirementPurposeValue[];
  /** Public note of at most 256 characters, or null. */
  readonly notes: string | null;
  /** Kilograms to retire, a positive integer. */
  readonly credit_quantity_kg: KgAmount;
  /** Only credits of this vintage (year of `sequestered_on`, 1900-2100). */
  readonly vintage?: number | null;
  /** Only credits delivered against this order. */
  readonly order_id?: string | null;
}

/**
 * A buffer-pool refund: buffer-pool credits handed to an organisation.
 * @public
 */
export interface RefundInput {
  /** The buffer pool organisation, owner of every batch. */
  readonly from_buffer_pool_organisation_id: string;
  /** The receiver. */
  readonly to_organisation_id: string;
  /** Buffer-pool batches and amounts, at least one line; suppliers may be mixed. */
  readonly credit_batch_quantities: readonly CreditBatchQuantityInput[];
  /** Note of at most 256 characters, or null. */
  readonly notes?: string | null;
}

/**
 * Filters of {@link CreditLedger.listCreditBatches}; all given filters must hold.
 * @public
 */
export interface CreditBatchFilter {
  /** Current owner. */
  readonly owner_organisation_id?: string;
  /** Supplier. */
  readonly supplier_id?: string;
  /** Project. */
  readonly project_id?: string;
  /** Status. */
  readonly status?: CreditBatchStatusValue;
}

/**
 * Number of records held by a ledger.
 * @public
 */
export interface LedgerCounts {
  /** Credit batches of every status. */
  readonly credit_batches: number;
  /** Active batches. */
  readonly active_credit_batches: number;
  /** Issuances. */
  readonly issuances: number;
  /** Deliveries. */
  readonly deliveries: number;
  /** Transfers. */
  readonly transfers: number;
  /** Retirements. */
  readonly retirements: number;
  /** Refunds. */
  readonly refunds: number;
}
