/**
 * The first-order uncertainty discount (docs/rules.md#evaluating-a-ghg-entry, docs/policies.md), shared by the
 * entries' evaluation and their result objects. Internal to accounting.
 */
import type { AccountingPolicies } from '../policies';

/** The first-order net after discount: the net less the coverage factor times the standard deviation (NaN: none). */
export function firstOrderNetAfterDiscount(net: number, standardDeviation: number, policies: AccountingPolicies): number {
  return Number.isNaN(standardDeviation) ? net : net - standardDeviation * policies.discountCoverageFactor;
}
