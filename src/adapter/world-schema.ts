/**
 * The zod schema of a world document (docs/rules.md#world-document-and-test-helpers): every collection with the shapes the
 * service gives its records, plus an owner. Unknown keys are reported by world-keys.ts with the
 * nearest known key, so the objects here are not strict themselves.
 */
import { z } from 'zod';
import { componentBlueprintDefinitionSchema, idSchema, quantityKindSchema } from '../model';
import { countryCodeSchema, dateSchema, dateTimeSchema } from '../model/shapes';
import { pathwaySchema, projectStatusSchema } from '../model/registry-resources';
import { frequencySchema, monitoringPhaseSchema } from '../model/resources-field';
import { datapointTypeSchema, riskOfReversalSchema } from '../model/resources';
import { CREDIT_POOLS } from '../model/enums';

const text = z.string();
const optionalText = z.string().nullable().optional();
const reference = z.string().min(1).max(200).nullable().optional();
const quantity = z.object({
  magnitude: z.number().refine(Number.isFinite, 'must be a finite number'),
  unit: z.string(),
  standard_deviation: z.number().gte(0).nullable().optional(),
});
const owner = idSchema('organisation');
const decimalText = z.string().regex(/^[+-]?\d*\.?\d+$/, 'must be a decimal number');
const serialCode = z.string().regex(/^[A-Za-z0-9]{1,32}$/, 'must be 1 to 32 letters or digits');
const batchQuantities = z
  .array(z.object({ credit_batch_id: idSchema('credit_batch'), credit_quantity_kg: z.number().int().gt(0) }))
  .min(1);

/** The schema of a world document. */
export const worldSchema = z
  .object({
    organisations: z
      .array(
        z.object({
          id: idSchema('organisation'),
          name: text,
          domain: optionalText,
          supplier: z
            .object({
              id: idSchema('supplier'),
              short_description: optionalText,
              long_description: optionalText,
              location: z
                .object({
                  country_code: countryCodeSchema,
                  country_name: text,
                  latitude: z.number().gte(-90).lte(90),
                  longitude: z.number().gte(-180).lte(180),
                  description: optionalText,
                })
                .nullable()
                .optional(),
            })
            .optional(),
          buffer_pool: z.boolean().optional(),
        }),
      )
      .default([]),
    clients: z.array(z.object({ client_secret: z.string().min(1), name: z.string().optional() })).default([]),
    access_tokens: z
      .array(
        z
          .object({
            token: z.string().min(1),
            organisation_id: owner,
            expires_at: dateTimeSchema.optional(),
            generated_at: dateTimeSchema.optional(),
          })
          .refine((t) => t.expires_at !== undefined || t.generated_at !== undefined, 'give expires_at or generated_at'),
      )
      .default([]),
    projects: z
      .array(
        z.object({
          id: idSchema('project'),
          owner_organisation_id: owner,
          name: text,
          country_code: countryCodeSchema,
          description: optionalText,
          short_description: optionalText,
          process_key: z.string().optional(),
          risk_of_reversal_percentage: z.number().gte(0).lte(100).nullable().optional(),
          risk_of_reversal: riskOfReversalSchema.nullable().optional(),
          verifier_organisation_id: owner.nullable().optional(),
          project_code: serialCode.optional(),
          pathway_code: serialCode.optional(),
          estimated_gross_tonnage_kg: z.number().positive().nullable().optional(),
          estimated_lifetime: z.object({ magnitude: z.number().positive(), unit: z.string() }).nullable().optional(),
          status: projectStatusSchema.optional(),
          pathway: pathwaySchema.optional(),
          protocol_slug: z.string().optional(),
          validator_name: z.string().nullable().optional(),
          crediting_period_start: dateSchema.nullable().optional(),
          crediting_period_end: dateSchema.nullable().optional(),
        }),
      )
      .default([]),
    feedstock_types: z
      .array(z.object({ id: idSchema('feedstock_type'), owner_organisation_id: owner, name: text, supplier_reference_id: reference }))
      .default([]),
    production_batches: z
      .array(
        z.object({
          id: idSchema('production_batch'),
          owner_organisation_id: owner,
          facility_id: idSchema('facility'),
          feedstock_type_ids: z.array(idSchema('feedstock_type')).optional(),
          supplier_reference_id: reference,
          started_at: dateTimeSchema,
          ended_at: dateTimeSchema,
          display_name: z.string().optional(),
          mass: quantity,
        }),
      )
      .default([]),
    facilities: z
      .array(z.object({ id: idSchema('facility'), owner_organisation_id: owner, project_id: idSchema('project').nullable().optional(), name: text }))
      .default([]),
    file_uploads: z
      .array(
        z.object({
          id: idSchema('file_upload'),
          owner_organisation_id: owner,
          file_name: text,
          content_type: z.string().optional(),
          content_length: z.number().int().gte(0).optional(),
        }),
      )
      .default([]),
    // The service's blueprints have no result_expression_key (a graph-document extension): their
    // result is always the single sink, so a world document refuses the key like any unknown one.
    component_blueprints: z.array(componentBlueprintDefinitionSchema.omit({ result_expression_key: true })).default([]),
    removal_templates: z
      .array(
        z.object({
          id: idSchema('removal_template'),
          project_id: idSchema('project'),
          display_name: text,
          supplier_reference_id: reference,
          process_key: z.string().optional(),
          groups: z.array(
            z.object({
              id: idSchema('removal_template_component_group'),
              key: z.string().min(1),
              display_name: text,
              description: z.string().optional(),
              components: z.array(
                z.object({
                  id: idSchema('removal_template_component'),
                  display_name: text,
                  description: optionalText,
                  blueprint_key: z.string().min(1),
                  inputs: z.array(
                    z.object({
                      input_key: z.string().min(1),
                      display_name: z.string().optional(),
                      datapoint_id: idSchema('datapoint').nullable().optional(),
                    }),
                  ),
                }),
              ),
            }),
          ),
        }),
      )
      .default([]),
    datapoints: z
      .array(
        z.object({
          id: idSchema('datapoint'),
          owner_organisation_id: owner,
          project_id: idSchema('project'),
          display_name: text,
          description: optionalText,
          type: datapointTypeSchema.optional(),
          quantity,
          source_ids: z.array(idSchema('source')).optional(),
          measured_at: dateTimeSchema.nullable().optional(),
          supplier_reference_id: reference,
          uncertainty_justification: optionalText,
        }),
      )
      .default([]),
    sources: z
      .array(
        z.object({
          id: idSchema('source'),
          owner_organisation_id: owner,
          project_id: idSchema('project'),
          display_name: text,
          supplier_reference_id: reference,
          is_public: z.boolean().optional(),
          file_name: optionalText,
          published_at: dateSchema.nullable().optional(),
        }),
      )
      .default([]),
    components: z
      .array(
        z.object({
          id: idSchema('component'),
          owner_organisation_id: owner,
          project_id: idSchema('project'),
          blueprint_key: z.string().min(1),
          display_name: text,
          description: optionalText,
          activity_started_at: dateTimeSchema.nullable().optional(),
          activity_completed_at: dateTimeSchema.nullable().optional(),
          inputs: z.array(
            z.object({
              input_key: z.string().min(1),
              datapoint_ids: z.array(idSchema('datapoint')).optional(),
              datapoint_id: idSchema('datapoint').optional(),
            }),
          ),
          supplier_reference_id: reference,
          removal_template_component_id: idSchema('removal_template_component').nullable().optional(),
        }),
      )
      .default([]),
    measurement_samples: z
      .array(
        z.object({
          id: idSchema('measurement_sample'),
          owner_organisation_id: owner,
          project_id: idSchema('project'),
          measured_at: dateSchema,
          supplier_reference_id: reference,
          measurement_location_id: idSchema('measurement_location').nullable().optional(),
          production_batch_id: idSchema('production_batch').nullable().optional(),
          values: z
            .array(
              z.object({
                datapoint_id: idSchema('datapoint'),
                measurement_property: z.object({ quantity_kind: quantityKindSchema, qualifier: z.string().nullable().optional() }),
              }),
            )
            .optional(),
        }),
      )
      .default([]),
    orders: z
      .array(z.object({ id: idSchema('order'), organisation_id: owner, supplier_id: idSchema('supplier'), credits_ordered_kg: z.number().int().gte(0).optional() }))
      .default([]),
    credit_batches: z
      .array(
        z.object({
          id: idSchema('credit_batch'),
          project_id: idSchema('project'),
          ghg_entry_id: idSchema('ghg_entry'),
          sequestered_on: dateSchema,
          size_kg: z.number().int().gt(0),
          pool: z.enum(CREDIT_POOLS).optional(),
          issued_at: dateTimeSchema.optional(),
          carbon_removal_data: z
            .object({
              counterfactuals_kg: z.number(),
              emissions_kg: z.number(),
              gross_carbon_removed_kg: z.number(),
              losses_kg: z.number(),
              net_carbon_removed_kg: z.number(),
            })
            .optional(),
          ccp_approved: z.boolean().optional(),
        }),
      )
      .default([]),
    deliveries: z
      .array(
        z.object({
          id: idSchema('delivery'),
          order_id: idSchema('order'),
          credit_batch_quantities: batchQuantities,
          notes: z.string().max(256).nullable().optional(),
          delivered_at: dateTimeSchema.optional(),
        }),
      )
      .default([]),
    transfers: z
      .array(
        z.object({
          id: idSchema('transfer'),
          from_organisation_id: owner,
          to_organisation_id: owner,
          supplier_id: idSchema('supplier'),
          credit_batch_quantities: batchQuantities,
          notes: z.string().max(256).nullable().optional(),
          transferred_at: dateTimeSchema.optional(),
        }),
      )
      .default([]),
    refunds: z
      .array(
        z.object({
          id: idSchema('refund'),
          to_organisation_id: owner,
          credit_batch_quantities: batchQuantities,
          notes: z.string().max(256).nullable().optional(),
          refunded_at: dateTimeSchema.optional(),
        }),
      )
      .default([]),
    monitoring_requirements: z
      .array(
        z.object({
          id: idSchema('monitoring_requirement'),
          project_id: idSchema('project'),
          display_name: text,
          monitoring_phase: monitoringPhaseSchema,
          frequency: frequencySchema,
          notes: optionalText,
        }),
      )
      .default([]),
    project_documents: z
      .array(z.object({ id: idSchema('project_document'), project_id: idSchema('project'), display_name: text, url: z.string().min(1) }))
      .default([]),
    stripe_configurations: z
      .array(
        z.object({
          supplier_id: idSchema('supplier'),
          account_id: z.string().min(1),
          credit_product_price_per_tonne: decimalText.nullable().optional(),
          verification_product_price_per_tonne: decimalText.nullable().optional(),
          currency: z.string().nullable().optional(),
          isometric_terms_and_conditions_url: z.string().min(1),
        }),
      )
      .default([]),
    registry: z.object({ registry_code: serialCode.optional() }).optional(),
  });

/** A parsed world document. */
export type World = z.output<typeof worldSchema>;
