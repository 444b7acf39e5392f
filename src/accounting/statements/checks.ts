/**
 * The checks and outcome builders the statement lifecycle shares: dates, id lists, texts, the time
 * of an operation, and refusals that name what was refused. Internal to accounting.
 */
import { dayExists } from '../../model/calendar-date';
import type { GhgStatementStatus } from '../../model/graph';
import type { GraphIssue } from '../../model/issues';
import type { GhgStatementErrorCode, GhgStatementOutcome, GhgStatementRecord } from './types';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?Z$/;

export function isDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DATE.exec(value);
  return m !== null && dayExists(Number(m[1]), Number(m[2]), Number(m[3]));
}

export function isDateTime(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DATE_TIME.exec(value);
  return m !== null && dayExists(Number(m[1]), Number(m[2]), Number(m[3])) && Number(m[4]) < 24 && Number(m[5]) < 60 && Number(m[6]) < 60;
}

export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as Record<string, unknown>)) deepFreeze(v);
  }
  return value;
}

export function refuse(
  code: GhgStatementErrorCode,
  message: string,
  from: GhgStatementStatus | null,
  to: GhgStatementStatus | null,
  issues?: readonly GraphIssue[],
): GhgStatementOutcome {
  const list = issues ?? [{ path: [], code, message }];
  return { ok: false, error: deepFreeze({ code, message, from, to, issues: [...list] }) };
}

export function accept(statement: GhgStatementRecord): GhgStatementOutcome {
  return { ok: true, statement: deepFreeze(statement) };
}

export function notAllowed(statement: GhgStatementRecord, to: GhgStatementStatus, what: string, hint = ''): GhgStatementOutcome {
  const why = statement.status === 'VERIFIED' || statement.status === 'CREDITS_ISSUED' ? ' (a verified statement cannot change)' : '';
  return refuse(
    'transition_not_allowed',
    `GHG statement '${statement.id}' cannot ${what}: ${statement.status} -> ${to} is not allowed${why}${hint}`,
    statement.status,
    to,
  );
}

/** Problems of an id list: an array of non-empty strings without repeats. */
export function checkIds(ids: unknown, path: readonly (string | number)[], issues: GraphIssue[]): void {
  if (!Array.isArray(ids)) {
    issues.push({ path, code: 'invalid_type', message: `${path.join('.')} must be an array of GHG entry ids` });
    return;
  }
  const seen = new Set<string>();
  ids.forEach((id: unknown, k) => {
    if (typeof id !== 'string' || id.length === 0)
      issues.push({ path: [...path, k], code: 'invalid_type', message: `${path.join('.')}[${k}] must be a non-empty string` });
    else if (seen.has(id))
      issues.push({ path: [...path, k], code: 'duplicate_entry', message: `GHG entry '${id}' is listed more than once` });
    else seen.add(id);
  });
}

export function checkPeriod(start: unknown, end: unknown, issues: GraphIssue[]): void {
  if (!isDate(start))
    issues.push({
      path: ['reporting_period_start_at'],
      code: 'invalid_date',
      message: `reporting_period_start_at must be a date YYYY-MM-DD, got ${JSON.stringify(start)}`,
    });
  if (!isDate(end))
    issues.push({
      path: ['reporting_period_end_at'],
      code: 'invalid_date',
      message: `reporting_period_end_at must be a date YYYY-MM-DD, got ${JSON.stringify(end)}`,
    });
  else if (isDate(start) && start > end) {
    issues.push({
      path: ['reporting_period_end_at'],
      code: 'invalid_period',
      message: `the reporting period ends on ${end}, before it starts on ${start}`,
    });
  }
}

/** `at` must be a UTC date-time not before the statement's last event. */
export function checkAt(statement: GhgStatementRecord | null, at: unknown, issues: GraphIssue[]): void {
  if (!isDateTime(at)) {
    issues.push({
      path: ['at'],
      code: 'invalid_datetime',
      message: `at must be an ISO 8601 UTC date-time such as 2026-01-31T12:00:00Z, got ${JSON.stringify(at)}`,
    });
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

export function checkText(value: unknown, path: string, issues: GraphIssue[], nullable: boolean): void {
  if (nullable && (value === null || value === undefined)) return;
  if (typeof value !== 'string' || value.trim().length === 0) {
    issues.push({ path: [path], code: 'invalid_text', message: `${path} must be a non-empty string, got ${JSON.stringify(value)}` });
  }
}

export function invalid(
  statement: GhgStatementRecord | null,
  to: GhgStatementStatus | null,
  issues: readonly GraphIssue[],
): GhgStatementOutcome {
  const name = statement === null ? 'new GHG statement' : `GHG statement '${statement.id}'`;
  const message = `${name}: ${issues.map((i) => i.message).join('; ')}`;
  return refuse('invalid_request', message, statement?.status ?? null, to, issues);
}
