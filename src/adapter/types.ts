/**
 * The public shapes of the in-memory service: a request goes in, a response comes out; nothing
 * else crosses the boundary.
 */
import { finiteNumber, FUNCTION, OBJECT, shapeOf, type ShapeCheck } from '../model/strict-options';
import type { WorldDocument } from './world/world-types';

/**
 * Header values as a caller may give them; names are matched case-insensitively. A list (as
 * node:http gives repeated headers) counts as its first value.
 * @public
 */
export type SandboxHeaders = Readonly<Record<string, string | readonly string[] | undefined>>;

/**
 * A request to the service.
 * @public
 */
export interface SandboxRequest {
  /** HTTP method, any case (`GET`, `post`, ...). */
  readonly method: string;
  /** Path, optionally with a query string: `/mrv/v0/datapoints?first=5`. */
  readonly path: string;
  /** Headers, e.g. `x-client-secret` and `authorization`; names in any case. */
  readonly headers?: SandboxHeaders;
  /**
   * The body. A string or a `Uint8Array` is raw JSON text (UTF-8) that the service parses as the
   * wire body, honouring `content-type`; any other value is taken as already-parsed JSON. Absent
   * (or an empty string) means no body.
   */
  readonly body?: unknown;
}

/**
 * The service's answer.
 * @public
 */
export interface SandboxResponse {
  /** HTTP status: 200, 204, 401, 404, 405, 409 or 422 (500 only for a defect of the service). */
  readonly status: number;
  /** Response headers, names in lower case (`content-type`, `allow`, `www-authenticate`). */
  readonly headers: Readonly<Record<string, string>>;
  /** The JSON body as a value (serialise with `JSON.stringify`); undefined for 204. */
  readonly body?: unknown;
}

/**
 * Options of `createSandbox`.
 * @public
 */
export interface SandboxOptions {
  /** Records to preload (organisations, credentials, projects, ...); an empty world when absent. */
  readonly world?: WorldDocument;
  /**
   * The clock: a `Date`, an ISO 8601 string or milliseconds since the epoch. Defaults to the
   * system clock. The test-helper route `POST /sandbox/v0/clock/advance` moves it forward.
   */
  readonly now?: () => Date | string | number;
  /** Seed of the identifier and cursor generators (default 1): equal seeds and requests give equal ids. */
  readonly seed?: number;
  /**
   * Called with any unexpected internal error before the service answers 500; defaults to writing
   * it to `console.error`. A 500 is a defect: bad requests are answered 4xx.
   */
  readonly onInternalError?: (error: unknown, request: SandboxRequest) => void;
}

/**
 * The known keys of {@link SandboxOptions} and the check of each (docs/policies.md: options are
 * strict; the world's own records are checked when it is loaded).
 */
export const SANDBOX_OPTION_CHECKS: ShapeCheck = shapeOf<SandboxOptions>({
  world: OBJECT,
  now: FUNCTION,
  seed: finiteNumber({ integer: true }),
  onInternalError: FUNCTION,
});

/**
 * An in-memory instance of the service.
 * @public
 */
export interface Sandbox {
  /** Answers one request. Never rejects: every outcome, including a defect, is a response. */
  handle(request: SandboxRequest): Promise<SandboxResponse>;
}
