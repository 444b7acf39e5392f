/**
 * The service's schemas of projects: the project, its process and removal templates as read, and
 * the project's path parameter (docs/service.md#routes). Owned by this resource's module (its
 * routes and view read them); the world document, the rows, the OpenAPI document and the
 * `cdr-engine/schemas` entry import them from here.
 */
import * as z from 'zod';
import { idSchema } from '../../../model/ids';
import { quantityKindSchema } from '../../../model/quantity-kinds';
import { paginationQuerySchema } from '../../../model/queries';
import { nullableSupplierReferenceId } from '../../../model/shapes';
import { componentInputRequestSchema, componentInputTypeSchema } from '../component-shapes';

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
 * Schema of the inputs of one template component when a removal is created from a template.
 * @public
 */
export const removalTemplateComponentInputsSchema = z.strictObject({
  removal_template_component_id: idSchema('removal_template_component'),
  inputs: z.array(componentInputRequestSchema),
});
/** Inputs supplied for one template component. */
export type RemovalTemplateComponentInputs = z.infer<typeof removalTemplateComponentInputsSchema>;

/** Schema of the query of `GET /projects/{project_id}/removal_templates`. @public */
export const listRemovalTemplatesQuerySchema = paginationQuerySchema;
/**
 * Path of `/projects/{project_id}/removal_templates`: `project_id` of a project.
 * @public
 */
export const projectIdPathSchema = z.object({ project_id: idSchema('project') });
