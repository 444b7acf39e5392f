/**
 * A seeded generator (xoshiro128**, small and well studied) with normal deviates, for the sandbox's
 * ids and the testing checks' own draws, and the interpolated quantile of a sorted sample. The
 * engine's Monte Carlo draws from counter-based streams per block instead (random-streams.ts).
 */

/**
 * A seeded source of uniform numbers in [0, 1).
 */
export type RandomSource = () => number;

/**
 * Returns a deterministic uniform generator for a 32-bit seed (xoshiro128** seeded by splitmix32).
 */
export function createRandomSource(seed: number): RandomSource {
  let x = seed >>> 0;
  const next32 = (): number => {
    x = (x + 0x9e3779b9) >>> 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = next32();
  let b = next32();
  let c = next32();
  let d = next32();
  return () => {
    const result = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
    const t = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = rotl(d, 11);
    return result / 4294967296;
  };
}

function rotl(v: number, k: number): number {
  return (v << k) | (v >>> (32 - k));
}

/**
 * Returns a generator of standard normal deviates (Marsaglia polar method) drawing on `random`.
 */
export function createNormalSource(random: RandomSource): () => number {
  let spare = Number.NaN;
  return () => {
    if (!Number.isNaN(spare)) {
      const v = spare;
      spare = Number.NaN;
      return v;
    }
    let u: number;
    let v: number;
    let s: number;
    do {
      u = 2 * random() - 1;
      v = 2 * random() - 1;
      s = u * u + v * v;
    } while (s >= 1 || s === 0);
    const f = Math.sqrt((-2 * Math.log(s)) / s);
    spare = v * f;
    return u * f;
  };
}

/**
 * The p-quantile of ascending values, interpolating linearly between order statistics.
 */
export function quantileOfSorted(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return quantileOfOrderStatistics((rank) => sorted[rank] as number, sorted.length, p);
}

/**
 * The p-quantile of n values (n > 0) from their order statistics (`at(r)`: the r-th smallest,
 * 0-based), interpolating linearly between the two it falls between; only those two are read.
 */
export function quantileOfOrderStatistics(at: (rank: number) => number, n: number, p: number): number {
  const [lo, hi] = interpolationRanks(n, p);
  return at(lo) + ((n - 1) * p - lo) * (at(hi) - at(lo));
}

/** The two order statistics (0-based ranks) {@link quantileOfOrderStatistics} reads for the p-quantile of n values. */
export function interpolationRanks(n: number, p: number): readonly [number, number] {
  const lo = Math.floor((n - 1) * p);
  return [lo, Math.min(n - 1, lo + 1)];
}
