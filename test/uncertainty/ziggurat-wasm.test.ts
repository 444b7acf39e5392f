// The WebAssembly fast path of the normal generator (src/uncertainty/ziggurat-wasm.ts) gives the
// same deviates, bit for bit, as the JavaScript loop it stands in for, and a host without
// WebAssembly draws the same ones through the JavaScript loop alone.
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BlockStream, normalsInWebAssembly, streamKey } from '../../src/uncertainty/random-streams';
import { fastPathLimits, ZIGGURAT_KERNEL_CAPACITY } from '../../src/uncertainty/ziggurat-wasm';

function deviates(
  fill: (stream: BlockStream, out: Float64Array) => void,
  seed: number,
  block: number,
  id: string,
  size: number,
): Float64Array {
  const out = new Float64Array(size);
  fill(new BlockStream(seed, block, streamKey(id)), out);
  return out;
}

const sameBits = (x: Float64Array, y: Float64Array): boolean => x.length === y.length && x.every((v, i) => Object.is(v, y[i]));

describe('the ziggurat in WebAssembly', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.doUnmock('../../src/uncertainty/ziggurat-wasm');
    vi.resetModules();
  });

  it('is compiled on this host (the property below compares two paths, not one with itself)', () => {
    expect(normalsInWebAssembly()).toBe(true);
  });

  it('gives the JavaScript loop`s deviates bit for bit, whatever the seed, block, key, size, location and scale', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.nat(100_000),
        fc.string({ maxLength: 12 }),
        fc.integer({ min: 0, max: 3000 }),
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: 1e-6, max: 1e3, noNaN: true }),
        (seed, block, id, size, location, scale) => {
          const wasm = deviates((s, out) => s.fillNormals(out, location, scale), seed, block, id, size);
          const js = deviates((s, out) => s.fillNormalsScalar(out, location, scale), seed, block, id, size);
          expect(sameBits(wasm, js)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('leaves the stream where the JavaScript loop does, across a fill longer than the kernel holds', () => {
    const size = 2 * ZIGGURAT_KERNEL_CAPACITY + 123;
    const wasm = new BlockStream(11, 4, streamKey('dtp_long'));
    const js = new BlockStream(11, 4, streamKey('dtp_long'));
    const x = new Float64Array(size);
    const y = new Float64Array(size);
    wasm.fillNormals(x);
    js.fillNormalsScalar(y);
    expect(sameBits(x, y)).toBe(true);
    // The wedges (about 2.7 % of numbers) and the tail (about 0.03 %) ran, and the states agree after them.
    expect(wasm.next32()).toBe(js.next32());
    expect(wasm.uniform()).toBe(js.uniform());
  });

  it('draws standard normals: mean, variance and tail shares of 400,000 deviates with a fixed seed', () => {
    const n = 400_000;
    const z = deviates((s, out) => s.fillNormals(out), 2026, 0, 'dtp_moments', n);
    let sum = 0;
    let squares = 0;
    let beyond2 = 0;
    let beyond3 = 0;
    for (const v of z) {
      sum += v;
      squares += v * v;
      if (Math.abs(v) > 2) beyond2++;
      if (Math.abs(v) > 3.442619855899) beyond3++;
    }
    expect(Math.abs(sum / n)).toBeLessThan(5 / Math.sqrt(n));
    expect(Math.abs(squares / n - 1)).toBeLessThan(5 * Math.sqrt(2 / n));
    // P(|Z| > 2) = 0.0455003; P(|Z| > R), R the ziggurat's base, = 0.000576 (the tail's own sampler).
    expect(Math.abs(beyond2 / n - 0.0455003)).toBeLessThan(5 * Math.sqrt((0.0455 * 0.9545) / n));
    expect(Math.abs(beyond3 / n - 0.000576)).toBeLessThan(5 * Math.sqrt(0.000576 / n));
  });

  it('a host without WebAssembly draws the same deviates through the JavaScript loop', async () => {
    const expected = deviates((s, out) => s.fillNormals(out, 3, 0.5), 5, 2, 'dtp_host', 4096);
    vi.stubGlobal('WebAssembly', undefined);
    vi.resetModules();
    const streams = await import('../../src/uncertainty/random-streams');
    expect(streams.normalsInWebAssembly()).toBe(false);
    const out = new Float64Array(4096);
    new streams.BlockStream(5, 2, streams.streamKey('dtp_host')).fillNormals(out, 3, 0.5);
    expect(sameBits(out, expected)).toBe(true);
  });
  it('decides the wedges in WebAssembly: Math.exp is called (in JavaScript) only where the polynomial bound is too close to tell', async () => {
    const exp = Math.exp;
    let calls = 0;
    vi.spyOn(Math, 'exp').mockImplementation((x) => {
      calls++;
      return exp(x);
    });
    vi.resetModules();
    const streams = await import('../../src/uncertainty/random-streams');
    const out = new Float64Array(100_000);
    new streams.BlockStream(3, 0, streams.streamKey('dtp_wedges')).fillNormals(out);
    const atLoad = calls; // the tables' construction
    new streams.BlockStream(3, 1, streams.streamKey('dtp_wedges')).fillNormals(out);
    vi.restoreAllMocks();
    // About 2,700 wedges in 100,000 deviates; a call needs y within 1e-9 of exp(-x^2 / 2).
    expect(calls - atLoad).toBeLessThan(3);
    const js = new Float64Array(out.length);
    new streams.BlockStream(3, 1, streams.streamKey('dtp_wedges')).fillNormalsScalar(js);
    expect(sameBits(out, js)).toBe(true);
  });

  it('tests |h| < k on integers exactly as on doubles: (h + m) unsigned below 2m + 1, for any k of the tables` range', () => {
    const agrees = (k: number, h: number): boolean => {
      const [m, limit] = fastPathLimits(k);
      return (h + m) >>> 0 < limit === Math.abs(h) < k;
    };
    const near = (k: number): number[] =>
      [-1, 0, 1].flatMap((e) => [Math.floor(k) + e, Math.ceil(k) + e, -Math.floor(k) - e, -Math.ceil(k) - e]);
    for (const k of [0, 0.5, 1, 1.5, 2, 16777215.5, 16777216, 2 ** 23 + 0.25]) for (const h of near(k)) expect(agrees(k, h)).toBe(true);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 2 ** 24, noNaN: true }), fc.integer({ min: -(2 ** 24), max: 2 ** 24 - 1 }), (k, h) => {
        expect(agrees(k, h)).toBe(true);
        for (const g of near(k)) if (Math.abs(g) <= 2 ** 24) expect(agrees(k, g)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    [1, 1e-9],
    [2, 1e-9],
    [3, 2],
    [4, 2],
  ])('a kernel unrolled %d times with margin %d (2: every wedge left to JavaScript) gives the same deviates', async (unroll, margin) => {
    const size = ZIGGURAT_KERNEL_CAPACITY + 777;
    const expected = deviates((s, out) => s.fillNormalsScalar(out, -2, 3), 9, 1, 'dtp_unroll', size);
    vi.resetModules();
    vi.doMock('../../src/uncertainty/ziggurat-wasm', async (importOriginal) => {
      const actual = await importOriginal<typeof import('../../src/uncertainty/ziggurat-wasm')>();
      let made: ReturnType<typeof actual.makeZigguratKernel> | undefined;
      return {
        ...actual,
        zigguratKernel: (kn: Float64Array, wn: Float64Array, fn: Float64Array) =>
          (made ??= actual.makeZigguratKernel(kn, wn, fn, { margin, unroll })),
      };
    });
    const streams = await import('../../src/uncertainty/random-streams');
    const exp = Math.exp;
    let calls = 0;
    vi.spyOn(Math, 'exp').mockImplementation((x) => {
      calls++;
      return exp(x);
    });
    const stream = new streams.BlockStream(9, 1, streams.streamKey('dtp_unroll'));
    const out = new Float64Array(size);
    stream.fillNormals(out, -2, 3);
    vi.restoreAllMocks();
    expect(streams.normalsInWebAssembly()).toBe(true);
    expect(sameBits(out, expected)).toBe(true);
    // With margin 2 JavaScript decides the wedges: about 2.7 % of the numbers.
    if (margin === 2) expect(calls).toBeGreaterThan(0.02 * size);
    else expect(calls).toBeLessThan(3);
  });
});
