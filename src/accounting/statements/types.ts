/**
 * The GHG statement's records, inputs and outcomes: the shapes the lifecycle (lifecycle.ts) takes
 * and returns, and the service's response shape.
 */
import type { GhgStatementStatus } from '../../model/graph';
import type { GraphIssue } from '../../model/issues';
import type { CreditAllocation } from '../credits/credits';
import { optionIssues, shapeOf, type ShapeCheck } from '../../model/strict-options';
import { ACCOUNTING_POLICY_CHECKS, type AccountingPolicies } from '../policies';
import type { GhgStatementEntryTotal } from '../result';

/**
 * The outcome of one verification of one submitted version.
 * @public
 */
export interface GhgStatementVerificationOutcome {
  /** `VERIFIED` or `FAILED_VERIFICATION` (the service's VERIFICATION_OUTCOMES). */
  readonly status: 'VERIFIED' | 'FAILED_VERIFICATION';
  /** When the verifier decided (ISO 8601 UTC). */
  readonly at: string;
  /** The verifier's name, when known. */
  readonly verifier: string | null;
  /** Why verification failed (or a note on success), when given. */
  readonly reason: string | null;
}

/**
 * One submitted version of a statement, with the figures frozen at submission.
 * @public
 */
export interface GhgStatementSubmission {
  /** 1 for the first submission, then 2, 3, ... for each resubmission. */
  readonly version: number;
  /** When it was submitted (ISO 8601 UTC). */
  readonly submitted_at: string;
  /** The report the verifier reads. */
  readonly ghg_statement_report_url: string;
  /** What changed since the previous version; null for the first. */
  readonly summary_of_changes: string | null;
  /** The reporting period of this version. */
  readonly reporting_period_start_at: string;
  /** The last day of the reporting period of this version (inclusive). */
  readonly reporting_period_end_at: string;
  /** The entries of this version. */
  readonly removal_ids: readonly string[];
  /** Each entry's frozen figures: the rounded net, issuable amount and allocation. */
  readonly ghg_entries: readonly GhgStatementEntryTotal[];
  /** Exact sum of the entries' rounded nets, kg. */
  readonly total_co2e_removed_kg: number;
  /** Exact sum of the entries' issuable amounts, kg. */
  readonly issuable_kg: number;
  /** Exact sum of the entries' allocations; null when any entry's is null. */
  readonly credit_allocation: CreditAllocation | null;
  /**
   * The verifier's decision on this version; null while it awaits verification, and on an earlier
   * version that a resubmission replaced before any decision.
   */
  readonly outcome: GhgStatementVerificationOutcome | null;
}

/**
 * A GHG statement as the engine keeps it: the service's fields plus its submitted versions.
 * Build one with {@link createGhgStatement} and move it on with the transition functions.
 * @public
 */
export interface GhgStatementRecord {
  /** The statement's id (`ggs_`). */
  readonly id: string;
  /** The project (`prj_`). */
  readonly project_id: string;
  /** The lifecycle status. */
  readonly status: GhgStatementStatus;
  /** Name of the verifier, when known. */
  readonly verifier: string | null;
  /** The entries grouped by the statement (the service's `removal_ids`). */
  readonly removal_ids: readonly string[];
  /** First day of the reporting period (inclusive), `YYYY-MM-DD`. */
  readonly reporting_period_start_at: string;
  /** Last day of the reporting period (inclusive), `YYYY-MM-DD`. */
  readonly reporting_period_end_at: string;
  /** The report of the current version; null before the first submission. */
  readonly ghg_statement_report_url: string | null;
  /** When the statement was created. */
  readonly created_at: string;
  /** When the current version was submitted; null before the first submission. */
  readonly submitted_at: string | null;
  /** When the current version was verified; null unless verified. */
  readonly verified_at: string | null;
  /** When credits were issued; null before. */
  readonly credits_issued_at: string | null;
  /** The current version number: 0 before the first submission. */
  readonly version: number;
  /** The current version's frozen figures; null before the first submission. */
  readonly submission: GhgStatementSubmission | null;
  /** Earlier versions, oldest first, each with its verification outcome. */
  readonly previous_submissions: readonly GhgStatementSubmission[];
}

/**
 * The GHG statement as the service answers it (OpenAPI `GhgStatement`).
 */
export interface GhgStatementResource {
  /** The statement's id. */
  readonly id: string;
  /** The project. */
  readonly project_id: string;
  /** The verifier's name, or null. */
  readonly verifier: string | null;
  /** The entries grouped by the statement. */
  readonly removal_ids: readonly string[];
  /** The current version's report, or null before the first submission. */
  readonly ghg_statement_report_url: string | null;
  /** The lifecycle status. */
  readonly status: GhgStatementStatus;
  /** First day of the reporting period (inclusive). */
  readonly reporting_period_start_at: string;
  /** Last day of the reporting period (inclusive). */
  readonly reporting_period_end_at: string;
  /** When the current version was submitted, or null. */
  readonly submitted_at: string | null;
  /** When credits were issued, or null. */
  readonly credits_issued_at: string | null;
  /** The total including changes not yet submitted; null when there are none. */
  readonly pending_total_co2e_removed_kg: number | null;
}

/**
 * Why a statement operation was refused.
 * - `transition_not_allowed`: the statement's status does not allow it (`from` and `to` say which).
 * - `invalid_request`: an argument is malformed (`issues` names each problem and where).
 * - `entry_not_evaluated`: the evaluation given lacks an entry of the statement.
 * - `no_entries`: a statement without entries cannot be submitted.
 * @public
 */
export type GhgStatementErrorCode = 'transition_not_allowed' | 'invalid_request' | 'entry_not_evaluated' | 'no_entries';

/**
 * A refused statement operation. Returned, never thrown.
 * @public
 */
export interface GhgStatementError {
  /** What kind of refusal. */
  readonly code: GhgStatementErrorCode;
  /** A message naming the statement, the states and the offending value. */
  readonly message: string;
  /** The statement's status when refused (null on creation). */
  readonly from: GhgStatementStatus | null;
  /** The status the operation would have led to. */
  readonly to: GhgStatementStatus | null;
  /** Each problem with its path into the arguments (at least one). */
  readonly issues: readonly GraphIssue[];
}

/**
 * Result of every statement operation: the new record, or why nothing changed.
 * @public
 */
export type GhgStatementOutcome =
  | { readonly ok: true; readonly statement: GhgStatementRecord }
  | { readonly ok: false; readonly error: GhgStatementError };

/**
 * Fields of a new statement. The service's create request carries `project_id` and `end_on`; the
 * caller decides the start and which entries it groups.
 * @public
 */
export interface CreateGhgStatementInput {
  /** The statement's id (`ggs_`). */
  readonly id: string;
  /** The project (`prj_`). */
  readonly project_id: string;
  /** First day of the reporting period, `YYYY-MM-DD`. */
  readonly reporting_period_start_at: string;
  /** Last day of the reporting period (inclusive), `YYYY-MM-DD`. */
  readonly reporting_period_end_at: string;
  /** The entries it groups (default none). */
  readonly removal_ids?: readonly string[];
  /** The verifier's name, when already known. */
  readonly verifier?: string | null;
}

/**
 * Changes to a statement that has no decided version: DRAFT, or FAILED_VERIFICATION before its
 * resubmission.
 * @public
 */
export interface AmendGhgStatementInput {
  /** The new list of entries. */
  readonly removal_ids?: readonly string[];
  /** The new first day of the reporting period. */
  readonly reporting_period_start_at?: string;
  /** The new last day of the reporting period. */
  readonly reporting_period_end_at?: string;
  /** The verifier's name. */
  readonly verifier?: string | null;
}

/** Body of a first submission (OpenAPI `SubmitGhgStatementRequest`). @public */
export interface SubmitGhgStatementInput {
  /** The report the verifier reads. */
  readonly ghg_statement_report_url: string;
}

/**
 * Body of a resubmission (OpenAPI `ResubmitGhgStatementRequest`); `removal_ids` optionally
 * replaces the entries of the amended version.
 * @public
 */
export interface ResubmitGhgStatementInput {
  /** The report of the amended version. */
  readonly ghg_statement_report_url: string;
  /** What changed since the previous version (required, not blank). */
  readonly summary_of_changes: string;
  /** The entries of the amended version, when they change. */
  readonly removal_ids?: readonly string[];
}

/** Optional details of a verifier's decision. @public */
export interface VerificationInput {
  /** The verifier's name (replaces the statement's when given). */
  readonly verifier?: string | null;
  /** Why verification failed, or a note. */
  readonly reason?: string | null;
}

/**
 * What the statement operations read of each entry of an evaluation: an `EvaluationResult` of
 * `evaluateGraph` (`cdr-engine`) has them, as does a document's evaluation kept from earlier.
 * @public
 */
export interface GhgStatementEntryFigures {
  /** The GHG entry's id. */
  readonly id: string;
  /** Its net after discount at full precision, kg (an entry whose net is not finite is refused). */
  readonly co2e_net_removed_kg: number;
  /** Its risk of reversal in percent, or null (then no credit allocation is frozen). */
  readonly risk_of_reversal_percentage: number | null;
}

/** Options of the operations that freeze figures. @public */
export interface GhgStatementOptions {
  /** Policies to override (rounding increment and ties, resubmittable statuses, ...). */
  readonly policies?: Partial<AccountingPolicies>;
}

/** The known keys of {@link GhgStatementOptions} and the check of each (docs/policies.md: options are strict). */
export const GHG_STATEMENT_OPTION_CHECKS: ShapeCheck = shapeOf<GhgStatementOptions>({ policies: ACCOUNTING_POLICY_CHECKS });

/** The problems of a statement operation's options (path starting with `options`). */
export function ghgStatementOptionIssues(options: unknown): GraphIssue[] {
  return optionIssues(options, GHG_STATEMENT_OPTION_CHECKS, ['options']);
}

/**
 * The status-changing operations with a fixed table (resubmission's sources are a policy).
 */
export type GhgStatementOperation = 'submit' | 'verify' | 'fail' | 'issue_credits';

/**
 * The statuses an operation starts from and the status it leads to.
 */
export interface GhgStatementTransition {
  /** The statuses the operation may start from. */
  readonly from: readonly GhgStatementStatus[];
  /** The status it leads to. */
  readonly to: GhgStatementStatus;
}
