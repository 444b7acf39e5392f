/**
 * The zod schema of a world document (docs/rules.md#world-document-and-test-helpers): every collection with the shapes the
 * service gives its records, plus an owner. Unknown keys are reported by model/schema-walk.ts with the
 * nearest known key, so the objects here are not strict themselves. The document's types
 * (world-types.ts) are this schema's input, so each field is documented here, once.
 */
import * as z from 'zod';
import { componentBlueprintDefinitionSchema, idSchema, quantityKindSchema } from '../../model';
import { countryCodeSchema, dateSchema, dateTimeSchema } from '../../model/shapes';
import { pathwaySchema, projectStatusSchema } from '../resources/registry-parties/schemas';
import { frequencySchema, monitoringPhaseSchema } from '../resources/monitoring/schemas';
import { datapointTypeSchema } from '../resources/datapoints/schemas';
import { riskOfReversalSchema } from '../resources/projects/schemas';
import { CREDIT_POOLS } from '../../model/enums';

// The date, date-time and country checks take any value (to answer a wrong type in the service's
// words), so zod infers `unknown` as their input; the world document's type declares a string.
const date = dateSchema as z.ZodType<z.output<typeof dateSchema>, string>;
const dateTime = dateTimeSchema as z.ZodType<z.output<typeof dateTimeSchema>, string>;
const countryCode = countryCodeSchema as z.ZodType<z.output<typeof countryCodeSchema>, string>;

const text = z.string();
const optionalText = z.string().nullable().optional();
const reference = z.string().min(1).max(200).nullable().optional();
const quantity = z.object({
  /** The value. */
  magnitude: z.number().refine(Number.isFinite, 'must be a finite number'),
  /** Its unit, e.g. `t` or `kgCO2e/kWh`. */
  unit: z.string(),
  /** Standard deviation in the same unit; null or absent: not part of the variance propagation. */
  standard_deviation: z.number().gte(0).nullable().optional(),
});
const owner = idSchema('organisation');
const decimalText = z.string().regex(/^[+-]?\d*\.?\d+$/, 'must be a decimal number');
const serialCode = z.string().regex(/^[A-Za-z0-9]{1,32}$/, 'must be 1 to 32 letters or digits');
const batchQuantities = z
  .array(
    z.object({
      /** `ctb_` id of a world credit batch. */
      credit_batch_id: idSchema('credit_batch'),
      /** Whole kilograms, a JSON number (the batch is a world credit batch not split by an earlier world transaction). */
      credit_quantity_kg: z.number().int().gt(0),
    }),
  )
  .min(1)
  .readonly();

/** A collection of the document: a read-only list, empty when absent. */
function collection<T extends z.ZodType>(record: T) {
  return z.array(record).readonly().default([]);
}

/**
 * The schema of a world document: what a sandbox starts with (docs/rules.md#world-document-and-test-helpers). Every
 * collection is optional; response-only fields (`locked_status`, `uploaded_at`, ...) are filled in
 * by the service. `createSandbox` parses a world with it and also refuses unknown keys (naming the
 * nearest known one) and references to records the world lacks.
 */
export const worldSchema = z.object({
  /** Organisations, with their supplier records; with `supplier` an organisation can own projects and receive credits. */
  organisations: collection(
    z.object({
      /** `org_` id. */
      id: idSchema('organisation'),
      /** Display name. */
      name: text,
      /** Web domain. */
      domain: optionalText,
      /**
       * The organisation's supplier record, when it supplies removals: the registry's supplier, whose
       * organisation is this one; the location's `description` may be left out.
       */
      supplier: z
        .object({
          /** `spl_` id. */
          id: idSchema('supplier'),
          /** Short description. */
          short_description: optionalText,
          /** Long description. */
          long_description: optionalText,
          /** Where the supplier is. */
          location: z
            .object({
              /** ISO 3166-1 alpha-3 code. */
              country_code: countryCode,
              /** Country name. */
              country_name: text,
              /** Degrees, -90 to 90. */
              latitude: z.number().gte(-90).lte(90),
              /** Degrees, -180 to 180. */
              longitude: z.number().gte(-180).lte(180),
              /** Free text. */
              description: optionalText,
            })
            .nullable()
            .optional(),
        })
        .optional(),
      /** Whether this organisation holds the buffer pool (at most one may). */
      buffer_pool: z.boolean().optional(),
    }),
  ),
  /** Client applications and their secrets (sent as `x-client-secret`). */
  clients: collection(
    z.object({
      /** The secret. */
      client_secret: z.string().min(1),
      /** A name for humans. */
      name: z.string().optional(),
    }),
  ),
  /** Bearer tokens, each scoped to one organisation: give `expires_at`, or `generated_at` (it then expires one year later). */
  access_tokens: collection(
    z
      .object({
        /** The token as sent after `Bearer `. */
        token: z.string().min(1),
        /** `org_` id of the organisation it acts for. */
        organisation_id: owner,
        /** UTC date-time after which it is refused. */
        expires_at: dateTime.optional(),
        /** UTC date-time it was generated. */
        generated_at: dateTime.optional(),
      })
      .refine((t) => t.expires_at !== undefined || t.generated_at !== undefined, 'give expires_at or generated_at'),
  ),
  /** Projects of supplier organisations. */
  projects: collection(
    z.object({
      /** `prj_` id. */
      id: idSchema('project'),
      /** The supplier organisation that owns it. */
      owner_organisation_id: owner,
      /** Name. */
      name: text,
      /** ISO 3166-1 alpha-3 country (the country of issue of its credits). */
      country_code: countryCode,
      /** Description. */
      description: optionalText,
      /** Short description. */
      short_description: optionalText,
      /** The deprecated process key; `process_key` of its templates when they carry none. */
      process_key: z.string().optional(),
      /** Risk of reversal in percent, applied to every GHG entry of the project; null: not set. */
      risk_of_reversal_percentage: z.number().gte(0).lte(100).nullable().optional(),
      /** Risk-of-reversal rating shown on the project (`low`, `medium`, ...); null: not rated. */
      risk_of_reversal: riskOfReversalSchema.nullable().optional(),
      /** The verifier organisation assigned to the project's GHG statements. */
      verifier_organisation_id: owner.nullable().optional(),
      /** Short code in serial numbers (letters and digits); default from the id. */
      project_code: serialCode.optional(),
      /** Pathway code in serial numbers (letters and digits); default `CDR`. */
      pathway_code: serialCode.optional(),
      /** Estimated gross sequestration of the project in kg (ESTIMATED_PROJECT_TONNAGE amortisation). */
      estimated_gross_tonnage_kg: z.number().positive().nullable().optional(),
      /** Estimated lifetime, a time quantity such as `{magnitude: 10, unit: "yr"}` (ESTIMATED_PROJECT_LIFETIME amortisation). */
      estimated_lifetime: z.object({ magnitude: z.number().positive(), unit: z.string() }).nullable().optional(),
      /** Registry status (default `validated`). */
      status: projectStatusSchema.optional(),
      /** Registry pathway (default `biomass_carbon_removal_and_storage`). */
      pathway: pathwaySchema.optional(),
      /** Protocol slug on the registry. */
      protocol_slug: z.string().optional(),
      /** Name of the validation body. */
      validator_name: z.string().nullable().optional(),
      /** Start of the crediting period, `YYYY-MM-DD`. */
      crediting_period_start: date.nullable().optional(),
      /** End of the crediting period, `YYYY-MM-DD`. */
      crediting_period_end: date.nullable().optional(),
    }),
  ),
  /** Feedstock types of suppliers. */
  feedstock_types: collection(
    z.object({
      /** `ftt_` id. */
      id: idSchema('feedstock_type'),
      /** Owner. */
      owner_organisation_id: owner,
      /** Name. */
      name: text,
      /** Client reference, unique per supplier. */
      supplier_reference_id: reference,
    }),
  ),
  /** Production batches (of biochar). */
  production_batches: collection(
    z.object({
      /** `ptb_` id. */
      id: idSchema('production_batch'),
      /** Owner. */
      owner_organisation_id: owner,
      /** `fcl_` id of the facility that produced it. */
      facility_id: idSchema('facility'),
      /** Feedstock types used. */
      feedstock_type_ids: z.array(idSchema('feedstock_type')).readonly().optional(),
      /** Client reference. */
      supplier_reference_id: reference,
      /** Start of production (UTC date-time). */
      started_at: dateTime,
      /** End of production (UTC date-time). */
      ended_at: dateTime,
      /** Name. */
      display_name: z.string().optional(),
      /** Mass produced. */
      mass: quantity,
    }),
  ),
  /** Facilities (pyrolysis reactors, DAC plants, treatment plants). */
  facilities: collection(
    z.object({
      /** `fcl_` id. */
      id: idSchema('facility'),
      /** Owner. */
      owner_organisation_id: owner,
      /** Project it serves. */
      project_id: idSchema('project').nullable().optional(),
      /** Name. */
      name: text,
    }),
  ),
  /** Uploaded data files, ready to be submitted for processing. */
  file_uploads: collection(
    z.object({
      /** `tfu_` id. */
      id: idSchema('file_upload'),
      /** Owner. */
      owner_organisation_id: owner,
      /** File name. */
      file_name: text,
      /** Media type (default `application/vnd.apache.parquet`). */
      content_type: z.string().optional(),
      /** Size in bytes. */
      content_length: z.number().int().gte(0).optional(),
    }),
  ),
  // The service's blueprints have no result_expression_key (a graph-document extension): their
  // result is always the single sink, so a world document refuses the key like any unknown one.
  /** Component blueprints (visible to every organisation), in the removal graph document's shape without `result_expression_key`. */
  component_blueprints: collection(componentBlueprintDefinitionSchema.omit({ result_expression_key: true })),
  /** Removal (GHG entry) templates of projects. */
  removal_templates: collection(
    z.object({
      /** `rvt_` id. */
      id: idSchema('removal_template'),
      /** `prj_` id; the project's owner owns the template. */
      project_id: idSchema('project'),
      /** Name. */
      display_name: text,
      /** Client reference. */
      supplier_reference_id: reference,
      /** The deprecated process key naming this template (default: the project's). */
      process_key: z.string().optional(),
      /** Component groups. */
      groups: z
        .array(
          z.object({
            /** `rtg_` id. */
            id: idSchema('removal_template_component_group'),
            /** Key, also the deprecated process step key. */
            key: z.string().min(1),
            /** Name. */
            display_name: text,
            /** Description. */
            description: z.string().optional(),
            /** Component slots. */
            components: z
              .array(
                z.object({
                  /** `rtc_` id. */
                  id: idSchema('removal_template_component'),
                  /** Name. */
                  display_name: text,
                  /** Description. */
                  description: optionalText,
                  /** Blueprint instantiated. */
                  blueprint_key: z.string().min(1),
                  /** Inputs with their default datapoint (null: the request must supply one). */
                  inputs: z
                    .array(
                      z.object({
                        /** The blueprint input. */
                        input_key: z.string().min(1),
                        /** Name. */
                        display_name: z.string().optional(),
                        /** `dtp_` id of its default datapoint; null: the request must supply one. */
                        datapoint_id: idSchema('datapoint').nullable().optional(),
                      }),
                    )
                    .readonly(),
                }),
              )
              .readonly(),
          }),
        )
        .readonly(),
    }),
  ),
  /** Datapoints. */
  datapoints: collection(
    z.object({
      /** `dtp_` id. */
      id: idSchema('datapoint'),
      /** Owner. */
      owner_organisation_id: owner,
      /** `prj_` id. */
      project_id: idSchema('project'),
      /** Name. */
      display_name: text,
      /** Description. */
      description: optionalText,
      /** `CONSTANT`, `STANDARD_PUBLISHED_VALUE`, `REPORTED` (default), `ASSUMPTION` or `DERIVED`. */
      type: datapointTypeSchema.optional(),
      /** The value. */
      quantity,
      /** Sources backing it. */
      source_ids: z.array(idSchema('source')).readonly().optional(),
      /** UTC date-time of the measurement. */
      measured_at: dateTime.nullable().optional(),
      /** Client reference. */
      supplier_reference_id: reference,
      /** Why its uncertainty is what it is. */
      uncertainty_justification: optionalText,
    }),
  ),
  /** Source documents. */
  sources: collection(
    z.object({
      /** `src_` id. */
      id: idSchema('source'),
      /** Owner. */
      owner_organisation_id: owner,
      /** `prj_` id. */
      project_id: idSchema('project'),
      /** Name (public once the GHG entries it backs are on the registry). */
      display_name: text,
      /** Client reference. */
      supplier_reference_id: reference,
      /** Whether the document itself may be published. */
      is_public: z.boolean().optional(),
      /** File name of the document. */
      file_name: optionalText,
      /** Publication date. */
      published_at: date.nullable().optional(),
    }),
  ),
  /** Components: blueprints instantiated with datapoints. */
  components: collection(
    z.object({
      /** `cmp_` id. */
      id: idSchema('component'),
      /** Owner. */
      owner_organisation_id: owner,
      /** `prj_` id. */
      project_id: idSchema('project'),
      /** Blueprint key. */
      blueprint_key: z.string().min(1),
      /** Name. */
      display_name: text,
      /** Description. */
      description: optionalText,
      /** Start of the activity (UTC date-time). */
      activity_started_at: dateTime.nullable().optional(),
      /** End of the activity (UTC date-time). */
      activity_completed_at: dateTime.nullable().optional(),
      /** One entry per blueprint input. */
      inputs: z
        .array(
          z.object({
            /** The blueprint input. */
            input_key: z.string().min(1),
            /** `dtp_` ids (a LIST input). */
            datapoint_ids: z.array(idSchema('datapoint')).readonly().optional(),
            /** `dtp_` id (a SCALAR input). */
            datapoint_id: idSchema('datapoint').optional(),
          }),
        )
        .readonly(),
      /** Client reference. */
      supplier_reference_id: reference,
      /** Template component it instantiates. */
      removal_template_component_id: idSchema('removal_template_component').nullable().optional(),
    }),
  ),
  /** Measurement samples; their values are datapoints of the world. */
  measurement_samples: collection(
    z.object({
      /** `mts_` id. */
      id: idSchema('measurement_sample'),
      /** Owner. */
      owner_organisation_id: owner,
      /** `prj_` id. */
      project_id: idSchema('project'),
      /** Date of measurement. */
      measured_at: date,
      /** Client reference. */
      supplier_reference_id: reference,
      /** `mlc_` id. */
      measurement_location_id: idSchema('measurement_location').nullable().optional(),
      /** `ptb_` id. */
      production_batch_id: idSchema('production_batch').nullable().optional(),
      /** Measured values: datapoints of the world and what they measure. */
      values: z
        .array(
          z.object({
            /** `dtp_` id. */
            datapoint_id: idSchema('datapoint'),
            /** The quantity kind measured, and a qualifier. */
            measurement_property: z.object({ quantity_kind: quantityKindSchema, qualifier: z.string().nullable().optional() }),
          }),
        )
        .readonly()
        .optional(),
    }),
  ),
  /** Orders of buyers from suppliers; deliveries fulfil them. */
  orders: collection(
    z.object({
      /** `ord_` id. */
      id: idSchema('order'),
      /** The buyer organisation. */
      organisation_id: owner,
      /** `spl_` id of the supplier. */
      supplier_id: idSchema('supplier'),
      /** Credits ordered, in kg (default 0: no amount named). */
      credits_ordered_kg: z.number().int().gte(0).optional(),
    }),
  ),
  /** Credit batches issued before the start, to the supplier owning `project_id` (or to the buffer pool). */
  credit_batches: collection(
    z.object({
      /** `ctb_` id. */
      id: idSchema('credit_batch'),
      /** `prj_` id. */
      project_id: idSchema('project'),
      /** `rmv_` id of the GHG entry it was issued for. */
      ghg_entry_id: idSchema('ghg_entry'),
      /** Date of sequestration; its year is the vintage. */
      sequestered_on: date,
      /** Size in whole kilograms. */
      size_kg: z.number().int().gt(0),
      /** `supplier` (default) or `buffer_pool`. */
      pool: z.enum(CREDIT_POOLS).optional(),
      /** When it was issued (default: the clock at start). */
      issued_at: dateTime.optional(),
      /** Figures of the GHG entry, in kg (default zeros). */
      carbon_removal_data: z
        .object({
          /** Counterfactual emissions. */
          counterfactuals_kg: z.number(),
          /** Project emissions. */
          emissions_kg: z.number(),
          /** Gross CO2e removed. */
          gross_carbon_removed_kg: z.number(),
          /** Losses. */
          losses_kg: z.number(),
          /** Net CO2e removed. */
          net_carbon_removed_kg: z.number(),
        })
        .optional(),
      /** Issued under a CCP-approved project. */
      ccp_approved: z.boolean().optional(),
    }),
  ),
  /** Deliveries made before the start, replayed in order after the credit batches. */
  deliveries: collection(
    z.object({
      /** `dlv_` id. */
      id: idSchema('delivery'),
      /** `ord_` id. */
      order_id: idSchema('order'),
      /** Batches delivered. */
      credit_batch_quantities: batchQuantities,
      /** Public note of at most 256 characters. */
      notes: z.string().max(256).nullable().optional(),
      /** When (default: the clock at start). */
      delivered_at: dateTime.optional(),
    }),
  ),
  /** Transfers made before the start, replayed in order after the deliveries. */
  transfers: collection(
    z.object({
      /** `tfr_` id. */
      id: idSchema('transfer'),
      /** The organisation owning every batch. */
      from_organisation_id: owner,
      /** The receiver. */
      to_organisation_id: owner,
      /** Every batch must come from this supplier (`spl_`). */
      supplier_id: idSchema('supplier'),
      /** Batches transferred. */
      credit_batch_quantities: batchQuantities,
      /** Public note of at most 256 characters. */
      notes: z.string().max(256).nullable().optional(),
      /** When (default: the clock at start). */
      transferred_at: dateTime.optional(),
    }),
  ),
  /** Buffer-pool refunds made before the start, replayed in order after the transfers. */
  refunds: collection(
    z.object({
      /** `bpr_` id. */
      id: idSchema('refund'),
      /** The receiver. */
      to_organisation_id: owner,
      /** Buffer-pool batches refunded (from the organisation marked `buffer_pool`). */
      credit_batch_quantities: batchQuantities,
      /** Note of at most 256 characters. */
      notes: z.string().max(256).nullable().optional(),
      /** When (default: the clock at start). */
      refunded_at: dateTime.optional(),
    }),
  ),
  /** Monitoring requirements the service set on projects. */
  monitoring_requirements: collection(
    z.object({
      /** `mnr_` id. */
      id: idSchema('monitoring_requirement'),
      /** Project. */
      project_id: idSchema('project'),
      /** Name. */
      display_name: text,
      /** Phase of the project it applies to. */
      monitoring_phase: monitoringPhaseSchema,
      /** How often it must be met. */
      frequency: frequencySchema,
      /** Notes. */
      notes: optionalText,
    }),
  ),
  /** Public documents of projects on the registry. */
  project_documents: collection(
    z.object({
      /** `pjd_` id. */
      id: idSchema('project_document'),
      /** Project. */
      project_id: idSchema('project'),
      /** Name. */
      display_name: text,
      /** Where it is published. */
      url: z.string().min(1),
    }),
  ),
  /** Stripe configurations of suppliers (the sandbox only simulates checkout). */
  stripe_configurations: collection(
    z.object({
      /** The supplier (`spl_`). */
      supplier_id: idSchema('supplier'),
      /** Stripe account id. */
      account_id: z.string().min(1),
      /** Price per tonne of credits, a decimal string. */
      credit_product_price_per_tonne: decimalText.nullable().optional(),
      /** Price per tonne of verification, a decimal string. */
      verification_product_price_per_tonne: decimalText.nullable().optional(),
      /** Currency code. */
      currency: z.string().nullable().optional(),
      /** Terms and conditions shown at checkout. */
      isometric_terms_and_conditions_url: z.string().min(1),
    }),
  ),
  /** Registry settings: the registry code of serial numbers (default `CDR`). */
  registry: z.object({ registry_code: serialCode.optional() }).optional(),
});

/** A parsed world document. */
export type World = z.output<typeof worldSchema>;
