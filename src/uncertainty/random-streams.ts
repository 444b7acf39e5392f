/**
 * Counter-based random streams: the draws of a Monte Carlo evaluation come in fixed blocks, and
 * block b of a datapoint (or of a correlated group) has a stream of its own whose state is a mix
 * of (seed, b, the datapoint's 64-bit key). Any block can be drawn alone, so splitting the
 * blocks among threads, or drawing only the datapoints a few entries need, never changes a figure;
 * keying by the id (not the position) makes the draws independent of the document's order.
 */

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
 * The stream of block `block` of key `key` under `seed` (an integer; its low 53 bits count):
 * xoshiro128** whose four state words are distinct bijective mixes of the seed's halves, the block
 * and the key, warmed up so that neighbouring states give unrelated numbers.
 */
export class BlockStream {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number, block: number, key: readonly [number, number]) {
    const low = seed >>> 0;
    const high = Math.floor(seed / 4294967296) >>> 0;
    // Each word mixes one part of (seed, block, key) with another: distinct tuples, distinct states.
    this.a = (fmix32(low ^ 0x9e3779b9) ^ fmix32(key[1] + 0x510e527f)) >>> 0;
    this.b = (fmix32(high ^ 0x7f4a7c15) ^ fmix32(key[0] + 0x6a09e667)) >>> 0;
    this.c = fmix32(block + 0xbb67ae85);
    this.d = (fmix32(key[0] ^ 0x3c6ef372) ^ fmix32(key[1] ^ 0xa54ff53a) ^ 1) >>> 0;
    for (let i = 0; i < 16; i++) this.next32();
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
   * Fills `out` with standard normal deviates (Marsaglia's polar method, both values of each pair,
   * from 32-bit uniforms), the generator's state kept in locals for speed.
   */
  fillNormals(out: Float64Array): void {
    let { a, b, c, d } = this;
    const n = out.length;
    for (let i = 0; i < n; ) {
      let u = 0;
      let v = 0;
      let s = 0;
      do {
        let r = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
        let t = b << 9;
        c ^= a;
        d ^= b;
        b ^= c;
        a ^= d;
        c ^= t;
        d = rotl(d, 11);
        u = (r + 0.5) * 4.656612873077393e-10 - 1; // (r + 0.5) / 2^31 - 1, in (-1, 1)
        r = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
        t = b << 9;
        c ^= a;
        d ^= b;
        b ^= c;
        a ^= d;
        c ^= t;
        d = rotl(d, 11);
        v = (r + 0.5) * 4.656612873077393e-10 - 1;
        s = u * u + v * v;
      } while (s >= 1 || s === 0);
      const f = Math.sqrt((-2 * Math.log(s)) / s);
      out[i++] = u * f;
      if (i < n) out[i++] = v * f;
    }
    this.a = a;
    this.b = b;
    this.c = c;
    this.d = d;
  }
}

function rotl(v: number, k: number): number {
  return (v << k) | (v >>> (32 - k));
}
