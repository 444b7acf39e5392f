/**
 * The 422 body: pydantic v2 types, messages, contexts and inputs; every problem reported.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createRemovalRequestSchema,
  patchRemovalComponentAttributionsRequestSchema,
  patchRemovalRequestSchema,
  removalIdPathSchema,
} from '../../src/adapter/resources/removals/schemas';
import { componentInputRequestSchema } from '../../src/adapter/resources/components/schemas';
import { createDocumentSourceRequestSchema } from '../../src/adapter/resources/sources/schemas';
import {
  jsonInvalidItem,
  paginationQuerySchema,
  parseJsonBody,
  requestHeadersSchema,
  supplierReferenceIdSchema,
  toValidationErrorBody,
  toValidationErrorItems,
  validateRequest,
  validateRequestPart,
  type ValidationErrorItem,
} from '../../src/model';
import { listDatapointsQuerySchema } from '../../src/adapter/resources/datapoints/schemas';
import { createBiocharApplicationRequestSchema } from '../../src/adapter/resources/storage/schemas';
import { createRetirementRequestSchema } from '../../src/adapter/resources/credit-ledger/schemas';
import { ID, REQUEST_EXAMPLES } from './fixtures';

function failures(result: { success: boolean; detail?: readonly ValidationErrorItem[] }): readonly ValidationErrorItem[] {
  expect(result.success).toBe(false);
  return result.detail ?? [];
}

describe('several problems in one request are all reported', () => {
  it('a retirement body with seven problems gives seven items, in field order', () => {
    const body = {
      owner_organisation_id: ID.org,
      credit_batch_quantities: [{ credit_batch_id: ID.ctb, credit_quantity_kg: 0 }, { credit_batch_id: 'ctb_short' }],
      retirement_purposes: [],
      notes: 'n'.repeat(257),
      supplier_id: 7,
    };
    const detail = failures(validateRequestPart(createRetirementRequestSchema, body, 'body'));
    expect(detail).toEqual([
      { type: 'missing', loc: ['body', 'beneficiary_organisation_id'], msg: 'Field required', input: body, ctx: {} },
      {
        type: 'greater_than',
        loc: ['body', 'credit_batch_quantities', 0, 'credit_quantity_kg'],
        msg: 'Input should be greater than 0',
        input: 0,
        ctx: { gt: 0 },
      },
      {
        type: 'string_too_short',
        loc: ['body', 'credit_batch_quantities', 1, 'credit_batch_id'],
        msg: 'String should have at least 20 characters',
        input: 'ctb_short',
        ctx: { min_length: 20 },
      },
      {
        type: 'missing',
        loc: ['body', 'credit_batch_quantities', 1, 'credit_quantity_kg'],
        msg: 'Field required',
        input: { credit_batch_id: 'ctb_short' },
        ctx: {},
      },
      {
        type: 'too_short',
        loc: ['body', 'retirement_purposes'],
        msg: 'List should have at least 1 item after validation, not 0',
        input: [],
        ctx: { field_type: 'List', min_length: 1, actual_length: 0 },
      },
      {
        type: 'string_too_long',
        loc: ['body', 'notes'],
        msg: 'String should have at most 256 characters',
        input: 'n'.repeat(257),
        ctx: { max_length: 256 },
      },
      { type: 'string_type', loc: ['body', 'supplier_id'], msg: 'Input should be a valid string', input: 7, ctx: {} },
    ]);
  });

  it('problems at several depths of a removal creation are all listed', () => {
    const body = {
      project_id: 'prj',
      started_on: '2024-02-30',
      completed_on: null,
      removal_template_components: [
        { removal_template_component_id: ID.rtc, inputs: [{ input_key: 'mass' }, { datapoint_ids: [ID.src] }] },
      ],
    };
    const detail = failures(validateRequestPart(createRemovalRequestSchema, body, 'body'));
    expect(detail.map((item) => [item.type, item.loc.join('.')])).toEqual([
      ['string_too_short', 'body.project_id'],
      ['date_from_datetime_parsing', 'body.started_on'],
      ['date_type', 'body.completed_on'],
      ['missing', 'body.supplier_reference_id'],
      ['missing', 'body.removal_template_components.0.inputs.0.datapoint_ids'],
      ['missing', 'body.removal_template_components.0.inputs.1.input_key'],
      ['string_pattern_mismatch', 'body.removal_template_components.0.inputs.1.datapoint_ids.0'],
    ]);
  });

  it('one value reports only its first failed check, as pydantic does', () => {
    const detail = failures(validateRequestPart(removalIdPathSchema, { id: 'cmp_1' }, 'path'));
    expect(detail).toEqual([
      {
        type: 'string_too_short',
        loc: ['path', 'id'],
        msg: 'String should have at least 20 characters',
        input: 'cmp_1',
        ctx: { min_length: 20 },
      },
    ]);
  });
});

describe('messages, contexts and inputs', () => {
  it('a page size over 50 in the query', () => {
    expect(failures(validateRequestPart(paginationQuerySchema, { first: '51' }, 'query'))).toEqual([
      { type: 'less_than_equal', loc: ['query', 'first'], msg: 'Input should be less than or equal to 50', input: '51', ctx: { le: 50 } },
    ]);
  });

  it('a page size that is not an integer', () => {
    expect(failures(validateRequestPart(paginationQuerySchema, { last: '2.5' }, 'query'))).toEqual([
      {
        type: 'int_parsing',
        loc: ['query', 'last'],
        msg: 'Input should be a valid integer, unable to parse string as an integer',
        input: '2.5',
        ctx: {},
      },
    ]);
  });

  it('first together with last is a value error on last', () => {
    const [item] = failures(validateRequestPart(paginationQuerySchema, { first: '5', last: '5' }, 'query'));
    expect(item).toMatchObject({ type: 'value_error', loc: ['query', 'last'], input: '5' });
    expect(item?.msg.startsWith('Value error, ')).toBe(true);
  });

  it('page size defaults: first=10, or last=10 when only before is given', () => {
    expect(validateRequestPart(paginationQuerySchema, {}, 'query')).toEqual({ success: true, data: { first: 10 } });
    expect(validateRequestPart(paginationQuerySchema, { after: 'a' }, 'query')).toEqual({ success: true, data: { after: 'a', first: 10 } });
    expect(validateRequestPart(paginationQuerySchema, { before: 'b' }, 'query')).toEqual({
      success: true,
      data: { before: 'b', last: 10 },
    });
    expect(validateRequestPart(paginationQuerySchema, { last: '3' }, 'query')).toEqual({ success: true, data: { last: 3 } });
  });

  it('a missing client secret header', () => {
    expect(failures(validateRequestPart(requestHeadersSchema, { authorization: 'Bearer t' }, 'header'))).toEqual([
      { type: 'missing', loc: ['header', 'x-client-secret'], msg: 'Field required', input: null, ctx: {} },
    ]);
  });

  it('an enumeration lists its values', () => {
    const [item] = failures(validateRequestPart(listDatapointsQuerySchema, { used_in_scope: 'x' }, 'query'));
    expect(item).toEqual({
      type: 'enum',
      loc: ['query', 'used_in_scope'],
      msg: "Input should be 'REMOVAL', 'GHG_STATEMENT', 'PROJECT' or 'NET_NEGATIVITY'",
      input: 'x',
      ctx: { expected: "'REMOVAL', 'GHG_STATEMENT', 'PROJECT' or 'NET_NEGATIVITY'" },
    });
  });

  it('a prefix mismatch is a pattern mismatch', () => {
    expect(failures(validateRequestPart(removalIdPathSchema, { id: ID.ggs }, 'path'))).toEqual([
      {
        type: 'string_pattern_mismatch',
        loc: ['path', 'id'],
        msg: "String should match pattern '^rmv_'",
        input: ID.ggs,
        ctx: { pattern: '^rmv_' },
      },
    ]);
  });

  it('a missing body, and a body that is not an object', () => {
    expect(failures(validateRequestPart(createRemovalRequestSchema, undefined, 'body'))).toEqual([
      { type: 'missing', loc: ['body'], msg: 'Field required', input: null, ctx: {} },
    ]);
    expect(failures(validateRequestPart(createRemovalRequestSchema, [1], 'body'))).toEqual([
      {
        type: 'model_attributes_type',
        loc: ['body'],
        msg: 'Input should be a valid dictionary or object to extract fields from',
        input: [1],
        ctx: {},
      },
    ]);
  });

  it('date and datetime errors carry the parser reason', () => {
    const [date] = failures(validateRequestPart(z.object({ d: createRemovalRequestSchema.shape.started_on }), { d: '2024-1-1' }, 'body'));
    expect(date).toEqual({
      type: 'date_from_datetime_parsing',
      loc: ['body', 'd'],
      msg: 'Input should be a valid date or datetime, input is too short',
      input: '2024-1-1',
      ctx: { error: 'input is too short' },
    });
  });

  it('a list where an object is required, and a list input of the wrong type', () => {
    const detail = failures(
      validateRequestPart(patchRemovalComponentAttributionsRequestSchema, { components_to_add: 3, components_to_remove: 'cmp' }, 'body'),
    );
    expect(detail.map((item) => [item.type, item.loc])).toEqual([
      ['list_type', ['body', 'components_to_add']],
      ['list_type', ['body', 'components_to_remove']],
    ]);
  });

  it('without the parsed input, inputs come from the issues themselves', () => {
    const result = createRetirementRequestSchema.safeParse({ notes: 5 }, { reportInput: true });
    expect(result.success).toBe(false);
    if (result.success) return;
    const body = toValidationErrorBody(result.error, 'body');
    expect(body.detail.find((item) => item.loc[1] === 'notes')).toEqual({
      type: 'string_type',
      loc: ['body', 'notes'],
      msg: 'Input should be a valid string',
      input: 5,
      ctx: {},
    });
    expect(body.detail.filter((item) => item.type === 'missing')).toHaveLength(5);
    expect(toValidationErrorItems(result.error, 'body')).toEqual(body.detail);
  });

  it('plain zod schemas map to pydantic types too', () => {
    const schema = z.object({
      n: z.number(),
      i: z.number().int(),
      b: z.boolean(),
      r: z.record(z.string(), z.string()),
      l: z.array(z.string()).max(1),
      e: z.string().endsWith('.csv'),
      m: z.number().multipleOf(5),
    });
    const detail = failures(validateRequestPart(schema, { n: 'x', i: 1.5, b: 'x', r: 1, l: ['a', 'b'], e: 'a.txt', m: 7 }, 'body'));
    expect(detail.map((item) => item.type)).toEqual([
      'float_parsing',
      'int_from_float',
      'bool_parsing',
      'dict_type',
      'too_long',
      'string_pattern_mismatch',
      'multiple_of',
    ]);
    expect(detail[4]?.msg).toBe('List should have at most 1 item after validation, not 2');
  });

  it('request bodies are strict: an unknown field is extra_forbidden at its loc, with ctx {}', () => {
    const refused = failures(
      validateRequestPart(
        createRetirementRequestSchema,
        { ...(REQUEST_EXAMPLES.createRetirementRequestSchema as object), colour: 'red' },
        'body',
      ),
    );
    expect(refused).toEqual([
      { type: 'extra_forbidden', loc: ['body', 'colour'], msg: 'Extra inputs are not permitted', input: 'red', ctx: {} },
    ]);
    const detail = failures(validateRequestPart(z.strictObject({ a: z.string() }), { a: 'x', b: 1 }, 'body'));
    expect(detail).toEqual([{ type: 'extra_forbidden', loc: ['body', 'b'], msg: 'Extra inputs are not permitted', input: 1, ctx: {} }]);
    // A key a few edits from a field the object lacks names it, nested and in a list too.
    const nested = z.strictObject({ items: z.array(z.strictObject({ display_name: z.string().optional(), unit: z.string() })) });
    const hinted = failures(validateRequestPart(nested, { items: [{ unit: 't', dispaly_name: 'x', unti: 'kg' }] }, 'body'));
    expect(hinted.map((i) => [i.loc, i.msg])).toEqual([
      [['body', 'items', 0, 'dispaly_name'], "Extra inputs are not permitted; did you mean 'display_name'?"],
      [['body', 'items', 0, 'unti'], 'Extra inputs are not permitted'],
    ]);
  });
});

describe('lax parsing and normalisation', () => {
  it('numeric strings, boolean words and default values', () => {
    const result = validateRequestPart(
      createBiocharApplicationRequestSchema,
      {
        ...(REQUEST_EXAMPLES.createBiocharApplicationRequestSchema as object),
        average_application_rate: { magnitude: '12.5', unit: 't/ha' },
        source_ids: undefined,
      },
      'body',
    );
    expect(result).toMatchObject({ success: true, data: { average_application_rate: { magnitude: 12.5 }, source_ids: [] } });
    const source = validateRequestPart(
      createDocumentSourceRequestSchema,
      { ...(REQUEST_EXAMPLES.createDocumentSourceRequestSchema as object), is_public: 'yes', content_length: '12' },
      'body',
    );
    expect(source).toMatchObject({ success: true, data: { is_public: true, content_length: 12 } });
  });

  it('a scalar component input becomes a list input', () => {
    expect(componentInputRequestSchema.parse({ input_key: 'mass', datapoint_id: ID.dtp })).toEqual({
      input_key: 'mass',
      datapoint_ids: [ID.dtp],
    });
  });

  it('add_components and components_to_add take one object or a list', () => {
    const one = { component_id: ID.cmp, attribution_factor_datapoint_id: null };
    expect(patchRemovalRequestSchema.parse({ add_components: one })).toEqual({ add_components: [one] });
    expect(patchRemovalRequestSchema.parse({ add_components: [one, one] }).add_components).toHaveLength(2);
    const attribution = patchRemovalComponentAttributionsRequestSchema.parse({
      components_to_add: { component_id: ID.cmp, component_group_key: 'g' },
    });
    expect(attribution.components_to_add).toEqual([{ component_id: ID.cmp, component_group_key: 'g', attribution_factor: 1 }]);
    const detail = failures(validateRequestPart(patchRemovalRequestSchema, { add_components: [{ component_id: ID.cmp }] }, 'body'));
    expect(detail).toEqual([
      {
        type: 'missing',
        loc: ['body', 'add_components', 0, 'attribution_factor_datapoint_id'],
        msg: 'Field required',
        input: { component_id: ID.cmp },
        ctx: {},
      },
    ]);
  });

  it('retirement purposes count once each', () => {
    const parsed = createRetirementRequestSchema.parse({
      ...(REQUEST_EXAMPLES.createRetirementRequestSchema as object),
      retirement_purposes: ['insetting', 'other', 'insetting'],
    });
    expect(parsed.retirement_purposes).toEqual(['insetting', 'other']);
  });
});

describe('supplier_reference_id length, property-based', () => {
  it('accepts exactly the lengths 1 to 200', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 260 }), (text) => {
        const result = validateRequestPart(supplierReferenceIdSchema, text, 'body');
        const length = text.length;
        if (length >= 1 && length <= 200) return result.success;
        if (result.success) return false;
        return result.detail.length === 1 && result.detail[0]?.type === (length === 0 ? 'string_too_short' : 'string_too_long');
      }),
      { seed: 20240601, numRuns: 300 },
    );
  });

  it('page sizes: every integer string is accepted iff 1..50', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100, max: 200 }), (n) => {
        const result = validateRequestPart(paginationQuerySchema, { first: String(n) }, 'query');
        if (n >= 1 && n <= 50) return result.success && result.data.first === n;
        return !result.success && result.detail[0]?.type === (n <= 0 ? 'greater_than' : 'less_than_equal');
      }),
      { seed: 7, numRuns: 300 },
    );
  });
});

describe('validateRequest checks every part and lists path, query, header and body problems', () => {
  it('reports the problems of all parts together', () => {
    const result = validateRequest(
      { path: removalIdPathSchema, header: requestHeadersSchema, body: patchRemovalRequestSchema, query: paginationQuerySchema },
      { path: { id: 'bad' }, query: { first: '0' }, header: {}, body: { started_on: 'x' } },
    );
    expect(failures(result).map((item) => item.loc)).toEqual([
      ['path', 'id'],
      ['query', 'first'],
      ['header', 'x-client-secret'],
      ['body', 'started_on'],
    ]);
  });

  it('returns the parsed parts when all are valid', () => {
    const result = validateRequest(
      { path: removalIdPathSchema, header: requestHeadersSchema, body: patchRemovalRequestSchema },
      { path: { id: ID.rmv }, header: { 'x-client-secret': 's' }, body: { completed_on: '2024-03-31' } },
    );
    expect(result).toEqual({
      success: true,
      data: { path: { id: ID.rmv }, header: { 'x-client-secret': 's' }, body: { completed_on: '2024-03-31' } },
    });
  });
});

describe('bodies that are not JSON', () => {
  it.each([
    ['', null],
    ['{"a": 1,}', [8, 'Expecting property name enclosed in double quotes']],
    ['{"a" 1}', [5, "Expecting ':' delimiter"]],
    ['[1, 2', [5, "Expecting ',' delimiter"]],
    ['{"a": 1} x', [9, 'Extra data']],
    ['  ', [2, 'Expecting value']],
    ['{"a": tru}', [6, 'Expecting value']],
    ['"abc', [0, 'Unterminated string starting at']],
    ['{"a": "\\q"}', [7, 'Invalid \\escape']],
    ['{"a": "x\ny"}', [8, 'Invalid control character at']],
    ['nope', [0, 'Expecting value']],
    ['"\\u12"', [2, `Invalid \\u${'X'.repeat(4)} escape`]],
  ] as const)('%j', (text, expected) => {
    const result = parseJsonBody(text);
    if (expected === null) {
      expect(result).toEqual({ success: true, data: undefined });
      return;
    }
    expect(result).toEqual({
      success: false,
      detail: [{ type: 'json_invalid', loc: ['body', expected[0]], msg: 'JSON decode error', input: {}, ctx: { error: expected[1] } }],
    });
  });

  it('valid JSON parses', () => {
    expect(parseJsonBody('{"a": [1, {"b": null}]}')).toEqual({ success: true, data: { a: [1, { b: null }] } });
    expect(parseJsonBody(undefined)).toEqual({ success: true, data: undefined });
    expect(jsonInvalidItem('{').loc).toEqual(['body', 1]);
  });
});
