// The special functions and samplers behind Monte Carlo and coverage intervals, against published
// table values, and their invariants.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { erfc, incompleteBeta, logGamma, normalCdf, normalQuantile, studentTCdf, studentTQuantile } from '../../src/uncertainty';
import { choleskyOfCorrelation } from '../../src/uncertainty/correlation';
import { DISTRIBUTION_CODE, drawFromNormal, drawFromUniform, trapezoidQuantile } from '../../src/uncertainty/distributions';
import { orderStatistics, percentileConfidenceIndices, selectRanks } from '../../src/uncertainty/order-statistics';
import { BlockStream, streamKey } from '../../src/uncertainty/random-streams';

describe('special functions (published values)', () => {
  it('erfc and the normal CDF, tails included', () => {
    expect(erfc(0)).toBe(1);
    expect(erfc(1)).toBeCloseTo(0.157299207050285, 14);
    expect(erfc(3) / 2.209049699858544e-5).toBeCloseTo(1, 12);
    expect(erfc(6) / 2.151973671249892e-17).toBeCloseTo(1, 10);
    expect(erfc(-1)).toBeCloseTo(1.842700792949715, 14);
    expect(normalCdf(-1)).toBeCloseTo(0.158655253931457, 14);
  });

  it('the normal quantile', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 13);
    expect(normalQuantile(0.16)).toBeCloseTo(-0.994457883209753, 13);
    expect(normalQuantile(1e-10) / -6.361340902404056).toBeCloseTo(1, 12);
    fc.assert(
      fc.property(
        fc.double({ min: 1e-12, max: 1 - 1e-12, noNaN: true }),
        (p) => Math.abs(normalCdf(normalQuantile(p)) - p) <= 1e-13 * Math.max(1, 1 / p),
      ),
    );
  });

  it('log-gamma and the incomplete beta', () => {
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 13);
    expect(logGamma(10)).toBeCloseTo(Math.log(362880), 12);
    expect(incompleteBeta(0.5, 2, 2)).toBeCloseTo(0.5, 14);
    expect(incompleteBeta(0.3, 1, 1)).toBeCloseTo(0.3, 14);
    expect(incompleteBeta(0.2, 2, 3)).toBeCloseTo(0.1808, 13); // 6x^2 - 8x^3 + 3x^4
  });

  it("Student's t quantiles of the published tables", () => {
    expect(studentTQuantile(0.975, 1)).toBeCloseTo(12.7062047, 6);
    expect(studentTQuantile(0.95, 2)).toBeCloseTo(2.9199856, 6);
    expect(studentTQuantile(0.975, 10)).toBeCloseTo(2.2281389, 6);
    expect(studentTQuantile(0.995, 16)).toBeCloseTo(2.9207816, 6);
    expect(studentTQuantile(0.025, 30)).toBeCloseTo(-2.0422725, 6);
    expect(studentTQuantile(0.975, Infinity)).toBeCloseTo(1.959964, 6);
    fc.assert(
      fc.property(
        fc.double({ min: 1e-6, max: 1 - 1e-6, noNaN: true }),
        fc.double({ min: 1, max: 200, noNaN: true }),
        (p, nu) => Math.abs(studentTCdf(studentTQuantile(p, nu), nu) - p) < 1e-10,
      ),
    );
  });
});

describe('distributions', () => {
  /** Mean and standard deviation of a marginal's draws at 20,001 evenly spaced uniforms (a quadrature of its moments). */
  const moments = (type: number, parameter = Number.NaN) => {
    let sum = 0;
    let sum2 = 0;
    const n = 20_001;
    for (let i = 0; i < n; i++) {
      const x = drawFromUniform({ type, magnitude: 10, standardDeviation: 2, parameter }, (i + 0.5) / n);
      sum += x;
      sum2 += x * x;
    }
    const mean = sum / n;
    return { mean, sd: Math.sqrt(sum2 / n - mean * mean) };
  };

  it.each([
    ['rectangular', DISTRIBUTION_CODE.rectangular, Number.NaN],
    ['triangular', DISTRIBUTION_CODE.triangular, Number.NaN],
    ['arcsine', DISTRIBUTION_CODE.arcsine, Number.NaN],
    ['trapezoidal 0.3', DISTRIBUTION_CODE.trapezoidal, 0.3],
    ['lognormal', DISTRIBUTION_CODE.lognormal, Number.NaN],
  ] as const)('%s has the magnitude as mean and sd as standard deviation', (_, type, parameter) => {
    const { mean, sd } = moments(type, parameter);
    expect(mean).toBeCloseTo(10, 3);
    expect(sd).toBeCloseTo(2, 2);
  });

  it('student_t has standard deviation sd sqrt(n / (n - 2))', () => {
    expect(moments(DISTRIBUTION_CODE.student_t, 10).sd).toBeCloseTo(2 * Math.sqrt(10 / 8), 2);
  });

  it('the trapezoid spans its base: +- sqrt(6 / (1 + beta^2)) sd, rectangular and triangular at the ends', () => {
    expect(trapezoidQuantile(0, 1, 1)).toBeCloseTo(-Math.sqrt(3), 14);
    expect(trapezoidQuantile(1, 1, 0)).toBeCloseTo(Math.sqrt(6), 14);
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (u, v, beta) => (u <= v ? trapezoidQuantile(u, 1, beta) <= trapezoidQuantile(v, 1, beta) + 1e-12 : true),
      ),
    );
  });

  it('a normal marginal from a standard normal is magnitude + sd z', () => {
    expect(drawFromNormal({ type: DISTRIBUTION_CODE.normal, magnitude: 3, standardDeviation: 0.5, parameter: Number.NaN }, -2)).toBe(2);
  });
});

describe('random streams and order statistics', () => {
  it('a block stream depends on the seed, the block and the key, and a shorter fill is a prefix', () => {
    const fill = (seed: number, block: number, key: readonly [number, number], n: number) => {
      const out = new Float64Array(n);
      new BlockStream(seed, block, key).fillNormals(out);
      return out;
    };
    expect(fill(1, 0, streamKey('a'), 5)).toEqual(fill(1, 0, streamKey('a'), 9).subarray(0, 5));
    expect(fill(1, 0, streamKey('a'), 4)).not.toEqual(fill(2, 0, streamKey('a'), 4));
    expect(fill(1, 0, streamKey('a'), 4)).not.toEqual(fill(1, 1, streamKey('a'), 4));
    expect(fill(1, 0, streamKey('a'), 4)).not.toEqual(fill(1, 0, streamKey('b'), 4));
    // The two words of a key are independent hashes: no two of 100,000 ids share a key.
    const keys = new Set(Array.from({ length: 100_000 }, (_, i) => streamKey(`dtp_${i}`).join(' ')));
    expect(keys.size).toBe(100_000);
    const z = fill(7, 3, streamKey('c'), 100_000);
    const mean = z.reduce((s, x) => s + x, 0) / z.length;
    const sd = Math.sqrt(z.reduce((s, x) => s + (x - mean) ** 2, 0) / z.length);
    expect(Math.abs(mean)).toBeLessThan(0.02);
    expect(sd).toBeCloseTo(1, 2);
  });

  it('the normals have the normal distribution: tail and body probabilities within 4 standard errors over 2,000,000 draws', () => {
    const z = new Float64Array(2_000_000);
    const stream = new BlockStream(1, 0, streamKey('ziggurat'));
    for (let at = 0; at < z.length; at += 1024) stream.fillNormals(z.subarray(at, at + 1024));
    for (const x of [-4, -3.5, -3, -2, -1, -0.3, 0, 0.5, 1.5, 2.5, 3.44, 3.8]) {
      let below = 0;
      for (const v of z) if (v < x) below++;
      const p = normalCdf(x);
      const se = Math.sqrt((p * (1 - p)) / z.length);
      expect(Math.abs(below / z.length - p)).toBeLessThan(4 * se + 1e-7);
    }
  });

  it('the normals are pinned: 300,000 deviates of one stream (ziggurat wedges and tail included) hash to the same bits, and the state after them too', () => {
    // Fixed when the fill loop was rewritten for speed (bench/RESULTS.md): every Monte Carlo
    // figure depends on these bits, so a faster fill must draw exactly the same numbers.
    const z = new Float64Array(300_000);
    const stream = new BlockStream(20261127, 5, streamKey('dtp_golden'));
    for (let at = 0; at < z.length; at += 1000) stream.fillNormals(z.subarray(at, at + 1000));
    const words = new Uint32Array(z.buffer);
    let hash = 0x811c9dc5;
    for (const w of words) hash = Math.imul(hash ^ w, 0x01000193) >>> 0;
    expect(hash.toString(16)).toBe('1e490a75');
    expect([z[0], z[299_999], stream.next32()]).toEqual([-0.06404917560469602, -1.152641948823464, 964750640]);
  });

  it('a fill with a location and a scale gives location + scale z, bit for bit, for the same stream', () => {
    // Every normal input is drawn this way (magnitude + sd z in the fill), so it must equal the
    // standard fill scaled afterwards, as the figures were computed before.
    const z = new Float64Array(50_000);
    new BlockStream(20261127, 5, streamKey('dtp_golden')).fillNormals(z);
    const scaled = new Float64Array(50_000);
    new BlockStream(20261127, 5, streamKey('dtp_golden')).fillNormals(scaled, 12.5, 0.3);
    expect(scaled).toEqual(Float64Array.from(z, (v) => 12.5 + 0.3 * v));
  });

  it('selectRanks puts every asked rank where a sort would, with ties and in any order of ranks', () => {
    // Values with many ties (small integers) as well as spread ones; -0 and 0 compare equal, as
    // in a sort, so the comparison is numeric.
    const value = fc.oneof(fc.double({ noNaN: true, min: -1e6, max: 1e6 }), fc.integer({ min: -3, max: 3 }));
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 2000 }), fc.array(fc.nat(1999), { maxLength: 16 }), (values, asked) => {
        const a = Float64Array.from(values);
        const sorted = Float64Array.from(values).sort();
        const ranks = asked.map((r) => r % values.length);
        selectRanks(a, ranks);
        for (const r of ranks) expect(a[r] === sorted[r]).toBe(true);
        expect(Float64Array.from(a).sort()).toEqual(sorted);
      }),
    );
  });

  it('orderStatistics gives the values a sort puts at the asked ranks, and leaves the array as it was', () => {
    // Up to 6,000 values, so that the sampled windows (from about 512 values on) are used, not
    // only the quickselect; many ties, normal-like draws, sorted and reversed runs.
    const value = fc.oneof(fc.double({ noNaN: true, min: -1e6, max: 1e6 }), fc.integer({ min: -3, max: 3 }));
    const order = fc.constantFrom('as drawn', 'ascending', 'descending');
    fc.assert(
      fc.property(
        fc.array(value, { minLength: 1, maxLength: 6000, size: 'max' }),
        order,
        fc.array(fc.nat(), { minLength: 1, maxLength: 16 }),
        (values, how, asked) => {
          if (how === 'ascending') values.sort((x, y) => x - y);
          if (how === 'descending') values.sort((x, y) => y - x);
          const a = Float64Array.from(values);
          const sorted = Float64Array.from(values).sort();
          const ranks = [0, a.length - 1, ...asked.map((r) => r % values.length)];
          const found = orderStatistics(a, ranks);
          ranks.forEach((r, q) => expect(found[q] === sorted[r]).toBe(true));
          expect(a).toEqual(Float64Array.from(values));
        },
      ),
      { seed: 20261127, numRuns: 300 },
    );
  });

  it('the percentile interval covers p n in about 95 % of binomial draws', () => {
    const [low, high] = percentileConfidenceIndices(10_000, 0.16);
    // Binomial(10000, 0.16): mean 1600, sd 36.7; +-1.96 sd is +-72.
    expect(low).toBeGreaterThanOrEqual(1600 - 75);
    expect(high).toBeLessThanOrEqual(1600 + 75);
    expect(high - low).toBeGreaterThanOrEqual(2 * 71);
  });

  it('Cholesky factors a semidefinite matrix and refuses an indefinite one', () => {
    expect(choleskyOfCorrelation(Float64Array.from([1, 1, 1, 1]), 2)).toEqual(Float64Array.from([1, 0, 1, 0]));
    expect(choleskyOfCorrelation(Float64Array.from([1, 0.9, -0.9, 0.9, 1, 0.9, -0.9, 0.9, 1]), 3)).toBeNull();
  });
});
