/**
 * Entry point `cdr-engine/sandbox`: the in-memory service (`createSandbox`), its request, response
 * and world types.
 *
 * @packageDocumentation
 */
export * from '../adapter';
