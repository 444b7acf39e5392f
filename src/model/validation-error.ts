/**
 * Validation errors in the service's own shape (docs/service.md#status-codes-and-error-bodies, docs/rules.md#service-behaviour): the 422 body
 * `{"detail": [{type, loc, msg, input, ctx}]}` that the service's pydantic v2 models produce.
 * A failed zod parse is translated issue by issue; every problem is reported, one per location,
 * as pydantic does.
 */
import * as z from 'zod';
import { jsonInvalidItemAt, locateJsonError, parseJsonText } from './json-text';
import { expectedList, readPydanticSpec, type PydanticErrorSpec } from './pydantic-issue';
import { nearestName } from './nearest-name';
import type { RequestLocation, ValidationErrorBody, ValidationErrorItem } from './validation-error-body';

export type { RequestLocation, ValidationErrorBody, ValidationErrorItem } from './validation-error-body';

/**
 * Result of validating a request value: the parsed data, or every problem found.
 * @public
 */
export type ValidationResult<T> =
  | { readonly success: true; readonly data: T }
  | { readonly success: false; readonly detail: readonly ValidationErrorItem[] };

type Issue = z.core.$ZodIssue;
type Path = readonly PropertyKey[];

const MISSING: PydanticErrorSpec = { type: 'missing', msg: 'Field required' };
const OBJECT_TYPE: PydanticErrorSpec = {
  type: 'model_attributes_type',
  msg: 'Input should be a valid dictionary or object to extract fields from',
};

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function lengthOf(value: unknown): number {
  if (typeof value === 'string' || Array.isArray(value)) return value.length;
  if (value instanceof Set || value instanceof Map) return value.size;
  return 0;
}

function typeSpec(expected: string, input: unknown): PydanticErrorSpec {
  switch (expected) {
    case 'string':
      return { type: 'string_type', msg: 'Input should be a valid string' };
    case 'number':
      return typeof input === 'string'
        ? { type: 'float_parsing', msg: 'Input should be a valid number, unable to parse string as a number' }
        : { type: 'float_type', msg: 'Input should be a valid number' };
    case 'int':
      if (typeof input === 'string') {
        return { type: 'int_parsing', msg: 'Input should be a valid integer, unable to parse string as an integer' };
      }
      if (typeof input === 'number' && !Number.isInteger(input)) {
        return { type: 'int_from_float', msg: 'Input should be a valid integer, got a number with a fractional part' };
      }
      return { type: 'int_type', msg: 'Input should be a valid integer' };
    case 'boolean':
      return typeof input === 'string' || typeof input === 'number'
        ? { type: 'bool_parsing', msg: 'Input should be a valid boolean, unable to interpret input' }
        : { type: 'bool_type', msg: 'Input should be a valid boolean' };
    case 'array':
    case 'tuple':
    case 'set':
      return { type: 'list_type', msg: 'Input should be a valid list' };
    case 'object':
      return OBJECT_TYPE;
    case 'record':
    case 'map':
      return { type: 'dict_type', msg: 'Input should be a valid dictionary' };
    case 'null':
      return { type: 'none_required', msg: 'Input should be None' };
    case 'date':
      return { type: 'date_type', msg: 'Input should be a valid date' };
    default:
      return { type: `${expected}_type`, msg: `Input should be a valid ${expected}` };
  }
}

function valueError(message: string): PydanticErrorSpec {
  return { type: 'value_error', msg: `Value error, ${message}`, ctx: { error: message } };
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function patternSpec(pattern: string): PydanticErrorSpec {
  return { type: 'string_pattern_mismatch', msg: `String should match pattern '${pattern}'`, ctx: { pattern } };
}

/** The pydantic error for one (non-union) zod issue. */
function specOf(issue: Issue): PydanticErrorSpec {
  switch (issue.code) {
    case 'custom':
      return readPydanticSpec(issue.params) ?? valueError(issue.message);
    case 'invalid_type':
      return typeSpec(issue.expected, issue.input);
    case 'too_small': {
      const n = Number(issue.minimum);
      if (issue.origin === 'string') {
        return { type: 'string_too_short', msg: `String should have at least ${plural(n, 'character')}`, ctx: { min_length: n } };
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        const actual = lengthOf(issue.input);
        return {
          type: 'too_short',
          msg: `List should have at least ${plural(n, 'item')} after validation, not ${actual}`,
          ctx: { field_type: 'List', min_length: n, actual_length: actual },
        };
      }
      return issue.inclusive === false
        ? { type: 'greater_than', msg: `Input should be greater than ${n}`, ctx: { gt: n } }
        : { type: 'greater_than_equal', msg: `Input should be greater than or equal to ${n}`, ctx: { ge: n } };
    }
    case 'too_big': {
      const n = Number(issue.maximum);
      if (issue.origin === 'string') {
        return { type: 'string_too_long', msg: `String should have at most ${plural(n, 'character')}`, ctx: { max_length: n } };
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        const actual = lengthOf(issue.input);
        return {
          type: 'too_long',
          msg: `List should have at most ${plural(n, 'item')} after validation, not ${actual}`,
          ctx: { field_type: 'List', max_length: n, actual_length: actual },
        };
      }
      return issue.inclusive === false
        ? { type: 'less_than', msg: `Input should be less than ${n}`, ctx: { lt: n } }
        : { type: 'less_than_equal', msg: `Input should be less than or equal to ${n}`, ctx: { le: n } };
    }
    case 'invalid_value': {
      const expected = expectedList(issue.values);
      return { type: 'enum', msg: `Input should be ${expected}`, ctx: { expected } };
    }
    case 'invalid_format': {
      const details = issue as Issue & { prefix?: string; suffix?: string; includes?: string };
      if (issue.format === 'starts_with' && details.prefix !== undefined) return patternSpec(`^${escapeRegex(details.prefix)}`);
      if (issue.format === 'ends_with' && details.suffix !== undefined) return patternSpec(`${escapeRegex(details.suffix)}$`);
      if (issue.format === 'includes' && details.includes !== undefined) return patternSpec(escapeRegex(details.includes));
      if (issue.format === 'regex' && issue.pattern !== undefined) return patternSpec(issue.pattern.replace(/^\/(.*)\/[a-z]*$/s, '$1'));
      return valueError(`value is not a valid ${issue.format}`);
    }
    case 'not_multiple_of':
      return { type: 'multiple_of', msg: `Input should be a multiple of ${issue.divisor}`, ctx: { multiple_of: issue.divisor } };
    default:
      return valueError(issue.message);
  }
}

/** Whether a union branch failed because the value has another type altogether. */
function isTypeMismatch(issue: Issue): boolean {
  if (issue.path.length !== 0) return false;
  if (issue.code === 'invalid_type' || issue.code === 'invalid_value' || issue.code === 'invalid_union') return true;
  if (issue.code === 'custom') {
    const type = readPydanticSpec(issue.params)?.type ?? '';
    return type.endsWith('_type') || type === 'literal_error';
  }
  return false;
}

interface PlacedIssue {
  readonly path: Path;
  readonly issue: Issue;
}

/** pydantic v2's message of an `extra_forbidden` error; a hint of the nearest known name may follow. */
const EXTRA_FORBIDDEN = 'Extra inputs are not permitted';

/** An unrecognized-keys issue with the names its object defines, as {@link keepKnownKeys} leaves them. */
interface KnownKeys {
  readonly known?: readonly string[];
}

/**
 * Error map of a request's parse: leaves on each unrecognized-keys issue the names its object
 * defines (the issue's schema is gone from the finished issue, its other fields are kept), so that
 * an `extra_forbidden` item can name the nearest one (docs/service.md#strict-bodies-and-the-not-provided-value).
 * It changes no message.
 */
const keepKnownKeys: z.core.$ZodErrorMap = (issue) => {
  if (issue.code !== 'unrecognized_keys') return undefined;
  const shape = (issue.inst as { _zod?: { def?: { shape?: unknown } } } | undefined)?._zod?.def?.shape;
  if (typeof shape === 'object' && shape !== null) (issue as { known?: readonly string[] }).known = Object.keys(shape);
  return undefined;
};

/** Flattens unions: of the branches, the first whose value had the right type explains the failure. */
function place(issue: Issue, prefix: Path, out: PlacedIssue[]): void {
  const path = [...prefix, ...issue.path];
  if (issue.code === 'invalid_union' && issue.errors.length > 0 && issue.input !== undefined) {
    const branch = issue.errors.find((branchIssues) => !branchIssues.some(isTypeMismatch)) ?? issue.errors[0] ?? [];
    for (const inner of branch) place(inner, path, out);
    return;
  }
  if (issue.code === 'unrecognized_keys') {
    const given = (issue.input ?? {}) as Record<string, unknown>;
    // The names the object knows that the input lacks: a misspelled key's likely meaning.
    const known = ((issue as KnownKeys).known ?? []).filter((name) => !Object.hasOwn(given, name));
    for (const key of issue.keys) {
      const near = nearestName(key, known);
      const msg = near === undefined ? EXTRA_FORBIDDEN : `${EXTRA_FORBIDDEN}; did you mean '${near}'?`;
      out.push({
        path: [...path, key],
        issue: {
          code: 'custom',
          path: [],
          message: msg,
          input: given[key],
          params: { pydantic: { type: 'extra_forbidden', msg } },
        },
      });
    }
    return;
  }
  out.push({ path, issue });
}

function valueAt(root: unknown, path: Path): { found: boolean; value: unknown } {
  let current: unknown = root;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return { found: false, value: undefined };
    const container = current as Record<PropertyKey, unknown>;
    if (!Object.prototype.hasOwnProperty.call(container, key)) return { found: false, value: undefined };
    current = container[key];
  }
  return { found: current !== undefined, value: current };
}

function toLoc(location: RequestLocation, path: Path): (string | number)[] {
  return [location, ...path.map((key) => (typeof key === 'number' ? key : String(key)))];
}

/**
 * The 422 items of a failed parse, without the `detail` wrapper, so that the items of several
 * request locations can be concatenated.
 * @param error - the error of a failed `safeParse` (parse with `reportInput: true` for exact inputs)
 * @param location - where the parsed value came from
 * @param input - the value that was parsed; gives each item its exact `input` (the original string
 *   of a query parameter, the object lacking a missing body field)
 * @param limit - most items described (default: all); the rest are counted in one closing
 *   `too_many_errors` item, so that a huge invalid input costs little to answer
 * @public
 */
export function toValidationErrorItems(
  error: z.ZodError,
  location: RequestLocation,
  input?: unknown,
  limit: number = Number.POSITIVE_INFINITY,
): ValidationErrorItem[] {
  const placed: PlacedIssue[] = [];
  for (const issue of error.issues) place(issue, [], placed);
  const seen = new Set<string>();
  const items: ValidationErrorItem[] = [];
  let omitted = 0;
  for (const { path, issue } of placed) {
    const loc = toLoc(location, path);
    const key = JSON.stringify(loc);
    if (seen.has(key)) continue; // pydantic reports one error per value: the first check that failed
    seen.add(key);
    if (items.length >= limit) {
      omitted += 1; // counted, not described: describing is what costs
      continue;
    }
    const original = input === undefined ? { found: false, value: undefined } : valueAt(input, path);
    const spec = issue.input === undefined && !original.found ? MISSING : specOf(issue);
    let itemInput: unknown;
    if (spec.type === MISSING.type) {
      const parent = location === 'body' && path.length > 0 && input !== undefined ? valueAt(input, path.slice(0, -1)) : undefined;
      itemInput = parent?.found ? parent.value : null;
    } else {
      itemInput = original.found ? original.value : (issue.input ?? null);
    }
    // Every item carries all five fields; `ctx` is `{}` when the error has nothing to add.
    items.push({ type: spec.type, loc, msg: spec.msg, input: itemInput, ctx: spec.ctx ?? {} });
  }
  if (omitted > 0) items.push(tooManyErrorsItem(location, omitted));
  return items;
}

/**
 * The item that closes a list cut at its limit: type `too_many_errors`, `loc` the request
 * location, how many problems were left out in `ctx.omitted`.
 * @param location - where the problems were found
 * @param omitted - how many problems are not listed
 */
export function tooManyErrorsItem(location: RequestLocation | 'request', omitted: number): ValidationErrorItem {
  return {
    type: 'too_many_errors',
    loc: [location],
    msg: `${omitted} more ${omitted === 1 ? 'problem' : 'problems'} not listed`,
    input: null,
    ctx: { omitted },
  };
}

/**
 * Turns a failed parse into the service's 422 body `{detail: [...]}` (pydantic v2 types, messages
 * and contexts; every problem, one per location).
 * @param error - the error of a failed `safeParse`
 * @param location - where the parsed value came from: `body`, `query`, `path` or `header`
 * @param input - the value that was parsed, for exact `input` fields (see {@link toValidationErrorItems})
 * @public
 */
export function toValidationErrorBody(error: z.ZodError, location: RequestLocation, input?: unknown): ValidationErrorBody {
  return { detail: toValidationErrorItems(error, location, input) };
}

/**
 * Validates one part of a request and returns the parsed data or the 422 items.
 * @param schema - the schema of that part (a body, query, path or header schema)
 * @param input - the raw value: parsed JSON body, query parameters as strings, path parameters, headers
 * @param location - where `input` came from
 * @param limit - most items described (see {@link toValidationErrorItems})
 * @public
 */
export function validateRequestPart<S extends z.ZodType>(
  schema: S,
  input: unknown,
  location: RequestLocation,
  limit?: number,
): ValidationResult<z.output<S>> {
  const result = schema.safeParse(input, { reportInput: true, error: keepKnownKeys });
  if (result.success) return { success: true, data: result.data };
  return { success: false, detail: toValidationErrorItems(result.error, location, input, limit) };
}

/**
 * Schemas of the parts of one request; any part may be absent.
 * @public
 */
export interface RequestSchemas {
  /** Path parameters. */
  readonly path?: z.ZodType;
  /** Query parameters (values are strings). */
  readonly query?: z.ZodType;
  /** Headers, names in lower case. */
  readonly header?: z.ZodType;
  /** The JSON body. */
  readonly body?: z.ZodType;
}

/**
 * The raw parts of one request.
 * @public
 */
export interface RequestParts {
  /** Path parameters by name. */
  readonly path?: unknown;
  /** Query parameters by name. */
  readonly query?: unknown;
  /** Headers by lower-case name. */
  readonly header?: unknown;
  /** The parsed JSON body; undefined when the request had none. */
  readonly body?: unknown;
}

/**
 * The parsed parts of a request validated against `S`.
 * @public
 */
export type ParsedRequest<S extends RequestSchemas> = {
  -readonly [K in keyof S]: NonNullable<S[K]> extends z.ZodType ? z.output<NonNullable<S[K]>> : never;
};

const LOCATION_ORDER = ['path', 'query', 'header', 'body'] as const satisfies readonly RequestLocation[];

/**
 * Validates every part of a request that has a schema and reports all problems together, path
 * first, then query, header and body (the order in which the service checks them).
 * @param schemas - a schema per part
 * @param parts - the raw parts
 * @param limit - most items described per part (see {@link toValidationErrorItems})
 * @public
 */
export function validateRequest<S extends RequestSchemas>(
  schemas: S,
  parts: RequestParts,
  limit?: number,
): ValidationResult<ParsedRequest<S>> {
  const detail: ValidationErrorItem[] = [];
  const data: Record<string, unknown> = {};
  for (const location of LOCATION_ORDER) {
    const schema = schemas[location];
    if (schema === undefined) continue;
    const result = validateRequestPart(schema, parts[location], location, limit);
    if (result.success) data[location] = result.data;
    else for (const item of result.detail) detail.push(item); // not push(...): a spread of 100,000 items overflows the stack
  }
  return detail.length > 0 ? { success: false, detail } : { success: true, data: data as ParsedRequest<S> };
}

// ---------------------------------------------------------------------------------------------
// Bodies that are not JSON.

/**
 * The 422 item of a body that is not valid JSON: type `json_invalid`, `loc` `["body", position]`,
 * message `JSON decode error`, the decoder's reason in `ctx.error` (as the service reports it).
 * @param text - the raw body
 * @public
 */
export function jsonInvalidItem(text: string): ValidationErrorItem {
  // Text the scanner accepts (valid JSON) has no error to locate: reported at the start.
  const problem = locateJsonError(text) ?? { position: 0, error: 'Expecting value' };
  return jsonInvalidItemAt(problem.position, problem.error);
}

/**
 * Parses a raw JSON request body. An empty or absent body parses to `undefined` (which a body
 * schema then reports as `missing` at `["body"]`); text that is not JSON gives the `json_invalid`
 * item of {@link jsonInvalidItem}.
 * @param text - the raw body, if any
 * @public
 */
export function parseJsonBody(text: string | undefined | null): ValidationResult<unknown> {
  if (text === undefined || text === null || text === '') return { success: true, data: undefined };
  const parsed = parseJsonText(text);
  return parsed.ok ? { success: true, data: parsed.value } : { success: false, detail: [jsonInvalidItemAt(parsed.position, parsed.error)] };
}

// ---------------------------------------------------------------------------------------------
// The error bodies as schemas (the service's OpenAPI document is generated from them).

/**
 * Schema of one item of a 422 body: all five fields, `ctx` `{}` when there is nothing to add.
 * @public
 */
export const validationErrorItemSchema = z.object({
  type: z.string(),
  loc: z.array(z.union([z.string(), z.number().int()])),
  msg: z.string(),
  input: z.unknown(),
  ctx: z.record(z.string(), z.unknown()),
});

/**
 * Schema of a 422 body `{"detail": [...]}`.
 * @public
 */
export const validationErrorBodySchema = z.object({ detail: z.array(validationErrorItemSchema) });

/**
 * Schema of the body of the other refusals (401, 404, 405, 409): `{"detail": "<message>"}`.
 * @public
 */
export const errorMessageBodySchema = z.object({ detail: z.string() });
