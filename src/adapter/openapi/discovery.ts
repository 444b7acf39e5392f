/**
 * What the sandbox answers where a newcomer looks first: `GET /`, `GET /docs` and the bare API
 * prefixes (`/mrv/v0`, `/registry/v0`, `/sandbox/v0`) answer 200 with a pointer to the OpenAPI
 * document (`/openapi.json`) and the routes there, instead of a bare 404. Documents, not
 * operations: they need no credentials. Pure: the answer depends only on the path and the routes.
 */
import type { Route } from '../router';

/** Where the service's OpenAPI document is served. */
export const OPENAPI_PATH = '/openapi.json';

/** The API prefixes, each answered with its own routes. */
const PREFIXES = ['/mrv/v0', '/registry/v0', '/sandbox/v0'] as const;

/** The body of the pointer answered at `path`, or undefined when `path` is not one of them. */
export function discoveryBody(path: string, routes: readonly Route[]): Record<string, unknown> | undefined {
  const bare = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  const prefix = PREFIXES.find((p) => p === bare);
  if (bare !== '/' && bare !== '/docs' && prefix === undefined) return undefined;
  const listed = prefix === undefined ? routes : routes.filter((r) => r.path.startsWith(`${prefix}/`));
  return {
    service: 'cdr-engine sandbox',
    openapi: OPENAPI_PATH,
    detail: `The OpenAPI document at ${OPENAPI_PATH} describes every operation${prefix === undefined ? '' : ` (those under ${prefix} are listed below)`}; each needs the header x-client-secret and Authorization: Bearer <token>.`,
    routes: listed.map((r) => `${r.method} ${r.path}`),
  };
}
