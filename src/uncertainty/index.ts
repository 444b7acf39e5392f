/**
 * uncertainty: sparse sensitivities keyed by elementary input, merged so a reused datapoint is one
 * variable; first-order (GUM) variance propagation and budgets; seeded sampling and summaries for
 * Monte Carlo cross-checks.
 * May import: model.
 */
export * from './sensitivities';
export * from './propagation';
export * from './sampling';
export * from './special-functions';
export { DISTRIBUTION_TYPES, type DistributionType } from './distributions';
