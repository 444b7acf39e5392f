/**
 * The service's schemas of sources: the source as read with its public and private URLs, the
 * create, patch and signed upload bodies, the list query and the source's path parameter
 * (docs/service.md#routes). Owned by this resource's module (its routes and view read them); the
 * world document, the rows, the OpenAPI document and the `cdr-engine/schemas` entry import them
 * from here.
 */
import * as z from 'zod';
import { anyIdSchema, idSchema } from '../../../model/ids';
import { idPathSchema, paginatedQuerySchema } from '../../../model/queries';
import { displayNameSchema, notSent } from '../../../model/requests';
import {
  dateSchema,
  laxBoolean,
  laxInt,
  literalSchema,
  nullableSupplierReferenceId,
  supplierReferenceIdSchema,
} from '../../../model/shapes';

/** Schema of a source's type. @public */
export const sourceTypeSchema = z.enum(['DOCUMENT', 'WEBSITE']);
/** Whether a source is a document or a website. */
export type SourceType = z.infer<typeof sourceTypeSchema>;

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
 * Schema of the answer of `GET /sources/{id}/private_url`: the address as one JSON string.
 * @public
 */
export const sourcePrivateUrlSchema = z.string();

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
// Signed uploads.

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

/** Schema of the query of `GET /sources`. @public */
export const listSourcesQuerySchema = paginatedQuerySchema({
  supplier_reference_id: supplierReferenceIdSchema.nullable().optional(),
  project_id: idSchema('project').nullable().optional(),
});

/** Path of `/sources/{id}`: `id` of a source. @public */
export const sourceIdPathSchema = idPathSchema('source');
