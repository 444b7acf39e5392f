/**
 * Counter-based random streams: the draws of a Monte Carlo evaluation come in fixed blocks, and
 * block b of a datapoint (or of a correlated group) has a stream of its own whose state is a mix
 * of (seed, b, the datapoint's 64-bit key). Any block can be drawn alone, so splitting the
 * blocks among threads, or drawing only the datapoints a few entries need, never changes a figure;
 * keying by the id (not the position) makes the draws independent of the document's order.
 */
import { ZIGGURAT_KERNEL_CAPACITY, type ZigguratKernel, zigguratKernel } from './ziggurat-wasm';

/**
 * The 64-bit key of a datapoint's or group's streams, as two 32-bit words: FNV-1a and a second,
 * independent multiplicative hash of the id. 64 bits keep two ids of a 300,000-datapoint graph
 * from sharing draws (32 bits would, with near certainty, by the birthday bound).
 */
export function streamKey(id: string): readonly [number, number] {
  let h = 0x811c9dc5;
  let g = 0x9747b28c;
  for (let i = 0; i < id.length; i++) {
    const code = id.charCodeAt(i);
    h = Math.imul(h ^ code, 0x01000193) >>> 0;
    g = Math.imul(g ^ code, 0x5bd1e995);
    g = (g ^ (g >>> 15)) >>> 0;
  }
  return [h, fmix32(g ^ id.length)];
}

/** The murmur3 finaliser: a bijection of 32-bit integers. */
function fmix32(v: number): number {
  let z = v >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
  return (z ^ (z >>> 16)) >>> 0;
}

/**
 * The seed's and the key's share of a stream's state (the words a, b and d, the same for every
 * block); {@link BlockStream.restart} adds the block's. Made once per key, it spares the mixing of
 * the seed and the key at every block.
 */
export interface StreamOrigin {
  readonly a: number;
  readonly b: number;
  readonly d: number;
}

/** The {@link StreamOrigin} of key `key` under `seed`: each word mixes one part of (seed, key) with another. */
export function streamOrigin(seed: number, key: readonly [number, number]): StreamOrigin {
  const low = seed >>> 0;
  const high = Math.floor(seed / 4294967296) >>> 0;
  return {
    a: (fmix32(low ^ 0x9e3779b9) ^ fmix32(key[1] + 0x510e527f)) >>> 0,
    b: (fmix32(high ^ 0x7f4a7c15) ^ fmix32(key[0] + 0x6a09e667)) >>> 0,
    d: (fmix32(key[0] ^ 0x3c6ef372) ^ fmix32(key[1] ^ 0xa54ff53a) ^ 1) >>> 0,
  };
}

/**
 * The stream of block `block` of key `key` under `seed` (an integer; its low 53 bits count):
 * xoshiro128** whose four state words are distinct bijective mixes of the seed's halves, the block
 * and the key, warmed up so that neighbouring states give unrelated numbers.
 */
export class BlockStream {
  private a = 0;
  private b = 0;
  private c = 0;
  private d = 0;

  constructor(seed: number, block: number, key: readonly [number, number]) {
    this.restart(streamOrigin(seed, key), block);
  }

  /**
   * Makes this the stream of block `block` of the key and seed of `origin`: the same state as
   * `new BlockStream(seed, block, key)` (distinct tuples, distinct states), without a new object.
   */
  restart(origin: StreamOrigin, block: number): this {
    let a = origin.a;
    let b = origin.b;
    let c = fmix32(block + 0xbb67ae85);
    let d = origin.d;
    // 16 steps of next32, its output dropped, on locals: 0.3-0.4 ns per deviate less than 16 calls (bench/RESULTS.md).
    for (let i = 0; i < 16; i++) {
      const t = b << 9;
      c ^= a;
      d ^= b;
      b ^= c;
      a ^= d;
      c ^= t;
      d = rotl(d, 11);
    }
    this.a = a;
    this.b = b;
    this.c = c;
    this.d = d;
    return this;
  }

  /** The next 32 random bits, as an unsigned integer. */
  next32(): number {
    const result = Math.imul(rotl(Math.imul(this.b, 5), 7), 9) >>> 0;
    const t = this.b << 9;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = rotl(this.d, 11);
    return result;
  }

  /** A uniform number in (0, 1) with 53 random bits, never 0 or 1 (quantile functions need neither). */
  uniform(): number {
    return ((this.next32() >>> 5) * 67108864 + (this.next32() >>> 6) + 0.5) / 9007199254740992;
  }

  /**
   * Fills `out` with standard normal deviates by Marsaglia and Tsang's ziggurat (128 layers): one
   * 32-bit number per deviate almost always (7 bits choose the layer, the other 25 the position,
   * so the two are independent), the exact tail and wedges otherwise. With `location` and `scale`,
   * each is written as `location + scale * z` (a normal input drawn in the same pass); the default
   * 0 and 1 give z itself, as a deviate is never -0. The fast path and the wedges run in WebAssembly
   * where the host allows it (ziggurat-wasm.ts: the same steps, arithmetic and decisions, so the same deviates), else in
   * {@link BlockStream.fillNormalsScalar}.
   */
  fillNormals(out: Float64Array, location = 0, scale = 1): void {
    const kernel = zigguratKernel(KN, WN, FN);
    if (kernel === null) this.fillNormalsScalar(out, location, scale);
    else this.fillNormalsKernel(kernel, out, location, scale);
  }

  /** {@link BlockStream.fillNormals} with the fast path and wedges in the WebAssembly kernel, a kernel's capacity at a time. */
  private fillNormalsKernel(kernel: ZigguratKernel, out: Float64Array, location: number, scale: number): void {
    const { state, out: deviates } = kernel;
    this.saveTo(state);
    for (let start = 0; start < out.length; start += ZIGGURAT_KERNEL_CAPACITY) {
      const n = Math.min(ZIGGURAT_KERNEL_CAPACITY, out.length - start);
      let i = kernel.fill(n, location, scale, 0);
      while (i < n) {
        // The number at state[4] fell in the base layer's tail, or in a wedge too close to tell: drawn here
        // (on the fields), then back.
        this.loadFrom(state);
        const j = state[4] as number;
        const z = this.zigguratEdge(j >> 7, j & 127);
        this.saveTo(state);
        if (!Number.isNaN(z)) deviates[i++] = location + scale * z;
        i = kernel.fill(n, location, scale, i);
      }
      out.set(kernel.first(n), start);
    }
    this.loadFrom(state);
  }

  private saveTo(state: Int32Array): void {
    state[0] = this.a;
    state[1] = this.b;
    state[2] = this.c;
    state[3] = this.d;
  }

  private loadFrom(state: Int32Array): void {
    this.a = (state[0] as number) >>> 0;
    this.b = (state[1] as number) >>> 0;
    this.c = (state[2] as number) >>> 0;
    this.d = (state[3] as number) >>> 0;
  }

  /** {@link BlockStream.fillNormals} in JavaScript alone: the path of a host without WebAssembly (and the reference of the tests). */
  fillNormalsScalar(out: Float64Array, location = 0, scale = 1): void {
    const n = out.length;
    // The state in locals and next32 written out in a tight loop of the fast path alone: fields
    // read and written per deviate, or the slow path's variables kept alive in the loop, cost more
    // than the fast path itself. The slow path (3 % of deviates) works on the fields.
    let a = this.a;
    let b = this.b;
    let c = this.c;
    let d = this.d;
    let i = 0;
    let layer = 0;
    let h = 0;
    while (i < n) {
      for (; i < n; i++) {
        const b5 = Math.imul(b, 5);
        const j = Math.imul((b5 << 7) | (b5 >>> 25), 9);
        const t = b << 9;
        c ^= a;
        d ^= b;
        b ^= c;
        a ^= d;
        c ^= t;
        d = (d << 11) | (d >>> 21);
        layer = j & 127;
        h = j >> 7;
        if (!(Math.abs(h) < (KN[layer] as number))) break;
        out[i] = location + scale * (h * (WN[layer] as number));
      }
      if (i >= n) break;
      this.a = a;
      this.b = b;
      this.c = c;
      this.d = d;
      const z = this.zigguratEdge(h, layer);
      a = this.a;
      b = this.b;
      c = this.c;
      d = this.d;
      // A rejected wedge leaves the place to a new deviate, drawn from the next number.
      if (!Number.isNaN(z)) out[i++] = location + scale * z;
    }
    this.a = a;
    this.b = b;
    this.c = c;
    this.d = d;
  }

  /** The ziggurat's slow path for one number: the base layer's tail, or a wedge's test against the density (NaN: rejected). */
  private zigguratEdge(h: number, layer: number): number {
    if (layer === 0) return this.zigguratTail(h);
    const x = h * (WN[layer] as number);
    const below = FN[layer] as number;
    return below + this.uniform() * ((FN[layer - 1] as number) - below) < Math.exp(-0.5 * x * x) ? x : Number.NaN;
  }

  /** The ziggurat's tail beyond R (the base layer past its rectangle), by Marsaglia's exponential method. */
  private zigguratTail(h: number): number {
    let tail = 0;
    let y = 0;
    do {
      tail = -Math.log(this.uniform()) / ZIGGURAT_R;
      y = -Math.log(this.uniform());
    } while (y + y < tail * tail);
    return h > 0 ? ZIGGURAT_R + tail : -ZIGGURAT_R - tail;
  }
}

/** Whether {@link BlockStream.fillNormals} runs its fast path in WebAssembly on this host. */
export function normalsInWebAssembly(): boolean {
  return zigguratKernel(KN, WN, FN) !== null;
}

function rotl(v: number, k: number): number {
  return (v << k) | (v >>> (32 - k));
}

/** The ziggurat's tables (Marsaglia and Tsang 2000, 128 layers), for 25-bit signed positions. */
const ZIGGURAT_R = 3.442619855899;
const KN = new Float64Array(128);
const WN = new Float64Array(128);
const FN = new Float64Array(128);
{
  const m = 16777216; // 2^24: |h| of a 25-bit signed position is below it
  const v = 9.91256303526217e-3;
  let d = ZIGGURAT_R;
  let t = d;
  const q = v / Math.exp(-0.5 * d * d);
  KN[0] = (d / q) * m;
  KN[1] = 0;
  WN[0] = q / m;
  WN[127] = d / m;
  FN[0] = 1;
  FN[127] = Math.exp(-0.5 * d * d);
  for (let i = 126; i >= 1; i--) {
    d = Math.sqrt(-2 * Math.log(v / d + Math.exp(-0.5 * d * d)));
    KN[i + 1] = (d / t) * m;
    t = d;
    FN[i] = Math.exp(-0.5 * d * d);
    WN[i] = d / m;
  }
}
