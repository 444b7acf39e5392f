/**
 * adapter/evaluation: the figures the service computes from its rows. Evaluating a removal's GHG
 * entries through the engine (evaluation.ts, on the graph evaluation-graph.ts builds from stored
 * components, datapoints and attributions) and the quantity checks every request and world field
 * of a ScalarQuantity passes (quantities.ts: unit of the field's kind, finite, within bounds).
 * May import: http, state.ts, rows.ts, accounting, model, units.
 */
export { checkComponent, evaluateEntries, evaluateEntry, reevaluate, refreshPendingTotal, resultRow, storeResults } from './evaluation';
