/**
 * testing/properties: the built-in property checks on generated graphs, each returning a verdict:
 * unit invariance, the reuse rule, permutation invariance, attribution linearity and shared
 * component conservation, conservativeness, sign conventions, declared monotonicity, linearisation
 * adequacy (against sampled nets), dimensional robustness, and `checkProperty` for one's own.
 * May import: arbitraries and verdicts (its siblings), accounting, expressions, uncertainty, units, model, fast-check.
 */
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
