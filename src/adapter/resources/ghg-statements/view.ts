/**
 * The views of GHG statements: stored rows to response bodies, in the field names and shapes of
 * docs/rules.md#service-resources, typed by the resource's response schema.
 */
import { toGhgStatementResource, totalGhgStatementEntries } from '../../../accounting';
import type { ghgStatementSchema } from './schemas';
import type { BodyOf } from '../../router';
import type { StatementRow } from '../../rows';
import type { ServiceState } from '../../state';

/**
 * The statement's `total_co2e_removed_kg`: once submitted, the total frozen at submission (the sum
 * of its entries' nets rounded to 10 kg, docs/rules.md); before, the same sum over the figures its
 * entries' evaluation stored (evaluation.ts), what submitting now would freeze if nothing changes;
 * null when an entry has no finite figure. Never evaluates.
 */
function statementTotal(state: ServiceState, row: StatementRow): number | null {
  const { record } = row;
  if (record.submission !== null) return record.submission.total_co2e_removed_kg;
  const members: { id: string; co2e_net_removed_kg: number; risk_of_reversal_percentage: number | null }[] = [];
  for (const id of record.removal_ids) {
    const result = state.removals.get(id)?.result;
    if (result === undefined || !Number.isFinite(result.co2e_net_removed_kg)) return null;
    members.push({ id, co2e_net_removed_kg: result.co2e_net_removed_kg, risk_of_reversal_percentage: result.risk_of_reversal_percentage });
  }
  return totalGhgStatementEntries(members).total_co2e_removed_kg;
}

/**
 * A statement as the service answers it, from what is stored: its total (see {@link statementTotal})
 * and the pending total the changes of its entries stored (evaluation.ts), null when nothing is
 * pending. Never evaluates.
 */
export function statementView(state: ServiceState, row: StatementRow): BodyOf<typeof ghgStatementSchema> {
  return {
    ...toGhgStatementResource(row.record, row.pending_total_co2e_removed_kg ?? null),
    total_co2e_removed_kg: statementTotal(state, row),
  };
}
