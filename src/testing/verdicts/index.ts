/**
 * testing/verdicts: what a property check returns (passed, or failed with the shrunk
 * counterexample restated in the units the methodologist reads), the runner every check shares
 * (`runProperty`: seeds, shrinking budget, replay), the thin assert form, and the options every
 * check takes with their strict checks.
 * May import: arbitraries (its sibling), accounting and model (types), units, fast-check.
 */
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
