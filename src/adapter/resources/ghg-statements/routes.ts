/**
 * GHG statements: created from the draft GHG entries of a project, submitted for verification.
 * The lifecycle (allowed transitions, figures frozen at submission) is the accounting module's;
 * this module adds ownership, the verifier assignment and visibility. Verification and issuance
 * are the service's own work: see the test-helper routes.
 */
import { found } from '../found';
import type { z } from 'zod';
import {
  createGhgStatement,
  resubmitGhgStatement,
  submitGhgStatement,
  type GhgStatementOutcome,
  type GhgStatementRecord,
} from '../../../accounting';
import { idPathSchema, paginationQuerySchema } from '../../../model/queries';
import { ghgStatementSchema } from './schemas';
import { paginatedListSchema } from '../../../model/shapes';
import { createGhgStatementRequestSchema, submitGhgStatementRequestSchema } from './schemas';
import { indexes, type RequestContext } from '../../context';
import { evaluateEntries, reevaluate, refreshPendingTotal } from '../../evaluation/evaluation';
import { conflict, Problems, refuseProblems, unprocessable, valueError } from '../../http/failures';
import { ok, route, type Route } from '../../router';
import type { StatementRow } from '../../rows';
import { statementView } from './view';
import { bodyProject, pageOf } from '../common';
import { visibleRows } from '../visible-lists';

/**
 * The record a lifecycle operation produced, or its refusal: a transition the status does not
 * allow (or a statement without entries) conflicts with the stored state, 409; a malformed
 * argument is a 422 located in the body.
 */
export function lifecycle(outcome: GhgStatementOutcome): GhgStatementRecord {
  if (outcome.ok) return outcome.statement;
  const { error } = outcome;
  if (error.code === 'invalid_request') {
    const problems = new Problems();
    for (const issue of error.issues) problems.add(['body', ...issue.path], issue.message, null);
    throw unprocessable(problems.items);
  }
  throw conflict(error.message);
}

/**
 * A new statement takes every draft GHG entry of the project (in no statement yet) completed on
 * or before `end_on`; its reporting period runs from the earliest start to `end_on`.
 */
const createStatement = (context: RequestContext, body: z.output<typeof createGhgStatementRequestSchema>) => {
  const { state } = context;
  const problems = new Problems();
  const project = bodyProject(context, problems, body.project_id);
  problems.check();
  if (project === undefined) throw unprocessable(problems.items);
  const entries = state.removals
    .rows()
    .filter((r) => r.project_id === project.id && r.ghg_statement_id === null && r.completed_on <= body.end_on);
  if (entries.length === 0) throw conflict(`project ${project.id} has no draft GHG entry completed on or before ${body.end_on}`);
  const id = state.ids('ghg_statement');
  const record = lifecycle(
    createGhgStatement(
      {
        id,
        project_id: project.id,
        reporting_period_start_at: entries.map((r) => r.started_on).sort()[0] as string,
        reporting_period_end_at: body.end_on,
        removal_ids: entries.map((r) => r.id),
      },
      state.clock.nowIso(),
    ),
  );
  const row: StatementRow = { id, owner: context.viewer.id, verifier_organisation_id: null, issuance_id: null, record };
  state.statements.insert(row);
  for (const r of entries) state.removals.update({ ...r, ghg_statement_id: id });
  // In a statement, the entries share the project's amortised components (docs/rules.md#statement-and-project-components).
  if (indexes(context).projectComponents.has(project.id))
    refuseProblems(
      reevaluate(
        state,
        entries.map((r) => r.id),
      ),
    );
  return ok(statementView(state, row));
};

/** Submission evaluates the statement's entries once, stores and freezes their figures; the project's verifier is assigned and sees the statement and its evidence from then on. */
const submitStatement = (context: RequestContext, id: string, body: z.output<typeof submitGhgStatementRequestSchema>) => {
  const { state } = context;
  const statement = found(state.statements.get(id), { owned: context });
  const verifierId = state.projects.get(statement.record.project_id)?.verifier_organisation_id ?? null;
  const verifier = verifierId === null ? undefined : state.organisations.get(verifierId);
  if (verifierId === null || verifier === undefined)
    throw conflict(`project ${statement.record.project_id} has no verifier assigned, so its statements cannot be submitted`);
  const withVerifier = statement.record.status === 'DRAFT' ? { ...statement.record, verifier: verifier.name } : statement.record;
  const evaluation = evaluateEntries(state, statement.record.removal_ids);
  // An entry that no longer evaluates (its credits beyond what the registry counts included) is
  // refused by name, at the statement the path names; the pipeline rolls back the figures stored.
  if (evaluation.problems.length > 0) throw unprocessable(evaluation.problems.map((p) => valueError(['path', 'id'], p.message, id)));
  const at = state.clock.nowIso();
  const { ghg_statement_report_url, summary_of_changes } = body;
  const record = lifecycle(
    summary_of_changes === undefined
      ? submitGhgStatement(withVerifier, evaluation, { ghg_statement_report_url }, at)
      : resubmitGhgStatement(withVerifier, evaluation, { ghg_statement_report_url, summary_of_changes }, at),
  );
  refuseBeyondRegistry(record);
  state.statements.update({ ...statement, verifier_organisation_id: verifierId, record });
  // The figures just frozen are the entries' current ones: nothing is pending (computed, not assumed).
  refreshPendingTotal(state, id);
  return ok(statementView(state, found(state.statements.get(id), { defect: id })));
};

/**
 * A statement whose entries each fit the registry may still add up past it: its issuance would be
 * counted beyond 2^53 kg, so it is refused at submission (docs/service.md#credits-the-registry-can-count).
 */
function refuseBeyondRegistry(record: GhgStatementRecord): void {
  const { submission } = record;
  if (submission === null) return;
  const total = [submission.issuable_kg, submission.total_co2e_removed_kg].find((kg) => !Number.isSafeInteger(kg));
  if (total === undefined) return;
  const message = `GHG statement '${record.id}' would have a total of about ${total.toExponential(3)} kg, more than the registry can count (2^53 kg, 9007199254740992 kg) in one issuance: submit fewer GHG entries (an earlier end_on)`;
  throw unprocessable([valueError(['path', 'id'], message, record.id)]);
}

/** The routes of this module. */
export function statementRoutes(): Route[] {
  const path = idPathSchema('ghg_statement');
  const view = (context: RequestContext) => (row: StatementRow) => statementView(context.state, row);
  return [
    route(
      'POST',
      '/mrv/v0/ghg_statements',
      {
        body: createGhgStatementRequestSchema,
        response: ghgStatementSchema,
        conflict: true,
        summary: "Create a GHG statement of a project's draft entries",
      },
      (context, { body }) => createStatement(context, body),
    ),
    route(
      'GET',
      '/mrv/v0/ghg_statements',
      { query: paginationQuerySchema, response: paginatedListSchema(ghgStatementSchema), summary: 'List GHG statements' },
      (context, { query }) => ok(pageOf(context, 'ghg_statements', visibleRows(context, context.state.statements), query, view(context))),
    ),
    route(
      'GET',
      '/mrv/v0/ghg_statements/{id}',
      { path, response: ghgStatementSchema, summary: 'Read a GHG statement' },
      (context, { path: p }) => ok(statementView(context.state, found(context.state.statements.get(p.id), { visible: context }))),
    ),
    route(
      'POST',
      '/mrv/v0/ghg_statements/{id}/submit',
      {
        path,
        body: submitGhgStatementRequestSchema,
        response: ghgStatementSchema,
        conflict: true,
        summary: 'Submit (or resubmit) a GHG statement for verification',
      },
      (context, { path: p, body }) => submitStatement(context, p.id, body),
    ),
  ];
}
