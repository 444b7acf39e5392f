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
import { JsonObjectStream, JsonStreamError, type StreamLimits } from '../../src/cli/json-stream';

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

/** JSON.parse's outcome, or 'refused'. */
function reference(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return 'refused';
  }
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

describe('the chunked parse of a JSON object', () => {
  it('gives what JSON.parse gives, in any chunks, with any spacing and unicode', () => {
    fc.assert(
      fc.property(document, chunkSizes, fc.integer({ min: 0, max: 3 }), limits, (value, sizes, indent, sized) => {
        const text = spaced(value, indent);
        const parsed = parseInChunks(text, sizes, sized);
        expect(parsed).toStrictEqual(JSON.parse(text));
        expect(Object.keys(parsed as object)).toEqual(Object.keys(JSON.parse(text) as object));
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

  it('known answers: a byte order mark, the last of two equal keys, an own __proto__ key, truncation', () => {
    expect(parseInChunks('\ufeff{"a": [1, 2], "a": [3]}', [2])).toEqual({ a: [3] });
    expect(parseInChunks('\ufeff{"a": [1, 2], "a": [3]}', [1, 9], { joinBytes: 1 })).toEqual({ a: [3] });
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
