/**
 * The one JSON scanner (src/model/json-text.ts): it accepts exactly what JSON.parse accepts, locates
 * errors like Python's decoder, and never throws or overflows the stack, however deep the input.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JSON_DEPTH_MESSAGE, locateJsonError, MAX_JSON_DEPTH, parseJsonText } from '../../src/model/json-text';
import { jsonInvalidItem, parseJsonBody } from '../../src/model';

const DEEP = 200_000;

function acceptedByJsonParse(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

describe('deeply nested input', () => {
  const depthItem = {
    type: 'json_invalid',
    loc: ['body', MAX_JSON_DEPTH],
    msg: 'JSON decode error',
    input: {},
    ctx: { error: JSON_DEPTH_MESSAGE },
  };

  it.each([
    ['200k [ then x', '['.repeat(DEEP) + 'x'],
    ['200k [ unterminated', '['.repeat(DEEP)],
    ['200k { "a": nesting, unterminated', '{"a":'.repeat(DEEP)],
    ['200k [ closed', '['.repeat(DEEP) + ']'.repeat(DEEP)],
  ])('%s: a 422 item, never an exception', (_name, text) => {
    expect(() => parseJsonBody(text)).not.toThrow();
    expect(() => jsonInvalidItem(text)).not.toThrow();
    const result = parseJsonBody(text);
    expect(result.success).toBe(false);
    const position = text.startsWith('{') ? MAX_JSON_DEPTH * '{"a":'.length : MAX_JSON_DEPTH;
    expect(result).toEqual({ success: false, detail: [{ ...depthItem, loc: ['body', position] }] });
    expect(jsonInvalidItem(text)).toEqual({ ...depthItem, loc: ['body', position] });
    expect(parseJsonText(text)).toEqual({ ok: false, position, error: JSON_DEPTH_MESSAGE });
  });

  it('nesting up to the limit is accepted; one more level is refused', () => {
    const deepest = '['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH);
    expect(locateJsonError(deepest)).toBeNull();
    expect(parseJsonBody(deepest).success).toBe(true);
    const over = '['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1);
    expect(locateJsonError(over)).toEqual({ position: MAX_JSON_DEPTH, error: JSON_DEPTH_MESSAGE });
  });

  it('a long flat document is no problem', () => {
    const flat = `[${Array.from({ length: DEEP }, (_, i) => i).join(',')}]`;
    expect(locateJsonError(flat)).toBeNull();
  });
});

describe('the scanner', () => {
  it('accepts what JSON.parse accepts', () => {
    for (const text of ['{}', '[]', '0', '-1.5e3', '"a\\u00e9"', '{"a": [1, {"b": null}], "c": true}', ' \n[ ]\t']) {
      expect(locateJsonError(text), text).toBeNull();
      expect(parseJsonText(text)).toEqual({ ok: true, value: JSON.parse(text) });
    }
  });

  it('locates errors like the Python decoder', () => {
    expect(locateJsonError('')).toEqual({ position: 0, error: 'Expecting value' });
    expect(locateJsonError('{"a": "\\x"}')).toEqual({ position: 7, error: 'Invalid \\escape' });
    expect(locateJsonError('"\\u12"')).toEqual({ position: 2, error: `Invalid \\u${'X'.repeat(4)} escape` });
    expect(locateJsonError('"a\\')).toEqual({ position: 0, error: 'Unterminated string starting at' });
    expect(locateJsonError('"a\u0001"')).toEqual({ position: 2, error: 'Invalid control character at' });
    expect(locateJsonError('[1,]')).toEqual({ position: 3, error: 'Expecting value' });
    expect(locateJsonError('{"a": 1 "b"}')).toEqual({ position: 8, error: "Expecting ',' delimiter" });
    expect(locateJsonError('01')).toEqual({ position: 1, error: 'Extra data' });
    expect(locateJsonError('-')).toEqual({ position: 0, error: 'Expecting value' });
  });

  it('agrees with JSON.parse on every text: valid exactly when JSON.parse accepts it, and the same value', () => {
    const json = fc.json({ depthSize: 'medium' });
    // Valid documents, and texts one edit away from one (dropped, doubled or inserted characters).
    const mutated = fc
      .tuple(json, fc.nat(), fc.constantFrom('', '"', '\\', ',', ':', '[', ']', '{', '}', '-', '.', 'e', 'x', '\u0001', ' '), fc.boolean())
      .map(([text, at, insert, drop]) => {
        const i = text.length === 0 ? 0 : at % text.length;
        return text.slice(0, i) + insert + text.slice(drop ? i + 1 : i);
      });
    fc.assert(
      fc.property(fc.oneof(json, mutated, fc.string()), (text) => {
        const outcome = parseJsonText(text);
        expect(outcome.ok, text).toBe(acceptedByJsonParse(text));
        if (outcome.ok) expect(outcome.value).toEqual(JSON.parse(text));
        else expect(outcome.position).toBeGreaterThanOrEqual(0);
        expect(locateJsonError(text) === null).toBe(outcome.ok);
      }),
      { seed: 20260601, numRuns: 2000 },
    );
  });
});
