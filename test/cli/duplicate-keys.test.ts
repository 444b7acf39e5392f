/**
 * A key written twice in one JSON object is found (src/cli/duplicate-keys.ts), with both offsets,
 * whatever the escapes and the size of the object; keys equal only across objects are not.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { duplicateKeyIn, KeyScan } from '../../src/cli/duplicate-keys';

const find = (text: string) => duplicateKeyIn(Buffer.from(text));

/** A JSON value whose objects are lists of members, so that a key may come twice; written as text below. */
type Written = number | string | Written[] | { members: [string, Written][] };

const key = fc.oneof(
  fc.constantFrom('a', 'b', 'id', 'é', '"', '\\', '😀'),
  fc.string({ maxLength: 3 }),
  fc.string({ unit: 'binary', maxLength: 2 }),
);
const { value: written } = fc.letrec<{ value: Written }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.integer(),
    key,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.record({ members: fc.array(fc.tuple(key, tie('value')), { maxLength: 20 }) }),
  ),
}));

/** A key as JSON text, each character escaped as \uXXXX or not by `escapes` (cycled). */
function keyText(k: string, escapes: readonly boolean[], at: number): string {
  let out = '';
  let i = 0;
  for (const unit of k) {
    const escaped = escapes[(at + i++) % escapes.length] === true;
    out += escaped
      ? Array.from({ length: unit.length }, (_, j) => `\\u${unit.charCodeAt(j).toString(16).padStart(4, '0')}`).join('')
      : JSON.stringify(unit).slice(1, -1);
  }
  return `"${out}"`;
}

function text(value: Written, escapes: readonly boolean[]): string {
  if (typeof value === 'number' || typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v) => text(v, escapes)).join(', ')}]`;
  return `{${value.members.map(([k, v], i) => `${keyText(k, escapes, i)}: ${text(v, escapes)}`).join(',\n ')}}`;
}

/** The oracle: whether some object of the value lists a key twice (compared as strings). */
function hasDuplicate(value: Written): boolean {
  if (typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(hasDuplicate);
  const keys = value.members.map(([k]) => k);
  return new Set(keys).size < keys.length || value.members.some(([, v]) => hasDuplicate(v));
}

/** The key whose opening quote is at `offset`, followed by its colon. */
function keyAt(bytes: Buffer, offset: number): string {
  expect(bytes[offset]).toBe(0x22);
  let end = offset + 1;
  while (bytes[end] !== 0x22) end += bytes[end] === 0x5c ? 2 : 1;
  expect(
    bytes
      .subarray(end + 1)
      .toString()
      .trimStart()[0],
  ).toBe(':');
  return JSON.parse(bytes.subarray(offset, end + 1).toString()) as string;
}

describe('a key written twice in one JSON object', () => {
  it('is found exactly when some object lists a key twice, however its characters are escaped', () => {
    fc.assert(
      fc.property(written, fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }), (value, escapes) => {
        const json = text(value, escapes);
        JSON.parse(json); // the text is JSON
        const found = find(json);
        expect(found !== null).toBe(hasDuplicate(value));
        if (found === null) return;
        // Both offsets are at a key's opening quote, and the two keys read as the key named.
        const bytes = Buffer.from(json);
        for (const offset of [found.firstByteOffset, found.byteOffset]) expect(keyAt(bytes, offset)).toBe(found.key);
        expect(found.firstByteOffset).toBeLessThan(found.byteOffset);
      }),
      { numRuns: 1000 },
    );
  });

  it('known answers: escapes, nesting, strings that look like keys, many keys, offsets', () => {
    expect(find('{"a": 1, "b": {"a": 2}, "c": [{"a": 3}, {"a": 4}]}')).toBeNull();
    expect(find('{"a": "a", "b": ["a", "a"], "c": {"a": {"b": 1}, "b": 2}}')).toBeNull();
    expect(find('{"a": 1, "\\u0061": 2}')).toEqual({ key: 'a', firstByteOffset: 1, byteOffset: 9 });
    expect(find('{"\\u0061": 1, "a": 2}')).toEqual({ key: 'a', firstByteOffset: 1, byteOffset: 14 });
    const nested = '{"x": {"k": 1, "l": {"k": 2}}, "k": 3, "l": {"m": 1}, "k": 4}';
    expect(find(nested)).toEqual({ key: 'k', firstByteOffset: nested.indexOf('"k": 3'), byteOffset: nested.indexOf('"k": 4') });
    expect(find('{"{\\"": 1, "}": 2, "{\\"": 3}')?.key).toBe('{"');
    expect(find('{"é": 1, "\\u00e9": 2}')?.key).toBe('é');
    expect(find('{"ab": 1, "ba": 2, "a": 3}')).toBeNull();
    // Past 16 keys an object's keys go to a Map; the first of the pair may be on either side of that.
    const many = (n: number, again: number) => `{${Array.from({ length: n }, (_, i) => `"k${i}": ${i}`).join(', ')}, "k${again}": 0}`;
    for (const n of [3, 16, 17, 40]) {
      for (const again of [0, n - 1]) {
        const t = many(n, again);
        expect(find(t)).toEqual({ key: `k${again}`, firstByteOffset: t.indexOf(`"k${again}"`), byteOffset: t.lastIndexOf(`"k${again}"`) });
      }
    }
    expect(find(many(40, 40))).toBeNull();
    // The Map is made of the object's own keys, not of a closed object's left in the pool's next slot.
    const keys = Array.from({ length: 15 }, (_, i) => `"k${i}": 0`).join(', ');
    expect(find(`{${keys}, "n": {"a": 1, "q": 2}, "r": 0, "q": 0}`)).toBeNull();
  });

  it('reads keys as JSON.parse reads the bytes: two malformed sequences are one key', () => {
    for (const [a, b] of [
      [0xff, 0xfe],
      [0x80, 0xff],
    ] as const) {
      const bytes = Buffer.concat([Buffer.from('{"'), Buffer.from([a]), Buffer.from('": 1, "'), Buffer.from([b]), Buffer.from('": 2}')]);
      expect(Object.keys(JSON.parse(bytes.toString()) as object)).toHaveLength(1);
      expect(duplicateKeyIn(bytes)).toEqual({ key: '\ufffd', firstByteOffset: 1, byteOffset: 9 });
    }
  });

  it('compares a key only with the keys of its own object, whatever is written around them', () => {
    // The keys of a closed object are gone, though their slots are reused.
    expect(find('{"x": {"k": 1}, "k": 2}')).toBeNull();
    expect(find('{"x": [{"k": 1, "m": 2}], "y": {"n": 1}, "k": 2, "m": 3, "n": 4}')).toBeNull();
    // Spaces between a key and its colon are not part of it.
    expect(find('{"a" : 1, "a": 2}')).toEqual({ key: 'a', firstByteOffset: 1, byteOffset: 10 });
    // Strings at the top of a run of items, and in arrays, are values.
    const items = '"a", "a", ["b", "b"]';
    expect(duplicateKeyIn(Buffer.from(items), 0, items.length)).toBeNull();
    // Nesting deeper, and more keys open at once, than the scan's first allocation.
    const deep = `${'{"a": '.repeat(100)}{"k": 1, "k": 2}${'}'.repeat(100)}`;
    expect(find(deep)).toEqual({ key: 'k', firstByteOffset: deep.indexOf('"k"'), byteOffset: deep.lastIndexOf('"k"') });
    const level = (d: number) => `{${Array.from({ length: 10 }, (_, k) => `"k${k}": ${d}, `).join('')}"x": `;
    const wide = `${Array.from({ length: 12 }, (_, d) => level(d)).join('')}1, "k9": 0${'}'.repeat(12)}`;
    expect(find(wide)).toEqual({ key: 'k9', firstByteOffset: wide.lastIndexOf('"k9": 11'), byteOffset: wide.lastIndexOf('"k9"') });
  });

  it('reads only the bytes from `from` to `to`', () => {
    const text = '{"a": 1, "a"}';
    expect(duplicateKeyIn(Buffer.from(text), 0, text.length - 2)).toBeNull();
    expect(duplicateKeyIn(Buffer.from(text), 0, text.length - 1)?.key).toBe('a');
  });

  it('reads the items of an array without its brackets, from and to offsets, counting from an origin', () => {
    const items = 'xx{"a": 1}, {"a": 2, "a": 3}yy';
    expect(duplicateKeyIn(Buffer.from(items), 2, items.length - 2, 1000)).toEqual({ key: 'a', firstByteOffset: 1013, byteOffset: 1021 });
    expect(duplicateKeyIn(Buffer.from(items), 2, 10)).toBeNull();
  });

  it('KeyScan.run(at, true) gives where one value ends, and its first key written twice, as it reads on', () => {
    const scan = new KeyScan();
    const text = Buffer.from('xx{"a": 1, "a": 2, "b": [{"c": 3}], "b": 4}, {"d": 5}');
    scan.reset(text, text.length);
    const end = scan.run(2, true);
    expect(end).toBe(text.indexOf('}, {') + 1);
    expect(scan.duplicate).toEqual({ key: 'a', firstByteOffset: 3, byteOffset: 11 });
    scan.reset(text, text.length);
    expect(scan.run(text.indexOf('[{'), true)).toBe(text.indexOf(']') + 1);
    expect(scan.duplicate).toBeNull();
    // Cut before the value ends: -1, at every cut.
    for (let to = 3; to < end; to++) {
      scan.reset(text, to);
      expect(scan.run(2, true)).toBe(-1);
    }
    // A text that is not JSON (the stream reads items before JSON.parse refuses them) is read without a throw.
    const bad = Buffer.from('{"b": 1, "\\x": 2, "\\x": 3, "\\u12": 4}');
    scan.reset(bad, bad.length);
    expect(scan.run(0, true)).toBe(bad.length);
  });
});
