/**
 * The 23 numbered operations of docs/service.md#routes, read from the route table (the one
 * declaration of every route, src/adapter/resources): their schemas are the routes' own, so a test
 * by operation number checks what the service serves, not a second copy.
 */
import type { z } from 'zod';
import { ROUTES } from '../../src/adapter/resources/routes';
import { requestHeadersSchema } from '../../src/model/queries';

/** Number of an operation of docs/service.md#routes (1 to 23). */
export type OperationNumber = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18 | 19 | 20 | 21 | 22 | 23;

/** One operation and the schemas of its parts; a part the route does not take is absent. */
export interface OperationSchemas {
  readonly method: string;
  readonly path: string;
  readonly path_params?: z.ZodType;
  readonly query?: z.ZodType;
  /** Every operation requires `x-client-secret` (the pipeline checks it before the route). */
  readonly header: z.ZodType;
  readonly body?: z.ZodType;
  /** Absent when the success response has no body (204). */
  readonly response?: z.ZodType;
}

const DOCUMENTED: readonly string[] = [
  'GET /mrv/v0/measurement_samples',
  'POST /mrv/v0/removals',
  'PATCH /mrv/v0/removals/{id}',
  'PATCH /mrv/v0/removals/{id}/component_attributions',
  'GET /mrv/v0/ghg_entries/{id}/component_attributions',
  'POST /mrv/v0/biochar_applications',
  'GET /mrv/v0/biochar_applications/{id}',
  'POST /mrv/v0/feedstock_batches',
  'DELETE /mrv/v0/feedstock_types/{id}',
  'GET /mrv/v0/datapoints',
  'GET /mrv/v0/datapoints/{id}/components',
  'GET /mrv/v0/datapoints/{id}/removal_template_components',
  'POST /mrv/v0/data-upload-submissions',
  'GET /mrv/v0/data-upload-submissions',
  'GET /mrv/v0/projects/{project_id}/removal_templates',
  'GET /mrv/v0/projects/{project_id}/storage_locations/{id}',
  'DELETE /mrv/v0/projects/{project_id}/storage_locations/{id}',
  'GET /mrv/v0/component_blueprints',
  'GET /mrv/v0/sources/{id}/private_url',
  'POST /registry/v0/retirements',
  'GET /registry/v0/suppliers/{id}/deliveries',
  'GET /registry/v0/transfers',
  'GET /registry/v0/refunds/{id}/credit_batches',
];

function operationOf(key: string): OperationSchemas {
  const route = ROUTES.find((r) => `${r.method} ${r.path}` === key);
  if (route === undefined) throw new Error(`the route table has no ${key}`);
  const { path, query, body, response } = route.schemas;
  return {
    method: route.method,
    path: route.path,
    header: requestHeadersSchema,
    ...(path === undefined ? {} : { path_params: path }),
    ...(query === undefined ? {} : { query }),
    ...(body === undefined ? {} : { body }),
    ...(response === null ? {} : { response }),
  };
}

function table(): Record<OperationNumber, OperationSchemas> {
  const out: Partial<Record<OperationNumber, OperationSchemas>> = {};
  DOCUMENTED.forEach((key, i) => {
    out[(i + 1) as OperationNumber] = operationOf(key);
  });
  return out as Record<OperationNumber, OperationSchemas>;
}

/** The 23 operations keyed by their number in docs/service.md#routes. */
export const OPERATION_SCHEMAS: Readonly<Record<OperationNumber, OperationSchemas>> = table();
