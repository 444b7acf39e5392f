/**
 * What a handler works with: the sandbox state, the calling organisation, and the visibility
 * rules of interface.md section 1 applied to that caller.
 */
import { notFound } from './failures';
import { derived, type Derived } from './derived';
import type { OrganisationRow } from './rows';
import type { ServiceState } from './state';

/** A request being handled. */
export interface RequestContext {
  readonly state: ServiceState;
  /** The organisation the bearer token acts for. */
  readonly viewer: OrganisationRow;
}

/** The derived indexes of the current state. */
export function indexes(context: RequestContext): Derived {
  return derived(context.state);
}

/**
 * Whether the caller may see a resource: it owns it (rule 1), or a submitted statement exposes it
 * to the caller as verifier (rules 2 and 5), or credits were issued on it (rule 3).
 */
export function canSee(context: RequestContext, row: { readonly id: string; readonly owner: string }): boolean {
  if (row.owner === context.viewer.id) return true;
  const e = indexes(context).exposure.get(row.id);
  return e !== undefined && (e.public || e.verifiers.has(context.viewer.id));
}

/**
 * Whether the caller may see a resource scoped to a project (template, storage location,
 * biochar application, measurement sample): its owner, or anyone the project is exposed to.
 */
export function canSeeInProject(context: RequestContext, row: { readonly owner: string; readonly project_id: string | null }): boolean {
  if (row.owner === context.viewer.id) return true;
  if (row.project_id === null) return false;
  const e = indexes(context).exposure.get(row.project_id);
  return e !== undefined && (e.public || e.verifiers.has(context.viewer.id));
}

/** Whether the caller may download a source document: owner or verifier, never the public (rule 4). */
export function canReadDocument(context: RequestContext, row: { readonly id: string; readonly owner: string }): boolean {
  if (row.owner === context.viewer.id) return true;
  return indexes(context).exposure.get(row.id)?.verifiers.has(context.viewer.id) ?? false;
}

/** A row the caller may see, or the 404 that a missing one gets. */
export function visibleOr404<T extends { readonly id: string; readonly owner: string }>(
  context: RequestContext,
  row: T | undefined,
  see: (context: RequestContext, row: T) => boolean = canSee,
): T {
  if (row === undefined || !see(context, row)) throw notFound();
  return row;
}

/** A row the caller owns, or the 404 that a missing one gets (for changes: only owners change). */
export function ownedOr404<T extends { readonly owner: string }>(context: RequestContext, row: T | undefined): T {
  if (row === undefined || row.owner !== context.viewer.id) throw notFound();
  return row;
}
