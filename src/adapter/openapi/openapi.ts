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
import * as z from 'zod';
import * as model from '../../model';
import { dateSchema, dateTimeSchema } from '../../model/shapes';
import { errorMessageBodySchema, validationErrorBodySchema } from '../../model/validation-error';
import { describeDocument } from './openapi-descriptions';
import { componentSchemaName } from './openapi-names';
import { operationIds } from './operation-ids';
import type { Route } from '../router';
import { ROUTES } from '../resources/routes';
import { RESOURCE_SCHEMAS } from '../resources';

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
  /** Where the service answers: the sandbox itself (`/`; each path carries its API's prefix). */
  readonly servers: readonly { readonly url: string; readonly description: string }[];
  /**
   * The named schemas (`Datapoint`, `CreateDatapointRequest`, ..., the error bodies, `Undefined`)
   * that operations refer to with `$ref`, and the two credentials' security schemes.
   */
  readonly components: { readonly schemas: Readonly<Record<string, unknown>>; readonly securitySchemes: Readonly<Record<string, unknown>> };
  /** Every operation needs both credentials: the client secret and a bearer token. */
  readonly security: readonly Readonly<Record<string, readonly string[]>>[];
}

/** Both credentials, which every operation needs (docs/service.md, "Authentication"). */
const SECURITY = [{ ClientSecret: [], HTTPBearer: [] }] as const;

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
  if (
    ctx.zodSchema === dateTimeSchema ||
    (ctx.zodSchema as { _zod?: { def?: { out?: unknown } } })._zod?.def?.out ===
      (dateTimeSchema as unknown as { _zod: { def: { out: unknown } } })._zod.def.out
  ) {
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
function jsonSchema(schema: z.ZodType, io: Io): JsonSchemaObject {
  const out = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any', override }) as JsonSchemaObject;
  delete out.$schema;
  return out;
}

/**
 * The model's and the resources' exports in name order, as one module namespace would list them:
 * where a schema is exported under two names (`ghgEntrySchema`, `removalSchema`), the first names it.
 */
function schemaExports(): [string, unknown][] {
  return Object.entries({ ...model, ...RESOURCE_SCHEMAS }).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The model's and the resources' exported object and enum schemas by name (`datapointSchema` is
 * `Datapoint`, `createRemovalRequestSchema` is `GhgEntryCreate`: openapi-names.ts): the names of the document's component schemas, so that a generated client has
 * named types.
 */
function schemaNames(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  for (const [name, value] of schemaExports()) {
    if (!name.endsWith('Schema') || !(value instanceof z.ZodObject || value instanceof z.ZodEnum) || names.has(value)) continue;
    names.set(value, componentSchemaName(name.slice(0, -'Schema'.length)));
  }
  return names;
}

type Io = 'input' | 'output';
/** Marks a reference to a named schema of one mode until the names are final (see {@link NamedSchemas.finish}). */
const MARK = '#/$named/';

/**
 * JSON Schemas whose named parts (see {@link schemaNames}) become references to component
 * schemas. A schema reads differently as a request (input: defaults optional) and as a response
 * (output): when the two differ, the request's is named `<Name>Input`.
 */
class NamedSchemas {
  private readonly defs: Record<Io, Map<string, JsonSchemaObject>> = { input: new Map(), output: new Map() };
  private readonly registry: { get(schema: unknown): Record<string, unknown> | undefined };

  constructor(names: ReadonlyMap<z.ZodType, string>) {
    // The model's own metadata (the `notSent` marker) stays; the name is added as zod's `id`.
    this.registry = {
      get: (schema) => {
        const own = z.globalRegistry.get(schema as z.ZodType) as Record<string, unknown> | undefined;
        const id = names.get(schema as z.ZodType);
        return id === undefined ? own : { ...own, id };
      },
    };
  }

  /** The JSON Schema of `schema`, its named parts as marked references. */
  of(schema: z.ZodType, io: Io): JsonSchemaObject {
    const out = z.toJSONSchema(schema, {
      io,
      target: 'draft-2020-12',
      unrepresentable: 'any',
      override,
      metadata: this.registry as never,
    }) as JsonSchemaObject;
    delete out.$schema;
    const defs = (out.$defs ?? {}) as Record<string, JsonSchemaObject>;
    delete out.$defs;
    for (const [name, def] of Object.entries(defs))
      if (!this.defs[io].has(name))
        this.defs[io].set(
          name,
          rewriteRefs(def, (ref) => markOf(ref, io)),
        );
    return rewriteRefs(out, (ref) => markOf(ref, io));
  }

  /** The component schemas, and `paths` with every marked reference pointing at one of them. */
  finish(paths: JsonSchemaObject): { readonly schemas: Record<string, JsonSchemaObject>; readonly paths: JsonSchemaObject } {
    const final = new Map<string, string>();
    const schemas: Record<string, JsonSchemaObject> = {};
    for (const io of ['output', 'input'] as const satisfies readonly Io[]) {
      for (const [name, def] of this.defs[io]) {
        const output = this.defs.output.get(name);
        const named = io === 'input' && output !== undefined && JSON.stringify(output) !== JSON.stringify(def) ? `${name}Input` : name;
        final.set(`${MARK}${io}/${name}`, `#/components/schemas/${named}`);
        schemas[named] = def;
      }
    }
    const resolve = (ref: string): string => final.get(ref) ?? ref;
    const sorted = Object.fromEntries(
      Object.keys(schemas)
        .sort()
        .map((name) => [name, rewriteRefs(schemas[name] as JsonSchemaObject, resolve)]),
    );
    return { schemas: sorted, paths: rewriteRefs(paths, resolve) };
  }
}

function markOf(ref: string, io: Io): string {
  return ref.startsWith('#/$defs/') ? `${MARK}${io}/${ref.slice('#/$defs/'.length)}` : ref;
}

/** A copy of `value` with every `$ref` string passed through `rewrite`. */
function rewriteRefs<T>(value: T, rewrite: (ref: string) => string): T {
  if (Array.isArray(value)) return value.map((item: unknown) => rewriteRefs(item, rewrite)) as T;
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value))
    out[key] = key === '$ref' && typeof item === 'string' ? rewrite(item) : rewriteRefs(item, rewrite);
  return out as T;
}

/** The parameters of one request part (path or query), from the JSON Schema of its object. */
function parameters(schema: z.ZodType | undefined, where: 'path' | 'query'): JsonSchemaObject[] {
  if (schema === undefined) return [];
  const object = jsonSchema(schema, 'input');
  const properties = (object.properties ?? {}) as Record<string, JsonSchemaObject>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

const json = (schema: unknown) => ({ 'application/json': { schema } });
const refusal = (description: string, ref: string) => ({ description, content: json({ $ref: `#/components/schemas/${ref}` }) });

/**
 * The refusal of a write that cannot be committed (`serve --state`: a full disk, an I/O error): it
 * changed nothing, and may be sent again after `Retry-After` seconds (docs/service.md).
 */
const UNAVAILABLE = {
  description:
    'The write could not be committed (the server keeps its state on disk with `serve --state`, and the disk refused it: full, read-only, an I/O error). Nothing was changed, in memory or on disk; send the request again after `Retry-After` seconds. Reads go on being answered.',
  headers: {
    'Retry-After': { description: 'Seconds to wait before sending the request again (5).', schema: { type: 'integer', minimum: 1 } },
  },
  content: json({ $ref: '#/components/schemas/ErrorMessage' }),
};

/** The operation object of a route. */
function operation(route: Route, operationId: string, named: NamedSchemas): JsonSchemaObject {
  const { schemas } = route;
  const responses: Record<string, unknown> = {};
  if (schemas.response === null) responses['204'] = { description: 'Done; no body.' };
  else responses['200'] = { description: 'Success.', content: json(named.of(schemas.response, 'output')) };
  responses['401'] = refusal('A wrong client secret, or a missing, malformed, unknown or expired bearer token.', 'ErrorMessage');
  if (route.path.includes('{') || schemas.notFound === true)
    responses['404'] = refusal('Missing, or not visible to the caller (answered alike).', 'ErrorMessage');
  if (schemas.conflict === true)
    responses['409'] = refusal(
      'Conflicts with stored state (a supplier reference in use, a resource in use or submitted).',
      'ErrorMessage',
    );
  responses['422'] = refusal('Validation error (pydantic v2 shape).', 'ValidationError');
  if (route.method !== 'GET') responses['503'] = UNAVAILABLE;
  const tag = route.path.split('/')[1] ?? '';
  return {
    operationId,
    ...(schemas.summary === undefined ? {} : { summary: schemas.summary }),
    tags: [tag],
    security: SECURITY,
    parameters: [...parameters(schemas.path, 'path'), ...parameters(schemas.query, 'query')],
    ...(schemas.body === undefined ? {} : { requestBody: { required: true, content: json(named.of(schemas.body, 'input')) } }),
    responses,
  };
}

/** Builds the document from `routes`. */
export function buildOpenApiDocument(routes: readonly Route[]): OpenApiDocument {
  const named = new NamedSchemas(schemaNames());
  const operations: Record<string, Record<string, unknown>> = {};
  const ids = operationIds(routes);
  routes.forEach((route, i) => ((operations[route.path] ??= {})[route.method.toLowerCase()] = operation(route, ids[i] as string, named)));
  const { schemas, paths } = named.finish(operations);
  const validation = jsonSchema(validationErrorBodySchema, 'output');
  // Every 422 item carries all five fields (docs/rules.md#service-behaviour), `input` included whatever its value.
  const items = ((validation.properties as Record<string, JsonSchemaObject>).detail as JsonSchemaObject).items as JsonSchemaObject;
  items.required = ['type', 'loc', 'msg', 'input', 'ctx'];
  const allSchemas: Record<string, JsonSchemaObject> = {
    ...schemas,
    ErrorMessage: jsonSchema(errorMessageBodySchema, 'output'),
    ValidationError: validation,
    Undefined: {
      type: 'object',
      properties: { __typename: { type: 'string', const: 'Undefined' } },
      required: ['__typename'],
      additionalProperties: false,
      description: 'The "not provided" value: a field given as this is read as not sent.',
    },
  };
  describeDocument(paths as Record<string, Record<string, JsonSchemaObject>>, allSchemas);
  return {
    openapi: '3.1.0',
    info: {
      title: 'cdr-engine sandbox',
      version: 'v0',
      description:
        'The in-memory stand-in of the carbon removal data ingestion (/mrv/v0) and registry (/registry/v0) service, with its test helpers (/sandbox/v0). Every operation needs the x-client-secret header and a bearer token.',
    },
    servers: [{ url: '/', description: 'This sandbox; each path carries its API prefix (/mrv/v0, /registry/v0, /sandbox/v0).' }],
    paths: paths as OpenApiDocument['paths'],
    components: {
      schemas: allSchemas,
      securitySchemes: {
        ClientSecret: {
          type: 'apiKey',
          in: 'header',
          name: 'x-client-secret',
          description: "The secret identifying the client (one of the world's `clients`).",
        },
        HTTPBearer: {
          type: 'http',
          scheme: 'bearer',
          description: "`Authorization: Bearer <token>`, one of the world's `access_tokens`: it says which organisation is calling.",
        },
      },
    },
    security: SECURITY,
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
