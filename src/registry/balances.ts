/**
 * Balances: an organisation's active and retired credits, overall and split by supplier, project
 * and order, read from the running totals (never by scanning batches).
 * Not part of the public API.
 * Imports: quantity, totals and types of this folder.
 */
import { creditQuantity } from './quantity';
import type { RunningTotals, Tally } from './totals';
import type { CreditBalanceView, OrganisationCreditBalanceView } from './types';

const ZERO_BALANCE: CreditBalanceView = Object.freeze({
  active_credits_total: Object.freeze(creditQuantity(0n)),
  retired_credits_total: Object.freeze(creditQuantity(0n)),
});

function balanceView(tally: Tally): CreditBalanceView {
  return { active_credits_total: creditQuantity(tally.active), retired_credits_total: creditQuantity(tally.retired) };
}

function balancesOf<K extends string>(
  map: ReadonlyMap<string, Tally>,
  key: K,
): ({ readonly total: CreditBalanceView } & Record<K, string>)[] {
  return [...map]
    .filter(([, tally]) => tally.active !== 0n || tally.retired !== 0n)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id, tally]) => ({ [key]: id, total: balanceView(tally) }) as { readonly total: CreditBalanceView } & Record<K, string>);
}

/** See CreditLedger.getCreditBalance. O(1). */
export function creditBalance(totals: RunningTotals, organisationId: string): CreditBalanceView {
  const tallies = totals.byOrganisation.get(organisationId);
  return tallies === undefined ? ZERO_BALANCE : balanceView(tallies.total);
}

/** See CreditLedger.getOrganisationCreditBalance. O(k log k) for the k keys the organisation has held credits under. */
export function organisationCreditBalance(totals: RunningTotals, organisationId: string): OrganisationCreditBalanceView {
  const tallies = totals.byOrganisation.get(organisationId);
  if (tallies === undefined) return { total: ZERO_BALANCE, supplier_balances: [], project_balances: [], order_balances: [] };
  return {
    total: balanceView(tallies.total),
    supplier_balances: balancesOf(tallies.bySupplier, 'supplier_id'),
    project_balances: balancesOf(tallies.byProject, 'project_id'),
    order_balances: balancesOf(tallies.byOrder, 'order_id'),
  };
}
