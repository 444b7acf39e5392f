/**
 * The world document (docs/rules.md#world-document-and-test-helpers): the records that only the service itself can create, in the
 * service's own shapes plus an owner (`owner_organisation_id`). Every collection is optional.
 * Response-only fields (`locked_status`, `uploaded_at`, ...) are filled in by the service.
 */
import type { RemovalGraphInput } from '../model';
import type { CarbonRemovalDataView, CreditBatchQuantityInput, RefundInput, SupplierInput, SupplierLocationView, TransferInput } from '../registry';

/**
 * A quantity in a world document.
 * @public
 */
export interface WorldQuantity {
  /** The value. */
  readonly magnitude: number;
  /** Its unit, e.g. `t` or `kgCO2e/kWh`. */
  readonly unit: string;
  /** Standard deviation in the same unit; null or absent: not part of the variance propagation. */
  readonly standard_deviation?: number | null;
}

/**
 * An organisation; with `supplier` it can own projects and receive credits.
 * @public
 */
export interface WorldOrganisation {
  /** `org_` id. */
  readonly id: string;
  /** Display name. */
  readonly name: string;
  /** Web domain. */
  readonly domain?: string | null;
  /**
   * The organisation's supplier record, when it supplies removals: the registry's supplier, whose
   * organisation is this one; the location's `description` may be left out.
   */
  readonly supplier?: Omit<SupplierInput, 'organisation' | 'location'> & {
    /** Where the supplier is. */
    readonly location?: (Omit<SupplierLocationView, 'description'> & { readonly description?: string | null }) | null;
  };
  /** Whether this organisation holds the buffer pool (at most one may). */
  readonly buffer_pool?: boolean;
}

/**
 * A client application and its secret (sent as `x-client-secret`).
 * @public
 */
export interface WorldClient {
  /** The secret. */
  readonly client_secret: string;
  /** A name for humans. */
  readonly name?: string;
}

/**
 * A bearer token scoped to one organisation. Give `expires_at`, or `generated_at` (it then
 * expires one year later).
 * @public
 */
export interface WorldAccessToken {
  /** The token as sent after `Bearer `. */
  readonly token: string;
  /** `org_` id of the organisation it acts for. */
  readonly organisation_id: string;
  /** UTC date-time after which it is refused. */
  readonly expires_at?: string;
  /** UTC date-time it was generated. */
  readonly generated_at?: string;
}

/**
 * A project of a supplier organisation.
 * @public
 */
export interface WorldProject {
  /** `prj_` id. */
  readonly id: string;
  /** The supplier organisation that owns it. */
  readonly owner_organisation_id: string;
  /** Name. */
  readonly name: string;
  /** ISO 3166-1 alpha-3 country (the country of issue of its credits). */
  readonly country_code: string;
  /** Description. */
  readonly description?: string | null;
  /** Short description. */
  readonly short_description?: string | null;
  /** The deprecated process key; `process_key` of its templates when they carry none. */
  readonly process_key?: string;
  /** Risk of reversal in percent, applied to every GHG entry of the project; null: not set. */
  readonly risk_of_reversal_percentage?: number | null;
  /** Risk-of-reversal rating shown on the project (`low`, `medium`, ...); null: not rated. */
  readonly risk_of_reversal?: 'no_observable_risk' | 'very_low_v2' | 'very_low' | 'low' | 'medium' | 'high' | 'risk_assessment_driven' | null;
  /** The verifier organisation assigned to the project's GHG statements. */
  readonly verifier_organisation_id?: string | null;
  /** Short code in serial numbers (letters and digits); default from the id. */
  readonly project_code?: string;
  /** Pathway code in serial numbers (letters and digits); default `CDR`. */
  readonly pathway_code?: string;
  /** Estimated gross sequestration of the project in kg (ESTIMATED_PROJECT_TONNAGE amortisation). */
  readonly estimated_gross_tonnage_kg?: number | null;
  /** Estimated lifetime, a time quantity such as `{magnitude: 10, unit: "yr"}` (ESTIMATED_PROJECT_LIFETIME amortisation). */
  readonly estimated_lifetime?: { readonly magnitude: number; readonly unit: string } | null;
  /** Registry status (default `validated`). */
  readonly status?: 'draft' | 'preview' | 'under_validation' | 'validated' | 'validation_unsuccessful' | 'cancelled';
  /** Registry pathway (default `biomass_carbon_removal_and_storage`). */
  readonly pathway?: 'biomass_carbon_removal_and_storage' | 'direct_air_capture' | 'enhanced_weathering' | 'carbon_mineralization' | 'reforestation' | 'marine' | 'superpollutants';
  /** Protocol slug on the registry. */
  readonly protocol_slug?: string;
  /** Name of the validation body. */
  readonly validator_name?: string | null;
  /** Start of the crediting period, `YYYY-MM-DD`. */
  readonly crediting_period_start?: string | null;
  /** End of the crediting period, `YYYY-MM-DD`. */
  readonly crediting_period_end?: string | null;
}

/**
 * A monitoring requirement the service set on a project (optionally on one storage location or unit).
 * @public
 */
export interface WorldMonitoringRequirement {
  /** `mnr_` id. */
  readonly id: string;
  /** Project. */
  readonly project_id: string;
  /** Name. */
  readonly display_name: string;
  /** Phase of the project it applies to. */
  readonly monitoring_phase: 'pre_op' | 'operation' | 'post_op' | 'feedstock';
  /** How often it must be met. */
  readonly frequency: 'na' | 'once' | 'optional' | 'if_needed' | 'every_1_days' | 'every_1_months' | 'every_2_weeks' | 'every_3_months' | 'every_6_months' | 'every_2_years' | 'every_5_years';
  /** Notes. */
  readonly notes?: string | null;
}

/**
 * A public document of a project on the registry.
 * @public
 */
export interface WorldProjectDocument {
  /** `pjd_` id. */
  readonly id: string;
  /** Project. */
  readonly project_id: string;
  /** Name. */
  readonly display_name: string;
  /** Where it is published. */
  readonly url: string;
}

/**
 * A supplier's Stripe configuration (the sandbox only simulates checkout).
 * @public
 */
export interface WorldStripeConfiguration {
  /** The supplier (`spl_`). */
  readonly supplier_id: string;
  /** Stripe account id. */
  readonly account_id: string;
  /** Price per tonne of credits, a decimal string. */
  readonly credit_product_price_per_tonne?: string | null;
  /** Price per tonne of verification, a decimal string. */
  readonly verification_product_price_per_tonne?: string | null;
  /** Currency code. */
  readonly currency?: string | null;
  /** Terms and conditions shown at checkout. */
  readonly isometric_terms_and_conditions_url: string;
}

/**
 * A feedstock type of a supplier.
 * @public
 */
export interface WorldFeedstockType {
  /** `ftt_` id. */
  readonly id: string;
  /** Owner. */
  readonly owner_organisation_id: string;
  /** Name. */
  readonly name: string;
  /** Client reference, unique per supplier. */
  readonly supplier_reference_id?: string | null;
}

/**
 * A production batch (of biochar).
 * @public
 */
export interface WorldProductionBatch {
  /** `ptb_` id. */
  readonly id: string;
  /** Owner. */
  readonly owner_organisation_id: string;
  /** `fcl_` id of the facility that produced it. */
  readonly facility_id: string;
  /** Feedstock types used. */
  readonly feedstock_type_ids?: readonly string[];
  /** Client reference. */
  readonly supplier_reference_id?: string | null;
  /** Start of production (UTC date-time). */
  readonly started_at: string;
  /** End of production (UTC date-time). */
  readonly ended_at: string;
  /** Name. */
  readonly display_name?: string;
  /** Mass produced. */
  readonly mass: WorldQuantity;
}

/**
 * A facility (pyrolysis reactor, DAC plant, treatment plant).
 * @public
 */
export interface WorldFacility {
  /** `fcl_` id. */
  readonly id: string;
  /** Owner. */
  readonly owner_organisation_id: string;
  /** Project it serves. */
  readonly project_id?: string | null;
  /** Name. */
  readonly name: string;
}

/**
 * An uploaded data file, ready to be submitted for processing.
 * @public
 */
export interface WorldFileUpload {
  /** `tfu_` id. */
  readonly id: string;
  /** Owner. */
  readonly owner_organisation_id: string;
  /** File name. */
  readonly file_name: string;
  /** Media type (default `application/vnd.apache.parquet`). */
  readonly content_type?: string;
  /** Size in bytes. */
  readonly content_length?: number;
}

/**
 * A component blueprint, in the removal graph document's shape without its library extension
 * `result_expression_key` (the service's blueprints have none: their result is the single sink).
 * @public
 */
export type WorldComponentBlueprint = Omit<RemovalGraphInput['component_blueprints'][number], 'result_expression_key'>;

/**
 * A removal (GHG entry) template of a project.
 * @public
 */
export interface WorldRemovalTemplate {
  /** `rvt_` id. */
  readonly id: string;
  /** `prj_` id; the project's owner owns the template. */
  readonly project_id: string;
  /** Name. */
  readonly display_name: string;
  /** Client reference. */
  readonly supplier_reference_id?: string | null;
  /** The deprecated process key naming this template (default: the project's). */
  readonly process_key?: string;
  /** Component groups. */
  readonly groups: readonly {
    /** `rtg_` id. */
    readonly id: string;
    /** Key, also the deprecated process step key. */
    readonly key: string;
    /** Name. */
    readonly display_name: string;
    /** Description. */
    readonly description?: string;
    /** Component slots. */
    readonly components: readonly {
      /** `rtc_` id. */
      readonly id: string;
      /** Name. */
      readonly display_name: string;
      /** Description. */
      readonly description?: string | null;
      /** Blueprint instantiated. */
      readonly blueprint_key: string;
      /** Inputs with their default datapoint (null: the request must supply one). */
      readonly inputs: readonly {
        readonly input_key: string;
        readonly display_name?: string;
        readonly datapoint_id?: string | null;
      }[];
    }[];
  }[];
}

/**
 * A datapoint.
 * @public
 */
export interface WorldDatapoint {
  /** `dtp_` id. */
  readonly id: string;
  /** Owner. */
  readonly owner_organisation_id: string;
  /** `prj_` id. */
  readonly project_id: string;
  /** Name. */
  readonly display_name: string;
  /** Description. */
  readonly description?: string | null;
  /** `CONSTANT`, `STANDARD_PUBLISHED_VALUE`, `REPORTED` (default), `ASSUMPTION` or `DERIVED`. */
  readonly type?: 'CONSTANT' | 'STANDARD_PUBLISHED_VALUE' | 'REPORTED' | 'ASSUMPTION' | 'DERIVED';
  /** The value. */
  readonly quantity: WorldQuantity;
  /** Sources backing it. */
  readonly source_ids?: readonly string[];
  /** UTC date-time of the measurement. */
  readonly measured_at?: string | null;
  /** Client reference. */
  readonly supplier_reference_id?: string | null;
  /** Why its uncertainty is what it is. */
  readonly uncertainty_justification?: string | null;
}

/**
 * A source document.
 * @public
 */
export interface WorldSource {
  /** `src_` id. */
  readonly id: string;
  /** Owner. */
  readonly owner_organisation_id: string;
  /** `prj_` id. */
  readonly project_id: string;
  /** Name (public once the GHG entries it backs are on the registry). */
  readonly display_name: string;
  /** Client reference. */
  readonly supplier_reference_id?: string | null;
  /** Whether the document itself may be published. */
  readonly is_public?: boolean;
  /** File name of the document. */
  readonly file_name?: string | null;
  /** Publication date. */
  readonly published_at?: string | null;
}

/**
 * A component: a blueprint instantiated with datapoints.
 * @public
 */
export interface WorldComponent {
  /** `cmp_` id. */
  readonly id: string;
  /** Owner. */
  readonly owner_organisation_id: string;
  /** `prj_` id. */
  readonly project_id: string;
  /** Blueprint key. */
  readonly blueprint_key: string;
  /** Name. */
  readonly display_name: string;
  /** Description. */
  readonly description?: string | null;
  /** Start of the activity (UTC date-time). */
  readonly activity_started_at?: string | null;
  /** End of the activity (UTC date-time). */
  readonly activity_completed_at?: string | null;
  /** One entry per blueprint input. */
  readonly inputs: readonly { readonly input_key: string; readonly datapoint_ids?: readonly string[]; readonly datapoint_id?: string }[];
  /** Client reference. */
  readonly supplier_reference_id?: string | null;
  /** Template component it instantiates. */
  readonly removal_template_component_id?: string | null;
}

/**
 * A measurement sample; its values are datapoints of the world.
 * @public
 */
export interface WorldMeasurementSample {
  /** `mts_` id. */
  readonly id: string;
  /** Owner. */
  readonly owner_organisation_id: string;
  /** `prj_` id. */
  readonly project_id: string;
  /** Date of measurement. */
  readonly measured_at: string;
  /** Client reference. */
  readonly supplier_reference_id?: string | null;
  /** `mlc_` id. */
  readonly measurement_location_id?: string | null;
  /** `ptb_` id. */
  readonly production_batch_id?: string | null;
  /** Measured values: datapoints of the world and what they measure. */
  readonly values?: readonly {
    readonly datapoint_id: string;
    readonly measurement_property: { readonly quantity_kind: string; readonly qualifier?: string | null };
  }[];
}

/**
 * An order of a buyer from a supplier; deliveries fulfil it.
 * @public
 */
export interface WorldOrder {
  /** `ord_` id. */
  readonly id: string;
  /** The buyer organisation. */
  readonly organisation_id: string;
  /** `spl_` id of the supplier. */
  readonly supplier_id: string;
  /** Credits ordered, in kg (default 0: no amount named). */
  readonly credits_ordered_kg?: number;
}

/**
 * A credit batch issued before the world starts, to the supplier owning `project_id` (or to the
 * buffer pool).
 * @public
 */
export interface WorldCreditBatch {
  /** `ctb_` id. */
  readonly id: string;
  /** `prj_` id. */
  readonly project_id: string;
  /** `rmv_` id of the GHG entry it was issued for. */
  readonly ghg_entry_id: string;
  /** Date of sequestration; its year is the vintage. */
  readonly sequestered_on: string;
  /** Size in whole kilograms. */
  readonly size_kg: number;
  /** `supplier` (default) or `buffer_pool`. */
  readonly pool?: 'supplier' | 'buffer_pool';
  /** When it was issued (default: the clock at start). */
  readonly issued_at?: string;
  /** Figures of the GHG entry (default zeros). */
  readonly carbon_removal_data?: CarbonRemovalDataView;
  /** Issued under a CCP-approved project. */
  readonly ccp_approved?: boolean;
}

/**
 * Kilograms of a batch in a world transaction.
 * @public
 */
export interface WorldCreditBatchQuantity extends CreditBatchQuantityInput {
  /** Whole kilograms, a JSON number (the batch is a world credit batch not split by an earlier world transaction). */
  readonly credit_quantity_kg: number;
}

/**
 * A delivery made before the world starts.
 * @public
 */
export interface WorldDelivery {
  /** `dlv_` id. */
  readonly id: string;
  /** `ord_` id. */
  readonly order_id: string;
  /** Batches delivered. */
  readonly credit_batch_quantities: readonly WorldCreditBatchQuantity[];
  /** Public note. */
  readonly notes?: string | null;
  /** When (default: the clock at start). */
  readonly delivered_at?: string;
}

/**
 * A transfer made before the world starts.
 * @public
 */
export interface WorldTransfer extends Omit<TransferInput, 'credit_batch_quantities'> {
  /** `tfr_` id. */
  readonly id: string;
  /** Batches transferred. */
  readonly credit_batch_quantities: readonly WorldCreditBatchQuantity[];
  /** When (default: the clock at start). */
  readonly transferred_at?: string;
}

/**
 * A buffer-pool refund made before the world starts.
 * @public
 */
export interface WorldRefund extends Omit<RefundInput, 'from_buffer_pool_organisation_id' | 'credit_batch_quantities'> {
  /** `bpr_` id. */
  readonly id: string;
  /** Buffer-pool batches refunded (from the organisation marked `buffer_pool`). */
  readonly credit_batch_quantities: readonly WorldCreditBatchQuantity[];
  /** When (default: the clock at start). */
  readonly refunded_at?: string;
}

/**
 * The world document: what a sandbox starts with (docs/rules.md#world-document-and-test-helpers).
 * @public
 */
export interface WorldDocument {
  /** Organisations, with their supplier records. */
  readonly organisations?: readonly WorldOrganisation[];
  /** Client applications. */
  readonly clients?: readonly WorldClient[];
  /** Bearer tokens. */
  readonly access_tokens?: readonly WorldAccessToken[];
  /** Projects. */
  readonly projects?: readonly WorldProject[];
  /** Feedstock types. */
  readonly feedstock_types?: readonly WorldFeedstockType[];
  /** Production batches. */
  readonly production_batches?: readonly WorldProductionBatch[];
  /** Facilities. */
  readonly facilities?: readonly WorldFacility[];
  /** Uploaded data files. */
  readonly file_uploads?: readonly WorldFileUpload[];
  /** Component blueprints (visible to every organisation). */
  readonly component_blueprints?: readonly WorldComponentBlueprint[];
  /** Removal templates. */
  readonly removal_templates?: readonly WorldRemovalTemplate[];
  /** Datapoints. */
  readonly datapoints?: readonly WorldDatapoint[];
  /** Sources. */
  readonly sources?: readonly WorldSource[];
  /** Components. */
  readonly components?: readonly WorldComponent[];
  /** Measurement samples. */
  readonly measurement_samples?: readonly WorldMeasurementSample[];
  /** Orders. */
  readonly orders?: readonly WorldOrder[];
  /** Credit batches issued before the start. */
  readonly credit_batches?: readonly WorldCreditBatch[];
  /** Deliveries, replayed in order after the credit batches. */
  readonly deliveries?: readonly WorldDelivery[];
  /** Transfers, replayed in order after the deliveries. */
  readonly transfers?: readonly WorldTransfer[];
  /** Buffer-pool refunds, replayed in order after the transfers. */
  readonly refunds?: readonly WorldRefund[];
  /** Monitoring requirements of projects. */
  readonly monitoring_requirements?: readonly WorldMonitoringRequirement[];
  /** Public project documents. */
  readonly project_documents?: readonly WorldProjectDocument[];
  /** Stripe configurations of suppliers. */
  readonly stripe_configurations?: readonly WorldStripeConfiguration[];
  /** Registry settings: the registry code of serial numbers (default `CDR`). */
  readonly registry?: { readonly registry_code?: string };
}
