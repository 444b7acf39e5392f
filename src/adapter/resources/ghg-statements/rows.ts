/** The rows of the ghg-statements resource as the store holds them (built on store/stored.ts; listed in rows.ts). */
import type { GhgStatementRecord } from '../../../accounting';
import type { GhgStatementStatus } from '../../../model';

/**
 * A GHG statement: the accounting module's statement record (lifecycle, frozen figures of each
 * submitted version) plus what the service keeps beside it.
 */
export interface StatementRow {
  readonly id: string;
  readonly owner: string;
  /** The verifier organisation assigned on submission. */
  readonly verifier_organisation_id: string | null;
  /** The issuance of its credits. */
  readonly issuance_id: string | null;
  readonly record: GhgStatementRecord;
  /**
   * The total its entries give now when it differs from the frozen submission (the statement's
   * `pending_total_co2e_removed_kg`), kept current by the changes of its entries; absent or null
   * when nothing is pending.
   */
  readonly pending_total_co2e_removed_kg?: number | null;
}

/** Statement statuses in which its entries may still change (the lifecycle's amendable ones). */
export const AMENDABLE_STATUSES: readonly GhgStatementStatus[] = ['DRAFT', 'FAILED_VERIFICATION'];
