/**
 * The chunked parse of a JSON object (src/cli/json-stream.ts) gives what `JSON.parse` gives, in
 * whatever chunks the bytes come, and refuses what `JSON.parse` refuses; a file is read through it
 * (document.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { parseFileInChunks } from '../../src/cli/document';
import { type ItemsConsumed, JsonDuplicateKeyError, JsonObjectStream, JsonStreamError, type StreamLimits } from '../../src/cli/json-stream';

/**
 * Parses `text` fed in chunks of the given sizes (cycled), each read into one buffer as a file is
 * (document.ts) and scribbled over once fed: the parser must keep nothing of it but copies.
 */
function parseInChunks(text: string, sizes: readonly number[], limits?: StreamLimits): unknown {
  const bytes = Buffer.from(text, 'utf8');
  const parser = new JsonObjectStream(undefined, undefined, limits);
  const scratch = Buffer.alloc(Math.max(...sizes));
  let k = 0;
  for (let at = 0; at < bytes.length; k++) {
    const size = Math.min(sizes[k % sizes.length] as number, bytes.length - at);
    bytes.copy(scratch, 0, at, at + size);
    parser.feed(scratch.subarray(0, size));
    scratch.fill('"');
    at += size;
  }
  return parser.end();
}

/** JSON.parse's outcome, or 'refused' (as is a text with a key written twice in one object). */
function reference(text: string): unknown {
  try {
    const value = JSON.parse(text) as unknown;
    return membersWritten(text) === keysIn(value) ? value : 'refused';
  } catch {
    return 'refused';
  }
}

/** The members a JSON text writes: its colons outside strings (which a left-to-right match of strings finds in order). */
function membersWritten(text: string): number {
  return text.replace(/"(?:[^"\\]|\\.)*"/g, '""').split(':').length - 1;
}

/** The keys of every object in a parsed value: fewer than written when two in one object are equal. */
function keysIn(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  const children = Object.values(value);
  return (Array.isArray(value) ? 0 : children.length) + children.reduce((n: number, child) => n + keysIn(child), 0);
}

function streamed(text: string, sizes: readonly number[], limits?: StreamLimits): unknown {
  try {
    return parseInChunks(text, sizes, limits);
  } catch (error) {
    if (error instanceof JsonStreamError) return 'refused';
    throw error;
  }
}

const document = fc.dictionary(
  fc.oneof(fc.string(), fc.constantFrom('datapoints', '__proto__', 'a')),
  fc.oneof(fc.array(fc.jsonValue(), { maxLength: 6 }), fc.jsonValue()),
  { maxKeys: 5 },
);
const chunkSizes = fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 5 });
/**
 * How much of a chunk is first joined to the last one's unfinished end (smaller than most chunks,
 * so that it grows), and after how many bytes a run of items ends (so that a chunk holds several).
 */
const limits = fc.record({ joinBytes: fc.integer({ min: 1, max: 16 }), runBytes: fc.integer({ min: 1, max: 64 }) });
const spaced = (value: unknown, indent: number) => JSON.stringify(value, null, indent);
/** Every kind of JSON whitespace between tokens: an indent of spaces and tabs, lines ended by \n or \r\n. */
const spacing = fc.record({ indent: fc.constantFrom('', ' ', '  ', '\t', ' \t'), newline: fc.constantFrom('\n', '\r\n') });

describe('the chunked parse of a JSON object', () => {
  it('gives what JSON.parse gives, in any chunks, with any spacing and unicode', () => {
    fc.assert(
      fc.property(document, chunkSizes, spacing, limits, (value, sizes, { indent, newline }, sized) => {
        // JSON.stringify writes a newline only between tokens (one in a string is escaped).
        const text = JSON.stringify(value, null, indent).replaceAll('\n', newline);
        const parsed = parseInChunks(text, sizes, sized);
        expect(parsed).toStrictEqual(JSON.parse(text));
        // The same keys in the same order, each an own writable, enumerable, configurable property.
        expect(Object.getOwnPropertyDescriptors(parsed)).toStrictEqual(Object.getOwnPropertyDescriptors(JSON.parse(text)));
      }),
      { numRuns: 300 },
    );
  });

  it('refuses what JSON.parse refuses (one character deleted, doubled or inserted)', () => {
    fc.assert(
      fc.property(
        document,
        chunkSizes,
        fc.nat(),
        fc.constantFrom('', ',', ']', '}', '[', '{', '"', ':', 'x', '1', '\\'),
        fc.boolean(),
        limits,
        (value, sizes, position, inserted, drop, sized) => {
          const text = spaced(value, 1);
          const at = position % (text.length + 1);
          const changed = text.slice(0, at) + inserted + text.slice(drop ? at + 1 : at);
          const expected = reference(changed);
          const isObject = typeof expected === 'object' && expected !== null && !Array.isArray(expected);
          const got = streamed(changed, sizes, sized);
          if (isObject) expect(got).toStrictEqual(expected);
          else expect(got).toBe('refused');
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('known answers: a byte order mark, a key written twice, an own __proto__ key, truncation', () => {
    // A key written twice in one object, at the top, in an item or in a value, is refused with both offsets (counted with the mark).
    const twice: [string, string, number, number][] = [
      ['\ufeff{"a": [1, 2], "a": [3]}', 'a', 4, 17],
      ['{"b": [{"x": 1}, {"x": 2, "y": [], "x": 3}]}', 'x', 18, 35],
      ['{"b": {"c": {"x": 1}, "c": 2}}', 'c', 7, 22],
      ['{"b": 1, "\\u0062": 2}', 'b', 1, 9],
    ];
    for (const [text, key, firstByteOffset, byteOffset] of twice) {
      for (const sizes of [[2], [1, 9], [100]]) {
        let thrown: unknown;
        try {
          parseInChunks(text, sizes, { joinBytes: 1, runBytes: 1 });
        } catch (error) {
          thrown = error;
        }
        expect(thrown).toBeInstanceOf(JsonDuplicateKeyError);
        expect((thrown as JsonDuplicateKeyError).duplicate).toEqual({ key, firstByteOffset, byteOffset });
        expect((thrown as Error).message).toBe(`the key "${key}" is written twice in one object at byte ${byteOffset}`);
      }
    }
    expect(parseInChunks('\ufeff{"a": [1, 2], "b": [{"a": 3}]}', [2])).toEqual({ a: [1, 2], b: [{ a: 3 }] });
    // In a run of items the first duplicate is the one named; in items of arrays, consumed or not, counted or not.
    const refusal = (text: string, sizes: number[], consumed?: ItemsConsumed) => {
      const parser = new JsonObjectStream(undefined, consumed, { joinBytes: 1, runBytes: 1000 });
      try {
        for (let at = 0, k = 0; at < text.length; at += sizes[k++ % sizes.length] as number)
          parser.feed(Buffer.from(text.slice(at, at + (sizes[k % sizes.length] as number))));
        parser.end();
      } catch (error) {
        return error instanceof JsonDuplicateKeyError ? [error.name, error.duplicate.key] : (error as Error).name;
      }
      return 'accepted';
    };
    const two = '{"a": [{"x": 1, "x": 2}, {"y": 1, "y": 2}], "b": [[{"z": 1, "z": 2}]]}';
    for (const sizes of [[100], [1], [3, 7]]) {
      expect(refusal(two, sizes)).toEqual(['JsonDuplicateKeyError', 'x']);
      expect(refusal(two, sizes, { consumes: (key) => key === 'a' })).toEqual(['JsonDuplicateKeyError', 'x']);
      expect(refusal(two, sizes, { consumes: (key) => key === 'a', counted: () => {} })).toEqual(['JsonDuplicateKeyError', 'z']);
    }
    // An item cut at a chunk's end is not judged before it is whole: here it is not JSON, and that is what is said.
    const cut = '{"a": [{"x": 1}, {"y": 1, "y": 2, }]}';
    for (const sizes of [[100], [1], [cut.indexOf('"y": 2') + 3, 100]]) expect(refusal(cut, sizes)).toBe('JsonStreamError');
    // Not JSON is said first, whatever else the text has; an item's keys are read before JSON.parse refuses them.
    expect(() => parseInChunks('{"a": [{"b": 1, "\\x": 2, "\\x": 3}]}', [100])).toThrow(JsonStreamError);
    expect(() => parseInChunks('{"a": [{"b": 1, "\\x": 2, "\\x": 3}]}', [100])).not.toThrow(JsonDuplicateKeyError);
    expect(() => parseInChunks('{"a": {"x": 1, "x": 2,}}', [100])).toThrow(/^Expected|^Unexpected|^JSON/);
    // A value longer than a chunk: joined to a growing part of each next one, then to all of it.
    const long = `{"a": "${'x'.repeat(100)}", "b": [${'[1, 2], '.repeat(20)}3]}`;
    expect(parseInChunks(long, [7, 30], { joinBytes: 2 })).toEqual(JSON.parse(long));
    expect(() => parseInChunks('{"a": "xxxxxxxxxxxx', [5], { joinBytes: 1 })).toThrow('the text ends inside a value');
    const proto = parseInChunks('{"__proto__": {"x": 1}}', [3]) as Record<string, unknown>;
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
    expect(Object.keys(proto)).toEqual(['__proto__']);
    expect(() => parseInChunks('{"a": [1, 2', [4])).toThrow(JsonStreamError);
    expect(() => parseInChunks('{"a": [1,]}', [4])).toThrow(JsonStreamError);
    expect(() => parseInChunks('[1]', [4])).toThrow(JsonStreamError);
    expect(() => parseInChunks('{} x', [4])).toThrow(JsonStreamError);
  });

  it("parses a chunk's items in runs of about runBytes, each ending with a whole item", () => {
    const text = `{"a": [${Array.from({ length: 12 }, (_, k) => `"item ${k}"`).join(', ')}], "b": 1}`;
    const runs: unknown[][] = [];
    const parser = new JsonObjectStream((_, items) => runs.push(items), undefined, { runBytes: 20 });
    parser.feed(Buffer.from(text));
    expect(parser.end()).toEqual(JSON.parse(text));
    // Each item is 8 or 9 bytes: a run takes items until 20 bytes are reached, so three items.
    expect(runs.map((r) => r.length)).toEqual([3, 3, 3, 3]);
    expect(runs.flat()).toEqual(Array.from({ length: 12 }, (_, k) => `item ${k}`));
    // A run that reaches runBytes exactly ends there: two items of 8 bytes and their ", " are 18.
    const exact: number[] = [];
    const atLimit = new JsonObjectStream((_, items) => exact.push(items.length), undefined, { runBytes: 18 });
    atLimit.feed(Buffer.from(text));
    atLimit.end();
    expect(exact).toEqual([2, 2, 2, 2, 2, 2]);
  });

  it('reads a byte order mark, and U+FEFF inside strings, split at every byte', () => {
    for (const text of ['\ufeff{"a": 1}', '{"a": "x\ufeffy", "\ufeff": ["\ufeff", 2]}']) {
      const bytes = Buffer.from(text);
      for (let split = 1; split < bytes.length; split++) {
        for (const joinBytes of [1, 64]) {
          const parser = new JsonObjectStream(undefined, undefined, { joinBytes });
          parser.feed(bytes.subarray(0, split));
          parser.feed(bytes.subarray(split));
          expect(parser.end(), `${text} split at ${split}`).toStrictEqual(JSON.parse(text.replace(/^\ufeff/, '')));
        }
      }
    }
  });

  it("reads a byte order mark only as the text's first bytes, and reads on as it comes", () => {
    const parser = new JsonObjectStream();
    parser.feed(Buffer.from('\ufeff{"a": [1]'));
    expect(parser.parsedSoFar).toEqual({ a: [1] });
    parser.feed(Buffer.from('}'));
    expect(parser.end()).toEqual({ a: [1] });
    expect(() => parseInChunks('  \ufeff{}', [2])).toThrow('the document is not a JSON object at byte 2');
    // A first byte of a mark not followed by the other two is refused, whatever comes after.
    for (const bytes of [
      [0xef, 0xbb, 0x20, 0x7b, 0x7d],
      [0xef, 0x20, 0xbf, 0x7b, 0x7d],
    ])
      expect(() => new JsonObjectStream().feed(Buffer.from(bytes))).toThrow('the document is not a JSON object at byte 0');
  });

  it('names what is wrong and the byte it is at, fed whole or a byte at a time', () => {
    const refusals: readonly (readonly [string, string])[] = [
      ['[1]', 'the document is not a JSON object at byte 0'],
      ['{"a" 1}', "expected ':' after a key at byte 5"],
      ['{"a": 1 "b": 2}', "expected ',' or '}' after a value at byte 8"],
      ['{"a": [1 2]}', "expected ',' or ']' in an array at byte 9"],
      ['{a: 1}', 'expected a key in double quotes at byte 1'],
      ['{} x', 'unexpected text after the document at byte 3'],
      ['{"a": [1,]}', 'expected a value in an array at byte 9'],
      ['{"a": 1,}', 'expected a key in double quotes at byte 8'],
      ['{"a": 1', 'the text ends before the document does at byte 7'],
      ['{"a": "xx', 'the text ends inside a value at byte 6'],
    ];
    for (const [text, message] of refusals) {
      expect(() => parseInChunks(text, [text.length]), text).toThrow(message);
      expect(() => parseInChunks(text, [1], { joinBytes: 1 }), text).toThrow(message);
    }
    // JSON.parse's own refusal of an item, at the start of the run holding it.
    const thrown = (() => {
      try {
        parseInChunks('{"a": [1, tru]}', [100]);
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(JsonStreamError);
    expect((thrown as JsonStreamError).byteOffset).toBe(7);
    expect(() => parseInChunks('{"a": tru}', [100])).toThrow(/ at byte 6$/);
    expect((thrown as JsonStreamError).name).toBe('JsonStreamError');
  });

  it("hands consumed arrays' items over, or only counts them, without keeping them", () => {
    fc.assert(
      fc.property(document, chunkSizes, limits, (value, sizes, sized) => {
        const text = JSON.stringify(value);
        const expected = JSON.parse(text) as Record<string, unknown>;
        const bytes = Buffer.from(text);
        const feedAll = (parser: JsonObjectStream) => {
          for (let at = 0, k = 0; at < bytes.length; at += sizes[k++ % sizes.length] as number)
            parser.feed(bytes.subarray(at, at + (sizes[k % sizes.length] as number)));
          return parser.end();
        };
        const handed = new Map<string, unknown[]>();
        const kept = feedAll(
          new JsonObjectStream((key, items) => handed.set(key, [...(handed.get(key) ?? []), ...items]), { consumes: () => true }, sized),
        );
        const counted = new Map<string, number>();
        feedAll(
          new JsonObjectStream(
            undefined,
            { consumes: () => true, counted: (key, n) => counted.set(key, (counted.get(key) ?? 0) + n) },
            sized,
          ),
        );
        for (const [key, v] of Object.entries(expected)) {
          if (!Array.isArray(v)) continue;
          expect(kept[key]).toEqual([]);
          expect(handed.get(key) ?? []).toEqual(v);
          expect(counted.get(key) ?? 0).toBe(v.length);
        }
      }),
      { numRuns: 200 },
    );
    const text = '{"a": [1, 2, 3], "b": 7, "c": [[4], {"d": 5}]}';
    const counted = new Map<string, number>();
    const parser = new JsonObjectStream(
      undefined,
      { consumes: (key) => key !== 'c', counted: (key, n) => counted.set(key, (counted.get(key) ?? 0) + n) },
      { runBytes: 1 },
    );
    for (const b of Buffer.from(text)) parser.feed(Buffer.from([b]));
    expect(parser.end()).toEqual({ a: [], b: 7, c: [[4], { d: 5 }] });
    expect(Object.fromEntries(counted)).toEqual({ a: 3 });
  });

  const dir = mkdtempSync(join(tmpdir(), 'json-stream-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a file in chunks smaller than its items', async () => {
    const value = {
      datapoints: Array.from({ length: 300 }, (_, i) => ({ id: `dtp_${i}`, note: 'é✓😀'.repeat(i % 4) })),
      options: { x: 1 },
    };
    const path = join(dir, 'graph.json');
    writeFileSync(path, JSON.stringify(value));
    expect(await parseFileInChunks(path, 7)).toStrictEqual(value);
    expect(await parseFileInChunks(path)).toStrictEqual(value);
  });
});
