/**
 * The service's schemas of feedstock and production: feedstock types and batches, production
 * batches as read, their create and patch bodies and the feedstock type's path parameter
 * (docs/service.md#routes). Owned by this resource's module (its routes and view read them); the
 * world document, the rows, the OpenAPI document and the `cdr-engine/schemas` entry import them
 * from here.
 */
import * as z from 'zod';
import { anyIdSchema, idSchema } from '../../../model/ids';
import { idPathSchema } from '../../../model/queries';
import { displayNameSchema, notSent, requestQuantitySchema } from '../../../model/requests';
import {
  dateSchema,
  dateTimeSchema,
  nullableSupplierReferenceId,
  scalarQuantitySchema,
  supplierReferenceIdSchema,
} from '../../../model/shapes';

/** Schema of a production batch's kind. @public */
export const productionBatchKindSchema = z.enum(['biochar']);
/** Kind of production batch. */
export type ProductionBatchKind = z.infer<typeof productionBatchKindSchema>;

/**
 * Schema of a FeedstockType (OpenAPI).
 * @public
 */
export const feedstockTypeSchema = z.object({
  id: idSchema('feedstock_type'),
  supplier_reference_id: nullableSupplierReferenceId,
  name: z.string(),
});
/** A feedstock type. */
export type FeedstockType = z.infer<typeof feedstockTypeSchema>;

/**
 * Schema of a FeedstockBatch (docs/rules.md#service-resources).
 * @public
 */
export const feedstockBatchSchema = z.object({
  id: idSchema('feedstock_batch'),
  created_at: dateTimeSchema,
  delivery_date: dateSchema,
  display_name: z.string().min(1).max(150),
  feedstock_type_id: idSchema('feedstock_type'),
  mass: scalarQuantitySchema('nullable').nullable(),
  supplier_reference_id: nullableSupplierReferenceId,
});
/** A delivered batch of feedstock. */
export type FeedstockBatch = z.infer<typeof feedstockBatchSchema>;

/**
 * Schema of a ProductionBatch (OpenAPI).
 * @public
 */
export const productionBatchSchema = z.object({
  id: idSchema('production_batch'),
  facility_id: idSchema('facility'),
  feedstock_type_ids: z.array(idSchema('feedstock_type')),
  supplier_reference_id: nullableSupplierReferenceId,
  kind: productionBatchKindSchema,
  started_at: dateTimeSchema,
  ended_at: dateTimeSchema,
  uploaded_at: dateTimeSchema,
  display_name: z.string(),
  mass: scalarQuantitySchema('nullable'),
});
/** A production batch (of biochar). */
export type ProductionBatch = z.infer<typeof productionBatchSchema>;

/**
 * Schema of the body of `POST /feedstock_batches`; every field is required.
 * @public
 */
export const createFeedstockBatchRequestSchema = z.strictObject({
  delivery_date: dateSchema,
  display_name: z.string().min(1).max(150),
  feedstock_type_id: anyIdSchema,
  mass: requestQuantitySchema,
  supplier_reference_id: supplierReferenceIdSchema,
});
/** Body of `POST /feedstock_batches`. */
export type CreateFeedstockBatchRequest = z.infer<typeof createFeedstockBatchRequestSchema>;

/**
 * Schema of the body of `POST /production_batches` (OpenAPI CreateProductionBatchRequest).
 * @public
 */
export const createProductionBatchRequestSchema = z.strictObject({
  facility_id: anyIdSchema,
  feedstock_type_ids: z.array(anyIdSchema),
  supplier_reference_id: supplierReferenceIdSchema,
  kind: productionBatchKindSchema,
  started_at: dateTimeSchema,
  ended_at: dateTimeSchema,
  mass: requestQuantitySchema,
  display_name: displayNameSchema.nullable().optional(),
});
/** Body of `POST /production_batches`. */
export type CreateProductionBatchRequest = z.infer<typeof createProductionBatchRequestSchema>;

/**
 * Schema of the body of `PATCH /feedstock_types/{id}` (OpenAPI PatchFeedstockType).
 * @public
 */
export const patchFeedstockTypeRequestSchema = z.strictObject({
  name: notSent(z.string().min(1)),
  supplier_reference_id: notSent(z.string().min(1).max(100)),
});
/** Body of `PATCH /feedstock_types/{id}`. */
export type PatchFeedstockTypeRequest = z.infer<typeof patchFeedstockTypeRequestSchema>;

/** Path of `/feedstock_types/{id}`: `id` of a feedstock type. @public */
export const feedstockTypeIdPathSchema = idPathSchema('feedstock_type');
