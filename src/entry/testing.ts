/**
 * Entry point `cdr-engine/testing`: fast-check arbitraries and property checks for methodologists
 * (and for people testing the engine itself). `fast-check` is a peer dependency of this entry only.
 *
 * @packageDocumentation
 */
export * from '../testing';
// The types of the evaluation and its report (the root entry's), so that the entry's report names none it does not export.
export * from '../evaluation-types';
export type { EvaluateOptions } from '../accounting/evaluate';
export type { QuantityKind } from '../model/quantity-kinds';
// The document's parts the generators produce and take, and the schemas their types are derived from.
export type { GraphComponent, GraphDatapoint, RemovalGraphInput } from '../model/graph';
export { graphComponentSchema, graphDatapointSchema, graphDistributionSchema, removalGraphSchema } from '../model/graph';
