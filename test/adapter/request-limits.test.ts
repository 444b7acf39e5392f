/** The body scan and the bounds of a 422 (src/adapter/request-limits.ts), with known answers. */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  bodyLimitProblems,
  boundDetail,
  MAX_ARRAY_ITEMS,
  MAX_BODY_VALUES,
  MAX_LISTED_PROBLEMS,
} from '../../src/adapter/http/request-limits';
import type { ValidationErrorItem } from '../../src/model/validation-error';

const item = (i: number, input: unknown = i): ValidationErrorItem => ({
  type: 'int_type',
  loc: ['body', 'x', i],
  msg: 'Input should be a valid integer',
  input,
  ctx: {},
});

describe('bodyLimitProblems', () => {
  test('a body within the limits has no problem', () => {
    expect(bodyLimitProblems({ a: [1, 2, 'x'], b: { c: 'ok \ud83d\ude00' } })).toEqual([]);
    expect(bodyLimitProblems(undefined)).toEqual([]);
  });

  test('lone surrogates in values and keys are named where they are', () => {
    const problems = bodyLimitProblems({ name: 'a\ud800', list: ['\udc00'], ['k\ud800']: 1 });
    expect(problems.map((p) => [p.type, p.loc])).toEqual([
      ['string_unicode', ['body', 'name']],
      ['string_unicode', ['body', 'list', 0]],
      ['string_unicode', ['body', 'k\ud800']],
    ]);
  });

  test('an array one item over the limit is too_long at its place; one at the limit is not', () => {
    expect(bodyLimitProblems({ ids: new Array(MAX_ARRAY_ITEMS).fill(0) })).toEqual([]);
    const [problem] = bodyLimitProblems({ ids: new Array(MAX_ARRAY_ITEMS + 1).fill(0) });
    expect(problem).toMatchObject({
      type: 'too_long',
      loc: ['body', 'ids'],
      ctx: { max_length: MAX_ARRAY_ITEMS, actual_length: MAX_ARRAY_ITEMS + 1 },
    });
  });

  test('too many values in all, and too many keys in one object', () => {
    const many = Array.from({ length: 11 }, () => new Array(MAX_ARRAY_ITEMS).fill(0));
    expect(bodyLimitProblems(many).at(-1)).toMatchObject({ type: 'too_long', loc: ['body'], ctx: { max_values: MAX_BODY_VALUES } });
    const keys = Object.fromEntries(Array.from({ length: 1_001 }, (_, i) => [`k${i}`, i]));
    expect(bodyLimitProblems({ inner: keys })[0]).toMatchObject({ type: 'too_long', loc: ['body', 'inner'] });
  });
});

describe('boundDetail', () => {
  test('at most 100 items, then one counting the rest (earlier counts included)', () => {
    const items = [
      ...Array.from({ length: 250 }, (_, i) => item(i)),
      { type: 'too_many_errors', loc: ['body'], msg: '', input: null, ctx: { omitted: 7 } },
    ];
    const out = boundDetail(items);
    expect(out).toHaveLength(MAX_LISTED_PROBLEMS + 1);
    expect(out.slice(0, 100)).toEqual(items.slice(0, 100));
    expect(out[100]).toEqual({
      type: 'too_many_errors',
      loc: ['request'],
      msg: '157 more problems not listed',
      input: null,
      ctx: { omitted: 157 },
    });
  });

  test('a short list is answered as it is', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 50 })), { maxLength: MAX_LISTED_PROBLEMS }), (inputs) => {
        const items = inputs.map((input, i) => item(i, input));
        expect(boundDetail(items)).toEqual(items);
      }),
    );
  });

  test('echoes of a large input are cut so that the answer stays small', () => {
    const big = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`key${i}`, i])); // about 1 MB of JSON
    const out = boundDetail(Array.from({ length: 150 }, (_, i) => item(i, big)));
    expect(JSON.stringify(out).length).toBeLessThan(100_000);
    expect(out[0]?.input).toMatch(/^\{"key0":0,"key1":1,.*\.\.\. \(cut\)$/);
    expect(out[100]).toMatchObject({ type: 'too_many_errors', ctx: { omitted: 50 } });
  });
});
