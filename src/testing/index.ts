/**
 * testing: what a methodologist needs to convince a verifier that a methodology behaves, and what
 * people testing the engine itself build on, in five folders that import one way (eslint.config.mjs,
 * SUB_FOLDER_MAY_IMPORT): arbitraries (the lowest: quantities, components, graph documents, random
 * blueprints), mutations (damaged documents for negative tests), verdicts (what a check returns and
 * the runner the checks share), properties (the built-in property checks) and declarations (the
 * methodology document and `checkMethodology`, the top). This file is the entry's list.
 * May import: accounting, expressions, uncertainty, units, model, fast-check. Nothing in the core imports it.
 */
export * from './arbitraries';
export type { DistributionType } from '../uncertainty/distributions';
export type { GraphDistribution } from '../model/graph';
export * from './mutations';
export * from './verdicts';
export * from './properties';
export * from './declarations';
export type { GraphIssue, IssuePath } from '../model/issues';
