/**
 * The GHG statement lifecycle: DRAFT -> AWAITING_VERIFICATION -> VERIFIED or FAILED_VERIFICATION,
 * CREDITS_ISSUED only after VERIFIED, and resubmission of an amended statement as a new version.
 *
 * Every function is pure: it takes a statement record and returns a new, deeply frozen one, or an
 * error that names what was refused; the record given is never changed, so a refused transition
 * changes nothing. Nothing here throws for bad input. Submission freezes each entry's net rounded
 * to the increment (default 10 kg) with the statement total as the exact sum of the rounded nets;
 * a resubmission keeps every earlier version, with its verification outcome, in
 * `previous_submissions`.
 */
import { GHG_STATEMENT_STATUSES, type GhgStatementStatus } from '../model/graph';
import type { GraphIssue } from '../model/issues';
import type { CreditAllocation } from './credits';
import { resolvePolicies, type AccountingPolicies } from './policies';
import type { GhgEntryResult, GhgStatementEntryTotal } from './result';
import { totalGhgStatementEntries } from './statement-totals';

/**
 * The outcome of one verification of one submitted version.
 * @public
 */
export interface GhgStatementVerificationOutcome {
  /** `VERIFIED` or `FAILED_VERIFICATION`. */
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
 * @public
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

/** Options of the operations that freeze figures. @public */
export interface GhgStatementOptions {
  /** Policies to override (rounding increment and ties, resubmittable statuses, ...). */
  readonly policies?: Partial<AccountingPolicies>;
}

/**
 * The status-changing operations with a fixed table (resubmission's sources are a policy).
 * @public
 */
export type GhgStatementOperation = 'submit' | 'verify' | 'fail' | 'issue_credits';

/**
 * The statuses an operation starts from and the status it leads to.
 * @public
 */
export interface GhgStatementTransition {
  /** The statuses the operation may start from. */
  readonly from: readonly GhgStatementStatus[];
  /** The status it leads to. */
  readonly to: GhgStatementStatus;
}

/**
 * The transitions a statement's status allows, by operation. Resubmission's sources are a policy
 * (`resubmittableStatuses`); VERIFIED only leads to CREDITS_ISSUED and CREDITS_ISSUED to nothing.
 * @public
 */
export const GHG_STATEMENT_TRANSITIONS: Readonly<Record<GhgStatementOperation, GhgStatementTransition>> = deepFreeze({
  submit: { from: ['DRAFT'], to: 'AWAITING_VERIFICATION' },
  verify: { from: ['AWAITING_VERIFICATION'], to: 'VERIFIED' },
  fail: { from: ['AWAITING_VERIFICATION'], to: 'FAILED_VERIFICATION' },
  issue_credits: { from: ['VERIFIED'], to: 'CREDITS_ISSUED' },
});

/** Statuses in which the entries and period may still be amended. */
const AMENDABLE: readonly GhgStatementStatus[] = ['DRAFT', 'FAILED_VERIFICATION'];

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?Z$/;

function validDate(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

function isDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DATE.exec(value);
  return m !== null && validDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

function isDateTime(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DATE_TIME.exec(value);
  return m !== null && validDate(Number(m[1]), Number(m[2]), Number(m[3])) && Number(m[4]) < 24 && Number(m[5]) < 60 && Number(m[6]) < 60;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as Record<string, unknown>)) deepFreeze(v);
  }
  return value;
}

function refuse(code: GhgStatementErrorCode, message: string, from: GhgStatementStatus | null, to: GhgStatementStatus | null, issues?: readonly GraphIssue[]): GhgStatementOutcome {
  const list = issues ?? [{ path: [], code, message }];
  return { ok: false, error: deepFreeze({ code, message, from, to, issues: [...list] }) };
}

function accept(statement: GhgStatementRecord): GhgStatementOutcome {
  return { ok: true, statement: deepFreeze(statement) };
}

function notAllowed(statement: GhgStatementRecord, to: GhgStatementStatus, what: string, hint = ''): GhgStatementOutcome {
  const why = statement.status === 'VERIFIED' || statement.status === 'CREDITS_ISSUED' ? ' (a verified statement cannot change)' : '';
  return refuse('transition_not_allowed', `GHG statement '${statement.id}' cannot ${what}: ${statement.status} -> ${to} is not allowed${why}${hint}`, statement.status, to);
}

/** Problems of an id list: an array of non-empty strings without repeats. */
function checkIds(ids: unknown, path: readonly (string | number)[], issues: GraphIssue[]): void {
  if (!Array.isArray(ids)) {
    issues.push({ path, code: 'invalid_type', message: `${path.join('.')} must be an array of GHG entry ids` });
    return;
  }
  const seen = new Set<string>();
  ids.forEach((id: unknown, k) => {
    if (typeof id !== 'string' || id.length === 0) issues.push({ path: [...path, k], code: 'invalid_type', message: `${path.join('.')}[${k}] must be a non-empty string` });
    else if (seen.has(id)) issues.push({ path: [...path, k], code: 'duplicate_entry', message: `GHG entry '${id}' is listed more than once` });
    else seen.add(id);
  });
}

function checkPeriod(start: unknown, end: unknown, issues: GraphIssue[]): void {
  if (!isDate(start)) issues.push({ path: ['reporting_period_start_at'], code: 'invalid_date', message: `reporting_period_start_at must be a date YYYY-MM-DD, got ${JSON.stringify(start)}` });
  if (!isDate(end)) issues.push({ path: ['reporting_period_end_at'], code: 'invalid_date', message: `reporting_period_end_at must be a date YYYY-MM-DD, got ${JSON.stringify(end)}` });
  else if (isDate(start) && start > end) {
    issues.push({ path: ['reporting_period_end_at'], code: 'invalid_period', message: `the reporting period ends on ${end}, before it starts on ${start}` });
  }
}

/** `at` must be a UTC date-time not before the statement's last event. */
function checkAt(statement: GhgStatementRecord | null, at: unknown, issues: GraphIssue[]): void {
  if (!isDateTime(at)) {
    issues.push({ path: ['at'], code: 'invalid_datetime', message: `at must be an ISO 8601 UTC date-time such as 2026-01-31T12:00:00Z, got ${JSON.stringify(at)}` });
    return;
  }
  if (statement === null) return;
  const last = [statement.created_at, statement.submitted_at, statement.verified_at, statement.submission?.outcome?.at ?? null]
    .filter((t): t is string => t !== null)
    .reduce((a, b) => (Date.parse(a) >= Date.parse(b) ? a : b));
  if (Date.parse(at) < Date.parse(last)) {
    issues.push({ path: ['at'], code: 'time_before_last_event', message: `at ${at} is before the statement's last event at ${last}` });
  }
}

function checkText(value: unknown, path: string, issues: GraphIssue[], nullable: boolean): void {
  if (nullable && (value === null || value === undefined)) return;
  if (typeof value !== 'string' || value.trim().length === 0) {
    issues.push({ path: [path], code: 'invalid_text', message: `${path} must be a non-empty string, got ${JSON.stringify(value)}` });
  }
}

function invalid(statement: GhgStatementRecord | null, to: GhgStatementStatus | null, issues: readonly GraphIssue[]): GhgStatementOutcome {
  const name = statement === null ? 'new GHG statement' : `GHG statement '${statement.id}'`;
  const message = `${name}: ${issues.map((i) => i.message).join('; ')}`;
  return refuse('invalid_request', message, statement?.status ?? null, to, issues);
}

/**
 * Creates a DRAFT statement.
 * @public
 */
export function createGhgStatement(input: CreateGhgStatementInput, at: string): GhgStatementOutcome {
  const issues: GraphIssue[] = [];
  const raw = input as unknown as Record<string, unknown>;
  if (typeof raw !== 'object' || raw === null) return invalid(null, 'DRAFT', [{ path: [], code: 'invalid_type', message: 'the statement fields must be an object' }]);
  checkText(raw['id'], 'id', issues, false);
  checkText(raw['project_id'], 'project_id', issues, false);
  checkPeriod(raw['reporting_period_start_at'], raw['reporting_period_end_at'], issues);
  if (raw['removal_ids'] !== undefined) checkIds(raw['removal_ids'], ['removal_ids'], issues);
  checkText(raw['verifier'], 'verifier', issues, true);
  checkAt(null, at, issues);
  if (issues.length > 0) return invalid(null, 'DRAFT', issues);
  return accept({
    id: input.id,
    project_id: input.project_id,
    status: 'DRAFT',
    verifier: input.verifier ?? null,
    removal_ids: [...(input.removal_ids ?? [])],
    reporting_period_start_at: input.reporting_period_start_at,
    reporting_period_end_at: input.reporting_period_end_at,
    ghg_statement_report_url: null,
    created_at: at,
    submitted_at: null,
    verified_at: null,
    credits_issued_at: null,
    version: 0,
    submission: null,
    previous_submissions: [],
  });
}

/**
 * Changes the entries, period or verifier of a DRAFT statement, or of a FAILED_VERIFICATION one
 * being amended for resubmission. The status does not change.
 * @public
 */
export function amendGhgStatement(statement: GhgStatementRecord, changes: AmendGhgStatementInput): GhgStatementOutcome {
  if (!AMENDABLE.includes(statement.status)) {
    return refuse(
      'transition_not_allowed',
      `GHG statement '${statement.id}' cannot be amended in status ${statement.status}; only ${AMENDABLE.join(' and ')} statements can${statement.status === 'VERIFIED' || statement.status === 'CREDITS_ISSUED' ? ' (a verified statement cannot change)' : ''}`,
      statement.status,
      statement.status,
    );
  }
  const issues: GraphIssue[] = [];
  if (changes.removal_ids !== undefined) checkIds(changes.removal_ids, ['removal_ids'], issues);
  const start = changes.reporting_period_start_at ?? statement.reporting_period_start_at;
  const end = changes.reporting_period_end_at ?? statement.reporting_period_end_at;
  checkPeriod(start, end, issues);
  checkText(changes.verifier, 'verifier', issues, true);
  if (issues.length > 0) return invalid(statement, statement.status, issues);
  return accept({
    ...statement,
    removal_ids: changes.removal_ids === undefined ? statement.removal_ids : [...changes.removal_ids],
    reporting_period_start_at: start,
    reporting_period_end_at: end,
    verifier: changes.verifier === undefined ? statement.verifier : changes.verifier,
  });
}

/** Freezes the figures of the statement's entries from an evaluation. */
function freeze(
  statement: GhgStatementRecord,
  removalIds: readonly string[],
  evaluation: { readonly ghg_entries: readonly GhgEntryResult[] },
  policies: AccountingPolicies,
  to: GhgStatementStatus,
): { ok: true; totals: ReturnType<typeof totalGhgStatementEntries> } | { ok: false; outcome: GhgStatementOutcome } {
  if (removalIds.length === 0) {
    return { ok: false, outcome: refuse('no_entries', `GHG statement '${statement.id}' has no GHG entries to submit`, statement.status, to) };
  }
  const byId = new Map<string, GhgEntryResult>();
  for (const entry of evaluation?.ghg_entries ?? []) byId.set(entry.id, entry);
  const members: GhgEntryResult[] = [];
  const missing: GraphIssue[] = [];
  removalIds.forEach((id, k) => {
    const entry = byId.get(id);
    if (entry === undefined) missing.push({ path: ['removal_ids', k], code: 'entry_not_evaluated', message: `GHG entry '${id}' of GHG statement '${statement.id}' is not in the evaluation given` });
    else if (!Number.isFinite(entry.co2e_net_removed_kg)) missing.push({ path: ['removal_ids', k], code: 'entry_not_evaluated', message: `GHG entry '${id}' has no finite net in the evaluation given` });
    else members.push(entry);
  });
  if (missing.length > 0) {
    return { ok: false, outcome: refuse('entry_not_evaluated', missing.map((m) => m.message).join('; '), statement.status, to, missing) };
  }
  return { ok: true, totals: totalGhgStatementEntries(members, policies) };
}

/**
 * Submits a DRAFT statement for verification (to AWAITING_VERIFICATION): each entry's net from
 * `evaluation` is rounded to the increment and frozen, and the totals are summed exactly.
 * @public
 */
export function submitGhgStatement(
  statement: GhgStatementRecord,
  evaluation: { readonly ghg_entries: readonly GhgEntryResult[] },
  request: SubmitGhgStatementInput,
  at: string,
  options: GhgStatementOptions = {},
): GhgStatementOutcome {
  const to = GHG_STATEMENT_TRANSITIONS.submit.to;
  if (!GHG_STATEMENT_TRANSITIONS.submit.from.includes(statement.status)) {
    const hint = statement.status === 'FAILED_VERIFICATION' || statement.status === 'AWAITING_VERIFICATION' ? '; a submitted statement is resubmitted with a summary of changes' : '';
    return notAllowed(statement, to, 'be submitted', hint);
  }
  const issues: GraphIssue[] = [];
  checkText(request?.ghg_statement_report_url, 'ghg_statement_report_url', issues, false);
  checkAt(statement, at, issues);
  if (issues.length > 0) return invalid(statement, to, issues);
  const frozen = freeze(statement, statement.removal_ids, evaluation, resolvePolicies(options.policies), to);
  if (!frozen.ok) return frozen.outcome;
  const submission: GhgStatementSubmission = {
    version: 1,
    submitted_at: at,
    ghg_statement_report_url: request.ghg_statement_report_url,
    summary_of_changes: null,
    reporting_period_start_at: statement.reporting_period_start_at,
    reporting_period_end_at: statement.reporting_period_end_at,
    removal_ids: [...statement.removal_ids],
    ...frozen.totals,
    outcome: null,
  };
  return accept({ ...statement, status: to, ghg_statement_report_url: request.ghg_statement_report_url, submitted_at: at, version: 1, submission });
}

/**
 * Resubmits an amended statement as a new version (to AWAITING_VERIFICATION) from a status the
 * policy `resubmittableStatuses` allows (default FAILED_VERIFICATION and AWAITING_VERIFICATION).
 * The previous version, with its outcome, moves to `previous_submissions`.
 * @public
 */
export function resubmitGhgStatement(
  statement: GhgStatementRecord,
  evaluation: { readonly ghg_entries: readonly GhgEntryResult[] },
  request: ResubmitGhgStatementInput,
  at: string,
  options: GhgStatementOptions = {},
): GhgStatementOutcome {
  const policies = resolvePolicies(options.policies);
  const to: GhgStatementStatus = 'AWAITING_VERIFICATION';
  if (!policies.resubmittableStatuses.includes(statement.status) || statement.submission === null) {
    return notAllowed(statement, to, 'be resubmitted', statement.status === 'DRAFT' ? '; a draft is submitted, not resubmitted' : '');
  }
  const issues: GraphIssue[] = [];
  checkText(request?.ghg_statement_report_url, 'ghg_statement_report_url', issues, false);
  checkText(request?.summary_of_changes, 'summary_of_changes', issues, false);
  if (request?.removal_ids !== undefined) checkIds(request.removal_ids, ['removal_ids'], issues);
  checkAt(statement, at, issues);
  if (issues.length > 0) return invalid(statement, to, issues);
  const removalIds = request.removal_ids === undefined ? statement.removal_ids : [...request.removal_ids];
  const frozen = freeze(statement, removalIds, evaluation, policies, to);
  if (!frozen.ok) return frozen.outcome;
  const version = statement.version + 1;
  const submission: GhgStatementSubmission = {
    version,
    submitted_at: at,
    ghg_statement_report_url: request.ghg_statement_report_url,
    summary_of_changes: request.summary_of_changes,
    reporting_period_start_at: statement.reporting_period_start_at,
    reporting_period_end_at: statement.reporting_period_end_at,
    removal_ids: [...removalIds],
    ...frozen.totals,
    outcome: null,
  };
  return accept({
    ...statement,
    status: to,
    removal_ids: [...removalIds],
    ghg_statement_report_url: request.ghg_statement_report_url,
    submitted_at: at,
    verified_at: null,
    version,
    submission,
    previous_submissions: [...statement.previous_submissions, statement.submission],
  });
}

function decide(
  statement: GhgStatementRecord,
  operation: 'verify' | 'fail',
  at: string,
  input: VerificationInput,
): GhgStatementOutcome {
  const { from, to } = GHG_STATEMENT_TRANSITIONS[operation];
  if (!from.includes(statement.status) || statement.submission === null) {
    return notAllowed(statement, to, operation === 'verify' ? 'be verified' : 'fail verification');
  }
  const issues: GraphIssue[] = [];
  checkText(input?.verifier, 'verifier', issues, true);
  checkText(input?.reason, 'reason', issues, true);
  checkAt(statement, at, issues);
  if (issues.length > 0) return invalid(statement, to, issues);
  const verifier = input?.verifier ?? statement.verifier;
  const outcome: GhgStatementVerificationOutcome = { status: to as 'VERIFIED' | 'FAILED_VERIFICATION', at, verifier, reason: input?.reason ?? null };
  return accept({
    ...statement,
    status: to,
    verifier,
    verified_at: to === 'VERIFIED' ? at : null,
    submission: { ...statement.submission, outcome },
  });
}

/**
 * Records a verifier's approval of the submitted version (AWAITING_VERIFICATION to VERIFIED).
 * From then on the statement cannot change, except to record the issuance of its credits.
 * @public
 */
export function verifyGhgStatement(statement: GhgStatementRecord, at: string, input: VerificationInput = {}): GhgStatementOutcome {
  return decide(statement, 'verify', at, input);
}

/**
 * Records a failed verification of the submitted version (AWAITING_VERIFICATION to
 * FAILED_VERIFICATION); the statement may then be amended and resubmitted.
 * @public
 */
export function failGhgStatementVerification(statement: GhgStatementRecord, at: string, input: VerificationInput = {}): GhgStatementOutcome {
  return decide(statement, 'fail', at, input);
}

/**
 * Records that credits were issued for a verified statement (VERIFIED to CREDITS_ISSUED).
 * @public
 */
export function markGhgStatementCreditsIssued(statement: GhgStatementRecord, at: string): GhgStatementOutcome {
  const { from, to } = GHG_STATEMENT_TRANSITIONS.issue_credits;
  if (!from.includes(statement.status)) return notAllowed(statement, to, 'have credits issued');
  const issues: GraphIssue[] = [];
  checkAt(statement, at, issues);
  if (issues.length > 0) return invalid(statement, to, issues);
  return accept({ ...statement, status: to, credits_issued_at: at });
}

/**
 * Whether a status may move to another under the policies (the same rules the operations apply).
 * @public
 */
export function canTransitionGhgStatement(from: GhgStatementStatus, to: GhgStatementStatus, policies?: Partial<AccountingPolicies>): boolean {
  if (!GHG_STATEMENT_STATUSES.includes(from) || !GHG_STATEMENT_STATUSES.includes(to)) return false;
  for (const transition of Object.values(GHG_STATEMENT_TRANSITIONS)) {
    if (transition.to === to && transition.from.includes(from)) return true;
  }
  return to === 'AWAITING_VERIFICATION' && resolvePolicies(policies).resubmittableStatuses.includes(from);
}

/**
 * The service's `pending_total_co2e_removed_kg`: the total the statement would have with its
 * entries' current evaluation, when an entry's rounded net or allocation, or the list of entries,
 * differs from the frozen version; null when nothing is pending, when the statement was never
 * submitted, or when the evaluation lacks one of its entries.
 * @public
 */
export function pendingGhgStatementTotal(
  statement: GhgStatementRecord,
  evaluation: { readonly ghg_entries: readonly GhgEntryResult[] },
  options: GhgStatementOptions = {},
): number | null {
  const submission = statement.submission;
  if (submission === null) return null;
  const byId = new Map<string, GhgEntryResult>();
  for (const entry of evaluation.ghg_entries) byId.set(entry.id, entry);
  const members: GhgEntryResult[] = [];
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
 * @public
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
