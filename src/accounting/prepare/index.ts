/**
 * accounting/prepare: a removal graph document checked whole (shapes, ids, references, units
 * against quantity kinds, blueprints, attribution shares, datapoint values) and prepared for
 * evaluation as columns: `prepareGraph` (prepare.ts) runs the phases (graph.ts), the prepared
 * graph's shapes are the leaf prepared-graph.ts, and the merge plan is worked out once here.
 *
 * Owns: the document's problems and warnings, the prepared graph, the prepared statements and
 * projects, the merge plan. May import: expressions, uncertainty, units, model, and of accounting
 * only its shared leaves (policies.ts, result.ts, warnings.ts, compare-strings.ts,
 * bounded-cache.ts); nothing in another accounting folder.
 */
export * from './prepare';
export { evaluationOnly } from './evaluation-only';
export { prepareGraphReleasing, type ReleasingPrepare } from './release';
export { isStreamedCollection, StreamAbort, StreamingPreparation } from './streaming';
