/**
 * adapter/openapi: the service described. The OpenAPI 3.1 document built from the route table
 * (openapi.ts) with its prose (openapi-descriptions.ts), component names (openapi-names.ts) and
 * operation ids (operation-ids.ts), and the discovery document (discovery.ts). Read by the sandbox
 * to serve `/openapi.json` and by the tests that compare it with the real service's documents.
 * May import: resources, router.ts, model.
 */
export { buildOpenApiDocument, type JsonSchemaObject, type OpenApiDocument, serviceOpenApiDocument } from './openapi';
