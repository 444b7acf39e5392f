/**
 * What the service's queries and path parameters share (docs/service.md#routes): pagination, the
 * id path parameter and the request headers. Query values arrive as strings: integers are parsed
 * from them (`int_parsing` when they are not integers). Each resource's own queries and path
 * parameters are in src/adapter/resources/<resource>/schemas.ts.
 */
import * as z from 'zod';
import { type IdKind, idSchema } from './ids';
import { addPydanticIssue } from './pydantic-issue';
import { laxInt, supplierReferenceIdSchema } from './shapes';

/**
 * Page size when a request names neither `first` nor `last` (docs/rules.md#endpoints-and-limits).
 */
export const DEFAULT_PAGE_SIZE = 10;

/**
 * Largest page size (docs/rules.md#endpoints-and-limits).
 */
export const MAX_PAGE_SIZE = 50;

/**
 * Schema of a page size: an integer greater than 0 and at most 50.
 */
export const pageSizeSchema = laxInt(z.number().int().gt(0).lte(MAX_PAGE_SIZE));

/**
 * Schema of a cursor: an opaque string of at least one character.
 */
export const cursorSchema = z.string().min(1);

/**
 * The pagination parameters, before defaults and the first/last rule are applied.
 * @public
 */
export const paginationQueryShape = {
  first: pageSizeSchema.optional(),
  after: cursorSchema.nullable().optional(),
  last: pageSizeSchema.optional(),
  before: cursorSchema.nullable().optional(),
};

/**
 * The message of the error reported when `first` and `last` are both given.
 */
export const FIRST_WITH_LAST_MESSAGE =
  'first and last cannot be used together; page forward with first and after, or backward with last and before';

/**
 * Parsed pagination parameters. When neither `first` nor `last` is given, `last` is 10 if only
 * `before` is given, otherwise `first` is 10.
 */
export interface Pagination {
  /** Number of items after `after`; set when paging forward. */
  readonly first?: number;
  /** Cursor to page forward from. */
  readonly after?: string | null;
  /** Number of items before `before`; set when paging backward. */
  readonly last?: number;
  /** Cursor to page backward from. */
  readonly before?: string | null;
}

/**
 * The object schema type of a paginated query with the filter fields `S`.
 * @public
 */
export type PaginatedQueryObject<S extends z.ZodRawShape> = z.ZodObject<S & typeof paginationQueryShape>;

/**
 * Schema of a paginated query: `filters` plus the pagination parameters. `first` with `last` is a
 * 422 (`value_error` at `["query", "last"]`, a decision of docs/rules.md#service-behaviour); the page-size default
 * is applied to the parsed value.
 * @param filters - the operation's own query parameters
 */
export function paginatedQuerySchema<S extends z.ZodRawShape>(filters: S) {
  const object = z.object({ ...filters, ...paginationQueryShape }) as unknown as PaginatedQueryObject<S>;
  return object
    .superRefine((query, ctx) => {
      const { first, last } = query as Pagination;
      if (first !== undefined && last !== undefined) {
        const spec = { type: 'value_error', msg: `Value error, ${FIRST_WITH_LAST_MESSAGE}`, ctx: { error: FIRST_WITH_LAST_MESSAGE } };
        addPydanticIssue(ctx, last, spec, ['last']);
      }
    })
    .transform((query) => {
      const { first, last, after, before } = query as Pagination;
      if (first !== undefined || last !== undefined) return query;
      const backward = before !== undefined && before !== null && (after === undefined || after === null);
      return backward ? { ...query, last: DEFAULT_PAGE_SIZE } : { ...query, first: DEFAULT_PAGE_SIZE };
    });
}

/**
 * Schema of the pagination query parameters alone (`first`, `after`, `last`, `before`).
 * @public
 */
export const paginationQuerySchema = paginatedQuerySchema({});
/** Parsed pagination query. */
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

/** Schema of a query filtering by supplier reference only (feedstock types, measurement locations). @public */
export const listByReferenceQuerySchema = paginatedQuerySchema({ supplier_reference_id: supplierReferenceIdSchema.nullable().optional() });

/**
 * The object schema type of a path with one `id` of a kind.
 * @public
 */
export type IdPathSchema = z.ZodObject<{ id: z.ZodString }>;

/**
 * Schema of a path whose `id` parameter is an identifier of `kind` (prefix and 20 to 37 characters).
 * @param kind - the kind of the identifier
 */
export function idPathSchema(kind: IdKind): IdPathSchema {
  return z.object({ id: idSchema(kind) });
}

/**
 * Schema of the headers every operation requires (names in lower case): `x-client-secret` is a
 * required header parameter (missing: `missing` at `["header", "x-client-secret"]`); the bearer
 * token in `authorization` is checked by authentication, not here.
 * @public
 */
export const requestHeadersSchema = z.object({
  'x-client-secret': z.string(),
  authorization: z.string().optional(),
});
/** The parsed authentication headers. */
export type RequestHeaders = z.infer<typeof requestHeadersSchema>;
