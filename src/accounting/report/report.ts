/**
 * The calculation report of one GHG entry: every figure of its evaluation with what it was computed
 * from, so that a verifier can redo it by hand. Datapoints (as given and in SI), each component's
 * formulas with the values substituted and every intermediate result, its attribution and how the
 * factor was reached (direct, 1/n of a statement component, an amortised project share), the signed
 * sum, the propagation (per-component partial derivatives, merged sensitivities, contributions and
 * shares of the variance), the discount, the rounding and the credit allocation. As structured data
 * ({@link CalculationReport}) and as Markdown ({@link formatCalculationReport}).
 *
 * This module is the report's entry: the shapes live in types.ts, building the report in
 * explain-entry.ts, the Markdown in markdown.ts.
 */
export * from './types';
export { explainGhgEntry, explainPreparedGhgEntry } from './explain-entry';
export { formatCalculationReport } from './markdown';
