/**
 * What a handler works with: the sandbox state, the caller, and the visibility rules of
 * docs/service.md#visibility applied to that caller.
 *
 * The caller is always an organisation: every operation needs a valid bearer token (docs/rules.md#service-behaviour),
 * so there is no anonymous reader. "Publicly visible" (docs/service.md#visibility rule 3) means visible to
 * every authenticated organisation. Whatever a caller may not see is answered 404, exactly as a
 * missing resource is.
 */
import { notFound, unauthorized, type Refusal } from './http/failures';
import type { Indexes } from './indexes';
import type { OrganisationRow } from './rows';
import type { ServiceState } from './state';

/** A request: the state and the organisation the bearer token acts for. */
export interface RequestContext {
  readonly state: ServiceState;
  /** The organisation the bearer token acts for. */
  readonly viewer: OrganisationRow;
}

/** A request that only reads (the same context; the name says what the handler does). */
export type ReadContext = RequestContext;

/** Answer to a request without a bearer token that needs one: 401, as for any missing credential. */
export function notAuthenticated(): Refusal {
  return unauthorized('Not authenticated', true);
}

/** The refusal for a resource the caller may not see: 404, identical to the one for a missing resource. */
export function notVisible(_context: ReadContext): Refusal {
  return notFound();
}

/** The indexes of the state (always in step with its tables). */
export function indexes(context: ReadContext): Indexes {
  return context.state.indexes;
}

/** Whether the caller owns `row`. */
export function isOwner(context: ReadContext, row: { readonly owner: string }): boolean {
  return row.owner === context.viewer.id;
}

/** Whether a resource (or a project) is exposed to the caller: public, or the caller verifies a submitted statement using it. */
function isExposed(context: ReadContext, id: string): boolean {
  return indexes(context).exposure.isExposedTo(id, context.viewer.id);
}

/**
 * Whether the caller may see a resource: it owns it (rule 1), or a submitted statement exposes it
 * to the caller as verifier (rules 2 and 5), or credits were issued on it (rule 3: every
 * authenticated organisation).
 */
export function canSee(context: ReadContext, row: { readonly id: string; readonly owner: string }): boolean {
  return isOwner(context, row) || isExposed(context, row.id);
}

/** Whether the caller may download a source document: its owner or a verifier it is exposed to, nobody else (rule 4). */
export function canReadDocument(context: ReadContext, row: { readonly id: string; readonly owner: string }): boolean {
  if (isOwner(context, row)) return true;
  return indexes(context).exposure.of(row.id)?.verifiers.has(context.viewer.id) ?? false;
}
