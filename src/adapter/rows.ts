/**
 * What the store holds: the service's resources in their own field names, plus the owning
 * organisation (`owner`) and the links the service keeps to itself. Rows are immutable; a change
 * stores a new row. A row that stores a resource is that resource's schema output (see `Stored`),
 * less the fields the service computes when it answers, plus its links: its fields and their
 * enumerations are declared once, by the schema.
 */
import type { z } from 'zod';
import type { biocharApplicationSchema, sensorSchema, storageLocationSchema, storageUnitSchema } from './resources/storage/schemas';
import type {
  ComponentBlueprintDefinition,
  ComponentType,
  GhgStatementStatus,
  organisationSchema,
  ProjectComponentAllocationStrategy,
  ScalarQuantity,
} from '../model';
import type { componentAttributionSchema, removalSchema } from './resources/removals/schemas';
import type { componentListInputSchema, ComponentScope, componentSchema } from './resources/components/schemas';
import type { datapointSchema } from './resources/datapoints/schemas';
import type {
  projectSchema,
  removalTemplateComponentInputSchema,
  removalTemplateComponentSchema,
  removalTemplateGroupSchema,
  removalTemplateSchema,
} from './resources/projects/schemas';
import type { sourceSchema } from './resources/sources/schemas';
import type {
  dataUploadSubmissionSchema,
  fileUploadSchema,
  monitoringSubmissionSchema,
  projectMonitoringRequirementSchema,
} from './resources/monitoring/schemas';
import type { feedstockBatchSchema, feedstockTypeSchema, productionBatchSchema } from './resources/feedstock/schemas';
import type { measurementLocationSchema, measurementSampleSchema, measurementValueSchema } from './resources/measurements/schemas';
import type { projectDocumentSchema, registryProjectSchema } from './resources/registry-parties/schemas';
import type { stripeSubscriptionFrequencySchema, supplierStripeConfigurationSchema } from './resources/stripe/schemas';
import type { GhgEntryResult, GhgStatementRecord } from '../accounting';
import type { SupplierView } from '../registry';
import type { TransactionKind } from '../registry/pipeline';

/** A stored value: every field present (null for "not set") and read-only, at every depth. */
type Settled<T> = T extends readonly (infer U)[]
  ? readonly Settled<U>[]
  : T extends object
    ? { readonly [K in keyof T]-?: Settled<Exclude<T[K], undefined>> }
    : T;

/** The resource of schema `S` as stored: its output, settled, without the fields `Computed` the service works out when it answers. */
type Stored<S extends z.ZodType, Computed extends keyof z.output<S> = never> = Settled<Omit<z.output<S>, Computed>>;

/** The fields `K` of the resource of schema `S`, as stored (for a row that keeps few of a resource's fields). */
type StoredFields<S extends z.ZodType, K extends keyof z.output<S>> = Settled<Pick<z.output<S>, K>>;

/** The organisation owning a row. */
interface Owned {
  readonly owner: string;
}

/** A quantity as stored. */
export type QuantityRow = Settled<ScalarQuantity>;

/** A supplier record: the registry's supplier without its organisation (the row holding it). */
export type SupplierRow = Omit<SupplierView, 'organisation'>;

export type OrganisationRow = Stored<typeof organisationSchema> & {
  readonly supplier: SupplierRow | null;
  readonly buffer_pool: boolean;
  /**
   * The organisation that registered this one as a retirement beneficiary (`POST /beneficiary`);
   * null for the organisations of the world. A beneficiary is seen by the one that registered it.
   */
  readonly registered_by: string | null;
  /** An individual beneficiary's e-mail address (never shown; an organisation's domain is). */
  readonly email: string | null;
};

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

/** A project: its data ingestion view, its registry details, and what the accounting reads of it. */
export type ProjectRow = Stored<typeof projectSchema> &
  Owned & {
    readonly risk_of_reversal_percentage: number | null;
    readonly verifier_organisation_id: string | null;
    readonly project_code: string;
    readonly pathway_code: string;
    /** The project's estimated gross sequestration, for ESTIMATED_PROJECT_TONNAGE amortisation. */
    readonly estimated_gross_tonnage_kg: number | null;
    /** The project's estimated lifetime (a time quantity), for ESTIMATED_PROJECT_LIFETIME amortisation. */
    readonly estimated_lifetime: { readonly magnitude: number; readonly unit: string } | null;
    /** Registry details (OpenAPI registry Project). */
    readonly registry: StoredFields<
      typeof registryProjectSchema,
      'status' | 'pathway' | 'protocol_slug' | 'validator_name' | 'crediting_period_start' | 'crediting_period_end'
    >;
  };

export type FeedstockTypeRow = Stored<typeof feedstockTypeSchema> & Owned;

export type FeedstockBatchRow = Stored<typeof feedstockBatchSchema> & Owned;

export type ProductionBatchRow = Stored<typeof productionBatchSchema> & Owned;

export interface FacilityRow {
  readonly id: string;
  readonly owner: string;
  readonly project_id: string | null;
  readonly name: string;
}

export type FileUploadRow = Stored<typeof fileUploadSchema> &
  Owned & {
    readonly file_name: string;
    readonly content_type: string;
    readonly content_length: number | null;
  };

/** A blueprint (row id = blueprint key). */
export interface BlueprintRow {
  readonly id: string;
  readonly definition: ComponentBlueprintDefinition;
}

export type TemplateInputRow = Stored<typeof removalTemplateComponentInputSchema, 'type' | 'quantity_kind'>;

export type TemplateComponentRow = Stored<
  typeof removalTemplateComponentSchema,
  'removal_template_component_group_id' | 'removal_template_id' | 'inputs'
> & {
  readonly inputs: readonly TemplateInputRow[];
};

export type TemplateGroupRow = Stored<typeof removalTemplateGroupSchema, 'components'> & {
  readonly components: readonly TemplateComponentRow[];
};

export type TemplateRow = Stored<typeof removalTemplateSchema, 'groups'> &
  Owned & {
    readonly process_key: string;
    readonly groups: readonly TemplateGroupRow[];
  };

/** A datapoint; its lock state is worked out when it is shown. */
export type DatapointRow = Stored<typeof datapointSchema, 'project_id' | 'locked_status'> &
  Owned & {
    readonly project_id: string;
    readonly measurement_sample_id: string | null;
  };

/** A source; its type and address are worked out from its file when it is shown. */
export type SourceRow = Stored<typeof sourceSchema, 'display_name' | 'original_filename' | 'type' | 'url_info' | 'project_id'> &
  Owned & {
    readonly project_id: string;
    readonly display_name: string;
    readonly file_name: string | null;
    readonly content_type: string | null;
    readonly content_length: number | null;
  };

export type ComponentInputRow = Stored<typeof componentListInputSchema, '__typename'>;

/** Where a component is attributed (the OpenAPI's ComponentScope, less NET_NEGATIVITY). */
export type ComponentScopeValue = Exclude<ComponentScope, 'NET_NEGATIVITY'>;

/** How a project component is amortised (docs/rules.md#statement-and-project-components). */
export type AllocationStrategyValue = ProjectComponentAllocationStrategy;

/** A component; `allocation_strategy` is that of a PROJECT component, its type is its blueprint's. */
export type ComponentRow = Stored<typeof componentSchema, 'type' | 'scope' | 'ghg_entry_template_component_id' | 'inputs'> &
  Owned & {
    /** REMOVAL: attributed to GHG entries; GHG_STATEMENT: split evenly over a statement's entries; PROJECT: amortised. */
    readonly scope: ComponentScopeValue;
    /** The statement of a GHG_STATEMENT component. */
    readonly ghg_statement_id: string | null;
    readonly inputs: readonly ComponentInputRow[];
  };

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
    | 'co2e_net_removed_kg'
    | 'co2e_net_removed_without_discount_kg'
    | 'co2e_net_removed_standard_deviation_kg'
    | 'risk_of_reversal_percentage'
    | 'issuable_kg'
    | 'credit_allocation'
  > {
  readonly parts: readonly ComponentPartRow[];
}

export type RemovalRow = StoredFields<
  typeof removalSchema,
  'id' | 'started_on' | 'completed_on' | 'feedstock_type_id' | 'ghg_statement_id' | 'removal_template_id'
> &
  Owned & {
    readonly project_id: string;
    readonly supplier_reference_id: string;
    readonly result: RemovalResultRow;
  };

/**
 * An attribution (one spelling of each id: the removal's); `attribution_factor` is the share, or
 * with a legacy factor datapoint the datapoint's magnitude when it was attributed.
 */
export type AttributionRow = Stored<typeof componentAttributionSchema, 'ghg_entry_id' | 'ghg_entry_template_component_id'> & {
  readonly attribution_factor_datapoint_id: string | null;
};

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
  /**
   * The total its entries give now when it differs from the frozen submission (the statement's
   * `pending_total_co2e_removed_kg`), kept current by the changes of its entries; absent or null
   * when nothing is pending.
   */
  readonly pending_total_co2e_removed_kg?: number | null;
}

/** Statement statuses in which its entries may still change (the lifecycle's amendable ones). */
export const AMENDABLE_STATUSES: readonly GhgStatementStatus[] = ['DRAFT', 'FAILED_VERIFICATION'];

export type StorageLocationRow = Stored<typeof storageLocationSchema> & Owned;

/** A biochar application (one spelling of its GHG entry id: `removal_id`). */
export type BiocharApplicationRow = Stored<typeof biocharApplicationSchema, 'ghg_entry_id' | 'supplier_reference_id'> &
  Owned & {
    readonly project_id: string;
    readonly supplier_reference_id: string;
  };

export type MeasurementLocationRow = Stored<typeof measurementLocationSchema> & Owned & { readonly project_id: string };

/** A value of a sample: its datapoint (whose value is shown only to who may see it). */
export type MeasurementValueRow = Stored<typeof measurementValueSchema, 'value'>;

export type MeasurementSampleRow = Stored<typeof measurementSampleSchema, 'values'> &
  Owned & {
    readonly project_id: string;
    readonly feedstock_batch_id: string | null;
    readonly storage_location_id: string | null;
    readonly values: readonly MeasurementValueRow[];
  };

export type SubmissionRow = Stored<typeof dataUploadSubmissionSchema> & Owned & { readonly created_at: string };

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

export type StorageUnitRow = Stored<typeof storageUnitSchema> & Owned;

export type SensorRow = Stored<typeof sensorSchema> &
  Owned & {
    readonly storage_location_id: string | null;
    readonly facility_id: string | null;
  };

/** A monitoring requirement: set by the service (world or test helper), met by the supplier's submissions. */
export type MonitoringRequirementRow = Stored<typeof projectMonitoringRequirementSchema> & Owned;

export type MonitoringSubmissionRow = Stored<typeof monitoringSubmissionSchema, 'valid_from'> &
  Owned & {
    readonly project_id: string;
    readonly valid_from: string;
  };

/** A public document of a project on the registry. */
export type ProjectDocumentRow = Stored<typeof projectDocumentSchema> & Owned;

/** A supplier's Stripe configuration (the world's; the sandbox never talks to Stripe); its id is the supplier's. */
export type StripeConfigurationRow = Stored<typeof supplierStripeConfigurationSchema>;

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
