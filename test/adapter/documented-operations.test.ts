/**
 * The 23 numbered operations of docs/service.md#routes, as the route table declares them: method,
 * path and the schemas of their parts.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validateRequest } from '../../src/model';
import { HEADER_EXAMPLES, ID, PATH_EXAMPLES, QUERY_EXAMPLES, REQUEST_EXAMPLES, RESOURCE_EXAMPLES } from '../model/fixtures';
import { OPERATION_SCHEMAS, type OperationNumber, type OperationSchemas } from './documented-operations';

/** interface.md 4.2, with the examples of each part. */
const TABLE: Record<
  OperationNumber,
  { readonly route: string; readonly body?: string; readonly query?: string; readonly path?: string; readonly node?: string }
> = {
  1: { route: 'GET /mrv/v0/measurement_samples', query: 'listMeasurementSamplesQuerySchema', node: 'measurementSampleSchema' },
  2: { route: 'POST /mrv/v0/removals', body: 'createRemovalRequestSchema', node: 'removalSchema' },
  3: { route: 'PATCH /mrv/v0/removals/{id}', body: 'patchRemovalRequestSchema', path: 'removalIdPathSchema', node: 'removalSchema' },
  4: {
    route: 'PATCH /mrv/v0/removals/{id}/component_attributions',
    body: 'patchRemovalComponentAttributionsRequestSchema',
    path: 'removalIdPathSchema',
    node: 'removalSchema',
  },
  5: {
    route: 'GET /mrv/v0/ghg_entries/{id}/component_attributions',
    path: 'removalIdPathSchema',
    query: 'paginationQuerySchema',
    node: 'componentAttributionSchema',
  },
  6: { route: 'POST /mrv/v0/biochar_applications', body: 'createBiocharApplicationRequestSchema', node: 'biocharApplicationSchema' },
  7: { route: 'GET /mrv/v0/biochar_applications/{id}', path: 'biocharApplicationIdPathSchema', node: 'biocharApplicationSchema' },
  8: { route: 'POST /mrv/v0/feedstock_batches', body: 'createFeedstockBatchRequestSchema', node: 'feedstockBatchSchema' },
  9: { route: 'DELETE /mrv/v0/feedstock_types/{id}', path: 'feedstockTypeIdPathSchema' },
  10: { route: 'GET /mrv/v0/datapoints', query: 'listDatapointsQuerySchema', node: 'datapointSchema' },
  11: {
    route: 'GET /mrv/v0/datapoints/{id}/components',
    path: 'datapointIdPathSchema',
    query: 'paginationQuerySchema',
    node: 'componentSchema',
  },
  12: {
    route: 'GET /mrv/v0/datapoints/{id}/removal_template_components',
    path: 'datapointIdPathSchema',
    query: 'paginationQuerySchema',
    node: 'removalTemplateComponentSchema',
  },
  13: {
    route: 'POST /mrv/v0/data-upload-submissions',
    body: 'createDataUploadSubmissionRequestSchema',
    node: 'dataUploadSubmissionSchema',
  },
  14: { route: 'GET /mrv/v0/data-upload-submissions', query: 'listDataUploadSubmissionsQuerySchema', node: 'dataUploadSubmissionSchema' },
  15: {
    route: 'GET /mrv/v0/projects/{project_id}/removal_templates',
    path: 'projectIdPathSchema',
    query: 'paginationQuerySchema',
    node: 'removalTemplateSchema',
  },
  16: {
    route: 'GET /mrv/v0/projects/{project_id}/storage_locations/{id}',
    path: 'storageLocationPathSchema',
    node: 'storageLocationSchema',
  },
  17: { route: 'DELETE /mrv/v0/projects/{project_id}/storage_locations/{id}', path: 'storageLocationPathSchema' },
  18: { route: 'GET /mrv/v0/component_blueprints', query: 'paginationQuerySchema', node: 'componentBlueprintSchema' },
  19: { route: 'GET /mrv/v0/sources/{id}/private_url', path: 'sourceIdPathSchema' },
  20: { route: 'POST /registry/v0/retirements', body: 'createRetirementRequestSchema', node: 'retirementSchema' },
  21: {
    route: 'GET /registry/v0/suppliers/{id}/deliveries',
    path: 'supplierIdPathSchema',
    query: 'paginationQuerySchema',
    node: 'deliverySchema',
  },
  22: { route: 'GET /registry/v0/transfers', query: 'listTransfersQuerySchema', node: 'transferSchema' },
  23: { route: 'GET /registry/v0/refunds/{id}/credit_batches', path: 'refundIdPathSchema', node: 'creditBatchSchema' },
};

const LISTS = new Set<OperationNumber>([1, 5, 10, 11, 12, 14, 15, 18, 21, 22]);
const operations = Object.entries(OPERATION_SCHEMAS).map(([n, op]) => [Number(n) as OperationNumber, op as OperationSchemas] as const);

describe('OPERATION_SCHEMAS', () => {
  it('lists the 23 operations of interface.md 4.2', () => {
    expect(operations.map(([n]) => n)).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
  });

  it.each(operations)('operation %i: method, path and schemas', (n, op) => {
    const row = TABLE[n];
    expect(`${op.method} ${op.path}`).toBe(row.route);
    const placeholders = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    if (placeholders.length === 0) {
      expect(op.path_params).toBeUndefined();
    } else {
      expect(Object.keys((op.path_params as z.ZodObject).shape).sort()).toEqual([...placeholders].sort());
    }
    expect(op.body === undefined).toBe(row.body === undefined);
    expect(op.query === undefined).toBe(row.query === undefined);
    const parts = {
      header: HEADER_EXAMPLES.requestHeadersSchema,
      ...(row.path === undefined ? {} : { path: PATH_EXAMPLES[row.path] }),
      ...(row.query === undefined ? {} : { query: QUERY_EXAMPLES[row.query] }),
      ...(row.body === undefined ? {} : { body: REQUEST_EXAMPLES[row.body] }),
    };
    expect(validateRequest({ header: op.header, path: op.path_params, query: op.query, body: op.body }, parts)).toMatchObject({
      success: true,
    });
  });

  it.each(operations)('operation %i: success response', (n, op) => {
    const node = TABLE[n].node;
    if (n === 9 || n === 17) {
      expect(op.response).toBeUndefined(); // 204, no body
      return;
    }
    const response = op.response as z.ZodType;
    if (n === 19) {
      expect(response.safeParse('https://files.example.com/a.pdf').success).toBe(true);
      expect(response.safeParse({ url: 'x' }).success).toBe(false);
      return;
    }
    const resource = RESOURCE_EXAMPLES[node as string];
    const pageInfo = { has_previous_page: false, start_cursor: 'a', has_next_page: false, end_cursor: 'a' };
    if (LISTS.has(n)) {
      expect(response.safeParse({ nodes: [resource], page_info: pageInfo, total_count: 1 }).success).toBe(true);
      expect(response.safeParse({ nodes: [resource], total_count: 1 }).success).toBe(false);
    } else if (n === 23) {
      expect(response.safeParse({ nodes: [resource], total_count: 1 }).success).toBe(true);
      expect(response.safeParse({ nodes: [resource] }).success).toBe(false);
    } else {
      expect(response.safeParse(resource).success).toBe(true);
    }
  });

  it('a bad request to operation 3 reports path, header and body problems together', () => {
    const op = OPERATION_SCHEMAS[3];
    const result = validateRequest(
      { header: op.header, path: op.path_params, body: op.body },
      { header: {}, path: { id: ID.cmp }, body: { started_on: '2024-02-30', feedstock_type_id: null } },
    );
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.detail.map((item) => [item.type, item.loc.join('.')])).toEqual([
      ['string_pattern_mismatch', 'path.id'],
      ['missing', 'header.x-client-secret'],
      ['date_from_datetime_parsing', 'body.started_on'],
      ['string_type', 'body.feedstock_type_id'],
    ]);
  });
});

describe('parsed request types', () => {
  it('a general operation parses to unknown parts, a specific schema set to typed parts', () => {
    const op = OPERATION_SCHEMAS[20];
    const general = validateRequest(
      { header: op.header, body: op.body },
      { header: HEADER_EXAMPLES.requestHeadersSchema, body: REQUEST_EXAMPLES.createRetirementRequestSchema },
    );
    expect(general.success).toBe(true);
    const specific = validateRequest(
      { body: OPERATION_SCHEMAS[20].body as z.ZodType<{ notes: string | null }> },
      { body: REQUEST_EXAMPLES.createRetirementRequestSchema },
    );
    if (!specific.success) throw new Error('expected success');
    const notes: string | null = specific.data.body.notes;
    expect(notes).toBe('Retired with care.');
  });
});
