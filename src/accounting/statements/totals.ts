/**
 * A statement's totals from its entries' evaluations (docs/rules.md#rounding-credits-and-the-buffer-pool): each net rounded to
 * the increment, the total the exact sum of the rounded nets, the allocation the exact sum of the
 * entries' allocations (null when any is null). Shared by `evaluateGraph` and statement submission
 * so both freeze the same figures.
 */
import { allocateCredits, issuableKg, roundNetRemoval, sumCreditAllocations, sumKg, type CreditAllocation } from '../credits/credits';
import { DEFAULT_ACCOUNTING_POLICIES, type AccountingPolicies } from '../policies';
import type { GhgEntryResult, GhgStatementEntryTotal } from '../result';

/**
 * The totals of a set of entries as a GHG statement reports them.
 */
export interface GhgStatementTotals {
  /** Each entry's rounded figures, in the order given. */
  readonly ghg_entries: readonly GhgStatementEntryTotal[];
  /** Exact sum of the rounded nets, kg. */
  readonly total_co2e_removed_kg: number;
  /** Exact sum of the issuable amounts, kg. */
  readonly issuable_kg: number;
  /** Exact sum of the allocations; null when any entry's is null. */
  readonly credit_allocation: CreditAllocation | null;
}

/**
 * Rounds each entry's net (policy increment and ties) and totals them exactly.
 */
export function totalGhgStatementEntries(
  entries: readonly Pick<GhgEntryResult, 'id' | 'co2e_net_removed_kg' | 'risk_of_reversal_percentage'>[],
  policies: AccountingPolicies = DEFAULT_ACCOUNTING_POLICIES,
): GhgStatementTotals {
  const totals: GhgStatementEntryTotal[] = entries.map((entry) => {
    const issuable = issuableKg(entry.co2e_net_removed_kg, policies);
    return {
      ghg_entry_id: entry.id,
      removal_id: entry.id,
      co2e_net_removed_kg: entry.co2e_net_removed_kg,
      rounded_co2e_net_removed_kg: roundNetRemoval(entry.co2e_net_removed_kg, policies),
      issuable_kg: issuable,
      risk_of_reversal_percentage: entry.risk_of_reversal_percentage,
      credit_allocation: allocateCredits(issuable, entry.risk_of_reversal_percentage, policies),
    };
  });
  return {
    ghg_entries: totals,
    total_co2e_removed_kg: sumKg(totals.map((t) => t.rounded_co2e_net_removed_kg)),
    issuable_kg: sumKg(totals.map((t) => t.issuable_kg)),
    credit_allocation: sumCreditAllocations(totals.map((t) => t.credit_allocation)),
  };
}
