/**
 * Validation and preparation of the statement- and project-level parts of a graph (docs/rules.md#statement-and-project-components):
 * GHG statements with their entries and statement components (attributions of factor
 * 1/n on each of the statement's n entries), the frozen shares, and the order of the steps; the
 * project components are prepared by projects.ts. Imports the model's types and the
 * statement-parts, statement-pass and projects modules.
 */
import type { IssuePath, RemovalGraph } from '../../model';
import type { PreparedAmortisation, PreparedStatementParts, StatementContext } from './statement-parts';
import {
  claim,
  inclusiveDays,
  preparedComponent,
  type DocumentStatement,
  type FrozenShare,
  type FrozenShares,
  type StatementPass,
} from './statement-pass';
import { prepareProject } from './projects';

/**
 * Checks the `ghg_statements` and `projects` collections against the rest of the document and
 * prepares them. Problems go to `context.problem`; the parts returned are only used when there
 * were none.
 */
export function prepareStatements(context: StatementContext): PreparedStatementParts {
  const { graph } = context;
  const documentStatements = graph.ghg_statements ?? [];
  const documentProjects = graph.projects ?? [];
  const pass: StatementPass = {
    context,
    entryStatement: new Int32Array(graph.ghg_entries.length).fill(-1),
    statements: [],
    attributions: [],
    amortisations: [],
    // Only statements and projects ever claim, so a document without them skips the pass.
    scopeOf: documentStatements.length > 0 || documentProjects.length > 0 ? entryScopes(graph) : new Map(),
    shareSlotCount: 0,
  };
  // Projects first: statements check their project against them.
  const projectSeen = indexProjects(context);
  const statementSeen = new Set<string>();
  documentStatements.forEach((statement, s) => prepareStatement(pass, statement, s, projectSeen, statementSeen));
  checkNamedStatements(pass, statementSeen);
  const frozen = collectFrozenShares(context);
  documentProjects.forEach((project, p) => prepareProject(pass, project, p, frozen));
  reportUnusedFrozenShares(context, frozen, pass.amortisations);
  const { statements, amortisations, shareSlotCount, entryStatement, attributions } = pass;
  return { statements, amortisations, shareSlotCount, entryStatement, attributions };
}

/** The first entry attributing each component, by entry index. */
function entryScopes(graph: RemovalGraph): Map<string, number | string> {
  const scopeOf = new Map<string, number | string>();
  graph.ghg_entries.forEach((entry, e) => {
    for (const a of entry.component_attributions) if (!scopeOf.has(a.component_id)) scopeOf.set(a.component_id, e);
  });
  return scopeOf;
}

/** Project index by id (first occurrence), reporting duplicates; unreadable projects still count. */
function indexProjects(context: StatementContext): Map<string, number> {
  const { problem, broken } = context;
  const projectSeen = new Map<string, number>();
  (context.graph.projects ?? []).forEach((project, p) => {
    if (projectSeen.has(project.id)) problem(['projects', p, 'id'], 'duplicate_id', `project id '${project.id}' is used more than once`);
    else projectSeen.set(project.id, p);
  });
  if (broken !== undefined) for (const [p, id] of broken.brokenIds.projects) if (!projectSeen.has(id)) projectSeen.set(id, p);
  return projectSeen;
}

/** Checks one statement, prepares it and attributes its statement-level components. */
function prepareStatement(
  pass: StatementPass,
  statement: DocumentStatement,
  s: number,
  projectSeen: ReadonlyMap<string, number>,
  statementSeen: Set<string>,
): void {
  checkStatementFields(pass.context, statement, s, projectSeen, statementSeen);
  const start = statement.reporting_period_start_at;
  const end = statement.reporting_period_end_at;
  const members = statementMembers(pass, statement, s);
  pass.statements.push({
    id: statement.id,
    documentIndex: s,
    projectId: statement.project_id,
    status: statement.status,
    reportingPeriodStart: start,
    reportingPeriodEnd: end,
    days: start <= end ? inclusiveDays(start, end) : 0,
    entries: Int32Array.from(members),
  });
  attributeStatementComponents(pass, statement, s, members);
}

/** The checks on a statement's own fields: id, project, reporting period, entry lists. */
function checkStatementFields(
  context: StatementContext,
  statement: DocumentStatement,
  s: number,
  projectSeen: ReadonlyMap<string, number>,
  statementSeen: Set<string>,
): void {
  const { problem, graph } = context;
  const path: IssuePath = ['ghg_statements', s];
  if (statementSeen.has(statement.id))
    problem([...path, 'id'], 'duplicate_id', `GHG statement id '${statement.id}' is used more than once`);
  statementSeen.add(statement.id);
  if (graph.projects !== undefined && !projectSeen.has(statement.project_id)) {
    problem(
      [...path, 'project_id'],
      'unknown_project',
      `GHG statement '${statement.id}' names project '${statement.project_id}', which the document's projects do not define${context.hints.hint(statement.project_id, [...projectSeen.keys()])}`,
    );
  }
  const start = statement.reporting_period_start_at;
  const end = statement.reporting_period_end_at;
  if (start > end) {
    problem(
      [...path, 'reporting_period_end_at'],
      'invalid_period',
      `GHG statement '${statement.id}' ends on ${end}, before its reporting period starts (${start})`,
    );
  }
  const both = statement.removal_ids !== undefined && statement.ghg_entry_ids !== undefined;
  if (both && JSON.stringify(statement.removal_ids) !== JSON.stringify(statement.ghg_entry_ids)) {
    problem(path, 'ambiguous_entries', `GHG statement '${statement.id}' gives removal_ids and ghg_entry_ids that differ; give one`);
  }
}

/**
 * The entries a statement lists that it may hold (known, listed once, in no other statement),
 * marked in `pass.entryStatement` as members of the statement about to be pushed.
 */
function statementMembers(pass: StatementPass, statement: DocumentStatement, s: number): number[] {
  const { problem, entryIndex } = pass.context;
  const field = statement.removal_ids !== undefined ? 'removal_ids' : 'ghg_entry_ids';
  const ids = statement.removal_ids ?? statement.ghg_entry_ids ?? [];
  const members: number[] = [];
  const inThis = new Set<string>();
  ids.forEach((id, k) => {
    const at: IssuePath = ['ghg_statements', s, field, k];
    const e = entryIndex.get(id);
    if (e < 0) {
      problem(
        at,
        'unknown_entry',
        `GHG statement '${statement.id}' lists GHG entry '${id}', which the document does not define${pass.context.hints.hint(id, entryIndex.names())}`,
      );
      return;
    }
    if (inThis.has(id)) {
      problem(at, 'duplicate_entry', `GHG statement '${statement.id}' lists GHG entry '${id}' more than once`);
      return;
    }
    inThis.add(id);
    if (pass.entryStatement[e] !== -1) {
      const other = pass.context.graph.ghg_statements?.[pass.entryStatement[e] as number]?.id ?? '';
      problem(
        at,
        'entry_in_two_statements',
        `GHG entry '${id}' is listed by GHG statements '${other}' and '${statement.id}'; an entry belongs to one statement`,
      );
      return;
    }
    pass.entryStatement[e] = pass.statements.length;
    members.push(e);
    checkMemberEntry(pass.context, statement, id, e, at);
  });
  return members;
}

/** A member entry must belong to the statement's project and be completed within its period. */
function checkMemberEntry(context: StatementContext, statement: DocumentStatement, id: string, e: number, at: IssuePath): void {
  const { problem } = context;
  const entry = context.graph.ghg_entries[e] as Record<string, unknown> | undefined; // undefined: unreadable
  const entryProject = entry?.['project_id'];
  if (typeof entryProject === 'string' && entryProject !== statement.project_id) {
    problem(
      at,
      'entry_project_mismatch',
      `GHG entry '${id}' belongs to project '${entryProject}', but GHG statement '${statement.id}' is for project '${statement.project_id}'`,
    );
  }
  const start = statement.reporting_period_start_at;
  const end = statement.reporting_period_end_at;
  const completed = entry?.['completed_on'];
  if (typeof completed === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(completed) && (completed < start || completed > end)) {
    problem(
      at,
      'entry_outside_period',
      `GHG entry '${id}' was completed on ${completed}, outside the reporting period ${start} to ${end} of GHG statement '${statement.id}'`,
    );
  }
}

/** Statement-level components: split evenly over the statement's entries, 1/n each. */
function attributeStatementComponents(pass: StatementPass, statement: DocumentStatement, s: number, members: readonly number[]): void {
  statement.component_ids.forEach((componentId, k) => {
    const at: IssuePath = ['ghg_statements', s, 'component_ids', k];
    if (statement.component_ids.indexOf(componentId) !== k) {
      pass.context.problem(at, 'duplicate_component', `GHG statement '${statement.id}' lists component '${componentId}' more than once`);
      return;
    }
    const c = preparedComponent(pass.context, componentId, at);
    if (!claim(pass, componentId, `GHG statement '${statement.id}'`, at) || c === undefined) return;
    for (const e of members)
      pass.attributions.push({
        entry: e,
        component: c,
        factor: 1 / members.length,
        scope: 'GHG_STATEMENT',
        divisor: members.length,
        path: at,
      });
  });
}

/**
 * An entry that names its statement must be listed by it, so the statement must exist: an entry
 * naming one the document does not define would be evaluated without the statement's components
 * (docs/graph-document.md, "GHG entry"). A statement that could not be read may be the one named.
 */
function checkNamedStatements(pass: StatementPass, statementSeen: ReadonlySet<string>): void {
  const { entryStatement, statements, context } = pass;
  const { broken } = context;
  const unreadable = broken === undefined ? undefined : new Set(broken.brokenIds.ghg_statements.values());
  context.graph.ghg_entries.forEach((entry, e) => {
    const named = (entry as Record<string, unknown>)['ghg_statement_id'];
    if (typeof named !== 'string') return;
    if (!statementSeen.has(named)) {
      if (unreadable?.has(named) === true || broken?.unreadable.has('ghg_statements') === true) return;
      context.problem(
        ['ghg_entries', e, 'ghg_statement_id'],
        'unknown_statement',
        `GHG entry '${entry.id}' names GHG statement '${named}', which the document does not define${context.hints.hint(named, [...statementSeen])}`,
      );
      return;
    }
    const listedBy = entryStatement[e] === -1 ? null : (statements[entryStatement[e] as number]?.id ?? null);
    if (listedBy !== named) {
      context.problem(
        ['ghg_entries', e, 'ghg_statement_id'],
        'statement_mismatch',
        `GHG entry '${entry.id}' names GHG statement '${named}', which does not list it`,
      );
    }
  });
}

/** The shares frozen on statements, by statement and component, reporting duplicates. */
function collectFrozenShares(context: StatementContext): FrozenShares {
  const byKey = new Map<string, FrozenShare>();
  (context.graph.ghg_statements ?? []).forEach((statement, s) => {
    statement.project_component_shares.forEach((share, k) => {
      const key = `${s}\u0000${share.component_id}`;
      const at: IssuePath = ['ghg_statements', s, 'project_component_shares', k];
      if (byKey.has(key))
        context.problem(
          [...at, 'component_id'],
          'duplicate_share',
          `GHG statement '${statement.id}' fixes the share of component '${share.component_id}' more than once`,
        );
      else byKey.set(key, { share: share.share, path: at });
    });
  });
  return { byKey, used: new Set(), unchecked: new Set() };
}

/** A frozen share must name an amortised component of the statement's project (the nearest one is named). */
function reportUnusedFrozenShares(context: StatementContext, frozen: FrozenShares, amortisations: readonly PreparedAmortisation[]): void {
  const { broken } = context;
  // An unreadable project may have been the one amortising a component.
  const projectsComplete = broken === undefined || (broken.brokenIds.projects.size === 0 && !broken.unreadable.has('projects'));
  if (!projectsComplete) return;
  const documentStatements = context.graph.ghg_statements ?? [];
  for (const [key, fixed] of frozen.byKey) {
    if (frozen.used.has(key)) continue;
    const componentId = key.slice(key.indexOf('\u0000') + 1);
    const projectId = documentStatements[Number(key.slice(0, key.indexOf('\u0000')))]?.project_id;
    if (frozen.unchecked.has(`${projectId}\u0000${componentId}`)) continue;
    const amortised = amortisations.filter((a) => a.projectId === projectId).map((a) => a.componentId);
    context.problem(
      [...fixed.path, 'component_id'],
      'unknown_project_component',
      `component '${componentId}' has a frozen share, but it is not an amortised component of the statement's project${context.hints.hint(componentId, amortised)}`,
    );
  }
}
