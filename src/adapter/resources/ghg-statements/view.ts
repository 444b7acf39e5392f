/**
 * The views of GHG statements: stored rows to response bodies, in the field names and shapes of
 * docs/rules.md#service-resources, typed by the resource's response schema.
 */
import { pendingGhgStatementTotal, toGhgStatementResource } from '../../../accounting';
import type { ghgStatementSchema } from './schemas';
import { evaluateEntries } from '../../evaluation';
import type { BodyOf } from '../../router';
import type { StatementRow } from '../../rows';
import type { ServiceState } from '../../state';

/** A statement as the service answers it; the pending total is the lifecycle's (null when nothing is pending). */
export function statementView(state: ServiceState, row: StatementRow): BodyOf<typeof ghgStatementSchema> {
  const pending =
    row.record.submission === null ? null : pendingGhgStatementTotal(row.record, evaluateEntries(state, row.record.removal_ids));
  return { ...toGhgStatementResource(row.record, pending) };
}
