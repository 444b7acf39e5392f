/**
 * Entry point `cdr-engine/sandbox`: the in-memory service (`createSandbox`), its request, response
 * and world types.
 *
 * @packageDocumentation
 */
export * from '../adapter';
// The schema `WorldDocument` is derived from, for a host that checks a world before starting a sandbox.
export { worldSchema } from '../adapter/world/world-schema';
