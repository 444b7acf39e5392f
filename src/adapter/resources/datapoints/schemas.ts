/**
 * The service's schemas of datapoints: the datapoint as read, its types and lock statuses, the
 * create and patch bodies, the list queries and the datapoint's path parameter
 * (docs/service.md#routes). Owned by this resource's module (its routes and view read them); the
 * world document, the rows, the OpenAPI document and the `cdr-engine/schemas` entry import them
 * from here.
 */
import * as z from 'zod';
import { anyIdSchema, idSchema } from '../../../model/ids';
import { quantityKindSchema } from '../../../model/quantity-kinds';
import { idPathSchema, paginatedQuerySchema, paginationQuerySchema } from '../../../model/queries';
import { displayNameSchema, notSent } from '../../../model/requests';
import {
  dateTimeSchema,
  laxNumber,
  nullableSupplierReferenceId,
  scalarQuantitySchema,
  standardDeviationSchema,
  supplierReferenceIdSchema,
} from '../../../model/shapes';
import { componentScopeSchema } from '../components/schemas';

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
 * Schema of the query of `GET /datapoints`: filters, all optional, plus
 * pagination. The deprecated aliases `used_in_removal` and `used_in_removal_template` are kept.
 * @public
 */
export const listDatapointsQuerySchema = paginatedQuerySchema({
  supplier_reference_id: supplierReferenceIdSchema.nullable().optional(),
  display_name_contains: z.string().nullable().optional(),
  project_id: anyIdSchema.nullable().optional(),
  quantity_kind: quantityKindSchema.nullable().optional(),
  measurement_sample_id: anyIdSchema.nullable().optional(),
  used_in_ghg_entry: idSchema('ghg_entry').nullable().optional(),
  /** Deprecated alias of `used_in_ghg_entry`. */
  used_in_removal: idSchema('ghg_entry').nullable().optional(),
  used_in_ghg_statement: idSchema('ghg_statement').nullable().optional(),
  used_in_ghg_entry_template: idSchema('removal_template').nullable().optional(),
  /** Deprecated alias of `used_in_ghg_entry_template`. */
  used_in_removal_template: idSchema('removal_template').nullable().optional(),
  used_in_scope: componentScopeSchema.nullable().optional(),
});
/** Parsed query of `GET /datapoints`. */
export type ListDatapointsQuery = z.infer<typeof listDatapointsQuerySchema>;

/** Schema of the query of `GET /datapoints/{id}/components`. @public */
export const listDatapointComponentsQuerySchema = paginationQuerySchema;
/** Schema of the query of `GET /datapoints/{id}/removal_template_components`. @public */
export const listDatapointRemovalTemplateComponentsQuerySchema = paginationQuerySchema;
/** Path of `/datapoints/{id}/components` and `/datapoints/{id}/removal_template_components`: `id` of a datapoint. @public */
export const datapointIdPathSchema = idPathSchema('datapoint');
