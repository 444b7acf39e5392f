/**
 * The service's own OpenAPI 3.1 document, generated from the route table's zod schemas: it lists
 * every operation the sandbox answers with the refusals each can answer, its schemas compile, its
 * request bodies are as strict as the service, and the sandbox serves it at GET /openapi.json.
 * (Every response of the adapter tests is checked against it by the fixtures' client.)
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, test } from 'vitest';
import { serviceOpenApiDocument } from '../../src/adapter/openapi/openapi';
import { ROUTES } from '../../src/adapter/resources/routes';
import { serviceOpenApiDocument as exported } from 'cdr-engine/sandbox';
import { datapointBody, demoSandbox } from './fixtures';

type Operation = {
  parameters: { name: string; in: string; required: boolean }[];
  requestBody?: { content: { 'application/json': { schema: Record<string, unknown> } } };
  responses: Record<string, unknown>;
};

describe("the service's own OpenAPI document", () => {
  const document = serviceOpenApiDocument();
  /** A schema, or the component schema it refers to. */
  const resolved = (schema: unknown): unknown => {
    const ref = (schema as { $ref?: string } | undefined)?.$ref;
    return ref === undefined ? schema : document.components.schemas[ref.split('/').pop() as string];
  };
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op: op as Operation })),
  );

  test('is OpenAPI 3.1, shipped by cdr-engine/sandbox, and lists every route of the service exactly once', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(exported()).toBe(document);
    expect(operations.map((o) => `${o.method.toUpperCase()} ${o.path}`).sort()).toEqual(ROUTES.map((r) => `${r.method} ${r.path}`).sort());
    expect(operations.length).toBeGreaterThanOrEqual(125 + 10);
  });

  test('every operation needs the client secret and a token, and declares 401 and 422; 404 wherever a path names a resource', () => {
    // Each credential is a security scheme, both required together, rather than a header parameter.
    expect(document.components.securitySchemes).toEqual({
      ClientSecret: { type: 'apiKey', in: 'header', name: 'x-client-secret', description: expect.any(String) },
      HTTPBearer: { type: 'http', scheme: 'bearer', description: expect.any(String) },
    });
    expect(document.security).toEqual([{ ClientSecret: [], HTTPBearer: [] }]);
    for (const { path, method, op } of operations) {
      const where = `${method} ${path}`;
      expect((op as { security?: unknown }).security, where).toEqual([{ ClientSecret: [], HTTPBearer: [] }]);
      expect(
        op.parameters.filter((p) => p.in === 'header'),
        where,
      ).toEqual([]);
      expect(Object.keys(op.responses), where).toEqual(expect.arrayContaining(['401', '422']));
      if (path.includes('{')) expect(Object.keys(op.responses), where).toContain('404');
      expect(
        Object.keys(op.responses).some((s) => s === '200' || s === '204'),
        where,
      ).toBe(true);
    }
  });

  test('its schemas compile, and its request bodies refuse unknown keys as the service does', () => {
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    ajv.addSchema({ ...document, $id: 'https://service.test/doc.json' } as never);
    const bodies = operations.filter((o) => o.op.requestBody !== undefined);
    expect(bodies.length).toBeGreaterThan(30);
    for (const { path, method, op } of bodies) {
      const schema = resolved(op.requestBody?.content['application/json'].schema) as {
        additionalProperties?: unknown;
        anyOf?: { additionalProperties?: unknown }[];
      };
      const strict =
        schema.additionalProperties === false ||
        (schema.anyOf ?? []).every((s) => (resolved(s) as { additionalProperties?: unknown }).additionalProperties === false);
      expect(strict, `${method} ${path}`).toBe(true);
    }
    const create = document.paths['/mrv/v0/datapoints']?.post as Operation;
    const validate = ajv.compile({
      $ref: 'https://service.test/doc.json#/paths/~1mrv~1v0~1datapoints/post/requestBody/content/application~1json/schema',
    });
    expect(validate(datapointBody('doc', 1, 't'))).toBe(true);
    expect(validate({ ...datapointBody('doc', 1, 't'), colour: 'red' })).toBe(false);
    expect(create.responses['409']).toBeDefined();
  });

  test('resources and request bodies are named component schemas that operations refer to, so a generated client has named types', () => {
    const create = document.paths['/mrv/v0/datapoints']?.post as Operation;
    expect(create.requestBody?.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/DatapointCreate' });
    expect(
      (create.responses['200'] as { content: { 'application/json': { schema: unknown } } }).content['application/json'].schema,
    ).toEqual({ $ref: '#/components/schemas/Datapoint' });
    // A schema exported under two names takes the first in name order: the GHG entry is `GhgEntry` (ghgEntrySchema, removalSchema).
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining([
        'Datapoint',
        'Component',
        'GhgEntry',
        'GhgStatement',
        'CreditBatch',
        'Retirement',
        'PageInfo',
        'ErrorMessage',
        'ValidationError',
        'Undefined',
      ]),
    );
    // Every reference names a component schema that exists, and no zod-internal definition is left.
    const text = JSON.stringify(document);
    const refs = new Set([...text.matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1] as string));
    expect(refs.size).toBeGreaterThan(50);
    for (const ref of refs)
      expect(ref.startsWith('#/components/schemas/') && ref.slice('#/components/schemas/'.length) in document.components.schemas, ref).toBe(
        true,
      );
    expect(text).not.toContain('$defs');
  });

  test('declares the server: the sandbox itself, each path with its API prefix', () => {
    expect(document.servers).toEqual([{ url: '/', description: expect.stringContaining('/mrv/v0') }]);
  });

  test('the sandbox serves it at GET /openapi.json, without credentials', async () => {
    const response = await demoSandbox().handle({ method: 'GET', path: '/openapi.json' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(document);
  });
});
