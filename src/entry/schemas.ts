/**
 * Entry point `cdr-engine/schemas`: the zod schemas of every resource, request and query of the
 * service, and the builder of its 422 body.
 *
 * @packageDocumentation
 */
export * from '../model';
