/**
 * Request bodies: every body of docs/service.md#routes with the bounds, enumerations and nullability
 * given there, plus the OpenAPI bodies a sandbox needs. Request ids are "any id" (20 to 37
 * characters) unless the description names a prefix; deprecated fields are still accepted.
 *
 * Bodies are strict (docs/rules.md#service-behaviour): every object refuses a key it does not define, which the
 * 422 mapper reports as `extra_forbidden` at the key's `loc`. Where the OpenAPI lets a field take
 * its "not provided" value `{"__typename": "Undefined"}`, {@link notSent} reads that value as a
 * field that was not sent.
 */
import { z } from 'zod';
import { projectComponentAllocationStrategySchema } from './graph';
import { anyIdSchema, idSchema } from './ids';
import { addPydanticIssue } from './pydantic-issue';
import { datapointTypeSchema } from './resources';
import { dateSchema, dateTimeSchema, laxBoolean, laxInt, laxNumber, literalSchema, standardDeviationSchema, supplierReferenceIdSchema } from './shapes';

export const displayNameSchema = z.string().min(1).max(100);

/**
 * Whether `value` is the OpenAPI's "not provided" value `{"__typename": "Undefined"}`.
 */
export function isNotProvided(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && keys[0] === '__typename' && (value as { __typename?: unknown }).__typename === 'Undefined';
}

/**
 * An optional body field that also takes the OpenAPI's "not provided" value
 * `{"__typename": "Undefined"}` (declared as `anyOf [..., Undefined]` there), read as absent.
 * @param schema - the schema of the field's value when it is sent
 */
export function notSent<T extends z.ZodType>(schema: T) {
  return z
    .preprocess((value) => (isNotProvided(value) ? undefined : value), schema.optional())
    .optional()
    .meta({ notSent: true });
}

/**
 * Schema of a ScalarQuantity in a request body: `{magnitude, unit, standard_deviation}`, strict.
 * The unit is any string here; the handler checks it against the field's quantity kind, as a
 * datapoint's unit is checked (docs/rules.md#service-behaviour), so a wrong unit is a 422 at the field's `unit`.
 * @public
 */
export const requestQuantitySchema = z.strictObject({
  magnitude: laxNumber(),
  unit: z.string(),
  standard_deviation: standardDeviationSchema.nullable().optional(),
});
/** A quantity in a request body. */
export type RequestQuantity = z.infer<typeof requestQuantitySchema>;

/** Accepts one item or a list of them and always yields a list (see the PATCH bodies below). */
export function oneOrMany<T extends z.ZodType>(item: T) {
  return z.union([z.array(item), item]).transform((value): z.output<T>[] => (Array.isArray(value) ? value : [value]));
}

// ---------------------------------------------------------------------------------------------
// Components and their inputs.

/**
 * Schema of a component input in a request: `{input_key, datapoint_ids}` (a list input) or
 * `{input_key, datapoint_id}` (a scalar input, which the API also accepts). The parsed value
 * always carries `datapoint_ids`; an input with neither field reports `datapoint_ids` missing.
 * @public
 */
export const componentInputRequestSchema = z
  .object({
    input_key: z.string().max(100),
    datapoint_ids: z.array(idSchema('datapoint')).optional(),
    datapoint_id: idSchema('datapoint').optional(),
    __typename: z.string().optional(),
  })
  .superRefine(
    (input, ctx) => {
      if (input.datapoint_ids === undefined && input.datapoint_id === undefined) {
        addPydanticIssue(ctx, input, { type: 'missing', msg: 'Field required' }, ['datapoint_ids']);
      }
    },
    // Runs even when other fields are wrong, so that a missing datapoint list is reported too.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value) },
  )
  .transform((input) => ({
    input_key: input.input_key,
    datapoint_ids: input.datapoint_ids ?? (input.datapoint_id === undefined ? [] : [input.datapoint_id]),
    ...(input.__typename === undefined ? {} : { __typename: input.__typename }),
  }));
/** A component input of a request, normalised to a list of datapoints. */
export type ComponentInputRequest = z.infer<typeof componentInputRequestSchema>;

/**
 * Schema of the inputs of one template component when a removal is created from a template.
 * @public
 */
export const removalTemplateComponentInputsSchema = z.strictObject({
  removal_template_component_id: idSchema('removal_template_component'),
  inputs: z.array(componentInputRequestSchema),
});
/** Inputs supplied for one template component. */
export type RemovalTemplateComponentInputs = z.infer<typeof removalTemplateComponentInputsSchema>;

/**
 * Schema of a component linked by a deprecated process step, attributed through a datapoint.
 * @public
 */
export const createRemovalComponentLinkSchema = z.strictObject({
  component_id: idSchema('component'),
  attribution_factor_datapoint_id: idSchema('datapoint').nullable().optional(),
});
/** A component of a deprecated process step. */
export type CreateRemovalComponentLink = z.infer<typeof createRemovalComponentLinkSchema>;

/**
 * Schema of a deprecated process step of a removal creation.
 * @public
 */
export const createRemovalStepSchema = z.strictObject({
  process_step_key: z.string(),
  components: z.array(createRemovalComponentLinkSchema),
});
/** A deprecated process step. */
export type CreateRemovalStep = z.infer<typeof createRemovalStepSchema>;

/**
 * Schema of the body of `POST /removals` (operation 2).
 * @public
 */
export const createRemovalRequestSchema = z.strictObject({
  project_id: anyIdSchema,
  started_on: dateSchema,
  completed_on: dateSchema,
  supplier_reference_id: supplierReferenceIdSchema,
  feedstock_type_id: anyIdSchema.nullable().optional(),
  removal_template_id: anyIdSchema.nullable().optional(),
  removal_template_components: z.array(removalTemplateComponentInputsSchema).optional(),
  /** Deprecated: use `removal_template_id`. */
  process_key: z.string().nullable().optional(),
  /** Deprecated: use `removal_template_components`. */
  steps: z.array(createRemovalStepSchema).nullable().optional(),
});
/** Body of `POST /removals`. */
export type CreateRemovalRequest = z.infer<typeof createRemovalRequestSchema>;

/**
 * Schema of a component added to a removal by `PATCH /removals/{id}` (OpenAPI AddComponentToRemoval).
 * @public
 */
export const addComponentToRemovalSchema = z.strictObject({
  component_id: anyIdSchema,
  /** Deprecated: process steps are replaced by template groups. */
  process_step_key: z.string().max(100).nullable().optional(),
  removal_template_group_id: anyIdSchema.nullable().optional(),
  attribution_factor_datapoint_id: anyIdSchema.nullable(),
});
/** A component to add to a removal. */
export type AddComponentToRemoval = z.infer<typeof addComponentToRemovalSchema>;

/**
 * Schema of the body of `PATCH /removals/{id}` (operation 3). `add_components` takes one
 * AddComponentToRemoval object (docs/service.md) or a list of them (OpenAPI) and is parsed to a list.
 * @public
 */
export const patchRemovalRequestSchema = z.strictObject({
  add_components: notSent(oneOrMany(addComponentToRemovalSchema)),
  completed_on: dateSchema.nullable().optional(),
  started_on: dateSchema.nullable().optional(),
  feedstock_type_id: notSent(anyIdSchema),
  /** Deprecated: use `PATCH /removals/{id}/component_attributions`. */
  delete_component_ids: notSent(z.array(anyIdSchema)),
});
/** Body of `PATCH /removals/{id}`. */
export type PatchRemovalRequest = z.infer<typeof patchRemovalRequestSchema>;

/**
 * Schema of a component to attribute to a removal, with its share (default 1).
 * @public
 */
export const componentToAttributeSchema = z.strictObject({
  component_id: anyIdSchema,
  component_group_key: z.string(),
  attribution_factor: laxNumber(z.number().gt(0).lte(1)).default(1),
});
/** A component to attribute to a removal. */
export type ComponentToAttribute = z.infer<typeof componentToAttributeSchema>;

/**
 * Schema of the body of `PATCH /removals/{id}/component_attributions` (operation 4).
 * `components_to_add` takes one ComponentToAttribute object or a list and is parsed to a list.
 * @public
 */
export const patchRemovalComponentAttributionsRequestSchema = z.strictObject({
  components_to_add: notSent(oneOrMany(componentToAttributeSchema)),
  components_to_remove: notSent(z.array(anyIdSchema)),
});
/** Body of `PATCH /removals/{id}/component_attributions`. */
export type PatchRemovalComponentAttributionsRequest = z.infer<typeof patchRemovalComponentAttributionsRequestSchema>;

/**
 * Schema of the body of `POST /components` (OpenAPI CreateComponentRequest).
 * @public
 */
export const createComponentRequestSchema = z.strictObject({
  supplier_reference_id: supplierReferenceIdSchema,
  project_id: anyIdSchema,
  component_blueprint_key: z.string(),
  display_name: displayNameSchema,
  description: z.string().nullable().optional(),
  activity_completed_at: dateTimeSchema,
  activity_started_at: dateTimeSchema,
  inputs: z.array(componentInputRequestSchema),
});
/** Body of `POST /components`. */
export type CreateComponentRequest = z.infer<typeof createComponentRequestSchema>;

/**
 * Schema of the body of `PATCH /components/{id}` (OpenAPI PatchComponentRequest).
 * @public
 */
export const patchComponentRequestSchema = z.strictObject({
  display_name: notSent(displayNameSchema),
  description: notSent(z.string()),
  allocation_strategy: notSent(projectComponentAllocationStrategySchema),
  inputs: notSent(z.array(componentInputRequestSchema)),
});
/** Body of `PATCH /components/{id}`. */
export type PatchComponentRequest = z.infer<typeof patchComponentRequestSchema>;

/**
 * Schema of the body of `POST /ghg_statement_components`: a component attributed at statement level.
 * @public
 */
export const createGhgStatementComponentRequestSchema = z.strictObject({
  ghg_statement_id: anyIdSchema,
  component_data: createComponentRequestSchema,
});
/** Body of `POST /ghg_statement_components`. */
export type CreateGhgStatementComponentRequest = z.infer<typeof createGhgStatementComponentRequestSchema>;

/**
 * Schema of the body of `POST /project_components`: a component amortised over the project.
 * @public
 */
export const createProjectComponentRequestSchema = z.strictObject({
  allocation_strategy: projectComponentAllocationStrategySchema,
  component_data: createComponentRequestSchema,
});
/** Body of `POST /project_components`. */
export type CreateProjectComponentRequest = z.infer<typeof createProjectComponentRequestSchema>;

/**
 * Schema of the body of `POST /project_components/{id}/removal_attributions`.
 * @public
 */
export const updateProjectComponentRemovalAttributionRequestSchema = z.strictObject({
  removal_id: anyIdSchema,
  /** Deprecated: use `attribution_factor`. */
  attribution_factor_datapoint_id: anyIdSchema.nullable().optional(),
  attribution_factor: laxNumber(z.number().gt(0).lte(1)).nullable().optional(),
});
/** Body of `POST /project_components/{id}/removal_attributions`. */
export type UpdateProjectComponentRemovalAttributionRequest = z.infer<
  typeof updateProjectComponentRemovalAttributionRequestSchema
>;

// ---------------------------------------------------------------------------------------------
// Datapoints and sources.

/**
 * Schema of a datapoint's quantity in a request: `unit` must be present (it may be null) and the
 * standard deviation may be null or absent.
 * @public
 */
export const datapointQuantityInputSchema = z.strictObject({
  magnitude: laxNumber(),
  unit: z.string().nullable(),
  standard_deviation: standardDeviationSchema.nullable().optional(),
});
/** Quantity of a datapoint in a request. */
export type DatapointQuantityInput = z.infer<typeof datapointQuantityInputSchema>;

/**
 * Schema of the body of `POST /datapoints` (OpenAPI CreateDatapointRequest).
 * @public
 */
export const createDatapointRequestSchema = z.strictObject({
  supplier_reference_id: supplierReferenceIdSchema,
  display_name: displayNameSchema,
  type: datapointTypeSchema,
  quantity: datapointQuantityInputSchema,
  description: z.string(),
  source_ids: z.array(idSchema('source')),
  project_id: anyIdSchema,
  measured_at: dateTimeSchema.nullable().optional(),
  uncertainty_justification: z.string().nullable().optional(),
});
/** Body of `POST /datapoints`. */
export type CreateDatapointRequest = z.infer<typeof createDatapointRequestSchema>;

/**
 * Schema of the body of `PATCH /datapoints/{id}` (OpenAPI PatchDatapointRequest); absent fields
 * are left as they are.
 * @public
 */
export const patchDatapointRequestSchema = z.strictObject({
  type: notSent(datapointTypeSchema),
  display_name: notSent(displayNameSchema),
  description: notSent(z.string()),
  quantity: notSent(datapointQuantityInputSchema),
  source_ids: notSent(z.array(idSchema('source'))),
  uncertainty_justification: notSent(z.string()),
});
/** Body of `PATCH /datapoints/{id}`. */
export type PatchDatapointRequest = z.infer<typeof patchDatapointRequestSchema>;

/**
 * Schema of the body of `POST /sources` for a document (OpenAPI CreateDocumentSourceRequest).
 * @public
 */
export const createDocumentSourceRequestSchema = z.strictObject({
  supplier_reference_id: supplierReferenceIdSchema,
  __typename: literalSchema('CreateDocumentSourceRequest'),
  display_name: displayNameSchema,
  published_at: dateSchema,
  is_public: laxBoolean().default(false),
  file_name: z.string(),
  content_type: z.string(),
  content_length: laxInt(z.number().int().lte(50_000_000)),
  project_id: anyIdSchema,
});
/** Body of `POST /sources` (document source). */
export type CreateDocumentSourceRequest = z.infer<typeof createDocumentSourceRequestSchema>;

/**
 * Schema of the body of `PATCH /sources/{id}` (OpenAPI PatchSourceRequest).
 * @public
 */
export const patchSourceRequestSchema = z.strictObject({
  supplier_reference_id: notSent(supplierReferenceIdSchema),
  display_name: notSent(displayNameSchema),
  published_at: notSent(dateSchema),
  is_public: notSent(laxBoolean()),
});
/** Body of `PATCH /sources/{id}`. */
export type PatchSourceRequest = z.infer<typeof patchSourceRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Statements.

/**
 * Schema of the body of `POST /ghg_statements` (OpenAPI CreateGhgStatementRequest).
 * @public
 */
export const createGhgStatementRequestSchema = z.strictObject({ end_on: dateSchema, project_id: anyIdSchema });
/** Body of `POST /ghg_statements`. */
export type CreateGhgStatementRequest = z.infer<typeof createGhgStatementRequestSchema>;

/**
 * Schema of the body of `POST /ghg_statements/{id}/submit`: the OpenAPI's SubmitGhgStatementRequest
 * or, with `summary_of_changes`, its ResubmitGhgStatementRequest (a statement that failed
 * verification submitted again).
 * @public
 */
export const submitGhgStatementRequestSchema = z.strictObject({ ghg_statement_report_url: z.string(), summary_of_changes: z.string().optional() });
/** Body of a GHG statement submission. */
export type SubmitGhgStatementRequest = z.infer<typeof submitGhgStatementRequestSchema>;

/**
 * Schema of the body of a GHG statement resubmission (OpenAPI ResubmitGhgStatementRequest).
 * @public
 */
export const resubmitGhgStatementRequestSchema = z.strictObject({
  ghg_statement_report_url: z.string(),
  summary_of_changes: z.string(),
});
/** Body of a GHG statement resubmission. */
export type ResubmitGhgStatementRequest = z.infer<typeof resubmitGhgStatementRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Feedstocks, production, storage, measurements, data files.

/**
 * Schema of the body of `POST /sources/{id}/signed_upload_url` (OpenAPI SignedUploadUrlRequest):
 * a new upload address for a document source's file.
 * @public
 */
export const signedUploadUrlRequestSchema = z.strictObject({
  content_type: z.string(),
  content_length: laxInt(z.number().int().gte(0).lte(50_000_000)),
});
/** Body of `POST /sources/{id}/signed_upload_url`. */
export type SignedUploadUrlRequest = z.infer<typeof signedUploadUrlRequestSchema>;
