/**
 * `distributionOf`: the arbitrary of a datapoint's input distribution (docs/graph-document.md,
 * "Distributions"), for graphs whose Monte Carlo figures a methodologist wants to test. Shrinks
 * towards the first type given. May import: model, uncertainty, fast-check.
 */
import fc from 'fast-check';
import type { GraphDistribution } from '../../model/graph';
import { DISTRIBUTION_TYPES, type DistributionType } from '../../uncertainty/distributions';

/**
 * Arbitrary of a distribution of one of `types` (default every type), with a valid parameter
 * (`beta` in [0, 1], 1 to 60 degrees of freedom). A lognormal needs a positive magnitude: pass
 * `positive: false` to leave it out for a datapoint that may be 0 or negative.
 * @public
 */
export function distributionOf(types?: readonly DistributionType[], positive = true): fc.Arbitrary<GraphDistribution> {
  const allowed = (types ?? DISTRIBUTION_TYPES).filter((t) => positive || t !== 'lognormal');
  if (allowed.length === 0) throw new RangeError('distributionOf: no distribution type to draw (a lognormal needs a positive magnitude)');
  return fc.constantFrom(...allowed).chain((type): fc.Arbitrary<GraphDistribution> => {
    if (type === 'trapezoidal') return fc.integer({ min: 0, max: 100 }).map((b) => ({ type, beta: b / 100 }));
    if (type === 'student_t') return fc.integer({ min: 1, max: 60 }).map((n) => ({ type, degrees_of_freedom: n }));
    return fc.constant({ type });
  });
}
