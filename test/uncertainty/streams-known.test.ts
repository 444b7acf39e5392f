// Focused pins of src/uncertainty/random-streams.ts and ziggurat-wasm.ts (the mutation group uncertainty-streams runs this
// file for every mutant, so it stays small): the streams' keys, first numbers and uniforms for fixed seeds (the low and
// high halves of the seed, the block, both words of the key), and the first normal deviates of fixed streams hashed bit
// for bit, through the WebAssembly kernel, the JavaScript loop and a host without WebAssembly: the streams must not change.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BlockStream, streamKey } from '../../src/uncertainty/random-streams';
import { ZIGGURAT_KERNEL_CAPACITY } from '../../src/uncertainty/ziggurat-wasm';

/** FNV-1a over the 64 bits of each value, as 8 hex digits. */
function hashBits(values: Float64Array): string {
  const words = new Uint32Array(values.buffer, values.byteOffset, values.length * 2);
  let h = 0x811c9dc5;
  for (const w of words) h = Math.imul(h ^ w, 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

/** The first `n` numbers of a stream. */
function firstNumbers(stream: BlockStream, n: number): number[] {
  return Array.from({ length: n }, () => stream.next32());
}

// The test files share a module registry (vitest.config.ts: isolate false): a module imported afresh here, perhaps
// without WebAssembly, must not be the one the next file finds.
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.resetModules();
});

describe('the streams', () => {
  it('keys: two words per id, pinned', () => {
    expect(['', 'a', 'dtp_1', 'dtp_2', 'grp_soil|dtp_x'].map((id) => streamKey(id))).toEqual(KEYS);
  });

  it('first numbers and uniforms of fixed streams: seed halves, block and key words each count', () => {
    const key = streamKey('dtp_1');
    const streams = [
      new BlockStream(0, 0, key),
      new BlockStream(1, 0, key),
      new BlockStream(2 ** 40 + 7, 0, key),
      new BlockStream(0, 3, key),
      new BlockStream(0, 0, [key[0], key[1] ^ 1]),
      new BlockStream(0, 0, [key[0] ^ 1, key[1]]),
    ];
    expect(streams.map((s) => firstNumbers(s, 3))).toEqual(FIRST_NUMBERS);
    expect(streams.map((s) => s.uniform())).toEqual(UNIFORMS);
  });

  it('a uniform is never 0 or 1: (n >>> 5) 2^26 + (m >>> 6) + 0.5 over 2^53', () => {
    const a = new BlockStream(9, 1, streamKey('u'));
    const b = new BlockStream(9, 1, streamKey('u'));
    const [n, m] = [a.next32(), a.next32()];
    expect(b.uniform()).toBe(((n >>> 5) * 67108864 + (m >>> 6) + 0.5) / 9007199254740992);
  });
});

/**
 * The streams module imported afresh: its WebAssembly kernel is built once per import and cached, so each test that
 * reads deviates builds its own (a test run per test then covers the kernel's construction, not only the first one).
 */
async function freshStreams(): Promise<typeof import('../../src/uncertainty/random-streams')> {
  vi.resetModules();
  return import('../../src/uncertainty/random-streams');
}

describe('the normal deviates', () => {
  const size = ZIGGURAT_KERNEL_CAPACITY + 1000;

  it('the kernel is compiled on this host, and the first deviates are pinned', async () => {
    const streams = await freshStreams();
    expect(streams.normalsInWebAssembly()).toBe(true);
    const first = new Float64Array(4);
    new streams.BlockStream(2026, 0, streams.streamKey('dtp_pin')).fillNormals(first);
    expect([...first]).toEqual(FIRST_NORMALS);
  });

  it('a longer fill (past the kernel`s capacity, wedges and tails included) hashed bit for bit, in both paths', async () => {
    const streams = await freshStreams();
    const wasm = new Float64Array(size);
    const stream = new streams.BlockStream(2026, 1, streams.streamKey('dtp_pin'));
    stream.fillNormals(wasm);
    expect(hashBits(wasm)).toBe(LONG_HASH);
    // The base layer's tail (beyond R = 3.4426) was drawn at least once.
    expect(wasm.some((v) => Math.abs(v) > 3.442619855899)).toBe(true);
    expect(stream.next32()).toBe(NEXT_AFTER);
    const js = new Float64Array(size);
    const scalar = new streams.BlockStream(2026, 1, streams.streamKey('dtp_pin'));
    scalar.fillNormalsScalar(js);
    expect(hashBits(js)).toBe(LONG_HASH);
    expect(scalar.next32()).toBe(NEXT_AFTER);
  });

  it('300,000 deviates (169 from the tail, 76 above and 93 below) hashed, in both paths', async () => {
    const streams = await freshStreams();
    const wasm = new Float64Array(300_000);
    new streams.BlockStream(7, 0, streams.streamKey('dtp_tails')).fillNormals(wasm);
    const js = new Float64Array(300_000);
    new streams.BlockStream(7, 0, streams.streamKey('dtp_tails')).fillNormalsScalar(js);
    expect(hashBits(wasm)).toBe(TAILS_HASH);
    expect(hashBits(js)).toBe(TAILS_HASH);
    expect(wasm.filter((v) => v > 3.442619855899).length).toBe(POSITIVE_TAILS);
    expect(wasm.filter((v) => v < -3.442619855899).length).toBe(NEGATIVE_TAILS);
  });

  // A number is exactly 1 about once in 2^32: a search over keys found the stream of seed 1, block 0 and key [117, 495],
  // whose 306th number is 1 (layer 1, position 0). Layer 1's rectangle has no width (KN[1] = 0), so that number goes to
  // its wedge, which takes one uniform (two numbers) to accept x = 0; a fast path taking it would give the same 0 but
  // shift every later deviate.
  it('a number on a rectangle`s edge (layer 1, position 0) goes to its wedge, in both paths', async () => {
    const streams = await freshStreams();
    const wasm = new Float64Array(1024);
    new streams.BlockStream(1, 0, [117, 495]).fillNormals(wasm);
    const js = new Float64Array(1024);
    new streams.BlockStream(1, 0, [117, 495]).fillNormalsScalar(js);
    expect([wasm[276], wasm[277]]).toEqual([0, 0.3059584299847253]);
    expect(hashBits(js)).toBe(hashBits(wasm));
  });

  it('with a location and a scale: location + scale z, bit for bit, in both paths', async () => {
    const streams = await freshStreams();
    const z = new Float64Array(3000);
    new streams.BlockStream(5, 2, streams.streamKey('dtp_scaled')).fillNormals(z);
    const scaled = new Float64Array(3000);
    new streams.BlockStream(5, 2, streams.streamKey('dtp_scaled')).fillNormals(scaled, 3, 0.5);
    const scalar = new Float64Array(3000);
    new streams.BlockStream(5, 2, streams.streamKey('dtp_scaled')).fillNormalsScalar(scalar, 3, 0.5);
    expect(hashBits(scaled)).toBe(hashBits(Float64Array.from(z, (v) => 3 + 0.5 * v)));
    expect(hashBits(scalar)).toBe(hashBits(scaled));
    expect(hashBits(z)).toBe(SCALED_HASH);
  });

  it('an empty fill draws nothing', () => {
    const a = new BlockStream(5, 2, streamKey('e'));
    a.fillNormals(new Float64Array(0));
    a.fillNormalsScalar(new Float64Array(0));
    expect(a.next32()).toBe(new BlockStream(5, 2, streamKey('e')).next32());
  });

  it('the wedges are decided in WebAssembly: Math.exp is called only where its bound is too close to tell', async () => {
    const exp = Math.exp;
    let calls = 0;
    vi.spyOn(Math, 'exp').mockImplementation((x) => {
      calls++;
      return exp(x);
    });
    const streams = await freshStreams();
    const out = new Float64Array(size);
    new streams.BlockStream(3, 0, streams.streamKey('dtp_wedges')).fillNormals(out);
    const first = calls; // the tables' construction and the first fill
    new streams.BlockStream(3, 1, streams.streamKey('dtp_wedges')).fillNormals(out);
    // About 230 wedges in 8,680 deviates; the JavaScript loop would call Math.exp for each.
    expect(calls - first).toBeLessThan(3);
  });

  it('a host without WebAssembly draws the same deviates through the JavaScript loop', async () => {
    vi.stubGlobal('WebAssembly', undefined);
    const streams = await freshStreams();
    expect(streams.normalsInWebAssembly()).toBe(false);
    const out = new Float64Array(size);
    new streams.BlockStream(2026, 1, streams.streamKey('dtp_pin')).fillNormals(out);
    expect(hashBits(out)).toBe(LONG_HASH);
  });
});

const KEYS = [
  [2166136261, 3954623016],
  [3826002220, 2242227646],
  [2356133299, 1836455891],
  [2372910918, 1663635711],
  [187492013, 2160821772],
];
const FIRST_NUMBERS = [
  [1921620149, 1752031883, 2254510401],
  [955986533, 879828036, 1918724410],
  [4079458070, 3449644556, 3260259208],
  [1013806752, 4046624275, 4049870179],
  [855791652, 3279493782, 2096341760],
  [1854597196, 1173788223, 1016689539],
];
const UNIFORMS = [
  0.33806806123554284, 0.2629218856817657, 0.5096993007152593, 0.009047994090012612, 0.008752621757960821, 0.2815619557372104,
];
const FIRST_NORMALS = [0.4331485015407165, 0.9233108315944266, 1.505684529187177, 0.7048804638846382];
const LONG_HASH = '92c25f79';
const NEXT_AFTER = 2082961446;
const SCALED_HASH = '2adeca04';
const TAILS_HASH = '6a948fb8';
const POSITIVE_TAILS = 76;
const NEGATIVE_TAILS = 93;
