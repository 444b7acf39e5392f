import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amendGhgStatement,
  canTransitionGhgStatement,
  createGhgStatement,
  evaluateGraph,
  failGhgStatementVerification,
  markGhgStatementCreditsIssued,
  pendingGhgStatementTotal,
  resubmitGhgStatement,
  submitGhgStatement,
  toGhgStatementResource,
  verifyGhgStatement,
  type GhgStatementOutcome,
  type GhgStatementRecord,
} from '../../src/accounting';
import { GHG_STATEMENT_STATUSES, type GhgStatementStatus } from '../../src/model/graph';
import { ggs, prj, rmv, statementGraph } from './helpers';

const T0 = '2026-01-10T09:00:00Z';
const T1 = '2026-01-11T09:00:00Z';
const T2 = '2026-01-12T09:00:00Z';
const T3 = '2026-01-13T09:00:00Z';
const T4 = '2026-01-14T09:00:00Z';

// Entries of 1.0049 t, 2.0151 t and 3 t: nets 1004.9, 2015.1 and 3000 kg (no uncertainty).
const evaluation = evaluateGraph(statementGraph([1.0049, 2.0151, 3]));
const ids = [rmv('e0'), rmv('e1'), rmv('e2')];

function ok(outcome: GhgStatementOutcome): GhgStatementRecord {
  if (!outcome.ok) throw new Error(outcome.error.message);
  return outcome.statement;
}

const draft = () =>
  ok(
    createGhgStatement(
      {
        id: ggs('a'),
        project_id: prj('p'),
        reporting_period_start_at: '2025-01-01',
        reporting_period_end_at: '2025-06-30',
        removal_ids: ids,
      },
      T0,
    ),
  );
const submitted = () => ok(submitGhgStatement(draft(), evaluation, { ghg_statement_report_url: 'https://example.org/v1.pdf' }, T1));
const verified = () => ok(verifyGhgStatement(submitted(), T2, { verifier: 'Verifier Ltd' }));
const failed = () => ok(failGhgStatementVerification(submitted(), T2, { reason: 'batch B weighbridge tickets missing' }));
const issued = () => ok(markGhgStatementCreditsIssued(verified(), T3));

/** One statement in each status. */
const inStatus: Record<GhgStatementStatus, () => GhgStatementRecord> = {
  DRAFT: draft,
  AWAITING_VERIFICATION: submitted,
  VERIFIED: verified,
  FAILED_VERIFICATION: failed,
  CREDITS_ISSUED: issued,
};

/** Every operation, applied with valid arguments. */
const operations: Record<string, { to: GhgStatementStatus; apply: (s: GhgStatementRecord) => GhgStatementOutcome }> = {
  submit: {
    to: 'AWAITING_VERIFICATION',
    apply: (s) => submitGhgStatement(s, evaluation, { ghg_statement_report_url: 'https://example.org/x.pdf' }, T4),
  },
  resubmit: {
    to: 'AWAITING_VERIFICATION',
    apply: (s) =>
      resubmitGhgStatement(s, evaluation, { ghg_statement_report_url: 'https://example.org/x.pdf', summary_of_changes: 'fixed' }, T4),
  },
  verify: { to: 'VERIFIED', apply: (s) => verifyGhgStatement(s, T4) },
  fail: { to: 'FAILED_VERIFICATION', apply: (s) => failGhgStatementVerification(s, T4) },
  issue: { to: 'CREDITS_ISSUED', apply: (s) => markGhgStatementCreditsIssued(s, T4) },
};

const allowed: Record<GhgStatementStatus, string[]> = {
  DRAFT: ['submit'],
  AWAITING_VERIFICATION: ['resubmit', 'verify', 'fail'],
  VERIFIED: ['issue'],
  FAILED_VERIFICATION: ['resubmit'],
  CREDITS_ISSUED: [],
};

describe('GHG statement lifecycle', () => {
  it('creates a frozen DRAFT', () => {
    const s = draft();
    expect(s).toMatchObject({
      status: 'DRAFT',
      version: 0,
      submission: null,
      previous_submissions: [],
      created_at: T0,
      submitted_at: null,
    });
    expect(Object.isFrozen(s)).toBe(true);
    expect(Object.isFrozen(s.removal_ids)).toBe(true);
  });

  it('submission rounds each net to 10 kg, freezes it and totals exactly', () => {
    const s = submitted();
    expect(s.status).toBe('AWAITING_VERIFICATION');
    expect(s.submitted_at).toBe(T1);
    expect(s.ghg_statement_report_url).toBe('https://example.org/v1.pdf');
    const sub = s.submission!;
    expect(sub.version).toBe(1);
    expect(sub.ghg_entries.map((e) => [e.ghg_entry_id, e.co2e_net_removed_kg, e.rounded_co2e_net_removed_kg])).toEqual([
      [ids[0], expect.closeTo(1004.9, 9), 1000],
      [ids[1], expect.closeTo(2015.1, 9), 2020],
      [ids[2], 3000, 3000],
    ]);
    expect(sub.total_co2e_removed_kg).toBe(6020);
    expect(sub.credit_allocation).toEqual({ buffer_pool_contribution_kg: 50 + 101 + 150, supplier_allocation_kg: 950 + 1919 + 2850 });
    expect(Object.isFrozen(sub.ghg_entries[0])).toBe(true);
  });

  it("a statement's allocation is null when any entry's is null", () => {
    const graph = statementGraph([1, 2]);
    graph.ghg_entries[1]!.risk_of_reversal_percentage = null;
    const s = ok(
      createGhgStatement(
        {
          id: ggs('b'),
          project_id: prj('p'),
          reporting_period_start_at: '2025-01-01',
          reporting_period_end_at: '2025-01-31',
          removal_ids: [rmv('e0'), rmv('e1')],
        },
        T0,
      ),
    );
    const out = ok(submitGhgStatement(s, evaluateGraph(graph), { ghg_statement_report_url: 'u' }, T1));
    expect(out.submission!.credit_allocation).toBeNull();
    expect(out.submission!.ghg_entries[0]!.credit_allocation).not.toBeNull();
  });

  it('applies each allowed transition and refuses every other one, changing nothing', () => {
    for (const status of GHG_STATEMENT_STATUSES) {
      for (const [name, op] of Object.entries(operations)) {
        const before = inStatus[status]();
        const snapshot = JSON.stringify(before);
        const outcome = op.apply(before);
        expect(JSON.stringify(before)).toBe(snapshot);
        if (allowed[status].includes(name)) {
          expect(outcome.ok, `${name} from ${status}`).toBe(true);
          if (outcome.ok) expect(outcome.statement.status).toBe(op.to);
          expect(canTransitionGhgStatement(status, op.to)).toBe(true);
        } else {
          expect(outcome.ok, `${name} from ${status}`).toBe(false);
          if (!outcome.ok) {
            expect(outcome.error).toMatchObject({ code: 'transition_not_allowed', from: status, to: op.to });
            expect(outcome.error.message).toContain(`${status} -> ${op.to}`);
          }
        }
      }
    }
    expect(canTransitionGhgStatement('VERIFIED', 'DRAFT')).toBe(false);
    expect(canTransitionGhgStatement('CREDITS_ISSUED', 'VERIFIED')).toBe(false);
  });

  it('verification and issuance record who and when', () => {
    const v = verified();
    expect(v).toMatchObject({ status: 'VERIFIED', verifier: 'Verifier Ltd', verified_at: T2 });
    expect(v.submission!.outcome).toEqual({ status: 'VERIFIED', at: T2, verifier: 'Verifier Ltd', reason: null });
    const i = issued();
    expect(i).toMatchObject({ status: 'CREDITS_ISSUED', credits_issued_at: T3 });
    expect(i.submission).toEqual(v.submission);
  });

  it('a verified statement cannot change', () => {
    for (const s of [verified(), issued()]) {
      const amend = amendGhgStatement(s, { removal_ids: [ids[0]!] });
      expect(amend.ok).toBe(false);
      if (!amend.ok) {
        expect(amend.error.code).toBe('transition_not_allowed');
        expect(amend.error.message).toContain('a verified statement cannot change');
      }
      for (const op of Object.values(operations)) {
        const outcome = op.apply(s);
        if (s.status === 'VERIFIED' && op.to === 'CREDITS_ISSUED') continue;
        expect(outcome.ok).toBe(false);
      }
    }
  });

  it('resubmission after a failed verification makes a new version and keeps the history', () => {
    const f = failed();
    expect(f.submission!.outcome).toMatchObject({ status: 'FAILED_VERIFICATION', reason: 'batch B weighbridge tickets missing' });
    const amended = ok(amendGhgStatement(f, { removal_ids: [ids[0]!, ids[2]!] }));
    expect(amended.status).toBe('FAILED_VERIFICATION');
    const r = ok(
      resubmitGhgStatement(
        amended,
        evaluation,
        { ghg_statement_report_url: 'https://example.org/v2.pdf', summary_of_changes: 'Dropped batch B' },
        T3,
      ),
    );
    expect(r).toMatchObject({
      status: 'AWAITING_VERIFICATION',
      version: 2,
      submitted_at: T3,
      ghg_statement_report_url: 'https://example.org/v2.pdf',
      removal_ids: [ids[0], ids[2]],
    });
    expect(r.submission).toMatchObject({ version: 2, summary_of_changes: 'Dropped batch B', total_co2e_removed_kg: 4000, outcome: null });
    expect(r.previous_submissions).toHaveLength(1);
    expect(r.previous_submissions[0]).toMatchObject({
      version: 1,
      total_co2e_removed_kg: 6020,
      summary_of_changes: null,
      outcome: { status: 'FAILED_VERIFICATION' },
    });
    // A third version, verified, still shows both earlier ones.
    const f2 = ok(failGhgStatementVerification(r, T4));
    const r3 = ok(
      resubmitGhgStatement(
        f2,
        evaluation,
        { ghg_statement_report_url: 'v3', summary_of_changes: 'Restored batch B', removal_ids: ids },
        '2026-01-15T00:00:00Z',
      ),
    );
    const v3 = ok(verifyGhgStatement(r3, '2026-01-16T00:00:00Z'));
    expect(v3.previous_submissions.map((x) => [x.version, x.outcome?.status])).toEqual([
      [1, 'FAILED_VERIFICATION'],
      [2, 'FAILED_VERIFICATION'],
    ]);
    expect(v3.submission!.total_co2e_removed_kg).toBe(6020);
  });

  it('resubmission while awaiting verification follows the policy', () => {
    const s = submitted();
    const replace = (policies?: { resubmittableStatuses: GhgStatementStatus[] }) =>
      resubmitGhgStatement(
        s,
        evaluation,
        { ghg_statement_report_url: 'v2', summary_of_changes: 'typo in report' },
        T2,
        policies === undefined ? {} : { policies },
      );
    const byDefault = replace();
    expect(byDefault.ok).toBe(true);
    if (byDefault.ok) expect(byDefault.statement.previous_submissions[0]!.outcome).toBeNull();
    const strict = replace({ resubmittableStatuses: ['FAILED_VERIFICATION'] });
    expect(strict.ok).toBe(false);
    if (!strict.ok)
      expect(strict.error).toMatchObject({ code: 'transition_not_allowed', from: 'AWAITING_VERIFICATION', to: 'AWAITING_VERIFICATION' });
    expect(
      canTransitionGhgStatement('AWAITING_VERIFICATION', 'AWAITING_VERIFICATION', { resubmittableStatuses: ['FAILED_VERIFICATION'] }),
    ).toBe(false);
  });

  it('refuses bad arguments with every problem and its path', () => {
    const bad = createGhgStatement(
      {
        id: '',
        project_id: prj('p'),
        reporting_period_start_at: '2025-07-01',
        reporting_period_end_at: '2025-06-30',
        removal_ids: [ids[0]!, ids[0]!],
      },
      'yesterday',
    );
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.error.code).toBe('invalid_request');
      expect(bad.error.issues.map((i) => i.path)).toEqual([['id'], ['reporting_period_end_at'], ['removal_ids', 1], ['at']]);
    }
    const noSummary = resubmitGhgStatement(failed(), evaluation, { ghg_statement_report_url: 'v2', summary_of_changes: ' ' }, T3);
    expect(!noSummary.ok && noSummary.error.issues[0]!.path).toEqual(['summary_of_changes']);
    const early = verifyGhgStatement(submitted(), T0);
    expect(!early.ok && early.error.issues[0]!.code).toBe('time_before_last_event');
    const missing = submitGhgStatement(draft(), { ghg_entries: evaluation.ghg_entries.slice(1) }, { ghg_statement_report_url: 'u' }, T1);
    expect(!missing.ok && missing.error).toMatchObject({ code: 'entry_not_evaluated', issues: [{ path: ['removal_ids', 0] }] });
    const empty = ok(amendGhgStatement(draft(), { removal_ids: [] }));
    const none = submitGhgStatement(empty, evaluation, { ghg_statement_report_url: 'u' }, T1);
    expect(!none.ok && none.error.code).toBe('no_entries');
    const noUrl = submitGhgStatement(draft(), evaluation, { ghg_statement_report_url: '' }, T1);
    expect(!noUrl.ok && noUrl.error.issues[0]!.path).toEqual(['ghg_statement_report_url']);
  });

  it('reports pending changes and the service shape', () => {
    const s = submitted();
    expect(pendingGhgStatementTotal(s, evaluation)).toBeNull();
    expect(pendingGhgStatementTotal(draft(), evaluation)).toBeNull();
    const changed = evaluateGraph(statementGraph([1.0049, 2.0151, 3.5]));
    expect(pendingGhgStatementTotal(s, changed)).toBe(6520);
    const resource = toGhgStatementResource(s, pendingGhgStatementTotal(s, changed));
    expect(Object.keys(resource).sort()).toEqual(
      [
        'id',
        'project_id',
        'verifier',
        'removal_ids',
        'ghg_statement_report_url',
        'status',
        'reporting_period_start_at',
        'reporting_period_end_at',
        'submitted_at',
        'credits_issued_at',
        'pending_total_co2e_removed_kg',
      ].sort(),
    );
    expect(resource.pending_total_co2e_removed_kg).toBe(6520);
  });

  it('any sequence of operations only ever follows the transition table', () => {
    const names = Object.keys(operations);
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...names), { maxLength: 12 }), (sequence) => {
        let s = draft();
        let minutes = 0;
        for (const name of sequence) {
          const at = new Date(Date.parse(T1) + ++minutes * 60_000).toISOString().replace('.000Z', 'Z');
          const op =
            name === 'submit'
              ? submitGhgStatement(s, evaluation, { ghg_statement_report_url: 'u' }, at)
              : name === 'resubmit'
                ? resubmitGhgStatement(s, evaluation, { ghg_statement_report_url: 'u', summary_of_changes: 'c' }, at)
                : name === 'verify'
                  ? verifyGhgStatement(s, at)
                  : name === 'fail'
                    ? failGhgStatementVerification(s, at)
                    : markGhgStatementCreditsIssued(s, at);
          expect(op.ok).toBe(allowed[s.status].includes(name));
          if (op.ok) {
            expect(canTransitionGhgStatement(s.status, op.statement.status)).toBe(true);
            expect(op.statement.previous_submissions.length).toBe(Math.max(0, op.statement.version - 1));
            s = op.statement;
          }
        }
      }),
      { seed: 20260403, numRuns: 200 },
    );
  });
});

describe('the statement operations refuse unknown options and policies (options are strict)', () => {
  it('submit and resubmit return invalid_request naming the policy and the nearest known one; nothing changes', () => {
    const statement = draft();
    const outcome = submitGhgStatement(statement, evaluation, { ghg_statement_report_url: 'https://example.org/v1.pdf' }, T1, {
      policies: { roundingIncrementKG: 1000 },
    } as never);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.code).toBe('invalid_request');
    expect(outcome.error.issues).toEqual([
      {
        path: ['options', 'policies', 'roundingIncrementKG'],
        code: 'unknown_option',
        message: "unknown key 'roundingIncrementKG' at options.policies; did you mean 'roundingIncrementKg'?",
      },
    ]);
    const resubmitted = resubmitGhgStatement(
      failed(),
      evaluation,
      { ghg_statement_report_url: 'https://example.org/v2.pdf', summary_of_changes: 'tickets' },
      T3,
      { polices: {} } as never,
    );
    expect(resubmitted.ok ? [] : resubmitted.error.issues.map((i) => i.message)).toEqual([
      "unknown key 'polices' at options; did you mean 'policies'?",
    ]);
    expect(statement.status).toBe('DRAFT');
  });

  it('pendingGhgStatementTotal and canTransitionGhgStatement throw a TypeError', () => {
    expect(() => pendingGhgStatementTotal(submitted(), evaluation, { policies: { roundingTies: 'up' } } as never)).toThrow(
      new TypeError(
        'invalid options of pendingGhgStatementTotal: option \'policies.roundingTies\' must be one of "away_from_zero", "half_even", "toward_zero"; got "up"',
      ),
    );
    expect(() => canTransitionGhgStatement('VERIFIED', 'AWAITING_VERIFICATION', { resubmitableStatuses: ['VERIFIED'] } as never)).toThrow(
      /unknown key 'resubmitableStatuses' at policies; did you mean 'resubmittableStatuses'\?/,
    );
    expect(canTransitionGhgStatement('VERIFIED', 'AWAITING_VERIFICATION', { resubmittableStatuses: ['VERIFIED'] })).toBe(true);
  });
});
