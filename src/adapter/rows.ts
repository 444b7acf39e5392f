/**
 * What the store holds: the service's resources in their own field names, plus the owning
 * organisation (`owner`) and the links the service keeps to itself. Rows are immutable; a change
 * stores a new row.
 */
import type { z } from 'zod';
import type {
  ComponentBlueprintDefinition,
  ComponentScope,
  ComponentType,
  DatapointType,
  DataUploadSubmissionStatus,
  DataUploadSubmissionType,
  Frequency,
  GhgStatementStatus,
  MonitoringPhase,
  Pathway,
  ProjectComponentAllocationStrategy,
  ProjectStatus,
  RiskOfReversal,
  StorageMethod,
} from '../model';
import type { stripeSubscriptionFrequencySchema } from '../model/registry-requests';
import type { TransactionKind } from '../registry/pipeline';
import type { GhgEntryResult, GhgStatementRecord } from '../accounting';
import type { SupplierView } from '../registry';

/** A quantity as stored. */
export interface QuantityRow {
  readonly magnitude: number;
  readonly unit: string;
  readonly standard_deviation: number | null;
}

/** A supplier record: the registry's supplier without its organisation (the row holding it). */
export type SupplierRow = Omit<SupplierView, 'organisation'>;

export interface OrganisationRow {
  readonly id: string;
  readonly name: string;
  readonly domain: string | null;
  readonly supplier: SupplierRow | null;
  readonly buffer_pool: boolean;
  /**
   * The organisation that registered this one as a retirement beneficiary (`POST /beneficiary`);
   * null for the organisations of the world. A beneficiary is seen by the one that registered it.
   */
  readonly registered_by: string | null;
  /** An individual beneficiary's e-mail address (never shown; an organisation's domain is). */
  readonly email: string | null;
}

/** A client secret (the row id is the secret itself). */
export interface ClientRow {
  readonly id: string;
  readonly name: string | null;
}

/** A bearer token (the row id is the token itself). */
export interface TokenRow {
  readonly id: string;
  readonly organisation_id: string;
  readonly expires_at_ms: number;
}

export interface ProjectRow {
  readonly id: string;
  readonly owner: string;
  readonly name: string;
  readonly country_code: string;
  readonly description: string | null;
  readonly short_description: string | null;
  readonly process_key: string;
  readonly risk_of_reversal_percentage: number | null;
  /** The project's risk-of-reversal rating (OpenAPI RiskOfReversal); null when not rated. */
  readonly risk_of_reversal: RiskOfReversal | null;
  readonly verifier_organisation_id: string | null;
  readonly project_code: string;
  readonly pathway_code: string;
  /** The project's estimated gross sequestration, for ESTIMATED_PROJECT_TONNAGE amortisation. */
  readonly estimated_gross_tonnage_kg: number | null;
  /** The project's estimated lifetime (a time quantity), for ESTIMATED_PROJECT_LIFETIME amortisation. */
  readonly estimated_lifetime: { readonly magnitude: number; readonly unit: string } | null;
  /** Registry details (OpenAPI registry Project). */
  readonly registry: {
    readonly status: ProjectStatus;
    readonly pathway: Pathway;
    readonly protocol_slug: string;
    readonly validator_name: string | null;
    readonly crediting_period_start: string | null;
    readonly crediting_period_end: string | null;
  };
}

export interface FeedstockTypeRow {
  readonly id: string;
  readonly owner: string;
  readonly name: string;
  readonly supplier_reference_id: string | null;
}

export interface FeedstockBatchRow {
  readonly id: string;
  readonly owner: string;
  readonly created_at: string;
  readonly delivery_date: string;
  readonly display_name: string;
  readonly feedstock_type_id: string;
  readonly mass: QuantityRow | null;
  readonly supplier_reference_id: string | null;
}

export interface ProductionBatchRow {
  readonly id: string;
  readonly owner: string;
  readonly facility_id: string;
  readonly feedstock_type_ids: readonly string[];
  readonly supplier_reference_id: string | null;
  readonly kind: 'biochar';
  readonly started_at: string;
  readonly ended_at: string;
  readonly uploaded_at: string;
  readonly display_name: string;
  readonly mass: QuantityRow;
}

export interface FacilityRow {
  readonly id: string;
  readonly owner: string;
  readonly project_id: string | null;
  readonly name: string;
}

export interface FileUploadRow {
  readonly id: string;
  readonly owner: string;
  readonly file_name: string;
  readonly content_type: string;
  readonly content_length: number | null;
  readonly upload_url: string;
}

/** A blueprint (row id = blueprint key). */
export interface BlueprintRow {
  readonly id: string;
  readonly definition: ComponentBlueprintDefinition;
}

export interface TemplateInputRow {
  readonly input_key: string;
  readonly display_name: string;
  readonly datapoint_id: string | null;
}

export interface TemplateComponentRow {
  readonly id: string;
  readonly display_name: string;
  readonly description: string | null;
  readonly blueprint_key: string;
  readonly inputs: readonly TemplateInputRow[];
}

export interface TemplateGroupRow {
  readonly id: string;
  readonly key: string;
  readonly display_name: string;
  readonly description: string;
  readonly components: readonly TemplateComponentRow[];
}

export interface TemplateRow {
  readonly id: string;
  readonly owner: string;
  readonly project_id: string;
  readonly display_name: string;
  readonly supplier_reference_id: string | null;
  readonly process_key: string;
  readonly groups: readonly TemplateGroupRow[];
}

export interface DatapointRow {
  readonly id: string;
  readonly owner: string;
  readonly project_id: string;
  readonly display_name: string;
  readonly description: string | null;
  readonly type: DatapointType;
  readonly quantity: QuantityRow;
  readonly source_ids: readonly string[];
  readonly measured_at: string | null;
  readonly supplier_reference_id: string | null;
  readonly uncertainty_justification: string | null;
  readonly measurement_sample_id: string | null;
}

export interface SourceRow {
  readonly id: string;
  readonly owner: string;
  readonly project_id: string;
  readonly display_name: string;
  readonly supplier_reference_id: string | null;
  readonly published_at: string | null;
  readonly is_public: boolean;
  readonly file_name: string | null;
  readonly content_type: string | null;
  readonly content_length: number | null;
}

export interface ComponentInputRow {
  readonly input_key: string;
  readonly datapoint_ids: readonly string[];
}

/** Where a component is attributed (the OpenAPI's ComponentScope, less NET_NEGATIVITY). */
export type ComponentScopeValue = Exclude<ComponentScope, 'NET_NEGATIVITY'>;

/** How a project component is amortised (docs/rules.md#statement-and-project-components). */
export type AllocationStrategyValue = ProjectComponentAllocationStrategy;

export interface ComponentRow {
  readonly id: string;
  readonly owner: string;
  readonly project_id: string;
  /** REMOVAL: attributed to GHG entries; GHG_STATEMENT: split evenly over a statement's entries; PROJECT: amortised. */
  readonly scope: ComponentScopeValue;
  /** The statement of a GHG_STATEMENT component. */
  readonly ghg_statement_id: string | null;
  /** The allocation strategy of a PROJECT component. */
  readonly allocation_strategy: AllocationStrategyValue | null;
  readonly blueprint_key: string;
  readonly display_name: string;
  readonly description: string | null;
  readonly activity_started_at: string | null;
  readonly activity_completed_at: string | null;
  readonly inputs: readonly ComponentInputRow[];
  readonly removal_template_component_id: string | null;
  readonly supplier_reference_id: string | null;
}

/** One component's part in a removal's evaluation, kept for the registry's carbon figures. */
export interface ComponentPartRow {
  readonly component_id: string;
  readonly type: ComponentType;
  /** The share used (a legacy factor datapoint's value when the attribution has one). */
  readonly attribution_factor: number;
  readonly contribution_kg: number;
}

/** The evaluation of a removal (the accounting module's figures), recomputed on every change of the removal. */
export interface RemovalResultRow
  extends Pick<
    GhgEntryResult,
    'co2e_net_removed_kg' | 'co2e_net_removed_without_discount_kg' | 'co2e_net_removed_standard_deviation_kg' | 'risk_of_reversal_percentage' | 'issuable_kg' | 'credit_allocation'
  > {
  readonly parts: readonly ComponentPartRow[];
}

export interface RemovalRow {
  readonly id: string;
  readonly owner: string;
  readonly project_id: string;
  readonly supplier_reference_id: string;
  readonly started_on: string;
  readonly completed_on: string;
  readonly feedstock_type_id: string | null;
  readonly ghg_statement_id: string | null;
  readonly removal_template_id: string | null;
  readonly result: RemovalResultRow;
}

export interface AttributionRow {
  readonly id: string;
  readonly removal_id: string;
  readonly component_id: string;
  readonly component_group_key: string;
  readonly removal_template_component_id: string | null;
  /** The share; with a legacy factor datapoint, the datapoint's magnitude when it was attributed. */
  readonly attribution_factor: number;
  readonly attribution_factor_datapoint_id: string | null;
}

/**
 * A GHG statement: the accounting module's statement record (lifecycle, frozen figures of each
 * submitted version) plus what the service keeps beside it.
 */
export interface StatementRow {
  readonly id: string;
  readonly owner: string;
  /** The verifier organisation assigned on submission. */
  readonly verifier_organisation_id: string | null;
  /** The issuance of its credits. */
  readonly issuance_id: string | null;
  readonly record: GhgStatementRecord;
}

/** Statement statuses in which its entries may still change (the lifecycle's amendable ones). */
export const AMENDABLE_STATUSES: readonly GhgStatementStatus[] = ['DRAFT', 'FAILED_VERIFICATION'];

export interface StorageLocationRow {
  readonly id: string;
  readonly owner: string;
  readonly project_id: string;
  readonly supplier_id: string;
  readonly name: string;
  readonly storage_method: StorageMethod;
  readonly description: string | null;
  readonly latitude: number | null;
  readonly longitude: number | null;
  readonly supplier_reference_id: string | null;
}

export interface BiocharApplicationRow {
  readonly id: string;
  readonly owner: string;
  readonly project_id: string;
  readonly application_date: string;
  readonly average_application_rate: QuantityRow;
  readonly production_batch_id: string;
  readonly storage_location_id: string;
  readonly supplier_reference_id: string;
  readonly truck_mass_on_arrival: QuantityRow;
  readonly truck_mass_on_departure: QuantityRow;
  readonly source_ids: readonly string[];
  readonly removal_id: string | null;
  readonly uploaded_at: string;
}

export interface MeasurementLocationRow {
  readonly id: string;
  readonly owner: string;
  readonly project_id: string;
  readonly latitude: number;
  readonly longitude: number;
  readonly supplier_reference_id: string | null;
}

export interface MeasurementValueRow {
  readonly datapoint_id: string;
  readonly measurement_property: { readonly quantity_kind: string; readonly qualifier: string | null };
}

export interface MeasurementSampleRow {
  readonly id: string;
  readonly owner: string;
  readonly project_id: string;
  readonly supplier_reference_id: string | null;
  readonly measured_at: string;
  readonly measurement_location_id: string | null;
  readonly production_batch_id: string | null;
  readonly feedstock_batch_id: string | null;
  readonly storage_location_id: string | null;
  readonly values: readonly MeasurementValueRow[];
}

export interface SubmissionRow {
  readonly id: string;
  readonly owner: string;
  readonly file_upload_id: string;
  readonly submission_type: DataUploadSubmissionType;
  readonly status: DataUploadSubmissionStatus;
  readonly facility_id: string | null;
  readonly storage_location_id: string | null;
  readonly error_message: string | null;
  readonly created_at: string;
}

export interface OrderRow {
  readonly id: string;
  /** The buyer. */
  readonly organisation_id: string;
  readonly supplier_id: string;
  /** Credits ordered in kg; 0 when the order names no amount. */
  readonly credits_ordered_kg: number;
  readonly created_at: string;
}

/** The kinds of record of the credit ledger. */
export type LedgerKind = 'issuance' | 'credit_batch' | TransactionKind;

/**
 * A record of the credit ledger, kept here for its place in the creation order (cursors) and for
 * the keys the registry lists page through (`kind`, `kind|field|value`, see ledger-keys.ts).
 */
export interface LedgerEntryRow {
  readonly id: string;
  readonly kind: LedgerKind;
  readonly keys: readonly string[];
}

export interface StorageUnitRow {
  readonly id: string;
  readonly owner: string;
  readonly storage_location_id: string;
  readonly supplier_id: string;
  readonly name: string;
  readonly description: string | null;
  readonly latitude: number | null;
  readonly longitude: number | null;
  readonly supplier_reference_id: string | null;
}

export interface SensorRow {
  readonly id: string;
  readonly owner: string;
  readonly project_id: string;
  readonly reference: string;
  readonly measurement_property: { readonly quantity_kind: string; readonly qualifier: string | null };
  readonly units: string;
  readonly manufacturer: string | null;
  readonly model: string | null;
  readonly storage_location_id: string | null;
  readonly facility_id: string | null;
}

/** A monitoring requirement: set by the service (world or test helper), met by the supplier's submissions. */
export interface MonitoringRequirementRow {
  readonly id: string;
  readonly owner: string;
  readonly project_id: string;
  readonly storage_location_id: string | null;
  readonly storage_unit_id: string | null;
  readonly display_name: string;
  readonly monitoring_phase: MonitoringPhase;
  readonly frequency: Frequency;
  readonly notes: string | null;
}

export interface MonitoringSubmissionRow {
  readonly id: string;
  readonly owner: string;
  readonly project_id: string;
  readonly project_monitoring_requirement_id: string;
  readonly source_id: string;
  readonly valid_from: string;
  readonly valid_to: string | null;
  readonly supplier_reference_id: string | null;
  readonly notes: string | null;
}

/** A public document of a project on the registry. */
export interface ProjectDocumentRow {
  readonly id: string;
  readonly owner: string;
  readonly project_id: string;
  readonly display_name: string;
  readonly url: string;
}

/** A supplier's Stripe configuration (the world's; the sandbox never talks to Stripe). */
export interface StripeConfigurationRow {
  /** The supplier id. */
  readonly id: string;
  readonly account_id: string;
  readonly credit_product_price_per_tonne: string | null;
  readonly verification_product_price_per_tonne: string | null;
  readonly currency: string | null;
  readonly isometric_terms_and_conditions_url: string;
}

/** A simulated Stripe checkout session: completing it (test helper) creates the order. */
export interface CheckoutSessionRow {
  readonly id: string;
  /** The organisation that opened it (the supplier's storefront). */
  readonly owner: string;
  readonly supplier_id: string;
  readonly quantity_kg: number;
  readonly frequency: z.output<typeof stripeSubscriptionFrequencySchema>;
  readonly customer_email: string | null;
  readonly success_url: string;
  readonly cancel_url: string;
  readonly status: 'open' | 'complete';
  readonly order_id: string | null;
}
