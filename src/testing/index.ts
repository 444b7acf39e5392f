/**
 * testing: what a methodologist needs to convince a verifier that a methodology behaves, and what
 * people testing the engine itself build on. fast-check arbitraries of quantities, datapoints,
 * components, whole graph documents on one's own blueprints and random blueprints; mutations for
 * negative tests; property checks that return a verdict with a shrunk counterexample (plus a thin
 * assert form); the methodology document and `checkMethodology`, behind `cdr-engine check`.
 * The checks' shared shapes (verdicts, options) are the leaf types.ts; `checkMethodology`
 * (check-methodology.ts) dispatches to the checks and nothing imports it back.
 * May import: accounting, expressions, uncertainty, units, model, fast-check. Nothing in the core imports it.
 */
export { DEFAULT_RELATIVE_STANDARD_DEVIATION, type MagnitudeRange, realisticRange, type RelativeRange } from './ranges';
export { type GraphQuantityValue, type QuantityOptions, quantityOf, type StandardDeviationPresence } from './quantity';
export {
  type BlueprintDefinition,
  type BlueprintInputDefinition,
  componentOf,
  type ComponentOptions,
  type DatapointOptions,
  datapointFor,
  type GeneratedComponent,
  type InputQuantityOptions,
  type LengthRange,
} from './component';
export { graphOf, type GraphOptions } from './graph';
export { distributionOf } from './distribution';
export type { DistributionType } from '../uncertainty/distributions';
export type { GraphDistribution } from '../model/graph';
export { randomBlueprint, type RandomBlueprintOptions } from './random-blueprint';
export { type DocumentMutation, misspelled, wrongUnit } from './mutations';
export {
  assertVerdict,
  type CheckOptions,
  type FailedVerdict,
  formatVerdict,
  type GraphCheckOptions,
  type GraphEvaluator,
  type PassedVerdict,
  PropertyFailedError,
  type Verdict,
} from './verdict';
export { checkUnitInvariance } from './unit-invariance';
export { checkReuseRule, SIGN_OF_TYPE } from './reuse-rule';
export { checkPermutationInvariance } from './permutation';
export { checkAttributionLinearity, checkSharedComponentConservation } from './attribution';
export { checkConservativeness } from './conservativeness';
export { checkSignConventions } from './signs';
export { checkMonotonicity, type MonotonicityDeclaration } from './monotonicity';
export { checkLinearisation, type LinearisationOptions } from './linearisation';
export { checkDimensionalRobustness, type DimensionalOptions } from './dimensional';
export { checkProperty, type GraphPropertyTest } from './custom';
export {
  type InputRangeDeclaration,
  type Methodology,
  type MethodologyChecks,
  type MethodologyParse,
  type MethodologyGraphs,
  type MethodologyTolerances,
  parseMethodology,
} from './methodology';
export type {
  AdjustmentSignDeclaration,
  BoundDeclaration,
  EntryTemplateDeclaration,
  HomogeneityDeclaration,
  ListSemanticsDeclaration,
  QuantityLiteral,
  WorkedExample,
} from './declarations';
export {
  type BlueprintReport,
  checkMethodology,
  type MethodologyCheckOptions,
  type MethodologyReport,
  type PropertyNotRun,
} from './check-methodology';
export type { GraphIssue, IssuePath } from '../model/issues';
