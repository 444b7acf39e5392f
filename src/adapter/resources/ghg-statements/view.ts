/**
 * The views of GHG statements: stored rows to response bodies, in the field names and shapes of
 * docs/rules.md#service-resources, typed by the resource's response schema.
 */
import { toGhgStatementResource } from '../../../accounting';
import type { ghgStatementSchema } from './schemas';
import type { BodyOf } from '../../router';
import type { StatementRow } from '../../rows';
import type { ServiceState } from '../../state';

/**
 * A statement as the service answers it, from what is stored: the pending total is the one the
 * changes of its entries stored (evaluation.ts), null when nothing is pending. Never evaluates.
 */
export function statementView(_state: ServiceState, row: StatementRow): BodyOf<typeof ghgStatementSchema> {
  return { ...toGhgStatementResource(row.record, row.pending_total_co2e_removed_kg ?? null) };
}
