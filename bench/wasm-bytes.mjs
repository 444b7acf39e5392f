/**
 * The byte encodings the benches' hand-assembled WebAssembly modules share (bench/normals-simd.mjs,
 * bench/normals-box-muller.mjs): LEB128 numbers, vectors, sections, names and SIMD opcodes.
 */

/** Unsigned LEB128 of a 32-bit integer. */
export const uleb = (v) => {
  const bytes = [];
  let x = v >>> 0;
  do {
    const low = x & 0x7f;
    x >>>= 7;
    bytes.push(x ? low | 0x80 : low);
  } while (x);
  return bytes;
};

/** Signed LEB128 of an integer (int32 or int64 constants). */
export const sleb = (v) => {
  const bytes = [];
  let x = BigInt(v);
  for (;;) {
    const low = Number(x & 0x7fn);
    x >>= 7n;
    if ((x === 0n && !(low & 0x40)) || (x === -1n && low & 0x40)) return [...bytes, low];
    bytes.push(low | 0x80);
  }
};

/** A vector: its length, then its items. */
export const vec = (items) => [...uleb(items.length), ...items.flat()];
/** A section: its id, its size, its content. */
export const sec = (id, content) => [id, ...uleb(content.length), ...content];
/** A name: its length, then its characters. */
export const nm = (text) => [...uleb(text.length), ...Array.from(text, (c) => c.charCodeAt(0))];
/** A SIMD instruction (prefix 0xfd) with its immediates. */
export const S = (op, ...immediates) => [0xfd, ...uleb(op), ...immediates];
