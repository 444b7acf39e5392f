/**
 * What a handler works with: the sandbox state, the caller, and the visibility rules of
 * interface.md section 1 applied to that caller.
 *
 * The caller is an organisation (a valid bearer token) or, on the public reads only, the public
 * (a valid client secret and no `Authorization` header at all; see {@link ReadContext}). The public
 * sees exactly what interface.md 1 makes public and nothing else: what an organisation that is
 * neither owner nor verifier sees, less source documents. Whatever the public may not see is
 * answered 401 (as a missing one is), never 404, so an anonymous caller cannot tell private from
 * missing.
 */
import { notFound, unauthorized, type Refusal } from './failures';
import type { Indexes } from './indexes';
import type { OrganisationRow } from './rows';
import type { ServiceState } from './state';

/** A read, by an organisation or (on a public read) by the public: `viewer` null. */
export interface ReadContext {
  readonly state: ServiceState;
  /** The organisation the bearer token acts for; null for the public. */
  readonly viewer: OrganisationRow | null;
}

/** A request of an organisation (every route but the public reads, which may also take one). */
export interface RequestContext extends ReadContext {
  /** The organisation the bearer token acts for. */
  readonly viewer: OrganisationRow;
}

/** Answer to a request without a bearer token that needs one: 401, as for any missing credential. */
export function notAuthenticated(): Refusal {
  return unauthorized('Not authenticated', true);
}

/**
 * The refusal for a resource the caller may not see, identical to the one for a missing resource:
 * 404 for an organisation, 401 for the public (it learns only that it needs a token).
 */
export function notVisible(context: ReadContext): Refusal {
  return context.viewer === null ? notAuthenticated() : notFound();
}

/** The indexes of the state (always in step with its tables). */
export function indexes(context: ReadContext): Indexes {
  return context.state.indexes;
}

function isOwner(context: ReadContext, row: { readonly owner: string }): boolean {
  return context.viewer !== null && row.owner === context.viewer.id;
}

/** Whether a resource (or a project) is exposed to the caller: public, or the caller verifies a submitted statement using it. */
function isExposed(context: ReadContext, id: string): boolean {
  return indexes(context).exposure.isExposedTo(id, context.viewer?.id ?? null);
}

/**
 * Whether the caller may see a resource: it owns it (rule 1), or a submitted statement exposes it
 * to the caller as verifier (rules 2 and 5), or credits were issued on it (rule 3: everyone, the
 * public included).
 */
export function canSee(context: ReadContext, row: { readonly id: string; readonly owner: string }): boolean {
  return isOwner(context, row) || isExposed(context, row.id);
}

/**
 * Whether the caller may see a resource scoped to a project (template, storage location,
 * biochar application, measurement sample): its owner, or anyone the project is exposed to.
 */
export function canSeeInProject(context: ReadContext, row: { readonly owner: string; readonly project_id: string | null }): boolean {
  return isOwner(context, row) || (row.project_id !== null && isExposed(context, row.project_id));
}

/** Whether the caller may download a source document: owner or verifier, never the public (rule 4). */
export function canReadDocument(context: ReadContext, row: { readonly id: string; readonly owner: string }): boolean {
  if (isOwner(context, row)) return true;
  return context.viewer !== null && (indexes(context).exposure.of(row.id)?.verifiers.has(context.viewer.id) ?? false);
}

/** A row the caller may see, or the refusal that a missing one gets ({@link notVisible}). */
export function visibleOrMissing<T extends { readonly id: string; readonly owner: string }>(
  context: ReadContext,
  row: T | undefined,
  see: (context: ReadContext, row: T) => boolean = canSee,
): T {
  if (row === undefined || !see(context, row)) throw notVisible(context);
  return row;
}

/** A record that exists (public registry records), or the refusal that a missing one gets. */
export function existing<T>(context: ReadContext, value: T | undefined): T {
  if (value === undefined) throw notVisible(context);
  return value;
}

/** A row the caller owns, or the 404 that a missing one gets (for changes: only owners change). */
export function ownedOr404<T extends { readonly owner: string }>(context: RequestContext, row: T | undefined): T {
  if (row === undefined || row.owner !== context.viewer.id) throw notFound();
  return row;
}
