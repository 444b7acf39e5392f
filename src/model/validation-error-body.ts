/**
 * The shape of the service's 422 body (docs/errors.md), types only: a leaf module, so that the JSON
 * scanner (json-text.ts) and the translation of zod issues (validation-error.ts) can both name an
 * item without importing each other.
 */

/**
 * Where a request value came from; the first element of every error `loc`.
 * @public
 */
export type RequestLocation = 'body' | 'query' | 'path' | 'header';

/**
 * One problem of a 422 body, in pydantic v2's shape.
 * @public
 */
export interface ValidationErrorItem {
  /** pydantic error type, e.g. `missing`, `string_too_long`, `less_than_equal`. */
  readonly type: string;
  /** Location then path to the offending value; array indices are numbers. */
  readonly loc: readonly (string | number)[];
  /** Human-readable message, pydantic's text. */
  readonly msg: string;
  /** The offending value; for a missing field, the object that lacks it (null outside the body). */
  readonly input: unknown;
  /** Parameters of the message, e.g. `{ max_length: 256 }`; `{}` when the error has none (docs/rules.md#service-behaviour). */
  readonly ctx: Readonly<Record<string, unknown>>;
}

/**
 * The body of a 422 response.
 * @public
 */
export interface ValidationErrorBody {
  /** Every problem found. */
  readonly detail: readonly ValidationErrorItem[];
}
