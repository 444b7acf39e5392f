/**
 * The request pipeline of the in-memory service:
 *
 * 0. documents, without credentials: `GET /openapi.json`, and a pointer to it with the route list
 *    at `GET /`, `/docs` and the bare API prefixes (discovery.ts);
 * 1. route: unknown path 404 `{"detail": "Not Found"}`; known path, other method 405
 *    `{"detail": "Method Not Allowed"}` with an `allow` header (as the service's framework answers);
 * 2. authenticate: `x-client-secret` missing 422 at `["header", "x-client-secret"]`, unknown 401;
 *    an `Authorization` header that is missing, malformed, unknown or expired 401, for every
 *    operation (credentials come before any other check, so an unauthenticated caller learns
 *    nothing about ids or bodies);
 * 3. read the body: text that is not JSON 422 `json_invalid` at `["body", offset]`; a body sent with
 *    a content type other than JSON is not parsed, and fails validation as `model_attributes_type`
 *    (what the service's framework does: 422, not 415);
 * 4. validate path, query and body together: one 422 listing every problem, the unit and bound
 *    problems of the body's well-formed quantities included (router.ts, a route's `quantities`);
 *    what needs stored records is checked by the handler, once the request validates;
 * 5. run the handler in a store transaction: a refusal after a change rolls the change back; with
 *    a kept state (`serve --state`), the change is written before the answer, and a write that
 *    fails is rolled back too and answered 503 with `Retry-After`.
 *
 * Anything else thrown is a defect: it is reported through `onInternalError` and answered 500.
 */
import { validateRequestPart } from '../model/validation-error';
import { jsonInvalidItemAt, parseJsonText } from '../model/json-text';
import { requestHeadersSchema } from '../model/queries';
import { CreditLedgerError } from '../registry';
import { notAuthenticated, type RequestContext } from './context';
import { Refusal, unauthorized, unprocessable } from './http/failures';
import { Router, type Reply } from './router';
import { RESOURCES } from './resources';
import { ROUTES } from './resources/routes';
import { ledgerItems } from './resources/credit-ledger/refusals';
import { discoveryBody, OPENAPI_PATH } from './openapi/discovery';
import { serviceOpenApiDocument } from './openapi/openapi';
import { ServiceState } from './state';
import { assertOptions } from '../model/strict-options';
import {
  SANDBOX_OPTION_CHECKS,
  type Sandbox,
  type SandboxHeaders,
  type SandboxOptions,
  type SandboxRequest,
  type SandboxResponse,
} from './types';
import { keepState, StateWriteError, type StatePort } from './kept-state';
import { loadWorld } from './world/world';
import type { OrganisationRow } from './rows';
import { bodyLimitProblems, boundDetail, MAX_LISTED_PROBLEMS } from './http/request-limits';

const JSON_HEADERS = Object.freeze({ 'content-type': 'application/json' });
/** The answer to a write the kept state could not commit: nothing changed, try again later. */
const STATE_UNAVAILABLE = 'The state could not be written (the disk may be full): nothing was changed; retry later';
const RETRY_AFTER_S = '5';

function respond(status: number, body: unknown, headers: Readonly<Record<string, string>> = {}): SandboxResponse {
  return { status, headers: { ...JSON_HEADERS, ...headers }, body };
}

/** Header names in lower case; a repeated header counts as its first value. */
function normaliseHeaders(headers: SandboxHeaders | undefined): Record<string, string> {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  if (headers === undefined || headers === null || typeof headers !== 'object') return out;
  for (const [name, value] of Object.entries(headers)) {
    const first = Array.isArray(value) ? (value as readonly unknown[])[0] : value;
    if (typeof first === 'string') out[name.toLowerCase()] = first;
  }
  return out;
}

/** Query parameters; a repeated parameter counts as its last value, as the service reads scalars. */
function parseQuery(search: string): Record<string, string> {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  if (search === '') return out;
  for (const [name, value] of new URLSearchParams(search)) out[name] = value;
  return out;
}

function isJsonContentType(value: string | undefined): boolean {
  if (value === undefined) return true;
  const type = (value.split(';')[0] ?? '').trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The request body as a JSON value; undefined when there is none. */
function readBody(body: unknown, headers: Record<string, string>): unknown {
  if (body === undefined) return undefined;
  if (typeof body !== 'string' && !(body instanceof Uint8Array)) return body;
  let text: string;
  try {
    text = typeof body === 'string' ? body : UTF8.decode(body);
  } catch {
    throw unprocessable([jsonInvalidItemAt(0, 'Invalid UTF-8')]);
  }
  if (text === '') return undefined;
  // Not JSON by its content type: handed on as text, which no body schema accepts.
  if (!isJsonContentType(headers['content-type'])) return text;
  const parsed = parseJsonText(text);
  if (!parsed.ok) throw unprocessable([jsonInvalidItemAt(parsed.position, parsed.error)]);
  return parsed.value;
}

/**
 * The organisation the request acts for (docs/service.md#authentication, docs/rules.md#service-behaviour): a known client secret
 * and a valid, unexpired bearer token. Every operation needs both; a request without an
 * `Authorization` header is 401, whatever it asks for.
 */
function authenticate(state: ServiceState, headers: Record<string, string>): OrganisationRow {
  const checked = validateRequestPart(requestHeadersSchema, headers, 'header');
  if (!checked.success) throw unprocessable(checked.detail);
  if (!state.clients.has(checked.data['x-client-secret'])) throw unauthorized('Invalid client secret', false);
  const authorization = checked.data.authorization;
  if (authorization === undefined) throw notAuthenticated();
  const match = /^bearer\s+(\S+)\s*$/i.exec(authorization);
  if (match === null) throw unauthorized('Invalid authentication credentials', true);
  const token = state.tokens.get(match[1] as string);
  if (token === undefined) throw unauthorized('Invalid access token', true);
  if (state.clock.nowMs() >= token.expires_at_ms) throw unauthorized('Access token expired', true);
  const organisation = state.organisations.get(token.organisation_id);
  if (organisation === undefined) throw unauthorized('Invalid access token', true);
  return organisation;
}

const router = new Router(ROUTES);

/** Freezes `value` and everything in it. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

let openApiBody: unknown;

/**
 * The served OpenAPI document, built once (building it walks every route's schemas): frozen, so
 * that no caller can change what the next one gets, and a wire copy, as every answer is.
 */
function servedOpenApiDocument(): unknown {
  openApiBody ??= deepFreeze(JSON.parse(JSON.stringify(serviceOpenApiDocument())) as unknown);
  return openApiBody;
}

/** The sandbox and its state, for tests that compare snapshots. */
export interface SandboxWithState extends Sandbox {
  readonly state: ServiceState;
}

/** The request -> response function over `state`; throws only on a defect. */
function answerer(state: ServiceState): (request: SandboxRequest) => SandboxResponse {
  return (request: SandboxRequest): SandboxResponse => {
    if (request === null || typeof request !== 'object' || typeof request.method !== 'string' || typeof request.path !== 'string') {
      return respond(400, { detail: 'A request needs a method and a path' });
    }
    const method = request.method.toUpperCase();
    const queryAt = request.path.indexOf('?');
    const path = queryAt < 0 ? request.path : request.path.slice(0, queryAt);
    const search = queryAt < 0 ? '' : request.path.slice(queryAt + 1);
    // The service's own description: a document, not an operation, so it needs no credentials.
    if (path === OPENAPI_PATH && method === 'GET') return respond(200, servedOpenApiDocument());
    // The root, /docs and the bare API prefixes point to the document rather than answering 404.
    const pointer = method === 'GET' ? discoveryBody(path, ROUTES) : undefined;
    if (pointer !== undefined) return respond(200, pointer);
    const match = router.match(method, path);
    if (match.kind === 'not_found') return respond(404, { detail: 'Not Found' });
    if (match.kind === 'method_not_allowed') return respond(405, { detail: 'Method Not Allowed' }, { allow: match.allow.join(', ') });

    const headers = normaliseHeaders(request.headers);
    let body: unknown;
    try {
      const viewer = authenticate(state, headers);
      const { route } = match;
      body = route.schemas.body === undefined ? undefined : readBody(request.body, headers);
      const beyondLimits = bodyLimitProblems(body);
      if (beyondLimits.length > 0) throw unprocessable(beyondLimits);
      const parts = { path: match.params, query: route.schemas.query === undefined ? undefined : parseQuery(search), body };
      const checked = route.accept(parts, MAX_LISTED_PROBLEMS);
      if (!checked.success) throw unprocessable(checked.detail);
      const context: RequestContext = { state, viewer };
      const reply: Reply = state.store.transaction(() => checked.data(context));
      if (reply.status === 204) return { status: 204, headers: {} };
      // A round trip through JSON: the caller gets what the wire would carry, and no reference into the store.
      return respond(200, JSON.parse(JSON.stringify(reply.body)) as unknown);
    } catch (error) {
      if (error instanceof Refusal) return respond(error.status, error.body, error.headers);
      if (error instanceof CreditLedgerError) return respond(422, { detail: boundDetail(ledgerItems(error, body)) });
      if (error instanceof StateWriteError) return respond(503, { detail: STATE_UNAVAILABLE }, { 'retry-after': RETRY_AFTER_S });
      throw error;
    }
  };
}

/**
 * Creates a sandbox and exposes its state (internal; the package exports {@link createSandbox}).
 * With `port` (`cdr-engine serve --state`), the state is loaded from it (or the world is, and
 * written to it) and every request that changes the state is written to it before it is answered
 * (kept-state.ts); each request then runs at one instant, read once, so that the ledger's writes
 * keep the instant they read.
 */
export function createSandboxWithState(options: SandboxOptions = {}, port?: StatePort): SandboxWithState {
  assertOptions(options, SANDBOX_OPTION_CHECKS, 'options of createSandbox');
  const now = options.now ?? (() => Date.now());
  let instant: number | undefined;
  const seed = options.seed ?? 1;
  const state = new ServiceState(() => instant ?? now(), seed, RESOURCES);
  const answer = answerer(state);
  const report = options.onInternalError ?? ((error: unknown) => console.error('cdr-engine sandbox: internal error', error));
  const safeAnswer = (request: SandboxRequest): SandboxResponse => {
    try {
      return answer(request);
    } catch (error) {
      try {
        report(error, request);
      } catch {
        // A failing reporter must not turn a 500 into a rejection.
      }
      return respond(500, { detail: 'Internal Server Error' });
    }
  };
  if (port === undefined) {
    if (options.world !== undefined) loadWorld(state, options.world);
    return { state, handle: (request) => Promise.resolve(safeAnswer(request)) };
  }
  keepState(state, port, options.world, seed);
  const atOneInstant = (request: SandboxRequest): SandboxResponse => {
    instant = toMs(now());
    try {
      return safeAnswer(request);
    } finally {
      instant = undefined;
    }
  };
  return { state, handle: (request) => Promise.resolve(atOneInstant(request)) };
}

/** The caller's clock value in ms (a bad value is left for the clock to name). */
function toMs(value: Date | string | number): number | undefined {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : value;
  return Number.isFinite(ms) ? ms : undefined;
}

/**
 * Creates an in-memory instance of the service: `handle(request)` answers one request with the
 * status codes, JSON bodies and headers of the service (docs/service.md, docs/rules.md#service-behaviour). No HTTP
 * framework or socket is involved; `cdr-engine serve` binds it to a port.
 *
 * Test-helper routes under `/sandbox/v0/` do what the real service does on its own side (verify
 * a GHG statement, issue its credits, process data uploads, create an order, advance the clock).
 *
 * @param options - a world to preload, the clock, the seed of generated ids
 * @returns the sandbox
 * @throws Error (named `WorldDocumentError`) when `options.world` is invalid; the message lists
 *   every problem with its path into the document
 * @public
 */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const { handle } = createSandboxWithState(options);
  return { handle };
}
