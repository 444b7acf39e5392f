/**
 * uncertainty: sparse sensitivities keyed by elementary input, merged so a reused datapoint is one
 * variable; first-order (GUM) variance propagation and budgets; seeded sampling and summaries for
 * Monte Carlo; the input distributions and their exact draws (distributions.ts), counter-based
 * random streams per block of draws (random-streams.ts; the normal generator's fast path in
 * WebAssembly where the host allows it, ziggurat-wasm.ts), correlation matrices and their Cholesky
 * factor (correlation.ts), order statistics (order-statistics.ts), and the special functions
 * (normal and Student's t CDF and quantile, incomplete beta) of coverage intervals.
 * May import: model. Pure functions only.
 */
export * from './sensitivities';
export * from './propagation';
export * from './sampling';
export * from './special-functions';
export { DISTRIBUTION_TYPES, type DistributionType } from './distributions';
