/**
 * Counter-based random streams: the draws of a Monte Carlo evaluation come in fixed blocks, and
 * block b of a datapoint (or of a correlated group) has a stream of its own whose state is a
 * bijective mix of (seed, b, the datapoint's key). Any block can be drawn alone, so splitting the
 * blocks among threads, or drawing only the datapoints a few entries need, never changes a figure;
 * keying by the id (not the position) makes the draws independent of the document's order.
 */
import type { RandomSource } from './sampling';

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
 * The uniform stream of block `block` of key `key` under `seed` (an integer; its low 53 bits
 * count): xoshiro128** whose four state words are distinct bijective mixes of the seed's halves,
 * the block and the key, warmed up so that neighbouring states give unrelated numbers.
 */
export function createBlockStream(seed: number, block: number, key: number): RandomSource {
  const low = seed >>> 0;
  const high = Math.floor(seed / 4294967296) >>> 0;
  let a = fmix32(low ^ 0x9e3779b9);
  let b = fmix32(high ^ 0x7f4a7c15) ^ fmix32(key + 0x6a09e667);
  let c = fmix32(block + 0xbb67ae85);
  let d = fmix32(key ^ 0x3c6ef372) ^ 1;
  const next = (): number => {
    const result = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
    const t = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = rotl(d, 11);
    return result;
  };
  for (let i = 0; i < 16; i++) next();
  // 53 random bits, never 0, so that quantile functions never see u = 0.
  return () => ((next() >>> 5) * 67108864 + (next() >>> 6) + 0.5) / 9007199254740992;
}

function rotl(v: number, k: number): number {
  return (v << k) | (v >>> (32 - k));
}

/** Fills `out` with standard normal deviates from `random` (Marsaglia's polar method, both values of each pair). */
export function fillNormals(random: RandomSource, out: Float64Array): void {
  for (let i = 0; i < out.length; ) {
    let u = 0;
    let v = 0;
    let s = 0;
    do {
      u = 2 * random() - 1;
      v = 2 * random() - 1;
      s = u * u + v * v;
    } while (s >= 1 || s === 0);
    const f = Math.sqrt((-2 * Math.log(s)) / s);
    out[i++] = u * f;
    if (i < out.length) out[i++] = v * f;
  }
}
