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
import { GHG_STATEMENT_STATUSES, type GhgStatementStatus } from '../../model/graph';
import type { GraphIssue } from '../../model/issues';
import { optionsError } from '../../model/strict-options';
import { policyIssues, resolvePolicies, type AccountingPolicies } from '../policies';
import { accept, checkAt, checkIds, checkPeriod, checkText, deepFreeze, invalid, notAllowed, refuse } from './checks';
import type {
  AmendGhgStatementInput,
  CreateGhgStatementInput,
  GhgStatementOperation,
  GhgStatementEntryFigures,
  GhgStatementOptions,
  GhgStatementOutcome,
  GhgStatementRecord,
  GhgStatementSubmission,
  GhgStatementVerificationOutcome,
  GhgStatementTransition,
  ResubmitGhgStatementInput,
  SubmitGhgStatementInput,
  VerificationInput,
} from './types';
import { ghgStatementOptionIssues } from './types';
import { totalGhgStatementEntries } from './totals';

/**
 * The transitions a statement's status allows, by operation. Resubmission's sources are a policy
 * (`resubmittableStatuses`); VERIFIED only leads to CREDITS_ISSUED and CREDITS_ISSUED to nothing.
 */
export const GHG_STATEMENT_TRANSITIONS: Readonly<Record<GhgStatementOperation, GhgStatementTransition>> = deepFreeze({
  submit: { from: ['DRAFT'], to: 'AWAITING_VERIFICATION' },
  verify: { from: ['AWAITING_VERIFICATION'], to: 'VERIFIED' },
  fail: { from: ['AWAITING_VERIFICATION'], to: 'FAILED_VERIFICATION' },
  issue_credits: { from: ['VERIFIED'], to: 'CREDITS_ISSUED' },
});

/** Statuses in which the entries and period may still be amended. */
const AMENDABLE: readonly GhgStatementStatus[] = ['DRAFT', 'FAILED_VERIFICATION'];

/**
 * Creates a DRAFT statement.
 * @param input - its id, project, reporting period and, optionally, entries and verifier
 * @param at - when it is created (ISO 8601 UTC); every later operation must be at this instant or after
 * @returns the new statement, or `invalid_request` naming each malformed field
 * @public
 */
export function createGhgStatement(input: CreateGhgStatementInput, at: string): GhgStatementOutcome {
  const issues: GraphIssue[] = [];
  const raw = input as unknown as Record<string, unknown>;
  if (typeof raw !== 'object' || raw === null)
    return invalid(null, 'DRAFT', [{ path: [], code: 'invalid_type', message: 'the statement fields must be an object' }]);
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
  evaluation: { readonly ghg_entries: readonly GhgStatementEntryFigures[] },
  policies: AccountingPolicies,
  to: GhgStatementStatus,
): { ok: true; totals: ReturnType<typeof totalGhgStatementEntries> } | { ok: false; outcome: GhgStatementOutcome } {
  if (removalIds.length === 0) {
    return {
      ok: false,
      outcome: refuse('no_entries', `GHG statement '${statement.id}' has no GHG entries to submit`, statement.status, to),
    };
  }
  const byId = new Map<string, GhgStatementEntryFigures>();
  for (const entry of evaluation?.ghg_entries ?? []) byId.set(entry.id, entry);
  const members: GhgStatementEntryFigures[] = [];
  const missing: GraphIssue[] = [];
  removalIds.forEach((id, k) => {
    const entry = byId.get(id);
    if (entry === undefined)
      missing.push({
        path: ['removal_ids', k],
        code: 'entry_not_evaluated',
        message: `GHG entry '${id}' of GHG statement '${statement.id}' is not in the evaluation given`,
      });
    else if (!Number.isFinite(entry.co2e_net_removed_kg))
      missing.push({
        path: ['removal_ids', k],
        code: 'entry_not_evaluated',
        message: `GHG entry '${id}' has no finite net in the evaluation given`,
      });
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
 * @param evaluation - the evaluation of the statement's entries (an `EvaluationResult` will do)
 * @param at - when it is submitted (ISO 8601 UTC), not before the statement's last event
 * @param options - policies to override (rounding increment and ties, ...); strict
 * @public
 */
export function submitGhgStatement(
  statement: GhgStatementRecord,
  evaluation: { readonly ghg_entries: readonly GhgStatementEntryFigures[] },
  request: SubmitGhgStatementInput,
  at: string,
  options: GhgStatementOptions = {},
): GhgStatementOutcome {
  const to = GHG_STATEMENT_TRANSITIONS.submit.to;
  if (!GHG_STATEMENT_TRANSITIONS.submit.from.includes(statement.status)) {
    const hint =
      statement.status === 'FAILED_VERIFICATION' || statement.status === 'AWAITING_VERIFICATION'
        ? '; a submitted statement is resubmitted with a summary of changes'
        : '';
    return notAllowed(statement, to, 'be submitted', hint);
  }
  const issues: GraphIssue[] = ghgStatementOptionIssues(options);
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
  return accept({
    ...statement,
    status: to,
    ghg_statement_report_url: request.ghg_statement_report_url,
    submitted_at: at,
    version: 1,
    submission,
  });
}

/**
 * Resubmits an amended statement as a new version (to AWAITING_VERIFICATION) from a status the
 * policy `resubmittableStatuses` allows (default FAILED_VERIFICATION and AWAITING_VERIFICATION).
 * The previous version, with its outcome, moves to `previous_submissions`.
 * @public
 */
export function resubmitGhgStatement(
  statement: GhgStatementRecord,
  evaluation: { readonly ghg_entries: readonly GhgStatementEntryFigures[] },
  request: ResubmitGhgStatementInput,
  at: string,
  options: GhgStatementOptions = {},
): GhgStatementOutcome {
  const to: GhgStatementStatus = 'AWAITING_VERIFICATION';
  const optionProblems = ghgStatementOptionIssues(options);
  if (optionProblems.length > 0) return invalid(statement, to, optionProblems);
  const policies = resolvePolicies(options.policies);
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

function decide(statement: GhgStatementRecord, operation: 'verify' | 'fail', at: string, input: VerificationInput): GhgStatementOutcome {
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
  const outcome: GhgStatementVerificationOutcome = {
    status: to as GhgStatementVerificationOutcome['status'],
    at,
    verifier,
    reason: input?.reason ?? null,
  };
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
export function failGhgStatementVerification(
  statement: GhgStatementRecord,
  at: string,
  input: VerificationInput = {},
): GhgStatementOutcome {
  return decide(statement, 'fail', at, input);
}

/**
 * Records that credits were issued for a verified statement (VERIFIED to CREDITS_ISSUED): call it
 * once the ledger has issued them (`CreditLedger.createIssuance`), from the figures its submission froze.
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
 * Throws a `TypeError` for an unknown policy or a policy value of the wrong type or range.
 * @public
 */
export function canTransitionGhgStatement(
  from: GhgStatementStatus,
  to: GhgStatementStatus,
  policies?: Partial<AccountingPolicies>,
): boolean {
  const invalidPolicies = policyIssues(policies);
  if (invalidPolicies.length > 0) throw optionsError('policies of canTransitionGhgStatement', invalidPolicies);
  if (!GHG_STATEMENT_STATUSES.includes(from) || !GHG_STATEMENT_STATUSES.includes(to)) return false;
  for (const transition of Object.values(GHG_STATEMENT_TRANSITIONS)) {
    if (transition.to === to && transition.from.includes(from)) return true;
  }
  return to === 'AWAITING_VERIFICATION' && resolvePolicies(policies).resubmittableStatuses.includes(from);
}
