/**
 * adapter/http: what the service answers with and how it is reached over a socket. The refusals
 * every layer may throw (failures.ts: 401, 404, 409, 422 and the 422's problems), the bounds of a
 * request and of a 422 body (request-limits.ts), and the node:http binding of `cdr-engine serve`
 * (http.ts: body limit, timeouts, shutdown; node-only, not part of the package API).
 * The lowest layer of the adapter but for the types of the sandbox it binds.
 * May import: types.ts, model, node built-ins.
 */
export { conflict, notFound, Problems, Refusal, refuseProblems, unauthorized, unprocessable, valueError } from './failures';
