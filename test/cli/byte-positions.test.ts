/**
 * Line and column of byte offsets (src/cli/byte-positions.ts) are those `lineAndColumn` gives for
 * the same places in the text as a string, in whatever chunks the bytes come, from memory or a file.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { bytePositions, bytePositionsInFile } from '../../src/cli/byte-positions';
import { lineAndColumn } from '../../src/cli/document';

const text = fc
  .array(fc.oneof(fc.string({ unit: 'binary', maxLength: 4 }), fc.constantFrom('\n', '\r\n', 'é', '😀')), { maxLength: 12 })
  .map((parts) => parts.join(''));

/** Each character's offset in the string and in its UTF-8 bytes. */
function offsets(s: string): { unit: number; byte: number }[] {
  const out: { unit: number; byte: number }[] = [];
  let byte = 0;
  let unit = 0;
  for (const character of s) {
    out.push({ unit, byte });
    unit += character.length;
    byte += Buffer.byteLength(character);
  }
  return out;
}

/** The bytes cut into chunks of the given sizes (cycled). */
function chunks(bytes: Buffer, sizes: readonly number[]): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0, k = 0; at < bytes.length; k++) {
    const size = sizes[k % sizes.length] as number;
    out.push(bytes.subarray(at, at + size));
    at += size;
  }
  return out;
}

const dir = mkdtempSync(join(tmpdir(), 'byte-positions-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('line and column of byte offsets', () => {
  it("are lineAndColumn's for the same character, in any chunks, after a byte order mark or not", () => {
    fc.assert(
      fc.property(text, fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 4 }), fc.boolean(), (s, sizes, marked) => {
        const mark = marked ? 3 : 0;
        const bytes = Buffer.concat([Buffer.from(marked ? '\ufeff' : ''), Buffer.from(s)]);
        const places = offsets(s);
        const got = bytePositions(
          chunks(bytes, sizes),
          places.map((p) => p.byte + mark),
        );
        expect(got).toEqual(places.map((p) => lineAndColumn(s, p.unit)));
      }),
      { numRuns: 500 },
    );
  });

  it('known answers; an offset past the end is at the end', () => {
    expect(bytePositions([Buffer.from('ab\néx😀y')], [0, 3, 4, 6, 10, 99])).toEqual([
      { line: 1, column: 1 },
      { line: 2, column: 1 },
      { line: 2, column: 2 },
      { line: 2, column: 3 },
      { line: 2, column: 5 },
      { line: 2, column: 6 },
    ]);
  });

  it('in a file, read a chunk at a time up to the last offset asked for', async () => {
    const s = `{\n  "a": "é😀",\r\n${'  "b": 1,\n'.repeat(50)}  "c": 2\n}`;
    const path = join(dir, 'text.json');
    writeFileSync(path, s);
    const places = offsets(s).filter((_, k) => k % 7 === 0);
    const expected = places.map((p) => lineAndColumn(s, p.unit));
    for (const size of [1, 3, 64, 2 ** 20])
      expect(
        await bytePositionsInFile(
          path,
          places.map((p) => p.byte),
          size,
        ),
      ).toEqual(expected);
    // An offset past the end is at the end, once the whole file is read.
    expect(await bytePositionsInFile(path, [0, 10 ** 6], 7)).toEqual([{ line: 1, column: 1 }, lineAndColumn(s, s.length)]);
  });
});
