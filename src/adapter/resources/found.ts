/**
 * The one get-or-refuse of the service: a row a handler looked up, or the refusal its absence
 * calls for. What the caller says it expects decides the status (docs/service.md#visibility):
 *
 * | expectation | when the row is missing (or not the caller's to see or use) | status |
 * | --- | --- | --- |
 * | `{ defect: id }` | an index or a ledger list named it in the same transaction: the store broke a promise | 500 (a thrown Error) |
 * | `{ public: context }` | a public registry record that is not there | 404 |
 * | `{ visible: context, see? }` | missing, or one the caller may not see (`canSee`, or `see`) | 404, as missing |
 * | `{ owned: context }` | missing, or another organisation's (changes: only owners change) | 404, as missing |
 * | `{ reference: context, problems, loc, item: [what, id] }` | a reference in a body to a row missing or not the caller's | 422: an item at `loc`, "<what> '<id>' was not found"; returns undefined |
 *
 * A 404 never tells "missing" from "someone else's"; neither does the 422 of a reference.
 */
import type { Problems } from '../http/failures';
import { canSee, notVisible, type ReadContext, type RequestContext } from '../context';
import { notFound } from '../http/failures';

/** A row with an owner, as the visibility and ownership rules read it. */
interface OwnedRow {
  readonly id: string;
  readonly owner: string;
}

/** A reference in a request body: where the 422 item goes and what it names. */
export interface Reference {
  readonly reference: RequestContext;
  readonly problems: Problems;
  readonly loc: readonly (string | number)[];
  /** What the reference names (`project`, `GHG statement`) and its id, in the item's message. */
  readonly item: readonly [what: string, id: string];
}

/** `row`; a missing one is a defect (500): an index or ledger list named `defect` in the same transaction. */
export function found<T>(row: T | undefined, expect: { readonly defect: string }): T;
/** `row`; a missing public record is 404. */
export function found<T>(row: T | undefined, expect: { readonly public: ReadContext }): T;
/** `row` when the caller may see it (`see`, by default `canSee`); otherwise 404, as a missing one. */
export function found<T extends OwnedRow>(
  row: T | undefined,
  expect: { readonly visible: ReadContext; readonly see?: (context: ReadContext, row: T) => boolean },
): T;
/** `row` when the caller owns it; otherwise 404, as a missing one. */
export function found<T extends { readonly owner: string }>(row: T | undefined, expect: { readonly owned: RequestContext }): T;
/** `row` when the caller owns it; otherwise undefined and a 422 item at `loc`: "<what> '<id>' was not found" (`item`). */
export function found<T extends { readonly owner: string }>(row: T | undefined, expect: Reference): T | undefined;
export function found<T>(row: T | undefined, expect: Expectation<T>): T | undefined {
  if ('defect' in expect) {
    if (row === undefined) throw new Error(`'${expect.defect}' is listed but not stored`);
    return row;
  }
  if ('public' in expect) {
    if (row === undefined) throw notVisible(expect.public);
    return row;
  }
  if ('visible' in expect) {
    const see = expect.see ?? canSee;
    if (row === undefined || !see(expect.visible, row as T & OwnedRow)) throw notVisible(expect.visible);
    return row;
  }
  if ('owned' in expect) {
    if (row === undefined || (row as T & OwnedRow).owner !== expect.owned.viewer.id) throw notFound();
    return row;
  }
  if (row === undefined || (row as T & OwnedRow).owner !== expect.reference.viewer.id) {
    const [what, id] = expect.item;
    expect.problems.add(expect.loc, `${what} '${id}' was not found`, id);
    return undefined;
  }
  return row;
}

/** What a caller of {@link found} expects of the row. */
type Expectation<T> =
  | { readonly defect: string }
  | { readonly public: ReadContext }
  | { readonly visible: ReadContext; readonly see?: (context: ReadContext, row: T) => boolean }
  | { readonly owned: RequestContext }
  | Reference;
