/**
 * The service's own OpenAPI 3.1 document, generated from the route table: each route's path,
 * query and body schemas (the zod schemas that validate requests, as JSON Schema in input mode)
 * and its response schema (as JSON Schema in output mode, so that every field the service writes
 * is listed and no other), with the refusals it can answer: 401 and 422 on every operation, 404
 * where a path names a resource (or the route says so), 409 where the route declares a conflict.
 * One source of truth: nothing here is written by hand but the document's frame.
 *
 * The test helpers under `/sandbox/v0` are in it too, tagged `sandbox`.
 */
import { z } from 'zod';
import { dateSchema, dateTimeSchema } from '../model/shapes';
import { errorMessageBodySchema, validationErrorBodySchema } from '../model/validation-error';
import type { Route } from './router';
import { ROUTES } from './routes';

/** A JSON Schema object as the document holds it. */
export type JsonSchemaObject = { [key: string]: unknown };

/**
 * An OpenAPI 3.1 document.
 * @public
 */
export interface OpenApiDocument {
  /** The OpenAPI version, `3.1.0`. */
  readonly openapi: string;
  /** Title, version and description of the service. */
  readonly info: { readonly title: string; readonly version: string; readonly description: string };
  /** The operations, by path (`/mrv/v0/datapoints/{id}`) and lower-case method. */
  readonly paths: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** The shared schemas (error bodies, `Undefined`) and the bearer scheme. */
  readonly components: { readonly schemas: Readonly<Record<string, unknown>>; readonly securitySchemes: Readonly<Record<string, unknown>> };
  /** Every operation needs a bearer token. */
  readonly security: readonly Readonly<Record<string, readonly string[]>>[];
}

const UNDEFINED_REF = '#/components/schemas/Undefined';

/** Whether a schema is of strings (or of strings and null). */
function isString(schema: JsonSchemaObject): boolean {
  return schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));
}

/**
 * Adjusts zod's JSON Schema where it says less than the schema checks, or says it in a way
 * OpenAPI tools do not read: dates and date-times get their formats (zod's preprocessors hide
 * them), `starts_with` (zod's name for an id prefix, not a JSON Schema format) is left to the
 * pattern, and the `notSent` marker of a body field becomes the OpenAPI's `anyOf [value, Undefined]`.
 */
function override(ctx: { readonly zodSchema: unknown; readonly jsonSchema: JsonSchemaObject }): void {
  const schema = ctx.jsonSchema;
  if (schema.format === 'starts_with') delete schema.format;
  if (ctx.zodSchema === dateTimeSchema || (ctx.zodSchema as { _zod?: { def?: { out?: unknown } } })._zod?.def?.out === (dateTimeSchema as unknown as { _zod: { def: { out: unknown } } })._zod.def.out) {
    if (isString(schema)) schema.format = 'date-time';
  }
  if (ctx.zodSchema === dateSchema && isString(schema)) schema.format = 'date';
  if (schema.notSent !== true) return;
  const value: JsonSchemaObject = { ...schema };
  delete value.notSent;
  for (const key of Object.keys(schema)) delete schema[key];
  schema.anyOf = [value, { $ref: UNDEFINED_REF }];
}

/** The JSON Schema of a zod schema, without its `$schema` line. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchemaObject {
  const out = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any', override }) as JsonSchemaObject;
  delete out.$schema;
  return out;
}

/** The parameters of one request part (path or query), from the JSON Schema of its object. */
function parameters(schema: z.ZodType | undefined, where: 'path' | 'query'): JsonSchemaObject[] {
  if (schema === undefined) return [];
  const object = jsonSchema(schema, 'input');
  const properties = (object.properties ?? {}) as Record<string, JsonSchemaObject>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({ name, in: where, required: where === 'path' || required.has(name), schema: property }));
}

const json = (schema: unknown) => ({ 'application/json': { schema } });
const refusal = (description: string, ref: string) => ({ description, content: json({ $ref: `#/components/schemas/${ref}` }) });

/** The operation object of a route. */
function operation(route: Route): JsonSchemaObject {
  const { schemas } = route;
  const responses: Record<string, unknown> = {};
  if (schemas.response === null) responses['204'] = { description: 'Done; no body.' };
  else responses['200'] = { description: 'Success.', content: json(jsonSchema(schemas.response, 'output')) };
  responses['401'] = refusal('A wrong client secret, or a missing, malformed, unknown or expired bearer token.', 'ErrorMessage');
  if (route.path.includes('{') || schemas.notFound === true) responses['404'] = refusal('Missing, or not visible to the caller (answered alike).', 'ErrorMessage');
  if (schemas.conflict === true) responses['409'] = refusal('Conflicts with stored state (a supplier reference in use, a resource in use or submitted).', 'ErrorMessage');
  responses['422'] = refusal('Validation error (pydantic v2 shape).', 'ValidationError');
  const tag = route.path.split('/')[1] ?? '';
  return {
    operationId: `${route.method.toLowerCase()}${route.path.replace(/\{([^}]+)\}/g, 'by_$1').replace(/[^A-Za-z0-9]+/g, '_')}`,
    ...(schemas.summary === undefined ? {} : { summary: schemas.summary }),
    tags: [tag],
    parameters: [
      ...parameters(schemas.path, 'path'),
      ...parameters(schemas.query, 'query'),
      { name: 'x-client-secret', in: 'header', required: true, schema: { type: 'string' } },
    ],
    ...(schemas.body === undefined ? {} : { requestBody: { required: true, content: json(jsonSchema(schemas.body, 'input')) } }),
    responses,
  };
}

/** Builds the document from `routes`. */
export function buildOpenApiDocument(routes: readonly Route[]): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) (paths[route.path] ??= {})[route.method.toLowerCase()] = operation(route);
  const validation = jsonSchema(validationErrorBodySchema, 'output');
  // Every 422 item carries all five fields (semantics.md 7), `input` included whatever its value.
  const items = ((validation.properties as Record<string, JsonSchemaObject>).detail as JsonSchemaObject).items as JsonSchemaObject;
  items.required = ['type', 'loc', 'msg', 'input', 'ctx'];
  return {
    openapi: '3.1.0',
    info: {
      title: 'cdr-engine sandbox',
      version: 'v0',
      description:
        'The in-memory stand-in of the carbon removal data ingestion (/mrv/v0) and registry (/registry/v0) service, with its test helpers (/sandbox/v0). Every operation needs the x-client-secret header and a bearer token.',
    },
    paths,
    components: {
      schemas: {
        ErrorMessage: jsonSchema(errorMessageBodySchema, 'output'),
        ValidationError: validation,
        Undefined: {
          type: 'object',
          properties: { __typename: { type: 'string', const: 'Undefined' } },
          required: ['__typename'],
          additionalProperties: false,
          description: 'The "not provided" value: a field given as this is read as not sent.',
        },
      },
      securitySchemes: { HTTPBearer: { type: 'http', scheme: 'bearer' } },
    },
    security: [{ HTTPBearer: [] }],
  };
}

let built: OpenApiDocument | undefined;

/**
 * The service's own OpenAPI 3.1 document: every operation the sandbox answers (the real service's
 * and the `/sandbox/v0` test helpers), with its parameters, request body, success body and refusals
 * (401, 404, 409, 422 bodies), generated from the zod schemas that validate them. Built once.
 * @returns the document (a JSON value; serialise with `JSON.stringify`)
 * @public
 */
export function serviceOpenApiDocument(): OpenApiDocument {
  built ??= buildOpenApiDocument(ROUTES);
  return built;
}
