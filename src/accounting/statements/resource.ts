/**
 * What the service shows of a GHG statement: its response shape and the pending total (the total
 * its entries would give now, when it differs from the frozen submission).
 */
import { resolvePolicies } from '../policies';
import { optionsError } from '../../model/strict-options';
import {
  ghgStatementOptionIssues,
  type GhgStatementEntryFigures,
  type GhgStatementOptions,
  type GhgStatementRecord,
  type GhgStatementResource,
} from './types';
import { totalGhgStatementEntries } from './totals';

/**
 * The service's `pending_total_co2e_removed_kg`: the total the statement would have with its
 * entries' current evaluation, when an entry's rounded net or allocation, or the list of entries,
 * differs from the frozen version; null when nothing is pending, when the statement was never
 * submitted, or when the evaluation lacks one of its entries. Throws a `TypeError` for an unknown
 * option or policy, or a policy value of the wrong type or range.
 * @public
 */
export function pendingGhgStatementTotal(
  statement: GhgStatementRecord,
  evaluation: { readonly ghg_entries: readonly GhgStatementEntryFigures[] },
  options: GhgStatementOptions = {},
): number | null {
  const invalidOptions = ghgStatementOptionIssues(options);
  if (invalidOptions.length > 0) throw optionsError('options of pendingGhgStatementTotal', invalidOptions);
  const submission = statement.submission;
  if (submission === null) return null;
  const byId = new Map<string, (typeof evaluation.ghg_entries)[number]>();
  for (const entry of evaluation.ghg_entries) byId.set(entry.id, entry);
  const members: (typeof evaluation.ghg_entries)[number][] = [];
  for (const id of statement.removal_ids) {
    const entry = byId.get(id);
    if (entry === undefined || !Number.isFinite(entry.co2e_net_removed_kg)) return null;
    members.push(entry);
  }
  const current = totalGhgStatementEntries(members, resolvePolicies(options.policies));
  const same =
    current.ghg_entries.length === submission.ghg_entries.length &&
    current.ghg_entries.every((e, k) => {
      const frozen = submission.ghg_entries[k];
      return (
        frozen !== undefined &&
        frozen.ghg_entry_id === e.ghg_entry_id &&
        frozen.rounded_co2e_net_removed_kg === e.rounded_co2e_net_removed_kg &&
        JSON.stringify(frozen.credit_allocation) === JSON.stringify(e.credit_allocation)
      );
    });
  return same ? null : current.total_co2e_removed_kg;
}

/**
 * The statement in the service's response shape.
 */
export function toGhgStatementResource(statement: GhgStatementRecord, pendingTotalKg: number | null = null): GhgStatementResource {
  return {
    id: statement.id,
    project_id: statement.project_id,
    verifier: statement.verifier,
    removal_ids: [...statement.removal_ids],
    ghg_statement_report_url: statement.ghg_statement_report_url,
    status: statement.status,
    reporting_period_start_at: statement.reporting_period_start_at,
    reporting_period_end_at: statement.reporting_period_end_at,
    submitted_at: statement.submitted_at,
    credits_issued_at: statement.credits_issued_at,
    pending_total_co2e_removed_kg: pendingTotalKg,
  };
}
