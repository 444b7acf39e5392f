/**
 * The operations of docs/service.md#routes with the schemas of their parts, so that a host can validate
 * a request (and check a response) by operation number. Paths are relative to the base address
 * and written with `{name}` placeholders, as in docs/service.md.
 */
import { z } from 'zod';
import { biocharApplicationSchema, dataUploadSubmissionSchema, feedstockBatchSchema, storageLocationSchema } from './resources-field';
import {
  componentAttributionSchema,
  componentBlueprintSchema,
  componentSchema,
  datapointSchema,
  measurementSampleSchema,
  removalSchema,
  removalTemplateComponentSchema,
  removalTemplateSchema,
  sourcePrivateUrlSchema,
} from './resources';
import { creditBatchSchema, deliverySchema, retirementSchema, transferSchema } from './registry-resources';
import {
  createBiocharApplicationRequestSchema,
  createDataUploadSubmissionRequestSchema,
  createFeedstockBatchRequestSchema,
  createRemovalRequestSchema,
  patchRemovalComponentAttributionsRequestSchema,
  patchRemovalRequestSchema,
} from './requests';
import {
  biocharApplicationIdPathSchema,
  datapointIdPathSchema,
  feedstockTypeIdPathSchema,
  listDataUploadSubmissionsQuerySchema,
  listDatapointsQuerySchema,
  listTransfersQuerySchema,
  paginationQuerySchema,
  projectIdPathSchema,
  refundIdPathSchema,
  removalIdPathSchema,
  requestHeadersSchema,
  sourceIdPathSchema,
  storageLocationPathSchema,
  supplierIdPathSchema,
} from './queries';
import { listResourceSchema, paginatedListSchema } from './shapes';
import { createRetirementRequestSchema } from './registry-requests';

/**
 * HTTP method of an operation.
 */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * One operation of the service and the schemas of its parts.
 */
export interface OperationSchemas {
  /** HTTP method. */
  readonly method: HttpMethod;
  /** Path template relative to the base address, e.g. `/mrv/v0/removals/{id}`. */
  readonly path: string;
  /** Schema of the path parameters, if the path has any. */
  readonly path_params?: z.ZodType;
  /** Schema of the query parameters, if the operation takes any. */
  readonly query?: z.ZodType;
  /** Schema of the headers (every operation requires `x-client-secret`). */
  readonly header: z.ZodType;
  /** Schema of the JSON body, if the operation takes one. */
  readonly body?: z.ZodType;
  /** Schema of the success response body; absent when the success response has no body. */
  readonly response?: z.ZodType;
}

const header = requestHeadersSchema;

/**
 * Number of an operation of docs/service.md#routes (1 to 23).
 */
export type OperationNumber =
  | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18 | 19 | 20 | 21 | 22 | 23;

/**
 * The 23 operations of docs/service.md#routes, keyed by their number there. Typed by the general
 * {@link OperationSchemas} shape: a host validates the parts without knowing each operation.
 */
export const OPERATION_SCHEMAS: Readonly<Record<OperationNumber, OperationSchemas>> = {
  1: { method: 'GET', path: '/mrv/v0/measurement_samples', header, query: paginationQuerySchema, response: paginatedListSchema(measurementSampleSchema) },
  2: { method: 'POST', path: '/mrv/v0/removals', header, body: createRemovalRequestSchema, response: removalSchema },
  3: { method: 'PATCH', path: '/mrv/v0/removals/{id}', header, path_params: removalIdPathSchema, body: patchRemovalRequestSchema, response: removalSchema },
  4: {
    method: 'PATCH',
    path: '/mrv/v0/removals/{id}/component_attributions',
    header,
    path_params: removalIdPathSchema,
    body: patchRemovalComponentAttributionsRequestSchema,
    response: removalSchema,
  },
  5: {
    method: 'GET',
    path: '/mrv/v0/ghg_entries/{id}/component_attributions',
    header,
    path_params: removalIdPathSchema,
    query: paginationQuerySchema,
    response: paginatedListSchema(componentAttributionSchema),
  },
  6: { method: 'POST', path: '/mrv/v0/biochar_applications', header, body: createBiocharApplicationRequestSchema, response: biocharApplicationSchema },
  7: { method: 'GET', path: '/mrv/v0/biochar_applications/{id}', header, path_params: biocharApplicationIdPathSchema, response: biocharApplicationSchema },
  8: { method: 'POST', path: '/mrv/v0/feedstock_batches', header, body: createFeedstockBatchRequestSchema, response: feedstockBatchSchema },
  9: { method: 'DELETE', path: '/mrv/v0/feedstock_types/{id}', header, path_params: feedstockTypeIdPathSchema },
  10: { method: 'GET', path: '/mrv/v0/datapoints', header, query: listDatapointsQuerySchema, response: paginatedListSchema(datapointSchema) },
  11: {
    method: 'GET',
    path: '/mrv/v0/datapoints/{id}/components',
    header,
    path_params: datapointIdPathSchema,
    query: paginationQuerySchema,
    response: paginatedListSchema(componentSchema),
  },
  12: {
    method: 'GET',
    path: '/mrv/v0/datapoints/{id}/removal_template_components',
    header,
    path_params: datapointIdPathSchema,
    query: paginationQuerySchema,
    response: paginatedListSchema(removalTemplateComponentSchema),
  },
  13: { method: 'POST', path: '/mrv/v0/data-upload-submissions', header, body: createDataUploadSubmissionRequestSchema, response: dataUploadSubmissionSchema },
  14: {
    method: 'GET',
    path: '/mrv/v0/data-upload-submissions',
    header,
    query: listDataUploadSubmissionsQuerySchema,
    response: paginatedListSchema(dataUploadSubmissionSchema),
  },
  15: {
    method: 'GET',
    path: '/mrv/v0/projects/{project_id}/removal_templates',
    header,
    path_params: projectIdPathSchema,
    query: paginationQuerySchema,
    response: paginatedListSchema(removalTemplateSchema),
  },
  16: { method: 'GET', path: '/mrv/v0/projects/{project_id}/storage_locations/{id}', header, path_params: storageLocationPathSchema, response: storageLocationSchema },
  17: { method: 'DELETE', path: '/mrv/v0/projects/{project_id}/storage_locations/{id}', header, path_params: storageLocationPathSchema },
  18: { method: 'GET', path: '/mrv/v0/component_blueprints', header, query: paginationQuerySchema, response: paginatedListSchema(componentBlueprintSchema) },
  19: { method: 'GET', path: '/mrv/v0/sources/{id}/private_url', header, path_params: sourceIdPathSchema, response: sourcePrivateUrlSchema },
  20: { method: 'POST', path: '/registry/v0/retirements', header, body: createRetirementRequestSchema, response: retirementSchema },
  21: {
    method: 'GET',
    path: '/registry/v0/suppliers/{id}/deliveries',
    header,
    path_params: supplierIdPathSchema,
    query: paginationQuerySchema,
    response: paginatedListSchema(deliverySchema),
  },
  22: { method: 'GET', path: '/registry/v0/transfers', header, query: listTransfersQuerySchema, response: paginatedListSchema(transferSchema) },
  23: { method: 'GET', path: '/registry/v0/refunds/{id}/credit_batches', header, path_params: refundIdPathSchema, response: listResourceSchema(creditBatchSchema) },
};
