/**
 * Shapes shared by the service's resources and requests (docs/rules.md#service-resources): dates,
 * date-times, country codes, reference ids, quantities, pages, organisations, credit amounts,
 * suppliers. Scalars are validated the way the service's pydantic models do, including lax number
 * and boolean parsing, and report the matching pydantic error through the 422 mapper.
 */
import * as z from 'zod';
import { COUNTRY_CODES_ALPHA3 } from './country-codes';
import { idSchema } from './ids';
import { addPydanticIssue, pyRepr } from './pydantic-issue';

// ---------------------------------------------------------------------------------------------
// Lax scalars: pydantic (lax mode) accepts numeric strings for numbers and a few words for booleans.

const FLOAT_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const INT_TEXT = /^[+-]?\d+(?:\.0*)?$/;
const TRUE_WORDS = new Set(['1', 'on', 't', 'true', 'y', 'yes']);
const FALSE_WORDS = new Set(['0', 'off', 'f', 'false', 'n', 'no']);

/**
 * A number as the service reads it: a JSON number, or a string holding one (pydantic lax mode).
 * Bounds go on `inner`, e.g. `laxNumber(z.number().gte(-90).lte(90))`.
 * @param inner - the number schema carrying the bounds; plain `z.number()` by default
 */
export function laxNumber<T extends z.ZodNumber = z.ZodNumber>(inner?: T): z.ZodPreprocess<T> {
  return z.preprocess(
    (value, ctx) => {
      if (value === undefined || typeof value === 'number') return value; // undefined: reported as missing
      if (typeof value === 'string') {
        const text = value.trim();
        if (FLOAT_TEXT.test(text)) return Number(text);
        addPydanticIssue(ctx, value, {
          type: 'float_parsing',
          msg: 'Input should be a valid number, unable to parse string as a number',
        });
        return value;
      }
      addPydanticIssue(ctx, value, { type: 'float_type', msg: 'Input should be a valid number' });
      return value;
    },
    inner ?? (z.number() as T),
  );
}

/**
 * An integer as the service reads it: a whole JSON number or a string holding one. Query
 * parameters arrive as strings, so this is also how `first` and `last` are read.
 * @param inner - the integer schema carrying the bounds; plain `z.number().int()` by default
 */
export function laxInt<T extends z.ZodNumber = z.ZodNumber>(inner?: T): z.ZodPreprocess<T> {
  return z.preprocess(
    (value, ctx) => {
      if (value === undefined) return value;
      if (typeof value === 'number') {
        if (Number.isInteger(value)) return value;
        addPydanticIssue(ctx, value, {
          type: 'int_from_float',
          msg: 'Input should be a valid integer, got a number with a fractional part',
        });
        return value;
      }
      if (typeof value === 'string') {
        const text = value.trim();
        if (INT_TEXT.test(text)) return Number.parseInt(text, 10);
        addPydanticIssue(ctx, value, {
          type: 'int_parsing',
          msg: 'Input should be a valid integer, unable to parse string as an integer',
        });
        return value;
      }
      addPydanticIssue(ctx, value, { type: 'int_type', msg: 'Input should be a valid integer' });
      return value;
    },
    inner ?? (z.number().int() as T),
  );
}

/**
 * A boolean as the service reads it: `true`/`false`, 0/1, or one of the words pydantic accepts
 * (`yes`, `no`, `on`, `off`, `t`, `f`, ...).
 */
export function laxBoolean(): z.ZodPreprocess<z.ZodBoolean> {
  return z.preprocess((value, ctx) => {
    if (value === undefined || typeof value === 'boolean') return value;
    if (typeof value === 'string') {
      const word = value.trim().toLowerCase();
      if (TRUE_WORDS.has(word)) return true;
      if (FALSE_WORDS.has(word)) return false;
    }
    if (typeof value === 'number') {
      if (value === 1) return true;
      if (value === 0) return false;
    }
    if (typeof value === 'string' || typeof value === 'number') {
      addPydanticIssue(ctx, value, {
        type: 'bool_parsing',
        msg: 'Input should be a valid boolean, unable to interpret input',
      });
    } else {
      addPydanticIssue(ctx, value, { type: 'bool_type', msg: 'Input should be a valid boolean' });
    }
    return value;
  }, z.boolean());
}

/**
 * A field that must hold exactly `value` (an OpenAPI `const`, such as a `__typename`).
 * @param value - the only accepted string
 */
export function literalSchema<const V extends string>(value: V): z.ZodPreprocess<z.ZodLiteral<V>> {
  return z.preprocess((input, ctx) => {
    if (input !== undefined && input !== value) {
      addPydanticIssue(ctx, input, {
        type: 'literal_error',
        msg: `Input should be ${pyRepr(value)}`,
        ctx: { expected: pyRepr(value) },
      });
    }
    return input;
  }, z.literal(value));
}

// ---------------------------------------------------------------------------------------------
// Dates and date-times, with the same error texts as the service's date parser.

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isDigits(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Checks the `YYYY-MM-DD` head of `text`; returns the parser's error text, or null when valid. */
function datePartError(text: string): string | null {
  if (text.length < 10) return 'input is too short';
  if (!isDigits(text, 0, 4)) return 'invalid character in year';
  if (text[4] !== '-') return 'invalid date separator, expected `-`';
  if (!isDigits(text, 5, 7)) return 'invalid character in month';
  if (text[7] !== '-') return 'invalid date separator, expected `-`';
  if (!isDigits(text, 8, 10)) return 'invalid character in day';
  const year = Number(text.slice(0, 4));
  const month = Number(text.slice(5, 7));
  const day = Number(text.slice(8, 10));
  if (month < 1 || month > 12) return 'month value is outside expected range of 1-12';
  const days = month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] ?? 31);
  if (day < 1 || day > days) return 'day value is outside expected range';
  return null;
}

/**
 * A calendar date `YYYY-MM-DD` (docs/rules.md#service-resources). Impossible dates such as `2023-02-30` fail with
 * `date_from_datetime_parsing`; a date followed by anything (a time, a space) fails with
 * `date_parsing`: date fields take dates only.
 * @public
 */
export const dateSchema = z.preprocess((value, ctx) => {
  if (value === undefined) return value;
  if (typeof value !== 'string') {
    addPydanticIssue(ctx, value, { type: 'date_type', msg: 'Input should be a valid date' });
    return value;
  }
  const error = datePartError(value);
  if (error !== null) {
    addPydanticIssue(ctx, value, {
      type: 'date_from_datetime_parsing',
      msg: `Input should be a valid date or datetime, ${error}`,
      ctx: { error },
    });
  } else if (value.length > 10) {
    const extra = 'unexpected extra characters at the end of the input';
    addPydanticIssue(ctx, value, {
      type: 'date_parsing',
      msg: `Input should be a valid date in the format YYYY-MM-DD, ${extra}`,
      ctx: { error: extra },
    });
  }
  return value;
}, z.string());

/** Returns the error of a `YYYY-MM-DDThh:mm:ss[.ffffff]Z` string, or null when it is valid. */
function dateTimeError(text: string): { type: 'datetime_parsing' | 'timezone_aware'; error: string } | null {
  const parsing = (error: string) => ({ type: 'datetime_parsing' as const, error });
  const dateError = datePartError(text);
  if (dateError !== null) return parsing(dateError);
  // pydantic (2.6 and later) reads a date alone as midnight without a zone, which a date-time of
  // the service (UTC, with its zone) refuses as it refuses `2026-01-01T00:00:00` (docs/service.md#date-times).
  if (text.length === 10) return { type: 'timezone_aware', error: 'Input should have timezone info' };
  if (text.length < 19) return parsing('input is too short');
  if (text[10] !== 'T') return parsing('invalid datetime separator, expected `T`');
  if (!isDigits(text, 11, 13)) return parsing('invalid character in hour');
  if (text[13] !== ':') return parsing('invalid time separator, expected `:`');
  if (!isDigits(text, 14, 16)) return parsing('invalid character in minute');
  if (text[16] !== ':') return parsing('invalid time separator, expected `:`');
  if (!isDigits(text, 17, 19)) return parsing('invalid character in second');
  if (Number(text.slice(11, 13)) > 23) return parsing('hour value is outside expected range of 0-23');
  if (Number(text.slice(14, 16)) > 59) return parsing('minute value is outside expected range of 0-59');
  if (Number(text.slice(17, 19)) > 59) return parsing('second value is outside expected range of 0-59');
  let at = 19;
  if (text[at] === '.') {
    let end = at + 1;
    while (end < text.length && isDigits(text, end, end + 1)) end++;
    const digits = end - at - 1;
    if (digits === 0) return parsing('second fraction digits missing after `.`');
    if (digits > 6) return parsing('second fraction value is more than 6 digits long');
    at = end;
  }
  if (at === text.length) {
    return { type: 'timezone_aware', error: 'Input should have timezone info' };
  }
  const zone = text[at];
  if (zone === '+' || zone === '-') return parsing('timezone offset must be `Z` (UTC)');
  if (zone !== 'Z') return parsing('invalid timezone sign');
  if (at + 1 !== text.length) return parsing('unexpected extra characters at the end of the input');
  return null;
}

/**
 * A UTC date-time `YYYY-MM-DDThh:mm:ss[.ffffff]Z` (docs/rules.md#service-resources): `Z` is required and at most
 * six fractional digits are allowed. Errors are pydantic's `datetime_parsing` (with the parser's
 * reason in `ctx.error`) and `timezone_aware` when the zone is missing (a date alone included).
 * @public
 */
export const dateTimeSchema = z.preprocess((value, ctx) => {
  if (value === undefined) return value;
  if (typeof value !== 'string') {
    addPydanticIssue(ctx, value, { type: 'datetime_type', msg: 'Input should be a valid datetime' });
    return value;
  }
  const problem = dateTimeError(value);
  if (problem?.type === 'timezone_aware') {
    addPydanticIssue(ctx, value, { type: 'timezone_aware', msg: problem.error });
  } else if (problem !== null) {
    addPydanticIssue(ctx, value, {
      type: 'datetime_parsing',
      msg: `Input should be a valid datetime, ${problem.error}`,
      ctx: { error: problem.error },
    });
  }
  return value;
}, z.string());

/**
 * Whether `value` is a valid `YYYY-MM-DD` calendar date.
 */
export function isDate(value: unknown): value is string {
  return typeof value === 'string' && value.length === 10 && datePartError(value) === null;
}

/**
 * Whether `value` is a valid UTC date-time `YYYY-MM-DDThh:mm:ss[.ffffff]Z`.
 */
export function isDateTime(value: unknown): value is string {
  return typeof value === 'string' && dateTimeError(value) === null;
}

// ---------------------------------------------------------------------------------------------
// Countries, references, coordinates.

const COUNTRY_CODES: ReadonlySet<string> = new Set(COUNTRY_CODES_ALPHA3);

/**
 * An ISO 3166-1 alpha-3 country code among the 249 assigned ones; any other string fails with
 * type `country_alpha3`.
 * @public
 */
export const countryCodeSchema = z.preprocess((value, ctx) => {
  if (value === undefined) return value;
  if (typeof value !== 'string') {
    addPydanticIssue(ctx, value, { type: 'string_type', msg: 'Input should be a valid string' });
  } else if (!COUNTRY_CODES.has(value)) {
    addPydanticIssue(ctx, value, { type: 'country_alpha3', msg: 'Invalid country alpha3 code' });
  }
  return value;
}, z.enum(COUNTRY_CODES_ALPHA3));

/**
 * `supplier_reference_id`: a client-chosen string of 1 to 200 characters, unique per supplier.
 */
export const supplierReferenceIdSchema = z.string().min(1).max(200);

/** A resource's `supplier_reference_id` as read: absent is `null`. */
export const nullableSupplierReferenceId = supplierReferenceIdSchema.nullable();

/**
 * `supplier_reference_id` of a storage location: 1 to 100 characters.
 */
export const storageLocationSupplierReferenceIdSchema = z.string().min(1).max(100);

/**
 * A latitude in degrees, -90 to 90.
 */
export const latitudeSchema = laxNumber(z.number().gte(-90).lte(90));

/**
 * A longitude in degrees, -180 to 180.
 */
export const longitudeSchema = laxNumber(z.number().gte(-180).lte(180));

// ---------------------------------------------------------------------------------------------
// Quantities.

/**
 * How a field treats the `standard_deviation` of its ScalarQuantity: `nullable` (a number or null,
 * may be omitted, null meaning "not part of the variance propagation"), `optional` (a number that
 * may be omitted) or `required` (always a number).
 * @public
 */
export type StandardDeviationRule = 'nullable' | 'optional' | 'required';

/**
 * Schema of a standard deviation: a number at least 0 (docs/rules.md#units-and-quantity-kinds).
 * @public
 */
export const standardDeviationSchema = laxNumber(z.number().gte(0));

/**
 * The `standard_deviation` schema chosen by a {@link StandardDeviationRule}.
 * @public
 */
export type StandardDeviationSchema<R extends StandardDeviationRule> = R extends 'required'
  ? typeof standardDeviationSchema
  : R extends 'optional'
    ? z.ZodOptional<typeof standardDeviationSchema>
    : z.ZodOptional<z.ZodNullable<typeof standardDeviationSchema>>;

/**
 * The fields of a ScalarQuantity schema.
 * @public
 */
export type ScalarQuantityShape<R extends StandardDeviationRule> = {
  magnitude: z.ZodPreprocess<z.ZodNumber>;
  unit: z.ZodString;
  standard_deviation: StandardDeviationSchema<R>;
};

/**
 * Schema of a ScalarQuantity `{magnitude, unit, standard_deviation}` (docs/rules.md#service-resources); the
 * nullability of `standard_deviation` follows the field carrying the quantity.
 * @param rule - how `standard_deviation` is treated; `nullable` (the service's default) if omitted
 */
export function scalarQuantitySchema<const R extends StandardDeviationRule = 'nullable'>(rule?: R): z.ZodObject<ScalarQuantityShape<R>> {
  const chosen = rule ?? 'nullable';
  const sd =
    chosen === 'required'
      ? standardDeviationSchema
      : chosen === 'optional'
        ? standardDeviationSchema.optional()
        : standardDeviationSchema.nullable().optional();
  return z.object({
    magnitude: laxNumber(),
    // The empty string is Pint's spelling of dimensionless; the unit check of each field decides.
    unit: z.string(),
    standard_deviation: sd as StandardDeviationSchema<R>,
  });
}

/**
 * A ScalarQuantity whose standard deviation may be null or absent (the common case).
 */
export type ScalarQuantity = z.infer<z.ZodObject<ScalarQuantityShape<'nullable'>>>;

// ---------------------------------------------------------------------------------------------
// Lists.

/**
 * Schema of PageInfo: cursors of the first and last item of the page and whether more exist.
 * @public
 */
export const pageInfoSchema = z.object({
  has_previous_page: z.boolean(),
  start_cursor: z.string().nullable().optional(),
  has_next_page: z.boolean(),
  end_cursor: z.string().nullable(),
});
/** PageInfo of a paginated list. */
export type PageInfo = z.infer<typeof pageInfoSchema>;

/**
 * The fields of a PaginatedListResource schema of `node`.
 */
export type PaginatedListShape<T extends z.ZodType> = {
  nodes: z.ZodArray<T>;
  page_info: typeof pageInfoSchema;
  total_count: z.ZodNumber;
};

/**
 * Schema of a PaginatedListResource of `node`: `{nodes, page_info, total_count}` (docs/rules.md#service-resources).
 * @param node - schema of one listed resource
 */
export function paginatedListSchema<T extends z.ZodType>(node: T): z.ZodObject<PaginatedListShape<T>> {
  return z.object({ nodes: z.array(node), page_info: pageInfoSchema, total_count: z.number().int().gte(0) });
}

/**
 * A page of a list of `T`.
 */
export interface PaginatedList<T> {
  /** The items of this page. */
  readonly nodes: readonly T[];
  /** Cursors and whether more items exist. */
  readonly page_info: PageInfo;
  /** Size of the whole (filtered) list across all pages. */
  readonly total_count: number;
}

/**
 * The fields of a ListResource schema of `node` (a list without pages).
 */
export type ListResourceShape<T extends z.ZodType> = { nodes: z.ZodArray<T>; total_count: z.ZodNumber };

/**
 * Schema of a list without pagination, `{nodes, total_count}` (the credit batches of a refund).
 * @param node - schema of one listed resource
 */
export function listResourceSchema<T extends z.ZodType>(node: T): z.ZodObject<ListResourceShape<T>> {
  return z.object({ nodes: z.array(node), total_count: z.number().int().gte(0) });
}

// ---------------------------------------------------------------------------------------------
// Registry shapes.

/**
 * Schema of an Organisation `{id, name, domain}`.
 * @public
 */
export const organisationSchema = z.object({
  id: idSchema('organisation'),
  name: z.string(),
  domain: z.string().nullable(),
});
/** An organisation. */
export type Organisation = z.infer<typeof organisationSchema>;

/**
 * Schema of a CreditQuantity: `credits` (tonnes, 3 decimals) and `credit_kgs` (whole kilograms).
 * @public
 */
export const creditQuantitySchema = z.object({
  credits: z.number(),
  credit_kgs: z.int(),
});
/** An amount of credits. */
export type CreditQuantity = z.infer<typeof creditQuantitySchema>;

/**
 * Schema of a CreditAllocation: the split of a GHG entry's issuable credits (the accounting
 * module's `CreditAllocation` type has this shape).
 * @public
 */
export const creditAllocationSchema = z.object({
  buffer_pool_contribution_kg: z.number(),
  supplier_allocation_kg: z.number(),
});

/**
 * Schema of a supplier's or project's Location.
 * @public
 */
export const locationSchema = z.object({
  country_code: countryCodeSchema,
  country_name: z.string(),
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  description: z.string().nullable().optional(),
});
/** Where a supplier or project is. */
export type Location = z.infer<typeof locationSchema>;

/**
 * Schema of a Supplier: its organisation, descriptions and location.
 * @public
 */
export const supplierSchema = z.object({
  id: idSchema('supplier'),
  organisation: organisationSchema,
  short_description: z.string().nullable(),
  long_description: z.string().nullable(),
  location: locationSchema.nullable(),
});
/** A supplier of credits. */
export type Supplier = z.infer<typeof supplierSchema>;
