/**
 * Helpers shared by the route modules: paging a list, resolving references in a body to rows the
 * caller owns, rows of the caller in the project of the path, the supplier reference rule, a PATCH
 * body applied to a row, and both spellings of GHG entry paths.
 */
import { found } from './found';
import type { IdKind } from '../../model';
import type { Pagination } from '../../model/queries';
import { conflict, notFound, unprocessable, type Problems } from '../http/failures';
import { AMENDABLE_STATUSES, type ProjectRow, type RemovalRow } from '../rows';
import { indexes, type ReadContext, type RequestContext } from '../context';
import { paginate, type OrderedList, type Page } from '../store/pagination';
import type { Sequenced } from '../store/store';

/**
 * `row` with each of `fields` taken from a PATCH body where the body sends a value. A field the
 * body leaves out (or sends as null, or as `{"__typename": "Undefined"}`, read as undefined) keeps
 * the row's value: PATCH changes only what it names.
 */
export function patched<R extends object, K extends keyof R>(row: R, body: { readonly [P in K]?: R[P] | null }, fields: readonly K[]): R {
  const next = { ...row };
  for (const field of fields) {
    const value = body[field];
    if (value !== undefined && value !== null) next[field] = value as R[K];
  }
  return next;
}

/** One page of `items` (creation order) as a PaginatedListResource. */
export function pageOf<T, V>(
  context: ReadContext,
  list: string,
  items: OrderedList<T> | readonly Sequenced<T>[],
  query: Pagination,
  view: (row: T) => V,
): Page<V> {
  return paginate(items, query, list, context.state.cursors, view);
}

/** The project a request body names in `project_id`, when the caller owns it; otherwise undefined and a 422 item at `project_id`. */
export function bodyProject(context: RequestContext, problems: Problems, projectId: string): ProjectRow | undefined {
  return found(context.state.projects.get(projectId), {
    reference: context,
    problems,
    loc: ['body', 'project_id'],
    item: ['project', projectId],
  });
}

/** A row the caller owns that belongs to the project of the path, or 404 (for changes and owner-only reads). */
export function ownedInProject<T extends { readonly owner: string; readonly project_id: string }>(
  context: RequestContext,
  row: T | undefined,
  projectId: string,
): T {
  const owned = found(row, { owned: context });
  if (owned.project_id !== projectId) throw notFound();
  return owned;
}

/** Refuses with 409 when the caller already used `reference` on another resource (docs/rules.md#service-resources). */
export function checkReferenceFree(context: RequestContext, reference: string | null | undefined, except?: string): void {
  if (reference === null || reference === undefined) return;
  const used = indexes(context).references.usedBy(context.viewer.id, reference);
  if (used !== undefined && used !== except) {
    throw conflict(`supplier_reference_id '${reference}' is already used by ${used}; it must be unique among the resources of a supplier`);
  }
}

/**
 * Ends the checks of a create: 422 with every problem recorded, then 409 when the supplier
 * reference is already in use (validation before mutation). Returns the id and owner of the new row.
 */
export function newRow(
  context: RequestContext,
  problems: Problems,
  kind: IdKind,
  reference: string | null | undefined,
): { readonly id: string; readonly owner: string } {
  problems.check();
  checkReferenceFree(context, reference);
  return { id: context.state.ids(kind), owner: context.viewer.id };
}

/**
 * {@link newRow} for a row of a project of the caller; `project` is what {@link ownedRef} found
 * (when it found nothing, the problem is recorded already). Returns the id, owner and project.
 */
export function newRowInProject(
  context: RequestContext,
  problems: Problems,
  project: { readonly id: string } | undefined,
  kind: IdKind,
  reference: string | null | undefined,
): { readonly id: string; readonly owner: string; readonly project_id: string } {
  if (project === undefined) throw unprocessable(problems.items);
  const { id, owner } = newRow(context, problems, kind, reference);
  return { id, owner, project_id: project.id };
}

/** A path of the GHG entry operations in both spellings (`ghg_entries` and the older `removals`). */
export function bothSpellings(path: string): readonly [string, string] {
  return [path.replace('{entries}', 'ghg_entries'), path.replace('{entries}', 'removals')];
}

/** Midnight UTC of a date, as a date-time. */
export function startOfDay(date: string): string {
  return `${date}T00:00:00Z`;
}

/** A removal the caller may change: owned (else 404) and not in a statement under or past verification (else 409). */
export function changeableRemoval(context: RequestContext, id: string): RemovalRow {
  const removal = found(context.state.removals.get(id), { owned: context });
  const statementId = removal.ghg_statement_id;
  if (statementId !== null) {
    const statement = context.state.statements.get(statementId);
    if (statement !== undefined && !AMENDABLE_STATUSES.includes(statement.record.status)) {
      throw conflict(
        `GHG entry ${id} belongs to GHG statement ${statementId}, which was submitted (status ${statement.record.status}); it can no longer change`,
      );
    }
  }
  return removal;
}

/** Source ids of a body: each a source the caller owns, none twice. */
export function checkSources(context: RequestContext, problems: Problems, loc: readonly (string | number)[], ids: readonly string[]): void {
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    found(context.state.sources.get(id), { reference: context, problems, loc: [...loc, i], item: ['source', id] });
    if (seen.has(id)) problems.add([...loc, i], `source '${id}' is listed more than once`, id);
    seen.add(id);
  });
}

/** Whether a GHG entry is in a statement that was submitted (and not sent back for changes). */
export function isSubmittedRemoval(context: ReadContext, removal: RemovalRow): boolean {
  const statement = removal.ghg_statement_id === null ? undefined : context.state.statements.get(removal.ghg_statement_id);
  return statement !== undefined && !AMENDABLE_STATUSES.includes(statement.record.status);
}

/**
 * The GHG entries whose figures depend on a component: those it is attributed to, the entries of
 * its statement (a statement component) or of its project's statements (an amortised project
 * component).
 */
export function entriesOfComponent(context: ReadContext, componentId: string): string[] {
  const { state } = context;
  const ids = new Set(
    indexes(context)
      .attributionsByComponent.rows(componentId)
      .map((a) => a.removal_id),
  );
  const component = state.components.get(componentId);
  if (component?.ghg_statement_id != null)
    for (const r of state.statements.get(component.ghg_statement_id)?.record.removal_ids ?? []) ids.add(r);
  if (component?.scope === 'PROJECT' && component.allocation_strategy !== 'MANUAL') {
    // Amortised over the statements still open to change; submitted ones keep their frozen figures.
    for (const statement of state.statements.rows()) {
      if (statement.record.project_id === component.project_id && AMENDABLE_STATUSES.includes(statement.record.status))
        for (const r of statement.record.removal_ids) ids.add(r);
    }
  }
  return [...ids];
}

/** The GHG entries whose figures depend on a datapoint (through components or legacy factors). */
export function entriesOfDatapoint(context: ReadContext, datapointId: string): string[] {
  const d = indexes(context);
  const ids = new Set<string>(d.attributionsByFactorDatapoint.rows(datapointId).map((a) => a.removal_id));
  for (const componentId of d.componentsByDatapoint.ids(datapointId))
    for (const id of entriesOfComponent(context, componentId)) ids.add(id);
  return [...ids];
}

/** Refuses (409) a change of something a submitted GHG entry depends on. */
export function refuseIfSubmitted(context: ReadContext, removalIds: readonly string[], what: string): void {
  for (const id of removalIds) {
    const removal = context.state.removals.get(id);
    if (removal !== undefined && isSubmittedRemoval(context, removal))
      throw conflict(`${what} is used by GHG entry ${id} of a submitted GHG statement; it can no longer change`);
  }
}
