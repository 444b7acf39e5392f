/**
 * The service's schemas of removals (GHG entries): the entry as read and its component
 * attributions, the create, patch and attribution bodies, the list query and the entry's path
 * parameter (docs/service.md#routes). Owned by this resource's module (its routes and view read
 * them); the world document, the rows, the OpenAPI document and the `cdr-engine/schemas` entry
 * import them from here.
 */
import * as z from 'zod';
import { anyIdSchema, idSchema } from '../../../model/ids';
import { idPathSchema, paginatedQuerySchema, paginationQuerySchema } from '../../../model/queries';
import { notSent } from '../../../model/requests';
import {
  creditAllocationSchema,
  dateSchema,
  laxNumber,
  nullableSupplierReferenceId,
  supplierReferenceIdSchema,
} from '../../../model/shapes';
import { removalTemplateComponentInputsSchema } from '../projects/schemas';

/** Accepts one item or a list of them and always yields a list (the PATCH bodies below). */
function oneOrMany<T extends z.ZodType>(item: T) {
  return z.union([z.array(item), item]).transform((value): z.output<T>[] => (Array.isArray(value) ? value : [value]));
}

const attributionFactorSchema = laxNumber(z.number().gt(0).lte(1));

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
 * Schema of the body of `POST /removals`.
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
 * Schema of the body of `PATCH /removals/{id}`. `add_components` takes one
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
 * Schema of the body of `PATCH /removals/{id}/component_attributions`.
 * `components_to_add` takes one ComponentToAttribute object or a list and is parsed to a list.
 * @public
 */
export const patchRemovalComponentAttributionsRequestSchema = z.strictObject({
  components_to_add: notSent(oneOrMany(componentToAttributeSchema)),
  components_to_remove: notSent(z.array(anyIdSchema)),
});
/** Body of `PATCH /removals/{id}/component_attributions`. */
export type PatchRemovalComponentAttributionsRequest = z.infer<typeof patchRemovalComponentAttributionsRequestSchema>;

/** Schema of the query of `GET /removals` (and `GET /ghg_entries`). @public */
export const listRemovalsQuerySchema = paginatedQuerySchema({ supplier_reference_id: supplierReferenceIdSchema.nullable().optional() });

/** Schema of the query of `GET /ghg_entries/{id}/component_attributions`. @public */
export const listComponentAttributionsQuerySchema = paginationQuerySchema;
/** Path of `/removals/{id}` and its sub-paths: `id` of a removal (GHG entry). @public */
export const removalIdPathSchema = idPathSchema('ghg_entry');
