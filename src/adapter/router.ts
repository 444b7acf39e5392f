/**
 * The route table: method and path template to handler. Templates are written as in docs/service.md
 * (`/mrv/v0/removals/{id}`); a `{name}` segment matches one non-empty path segment, decoded.
 */
import * as z from 'zod';
import { quantityFieldItems, type QuantityFields } from './evaluation/quantities';
import {
  validateRequest,
  type ValidationErrorItem,
  type ParsedRequest,
  type RequestParts,
  type RequestSchemas,
  type ValidationResult,
} from '../model/validation-error';
import type { RequestContext } from './context';

/** Methods the service answers. */
export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A 200 answer with a body of type `B`. */
export type Ok<B> = { readonly status: 200; readonly body: B };

/** What a handler answers on success: 200 with a body of type `B`, or 204 without. */
export type Reply<B = unknown> = Ok<B> | { readonly status: 204 };

/**
 * What a route takes and answers: the schemas of its parts (path, query, body; headers are checked
 * by authentication), the schema of its 200 body, and the refusals it may answer beside those of
 * every route (401, 422) and of every route with path parameters (404). The service's OpenAPI
 * document is generated from these (openapi.ts): one source of truth.
 */
export interface RouteSpec extends Omit<RequestSchemas, 'header'> {
  /** Schema of the 200 body; null: the route answers 204 without a body. */
  readonly response: z.ZodType | null;
  /** The route may answer 409 (a conflict with stored state). */
  readonly conflict?: boolean;
  /** The route may answer 404 although it has no path parameter (a resource of the caller it needs). */
  readonly notFound?: boolean;
  /** One line saying what the route does. */
  readonly summary?: string;
  /**
   * The ScalarQuantity fields of the body and their kinds: when the body does not validate, those
   * that are well-formed are checked as the handler checks them, and their problems listed with
   * the others (one 422 for every problem: docs/service.md#quantities).
   */
  readonly quantities?: QuantityFields;
}

/** The schemas of a route's request parts. */
export type RouteSchemas = Omit<RequestSchemas, 'header'>;

/** The parsed request parts of a route with spec `S`. */
export type RouteInput<S extends RouteSpec> = ParsedRequest<Pick<S, Extract<keyof S, 'path' | 'query' | 'body'>>>;

/** `T` read-only all the way down: a body built from stored rows (read-only arrays) is accepted. */
export type Immutable<T> = T extends readonly (infer U)[]
  ? readonly Immutable<U>[]
  : T extends object
    ? { readonly [K in keyof T]: Immutable<T[K]> }
    : T;

/**
 * A response body of schema `T`, before serialisation: what the schema accepts (`z.input`, so that
 * a client parsing the body with the schema gets it back), read-only. A field whose schema takes
 * any input (the lenient numbers, dates and country codes check the type themselves, so zod infers
 * `unknown`) takes the type of its output instead, widened to `string` where that output is a set of
 * strings, so that tsc checks those fields too.
 */
export type BodyOf<T extends z.ZodType> = Accepted<z.input<T>, z.output<T>>;

/** The input type `I` read-only, with each `unknown` leaf replaced by the matching output type `O` (see {@link BodyOf}). */
type Accepted<I, O> = unknown extends I
  ? Widened<O>
  : I extends readonly (infer U)[]
    ? readonly Accepted<U, O extends readonly (infer V)[] ? V : never>[]
    : I extends object
      ? { readonly [K in keyof I]: Accepted<I[K], O extends object ? (K extends keyof O ? O[K] : never) : never> }
      : I;

/** An output type for a body: string-literal sets widened to `string`, read-only. */
type Widened<O> = O extends string ? string : Immutable<O>;

/** The body a route with spec `S` answers; never, for a 204 route. */
export type ResponseBody<S extends RouteSpec> = S['response'] extends z.ZodType ? BodyOf<S['response']> : never;

/** What a handler of a route with spec `S` answers: tsc holds its body to the route's response schema. */
export type RouteReply<S extends RouteSpec> = S['response'] extends z.ZodType ? Ok<ResponseBody<S>> : { readonly status: 204 };

/** The handler of a route with spec `S`. */
export type Handler<S extends RouteSpec> = (context: RequestContext, input: RouteInput<S>) => RouteReply<S>;

/**
 * One route, its types erased so that a table can hold routes of every shape: `accept` validates
 * the request's parts against the route's schemas and, when they hold, gives the handler bound to
 * the parsed parts (built by {@link route}'s closure, which knows the types, so nothing is cast).
 */
export interface Route {
  readonly method: Method;
  readonly path: string;
  readonly schemas: RouteSpec;
  readonly accept: (parts: RequestParts, limit: number) => ValidationResult<(context: RequestContext) => Reply>;
}

/**
 * Declares a route; the input's type follows from the schemas, and the handler's body must be what
 * the response schema accepts. Every route needs a valid bearer token (docs/rules.md#service-behaviour):
 * the pipeline refuses a request without one before any route runs.
 */
export function route<const S extends RouteSpec>(method: Method, path: string, schemas: S, handle: Handler<S>): Route {
  const requestSchemas: Pick<S, Extract<keyof S, 'path' | 'query' | 'body'>> = schemas;
  const accept = (parts: RequestParts, limit: number): ValidationResult<(context: RequestContext) => Reply> => {
    const checked = validateRequest(requestSchemas, parts, limit);
    if (!checked.success) return withQuantityProblems(checked, parts.body, schemas);
    return { success: true, data: (context) => handle(context, checked.data) };
  };
  return { method, path, schemas, accept };
}

/** The type of the item that closes a list cut at its limit (model/validation-error.ts). */
const TOO_MANY_ERRORS = 'too_many_errors';

/**
 * A refused request's items with the problems of its well-formed quantities (`spec.quantities`),
 * each placed after the items of the body fields declared before it. A list cut at its limit is
 * left as it is (its count of the rest would be wrong).
 */
function withQuantityProblems(
  refused: { readonly success: false; readonly detail: readonly ValidationErrorItem[] },
  body: unknown,
  spec: RouteSpec,
): { readonly success: false; readonly detail: readonly ValidationErrorItem[] } {
  if (spec.quantities === undefined || refused.detail.some((item) => item.type === TOO_MANY_ERRORS)) return refused;
  const extra = quantityFieldItems(body, spec.quantities);
  if (extra.length === 0) return refused;
  const order = spec.body instanceof z.ZodObject ? Object.keys(spec.body.shape) : [];
  const rank = (item: ValidationErrorItem): number => {
    const at = item.loc[0] === 'body' ? order.indexOf(String(item.loc[1])) : -1;
    return at < 0 ? order.length : at;
  };
  const detail = [...refused.detail];
  for (const item of extra) {
    const before = detail.findIndex((other) => other.loc[0] === 'body' && rank(other) > rank(item));
    detail.splice(before < 0 ? detail.length : before, 0, item);
  }
  return { success: false, detail };
}

/** Shorthand for `{ status: 200, body }`. */
export function ok<B>(body: B): Ok<B> {
  return { status: 200, body };
}

/** Shorthand for a 204. */
export const NO_CONTENT = { status: 204 } as const satisfies Reply<never>;

interface Compiled {
  readonly route: Route;
  readonly segments: readonly ({ readonly literal: string } | { readonly param: string })[];
}

/** Outcome of matching a request path. */
export type Match =
  | { readonly kind: 'found'; readonly route: Route; readonly params: Record<string, string> }
  | { readonly kind: 'method_not_allowed'; readonly allow: readonly Method[] }
  | { readonly kind: 'not_found' };

/** Splits a path into decoded segments; undefined when a segment is not valid percent-encoding. */
function splitPath(path: string): string[] | undefined {
  if (!path.startsWith('/')) return undefined;
  const out = path.slice(1).split('/');
  for (let i = 0; i < out.length; i++) {
    const segment = out[i] as string;
    if (!segment.includes('%')) continue;
    try {
      out[i] = decodeURIComponent(segment);
    } catch {
      return undefined;
    }
  }
  return out;
}

/** The key of a route's bucket: its number of segments and its first three, which are literal in every route. */
function bucketKey(size: number, segments: readonly string[]): string {
  return `${size}/${segments[0] ?? ''}/${segments[1] ?? ''}/${segments[2] ?? ''}`;
}

/** A table of routes matched by method and path. */
export class Router {
  /** Routes by segment count and first three segments: a request looks at a handful of routes. */
  readonly #buckets = new Map<string, Compiled[]>();

  constructor(routes: readonly Route[]) {
    const seen = new Set<string>();
    for (const r of routes) {
      const key = `${r.method} ${r.path}`;
      if (seen.has(key)) throw new Error(`router: ${key} is declared twice`);
      seen.add(key);
      const segments = r.path
        .slice(1)
        .split('/')
        .map((s) => (s.startsWith('{') && s.endsWith('}') ? { param: s.slice(1, -1) } : { literal: s }));
      const leading = segments.slice(0, 3);
      if (leading.some((part) => !('literal' in part))) throw new Error(`router: ${key} must start with three literal segments`);
      const bucket = bucketKey(
        segments.length,
        leading.map((part) => part.literal ?? ''),
      );
      const list = this.#buckets.get(bucket) ?? [];
      list.push({ route: r, segments });
      this.#buckets.set(bucket, list);
    }
  }

  match(method: string, path: string): Match {
    const segments = splitPath(path);
    if (segments === undefined) return { kind: 'not_found' };
    const candidates = this.#buckets.get(bucketKey(segments.length, segments)) ?? [];
    const allow: Method[] = [];
    for (const { route: r, segments: pattern } of candidates) {
      const params: Record<string, string> = Object.create(null) as Record<string, string>;
      let matched = true;
      for (let i = 0; i < pattern.length; i++) {
        const part = pattern[i] as Compiled['segments'][number];
        const actual = segments[i] as string;
        if ('literal' in part) {
          if (part.literal !== actual) {
            matched = false;
            break;
          }
        } else {
          if (actual === '') {
            matched = false;
            break;
          }
          params[part.param] = actual;
        }
      }
      if (!matched) continue;
      if (r.method === method) return { kind: 'found', route: r, params };
      if (!allow.includes(r.method)) allow.push(r.method);
    }
    return allow.length > 0 ? { kind: 'method_not_allowed', allow: allow.sort() } : { kind: 'not_found' };
  }
}

/** The schema type accepted for a route part (re-exported for handler modules). */
export type Schema = z.ZodType;
