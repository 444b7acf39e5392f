/**
 * Shared shapes: calendar dates, UTC date-times, country codes, quantities, lists, lax scalars.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  COUNTRY_CODES_ALPHA3,
  countryCodeSchema,
  dateSchema,
  dateTimeSchema,
  isDate,
  isDateTime,
  laxBoolean,
  laxInt,
  laxNumber,
  listResourceSchema,
  literalSchema,
  organisationSchema,
  paginatedListSchema,
  scalarQuantitySchema,
  validateRequestPart,
} from '../../src/model';
import { ID } from './fixtures';

const pad = (n: number, width: number) => String(n).padStart(width, '0');

function realDate(year: number, month: number, day: number): boolean {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

describe('dates', () => {
  it('accept exactly the real calendar dates (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), (y, m, d) => {
        const text = `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
        return dateSchema.safeParse(text).success === realDate(y, m, d) && isDate(text) === realDate(y, m, d);
      }),
      { seed: 42, numRuns: 2000 },
    );
  });

  it('know leap years', () => {
    expect(isDate('2000-02-29')).toBe(true);
    expect(isDate('1900-02-29')).toBe(false);
    expect(isDate('2024-02-29')).toBe(true);
    expect(isDate('2023-02-29')).toBe(false);
  });

  it.each([
    ['2024-1-01', 'date_from_datetime_parsing', 'input is too short'],
    ['20x4-01-01', 'date_from_datetime_parsing', 'invalid character in year'],
    ['2024-0a-01', 'date_from_datetime_parsing', 'invalid character in month'],
    ['2024-01-0a', 'date_from_datetime_parsing', 'invalid character in day'],
    ['2024-00-10', 'date_from_datetime_parsing', 'month value is outside expected range of 1-12'],
    ['2024-04-31', 'date_from_datetime_parsing', 'day value is outside expected range'],
    ['2024-04-30 ', 'date_parsing', 'unexpected extra characters at the end of the input'],
  ])('%j fails with %s (%s)', (text, type, error) => {
    const result = validateRequestPart(dateSchema, text, 'body');
    expect(result).toMatchObject({ success: false, detail: [{ type, ctx: { error } }] });
  });

  it('reject non-strings with date_type', () => {
    expect(validateRequestPart(dateSchema, 20240101, 'body')).toMatchObject({
      success: false,
      detail: [{ type: 'date_type', msg: 'Input should be a valid date' }],
    });
  });
});

describe('date-times', () => {
  it('accept any instant written by toISOString, and reject it without the Z (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }),
        (date) => {
          const text = date.toISOString();
          return isDateTime(text) && dateTimeSchema.safeParse(text).success && !isDateTime(text.slice(0, -1));
        },
      ),
      { seed: 1234, numRuns: 500 },
    );
  });

  it.each([
    ['2024-01-01T00:00:00Z', true],
    ['2024-01-01T23:59:59.999999Z', true],
    ['2024-01-01T23:59:59.1Z', true],
    ['2024-01-01T23:59:59.Z', false],
    ['2024-01-01T23:59:59.1234567Z', false],
    ['2024-01-01T23:60:00Z', false],
    ['2024-01-01T23:59:60Z', false],
    ['2024-01-01t00:00:00Z', false],
    ['2024-01-01T00:00Z', false],
    ['2024-01-01T00:00:00z', false],
    ['2024-01-01T00:00:00ZZ', false],
    ['2024-02-30T00:00:00Z', false],
  ])('%j valid: %s', (text, valid) => {
    expect(isDateTime(text)).toBe(valid);
    expect(dateTimeSchema.safeParse(text).success).toBe(valid);
  });

  it('name the reason', () => {
    expect(validateRequestPart(dateTimeSchema, '2024-01-01T00:00:00.Z', 'body')).toMatchObject({
      success: false,
      detail: [{ type: 'datetime_parsing', msg: 'Input should be a valid datetime, second fraction digits missing after `.`' }],
    });
    expect(validateRequestPart(dateTimeSchema, '2024-01-01T00:00:00', 'body')).toMatchObject({
      success: false,
      detail: [{ type: 'timezone_aware', msg: 'Input should have timezone info' }],
    });
    // A date alone is midnight without a zone to pydantic (2.6 and later): refused the same way, not as too short.
    expect(validateRequestPart(dateTimeSchema, '2024-01-01', 'body')).toEqual({
      success: false,
      detail: [{ type: 'timezone_aware', loc: ['body'], msg: 'Input should have timezone info', input: '2024-01-01', ctx: {} }],
    });
    expect(validateRequestPart(dateTimeSchema, '2024-02-30', 'body')).toMatchObject({
      success: false,
      detail: [{ type: 'datetime_parsing', msg: 'Input should be a valid datetime, day value is outside expected range' }],
    });
    expect(validateRequestPart(dateTimeSchema, null, 'body')).toMatchObject({ success: false, detail: [{ type: 'datetime_type' }] });
  });
});

describe('country codes', () => {
  it('are the 249 assigned alpha-3 codes', () => {
    expect(COUNTRY_CODES_ALPHA3).toHaveLength(249);
    expect(new Set(COUNTRY_CODES_ALPHA3).size).toBe(249);
    for (const code of COUNTRY_CODES_ALPHA3) expect(code).toMatch(/^[A-Z]{3}$/);
    for (const code of ['GBR', 'USA', 'DEU', 'FRA', 'CHN', 'IND', 'BRA', 'ZAF', 'ALA', 'BES', 'SSD', 'CUW']) {
      expect(countryCodeSchema.safeParse(code).success, code).toBe(true);
    }
  });

  it.each(['UK', 'XKX', 'gbr', 'EUR', 'ANT'])('reject %s', (code) => {
    expect(validateRequestPart(countryCodeSchema, code, 'body')).toMatchObject({ success: false, detail: [{ type: 'country_alpha3' }] });
  });

  it('reject non-strings as strings', () => {
    expect(validateRequestPart(countryCodeSchema, 826, 'body')).toMatchObject({ success: false, detail: [{ type: 'string_type' }] });
  });
});

describe('ScalarQuantity', () => {
  const wrap = <T extends z.ZodType>(quantity: T) => z.object({ quantity });

  it('nullable (default): the standard deviation may be a number, null or absent', () => {
    const schema = wrap(scalarQuantitySchema());
    for (const sd of [0.5, null, undefined]) {
      expect(schema.safeParse({ quantity: { magnitude: 1, unit: 'kg', standard_deviation: sd } }).success).toBe(true);
    }
  });

  it('optional: a number or absent, never null', () => {
    const schema = wrap(scalarQuantitySchema('optional'));
    expect(schema.safeParse({ quantity: { magnitude: 1, unit: 'kg' } }).success).toBe(true);
    expect(validateRequestPart(schema, { quantity: { magnitude: 1, unit: 'kg', standard_deviation: null } }, 'body')).toMatchObject({
      success: false,
      detail: [{ type: 'float_type', loc: ['body', 'quantity', 'standard_deviation'] }],
    });
  });

  it('required: always a number', () => {
    const schema = wrap(scalarQuantitySchema('required'));
    expect(validateRequestPart(schema, { quantity: { magnitude: 1, unit: 'kg' } }, 'body')).toMatchObject({
      success: false,
      detail: [{ type: 'missing', loc: ['body', 'quantity', 'standard_deviation'], input: { magnitude: 1, unit: 'kg' } }],
    });
    expect(schema.safeParse({ quantity: { magnitude: 1, unit: 'kg', standard_deviation: 0 } }).success).toBe(true);
  });

  it("a negative standard deviation is refused; the empty unit (Pint's dimensionless) is left to the unit check", () => {
    const result = validateRequestPart(scalarQuantitySchema(), { magnitude: 1, unit: '', standard_deviation: -0.1 }, 'body');
    expect(result).toMatchObject({
      success: false,
      detail: [{ type: 'greater_than_equal', loc: ['body', 'standard_deviation'], ctx: { ge: 0 } }],
    });
    expect(validateRequestPart(scalarQuantitySchema(), { magnitude: 1, unit: '', standard_deviation: 0.1 }, 'body')).toMatchObject({
      success: true,
    });
  });
});

describe('lists', () => {
  const organisation = { id: ID.org, name: 'Isometric', domain: null };
  const pageInfo = { has_previous_page: false, start_cursor: null, has_next_page: false, end_cursor: null };

  it('a paginated list has nodes, page_info and total_count', () => {
    const schema = paginatedListSchema(organisationSchema);
    expect(schema.safeParse({ nodes: [organisation], page_info: pageInfo, total_count: 1 }).success).toBe(true);
    expect(
      schema.safeParse({ nodes: [], page_info: { has_previous_page: false, has_next_page: false, end_cursor: null }, total_count: 0 })
        .success,
    ).toBe(true);
    expect(validateRequestPart(schema, { nodes: [{ ...organisation, id: ID.spl }], total_count: -1 }, 'body')).toMatchObject({
      success: false,
      detail: [
        { type: 'string_pattern_mismatch', loc: ['body', 'nodes', 0, 'id'] },
        { type: 'missing', loc: ['body', 'page_info'] },
        { type: 'greater_than_equal', loc: ['body', 'total_count'] },
      ],
    });
  });

  it('a list resource has no page_info', () => {
    const schema = listResourceSchema(organisationSchema);
    expect(schema.parse({ nodes: [organisation], total_count: 1, page_info: pageInfo })).toEqual({ nodes: [organisation], total_count: 1 });
  });
});

describe('lax scalars', () => {
  it('numbers from numeric strings', () => {
    expect(laxNumber().parse(' 1.5e3 ')).toBe(1500);
    expect(laxNumber().parse('-.5')).toBe(-0.5);
    expect(validateRequestPart(laxNumber(), '1,5', 'body')).toMatchObject({ success: false, detail: [{ type: 'float_parsing' }] });
    expect(validateRequestPart(laxNumber(), true, 'body')).toMatchObject({ success: false, detail: [{ type: 'float_type' }] });
  });

  it('integers from whole numbers and integer strings', () => {
    expect(laxInt().parse('42')).toBe(42);
    expect(laxInt().parse('7.00')).toBe(7);
    expect(laxInt().parse(3)).toBe(3);
    expect(validateRequestPart(laxInt(), '7.5', 'body')).toMatchObject({ success: false, detail: [{ type: 'int_parsing' }] });
    expect(validateRequestPart(laxInt(), 7.5, 'body')).toMatchObject({ success: false, detail: [{ type: 'int_from_float' }] });
    expect(validateRequestPart(laxInt(), [], 'body')).toMatchObject({ success: false, detail: [{ type: 'int_type' }] });
  });

  it('booleans from the words pydantic accepts', () => {
    for (const word of ['true', 'YES', 'on', '1', 't', 'y']) expect(laxBoolean().parse(word)).toBe(true);
    for (const word of ['false', 'No', 'off', '0', 'f', 'n']) expect(laxBoolean().parse(word)).toBe(false);
    expect(laxBoolean().parse(1)).toBe(true);
    expect(validateRequestPart(laxBoolean(), 'maybe', 'body')).toMatchObject({
      success: false,
      detail: [{ type: 'bool_parsing', msg: 'Input should be a valid boolean, unable to interpret input' }],
    });
    expect(validateRequestPart(laxBoolean(), null, 'body')).toMatchObject({ success: false, detail: [{ type: 'bool_type' }] });
  });

  it('a literal accepts its value only', () => {
    const schema = literalSchema('A');
    expect(schema.parse('A')).toBe('A');
    expect(validateRequestPart(schema, 'B', 'body')).toEqual({
      success: false,
      detail: [{ type: 'literal_error', loc: ['body'], msg: "Input should be 'A'", input: 'B', ctx: { expected: "'A'" } }],
    });
  });
});
