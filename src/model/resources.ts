/**
 * The data ingestion (`/mrv/v0`) resources as the service returns them (docs/rules.md#service-resources,
 * completed from the OpenAPI where the description says "not shown"). Where docs/service.md lists
 * both the GHG entry and the removal spelling of a field, both are present.
 */
import { z } from 'zod';
import { componentTypeSchema, dataShapeSchema, expressionInputTypeSchema, ghgStatementStatusSchema, projectComponentAllocationStrategySchema } from './graph';
import { idSchema } from './ids';
import { quantityKindSchema } from './quantity-kinds';
import { creditAllocationSchema, dateSchema, dateTimeSchema, laxNumber, nullableSupplierReferenceId, scalarQuantitySchema } from './shapes';

/** Schema of a component's scope, also the `used_in_scope` datapoint filter. @public */
export const componentScopeSchema = z.enum(['REMOVAL', 'GHG_STATEMENT', 'PROJECT', 'NET_NEGATIVITY']);
/** Where a component is attributed. */
export type ComponentScope = z.infer<typeof componentScopeSchema>;

/** Schema of a datapoint's type. @public */
export const datapointTypeSchema = z.enum(['CONSTANT', 'STANDARD_PUBLISHED_VALUE', 'REPORTED', 'ASSUMPTION', 'DERIVED']);
/** The kind of evidence behind a datapoint. */
export type DatapointType = z.infer<typeof datapointTypeSchema>;

/** Schema of why a datapoint can no longer be edited. @public */
export const datapointLockedStatusSchema = z.enum([
  'not_locked',
  'locked_library_datapoint',
  'locked_time_series_datapoint',
  'locked_measurement_sample_datapoint',
  'locked_forestry_field_measurement_datapoint',
  'locked_model_output_datapoint',
  'locked_model_input_datapoint',
  'locked_material_datapoint',
  'locked_activity_datapoint',
  'locked_used_in_verified_removal',
]);
/** Lock state of a datapoint. */
export type DatapointLockedStatus = z.infer<typeof datapointLockedStatusSchema>;

/** Schema of a template input's kind: fixed by the template or supplied per GHG entry. @public */
export const componentInputTypeSchema = z.enum(['fixed', 'monitored']);
/** Whether a template input is fixed or monitored. */
export type ComponentInputType = z.infer<typeof componentInputTypeSchema>;

/** Schema of a project's risk-of-reversal rating. @public */
export const riskOfReversalSchema = z.enum([
  'no_observable_risk',
  'very_low_v2',
  'very_low',
  'low',
  'medium',
  'high',
  'risk_assessment_driven',
]);
/** Risk-of-reversal rating of a project. */
export type RiskOfReversal = z.infer<typeof riskOfReversalSchema>;

/** Schema of a source's type. @public */
export const sourceTypeSchema = z.enum(['DOCUMENT', 'WEBSITE']);
/** Whether a source is a document or a website. */
export type SourceType = z.infer<typeof sourceTypeSchema>;

export const attributionFactorSchema = laxNumber(z.number().gt(0).lte(1));

/**
 * Schema of a Removal, also called a GHG entry (docs/rules.md#service-resources).
 * @public
 */
export const removalSchema = z.object({
  id: idSchema('ghg_entry'),
  supplier_reference_id: nullableSupplierReferenceId,
  started_on: dateSchema,
  completed_on: dateSchema,
  feedstock_type_id: idSchema('feedstock_type').nullable(),
  ghg_statement_id: idSchema('ghg_statement').nullable(),
  co2e_net_removed_kg: laxNumber(),
  co2e_net_removed_without_discount_kg: laxNumber(),
  co2e_net_removed_standard_deviation_kg: laxNumber(z.number().gte(0)).nullable(),
  risk_of_reversal_percentage: laxNumber(z.number().gte(0).lte(100)).nullable(),
  credit_allocation: creditAllocationSchema.nullable(),
  /** The entry's project (beyond docs/rules.md#service-resources). */
  project_id: idSchema('project').optional(),
  /** The template the entry was made from (beyond docs/rules.md#service-resources). */
  removal_template_id: idSchema('removal_template').nullable().optional(),
});
/** A removal (GHG entry). */
export type Removal = z.infer<typeof removalSchema>;

/**
 * Schema of a GHG entry: the same resource as {@link removalSchema} under its newer name.
 * @public
 */
export const ghgEntrySchema = removalSchema;
/** A GHG entry (removal). */
export type GhgEntry = Removal;

/**
 * Schema of a ComponentAttribution: the share of a component attributed to a GHG entry
 * (docs/rules.md#service-resources). Both spellings of the entry and template component ids are present.
 * @public
 */
export const componentAttributionSchema = z.object({
  id: idSchema('component_attribution'),
  attribution_factor: attributionFactorSchema,
  component_id: idSchema('component'),
  component_group_key: z.string(),
  ghg_entry_id: idSchema('ghg_entry'),
  removal_id: idSchema('ghg_entry'),
  ghg_entry_template_component_id: idSchema('removal_template_component').nullable(),
  removal_template_component_id: idSchema('removal_template_component').nullable(),
});
/** A component attribution. */
export type ComponentAttribution = z.infer<typeof componentAttributionSchema>;

/**
 * Schema of a ComponentListInput: the datapoints feeding one blueprint input.
 * @public
 */
export const componentListInputSchema = z.object({
  input_key: z.string().max(100),
  datapoint_ids: z.array(idSchema('datapoint')),
  __typename: z.string().default('ComponentListInput'),
});
/** The datapoints of one component input. */
export type ComponentListInput = z.infer<typeof componentListInputSchema>;

/**
 * Schema of a Component (docs/rules.md#service-resources; `type`, `scope` and `allocation_strategy` from the
 * OpenAPI). Both spellings of the template component id are present.
 * @public
 */
export const componentSchema = z.object({
  id: idSchema('component'),
  display_name: z.string(),
  description: z.string().nullable(),
  blueprint_key: z.string(),
  activity_started_at: dateTimeSchema.nullable(),
  activity_completed_at: dateTimeSchema.nullable(),
  inputs: z.array(componentListInputSchema),
  ghg_entry_template_component_id: idSchema('removal_template_component').nullable(),
  removal_template_component_id: idSchema('removal_template_component').nullable(),
  supplier_reference_id: nullableSupplierReferenceId,
  type: componentTypeSchema,
  scope: componentScopeSchema,
  allocation_strategy: projectComponentAllocationStrategySchema.nullable().optional(),
  /** The component's project (beyond docs/rules.md#service-resources). */
  project_id: idSchema('project').optional(),
});
/** A component: a blueprint instantiated with datapoints. */
export type Component = z.infer<typeof componentSchema>;

/**
 * Schema of an input of a removal template component.
 * @public
 */
export const removalTemplateComponentInputSchema = z.object({
  input_key: z.string(),
  display_name: z.string(),
  datapoint_id: idSchema('datapoint').nullable(),
  type: componentInputTypeSchema.optional(),
  quantity_kind: quantityKindSchema.optional(),
});
/** An input of a removal template component. */
export type RemovalTemplateComponentInput = z.infer<typeof removalTemplateComponentInputSchema>;

/**
 * Schema of a RemovalTemplateComponent (docs/rules.md#service-resources).
 * @public
 */
export const removalTemplateComponentSchema = z.object({
  id: idSchema('removal_template_component'),
  display_name: z.string(),
  description: z.string().nullable(),
  blueprint_key: z.string(),
  removal_template_component_group_id: idSchema('removal_template_component_group'),
  removal_template_id: idSchema('removal_template'),
  inputs: z.array(removalTemplateComponentInputSchema),
});
/** A component slot of a removal template. */
export type RemovalTemplateComponent = z.infer<typeof removalTemplateComponentSchema>;

/**
 * Schema of a group of a removal template.
 * @public
 */
export const removalTemplateGroupSchema = z.object({
  id: idSchema('removal_template_component_group'),
  key: z.string(),
  display_name: z.string(),
  description: z.string(),
  components: z.array(removalTemplateComponentSchema),
});
/** A component group of a removal template. */
export type RemovalTemplateGroup = z.infer<typeof removalTemplateGroupSchema>;

/**
 * Schema of a RemovalTemplate (docs/rules.md#service-resources).
 * @public
 */
export const removalTemplateSchema = z.object({
  id: idSchema('removal_template'),
  display_name: z.string(),
  project_id: idSchema('project'),
  supplier_reference_id: nullableSupplierReferenceId,
  groups: z.array(removalTemplateGroupSchema),
});
/** A removal (GHG entry) template. */
export type RemovalTemplate = z.infer<typeof removalTemplateSchema>;

/**
 * Schema of a blueprint input as the service lists it.
 * @public
 */
export const componentBlueprintInputSchema = z.object({
  input_key: z.string(),
  description: z.string(),
  compatible_unit: z.string(),
  data_shape: dataShapeSchema,
  quantity_kind: quantityKindSchema,
});
/** An input of a listed component blueprint. */
export type ComponentBlueprintInput = z.infer<typeof componentBlueprintInputSchema>;

/**
 * Schema of an expression input as the service lists it.
 * @public
 */
export const componentBlueprintExpressionInputSchema = z.object({
  input_key: z.string(),
  template_key: z.string(),
  type: expressionInputTypeSchema,
  data_shape: dataShapeSchema,
});
/** An expression input of a listed component blueprint. */
export type ComponentBlueprintExpressionInput = z.infer<typeof componentBlueprintExpressionInputSchema>;

/**
 * Schema of an expression as the service lists it.
 * @public
 */
export const componentBlueprintExpressionSchema = z.object({
  key: z.string(),
  template: z.string(),
  inputs: z.array(componentBlueprintExpressionInputSchema),
});
/** An expression of a listed component blueprint. */
export type ComponentBlueprintExpression = z.infer<typeof componentBlueprintExpressionSchema>;

/**
 * Schema of a ComponentBlueprint as the service lists it (docs/rules.md#service-resources with the OpenAPI's
 * `type`, `data_shape` and `quantity_kind`); the graph document's own blueprint shape is
 * `componentBlueprintDefinitionSchema`.
 * @public
 */
export const componentBlueprintSchema = z.object({
  key: z.string(),
  display_name: z.string(),
  description: z.string(),
  type: componentTypeSchema,
  inputs: z.array(componentBlueprintInputSchema),
  expressions: z.array(componentBlueprintExpressionSchema),
});
/** A component blueprint as the service lists it. */
export type ComponentBlueprint = z.infer<typeof componentBlueprintSchema>;

// ---------------------------------------------------------------------------------------------
// Evidence: datapoints, sources, measurements.

/**
 * Schema of a Datapoint (docs/rules.md#service-resources, fields and requiredness from the OpenAPI).
 * @public
 */
export const datapointSchema = z.object({
  id: idSchema('datapoint'),
  supplier_reference_id: nullableSupplierReferenceId,
  display_name: z.string(),
  type: datapointTypeSchema,
  quantity: scalarQuantitySchema('nullable'),
  description: z.string().nullable(),
  source_ids: z.array(idSchema('source')),
  measured_at: dateTimeSchema.nullable(),
  project_id: idSchema('project').nullable(),
  locked_status: datapointLockedStatusSchema,
  uncertainty_justification: z.string().nullable().optional(),
});
/** A datapoint: a measured or published value with its unit and uncertainty. */
export type Datapoint = z.infer<typeof datapointSchema>;

/** Schema of the public address of a public source. @public */
export const sourcePublicUrlInfoSchema = z.object({
  __typename: z.literal('SourcePublicUrlInfo'),
  url: z.string(),
});
/** Schema of the access flag of a private source. @public */
export const sourcePrivateUrlInfoSchema = z.object({
  __typename: z.literal('SourcePrivateUrlInfo'),
  is_accessible: z.boolean(),
});

/**
 * Schema of a Source (OpenAPI): a document or website backing datapoints.
 * @public
 */
export const sourceSchema = z.object({
  id: idSchema('source'),
  supplier_reference_id: nullableSupplierReferenceId,
  display_name: z.string().nullable(),
  original_filename: z.string().nullable(),
  type: sourceTypeSchema,
  published_at: dateSchema.nullable(),
  url_info: z.discriminatedUnion('__typename', [sourcePublicUrlInfoSchema, sourcePrivateUrlInfoSchema]).nullable(),
  is_public: z.boolean(),
  project_id: idSchema('project').nullable(),
});
/** A source of evidence. */
export type Source = z.infer<typeof sourceSchema>;

/**
 * Schema of the answer to a document source creation: the source and where to upload its file.
 * @public
 */
export const createSourceResponseSchema = z.object({ source: sourceSchema, signed_upload_url: z.string() });
/** Answer to a document source creation. */
export type CreateSourceResponse = z.infer<typeof createSourceResponseSchema>;

/**
 * Schema of a Project as the data ingestion operations return it (OpenAPI `/mrv/v0`).
 * @public
 */
export const projectSchema = z.object({
  id: idSchema('project'),
  name: z.string(),
  country_code: z.string(),
  process_key: z.string(),
  description: z.string().nullable(),
  short_description: z.string().nullable(),
  risk_of_reversal: riskOfReversalSchema.nullable(),
});
/** A project (data ingestion view). */
export type Project = z.infer<typeof projectSchema>;

/**
 * Schema of a GhgStatement (OpenAPI).
 * @public
 */
export const ghgStatementSchema = z.object({
  id: idSchema('ghg_statement'),
  project_id: idSchema('project'),
  verifier: z.string().nullable(),
  removal_ids: z.array(idSchema('ghg_entry')),
  ghg_statement_report_url: z.string().nullable(),
  status: ghgStatementStatusSchema,
  reporting_period_start_at: dateSchema,
  reporting_period_end_at: dateSchema,
  submitted_at: dateTimeSchema.nullable(),
  credits_issued_at: dateTimeSchema.nullable(),
  pending_total_co2e_removed_kg: laxNumber().nullable(),
});
/** A GHG statement: GHG entries submitted together for verification. */
export type GhgStatement = z.infer<typeof ghgStatementSchema>;

/** Schema of a step of a (deprecated) process. @public */
export const processStepSchema = z.object({ key: z.string(), display_name: z.string(), description: z.string() });

/**
 * Schema of a Process, named by the deprecated `process_key` (OpenAPI).
 * @public
 */
export const processSchema = z.object({
  key: z.string(),
  display_name: z.string(),
  steps: z.array(processStepSchema),
});
/** A process (deprecated in favour of removal templates). */
export type Process = z.infer<typeof processSchema>;

/**
 * Schema of the answer of `GET /sources/{id}/private_url`: the address as one JSON string.
 * @public
 */
export const sourcePrivateUrlSchema = z.string();
