/**
 * Counter-based random streams: the draws of a Monte Carlo evaluation come in fixed blocks, and
 * block b of a datapoint (or of a correlated group) has a stream of its own whose state is a
 * bijective mix of (seed, b, the datapoint's key). Any block can be drawn alone, so splitting the
 * blocks among threads, or drawing only the datapoints a few entries need, never changes a figure;
 * keying by the id (not the position) makes the draws independent of the document's order.
 */

/** 32-bit FNV-1a of a string: the key of a datapoint's or group's streams. */
export function streamKey(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return h;
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

  constructor(seed: number, block: number, key: number) {
    const low = seed >>> 0;
    const high = Math.floor(seed / 4294967296) >>> 0;
    this.a = fmix32(low ^ 0x9e3779b9);
    this.b = (fmix32(high ^ 0x7f4a7c15) ^ fmix32(key + 0x6a09e667)) >>> 0;
    this.c = fmix32(block + 0xbb67ae85);
    this.d = (fmix32(key ^ 0x3c6ef372) ^ 1) >>> 0;
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
