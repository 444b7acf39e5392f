// Focused known answers for src/uncertainty/{special-functions,distributions,sampling,correlation}.ts (the mutation group
// uncertainty-distributions runs this file for every mutant, so it stays small and fast): published values of erfc, the
// normal quantile, log-gamma, the incomplete beta and Student's t (closed forms for 1 and 2 degrees of freedom); each
// marginal's quantile by hand; the seeded generator's first draws pinned; the Cholesky factor of known matrices.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { choleskyOfCorrelation } from '../../src/uncertainty/correlation';
import {
  DISTRIBUTION_CODE,
  DISTRIBUTION_TYPES,
  drawFromNormal,
  drawFromUniform,
  lognormalMedianStandardDeviation,
  type Marginal,
  trapezoidQuantile,
} from '../../src/uncertainty/distributions';
import {
  createNormalSource,
  createRandomSource,
  interpolationRanks,
  quantileOfOrderStatistics,
  quantileOfSorted,
} from '../../src/uncertainty/sampling';
import {
  erfc,
  incompleteBeta,
  logGamma,
  normalCdf,
  normalQuantile,
  studentTCdf,
  studentTQuantile,
} from '../../src/uncertainty/special-functions';

/** |actual - expected| within `relative` of |expected| (or of 1e-300 at 0). */
function near(actual: number, expected: number, relative: number): void {
  expect(Math.abs(actual - expected), `${actual} vs ${expected}`).toBeLessThanOrEqual(relative * Math.max(Math.abs(expected), 1e-300));
}

describe('erfc and the normal CDF', () => {
  it('published values from the series (below 3), the continued fraction (3 to 27) and 0 beyond', () => {
    const values: [number, number][] = [
      [0, 1],
      [0.5, 0.4795001221869535],
      [1, 0.15729920705028513],
      [2, 0.004677734981047265],
      [2.9, 4.109787809945886e-5],
      [3, 2.2090496998585438e-5],
      [3.5, 7.430983723414128e-7],
      [4, 1.541725790028002e-8],
      [5, 1.5374597944280351e-12],
      [10, 2.088487583762545e-45],
      [26.5, 2.2109076642637343e-307],
      [-1, 1.842700792949715],
      [-3.5, 1.9999992569016276],
    ];
    for (const [x, expected] of values) near(erfc(x), expected, x >= 2 && x <= 3 ? 1e-10 : 1e-14);
    expect(erfc(27.5)).toBe(0);
    expect(erfc(Number.NaN)).toBeNaN();
    expect(erfc(-30)).toBe(2);
  });

  it('the normal CDF: 0.5 at 0, 0.975 at 1.959964, its tails symmetric', () => {
    expect(normalCdf(0)).toBe(0.5);
    near(normalCdf(1.959963984540054), 0.975, 1e-15);
    near(normalCdf(-1), 0.15865525393145707, 1e-14);
    near(normalCdf(-8), 6.22096057427178e-16, 1e-12);
    near(normalCdf(3) + normalCdf(-3), 1, 1e-15);
  });
});

describe('the normal quantile', () => {
  it('published values in the body, both tails and at the branch points (0.02425)', () => {
    const values: [number, number][] = [
      [0.975, 1.9599639845400536],
      [0.01, -2.3263478740408408],
      [0.02, -2.0537489106318225],
      [0.03, -1.8807936081512509],
      [0.97, 1.8807936081512504],
      [0.98, 2.053748910631822],
      [0.999, 3.090232306167813],
      [1e-10, -6.361340902404056],
      [0.3, -0.5244005127080407],
    ];
    for (const [p, expected] of values) near(normalQuantile(p), expected, 1e-13);
    expect(normalQuantile(0.5)).toBe(0);
  });

  it('the ends and outside (0, 1)', () => {
    expect(normalQuantile(0)).toBe(-Infinity);
    expect(normalQuantile(1)).toBe(Infinity);
    expect(normalQuantile(-0.1)).toBeNaN();
    expect(normalQuantile(1.1)).toBeNaN();
    expect(normalQuantile(Number.NaN)).toBeNaN();
  });

  it('inverts the CDF (fixed seed)', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-12, max: 1 - 1e-12, noNaN: true }), (p) => near(normalCdf(normalQuantile(p)), p, 1e-10)),
      { seed: 3801, numRuns: 200 },
    );
  });
});

describe('log-gamma and the incomplete beta', () => {
  it('log-gamma: published values, the reflection below 0.5', () => {
    const values: [number, number][] = [
      [0.3, 1.0957979948180752],
      [0.5, 0.5723649429247004],
      [3.7, 1.4280723266653883],
      [10, 12.801827480081467],
      [100, 359.1342053695754],
    ];
    for (const [x, expected] of values) near(logGamma(x), expected, 1e-13);
    expect(Math.abs(logGamma(1))).toBeLessThan(1e-14);
    expect(Math.abs(logGamma(2))).toBeLessThan(1e-14);
  });

  it('the incomplete beta: closed forms on both sides of (a + 1) / (a + b + 2), 0 and 1 at the ends', () => {
    for (const x of [0.05, 0.2, 0.5, 0.7, 0.95]) {
      near(incompleteBeta(x, 1, 1), x, 1e-13);
      near(incompleteBeta(x, 3, 1), x ** 3, 1e-13);
      near(incompleteBeta(x, 1, 4), 1 - (1 - x) ** 4, 1e-13);
      near(incompleteBeta(x, 2, 2), 3 * x * x - 2 * x ** 3, 1e-13);
    }
    near(incompleteBeta(0.5, 2, 3), 0.6875, 1e-14);
    expect(incompleteBeta(0, 2, 3)).toBe(0);
    expect(incompleteBeta(-0.5, 2, 3)).toBe(0);
    expect(incompleteBeta(1, 2, 3)).toBe(1);
    expect(incompleteBeta(1.5, 2, 3)).toBe(1);
  });

  it('the incomplete beta of large parameters (many terms of the fraction)', () => {
    // I_0.5(a, a) = 1/2 by symmetry; I_x(50, 60) = 1 - I_(1-x)(60, 50).
    near(incompleteBeta(0.5, 200, 200), 0.5, 1e-12);
    near(incompleteBeta(0.45, 50, 60) + incompleteBeta(0.55, 60, 50), 1, 1e-12);
  });
});

describe("Student's t", () => {
  it('the CDF: Cauchy (1 degree of freedom) and 2 degrees in closed form, the normal at infinity', () => {
    for (const t of [-30, -2.5, -1, -0.2, 0.3, 1, 4, 40]) {
      near(studentTCdf(t, 1), 0.5 + Math.atan(t) / Math.PI, 1e-12);
      near(studentTCdf(t, 2), 0.5 + t / (2 * Math.sqrt(2 + t * t)), 1e-12);
      expect(studentTCdf(t, Infinity)).toBe(normalCdf(t));
    }
    expect(studentTCdf(0, 5)).toBe(0.5);
  });

  it('the quantile: closed forms, the published 2.228139 (0.975, 10), 12.7062 (0.975, 1), the normal at infinity', () => {
    for (const p of [1e-6, 0.01, 0.1, 0.3, 0.49, 0.51, 0.8, 0.975, 0.999999]) {
      near(studentTQuantile(p, 1), Math.tan(Math.PI * (p - 0.5)), 1e-10);
      near(studentTQuantile(p, 2), (2 * p - 1) / Math.sqrt(2 * p * (1 - p)), 1e-10);
      expect(studentTQuantile(p, Infinity)).toBe(normalQuantile(p));
    }
    near(studentTQuantile(0.975, 10), 2.2281388519649385, 1e-10);
    near(studentTQuantile(0.025, 10), -2.2281388519649385, 1e-10);
    near(studentTQuantile(0.975, 1), 12.706204736174696, 1e-12);
    expect(studentTQuantile(0.5, 4)).toBe(0);
    expect(studentTQuantile(0, 4)).toBe(-Infinity);
    expect(studentTQuantile(1, 4)).toBe(Infinity);
    expect(studentTQuantile(-1, 4)).toBeNaN();
    expect(studentTQuantile(Number.NaN, 4)).toBeNaN();
  });
});

const marginal = (type: number, magnitude: number, standardDeviation: number, parameter = Number.NaN): Marginal => ({
  type,
  magnitude,
  standardDeviation,
  parameter,
});

describe('the marginals', () => {
  it('lists every type in the order of its code', () => {
    expect(DISTRIBUTION_TYPES).toEqual(['normal', 'rectangular', 'triangular', 'arcsine', 'trapezoidal', 'student_t', 'lognormal']);
    DISTRIBUTION_TYPES.forEach((type, i) => expect(DISTRIBUTION_CODE[type]).toBe(i));
    expect(DISTRIBUTION_CODE.lognormal_median).toBe(7);
  });

  it('the trapezoid: rectangular, triangular and beta 0.5 quantiles by hand, on the ramps and the top', () => {
    const w1 = 2 * Math.sqrt(3);
    for (const u of [0, 0.1, 0.5, 0.9, 1]) near(trapezoidQuantile(u, 2, 1) + 10, 10 - w1 + 2 * w1 * u, 1e-15);
    const w0 = 2 * Math.sqrt(6);
    near(trapezoidQuantile(0.125, 2, 0), -w0 + w0 * Math.sqrt(0.25), 1e-15);
    near(trapezoidQuantile(0.875, 2, 0), w0 - w0 * Math.sqrt(0.25), 1e-15);
    expect(trapezoidQuantile(0.5, 2, 0)).toBe(0);
    // beta 0.5: w = sd sqrt(4.8), ramps of 1/6 each, k = 0.75.
    const w = 2 * Math.sqrt(4.8);
    near(trapezoidQuantile(0.1, 2, 0.5), -w + w * Math.sqrt(0.15), 1e-14);
    near(trapezoidQuantile(0.9, 2, 0.5), w - w * Math.sqrt(0.15), 1e-14);
    near(trapezoidQuantile(0.4, 2, 0.5), -0.5 * w + (0.4 - 1 / 6) * w * 1.5, 1e-14);
    near(trapezoidQuantile(1 / 6, 2, 0.5), -0.5 * w, 1e-14);
    near(trapezoidQuantile(5 / 6, 2, 0.5), 0.5 * w, 1e-14);
  });

  it('each type drawn from a uniform number', () => {
    const u = 0.3;
    const z = -0.5244005127080407;
    near(drawFromUniform(marginal(DISTRIBUTION_CODE.normal, 10, 2), u), 10 + 2 * z, 1e-15);
    near(drawFromUniform(marginal(DISTRIBUTION_CODE.rectangular, 10, 2), u), 10 + trapezoidQuantile(u, 2, 1), 1e-15);
    near(
      drawFromUniform(marginal(DISTRIBUTION_CODE.triangular, 10, 2), u),
      10 - 2 * Math.sqrt(6) + 2 * Math.sqrt(6) * Math.sqrt(0.6),
      1e-15,
    );
    near(drawFromUniform(marginal(DISTRIBUTION_CODE.trapezoidal, 10, 2, 0.5), u), 10 + trapezoidQuantile(u, 2, 0.5), 1e-15);
    near(drawFromUniform(marginal(DISTRIBUTION_CODE.arcsine, 10, 2), u), 10 - Math.SQRT2 * 2 * Math.cos(0.3 * Math.PI), 1e-15);
    near(drawFromUniform(marginal(DISTRIBUTION_CODE.student_t, 10, 2, 2), u), 10 + (2 * (-0.4 / Math.sqrt(0.42))) / 1, 1e-12);
    near(drawFromUniform(marginal(DISTRIBUTION_CODE.lognormal_median, 10, 2, 0.5), u), 10 * Math.exp(0.5 * z), 1e-15);
    // A lognormal of mean 10 and sd 2: sigma^2 = ln(1.04), mu = ln 10 - sigma^2 / 2.
    const s2 = Math.log(1.04);
    near(drawFromUniform(marginal(DISTRIBUTION_CODE.lognormal, 10, 2), u), Math.exp(Math.log(10) - s2 / 2 + Math.sqrt(s2) * z), 1e-14);
  });

  it('the arcsine spans magnitude +- sqrt(2) sd; the rectangular +- sqrt(3) sd', () => {
    expect(drawFromUniform(marginal(DISTRIBUTION_CODE.arcsine, 1, 1), 0)).toBe(1 - Math.SQRT2);
    expect(drawFromUniform(marginal(DISTRIBUTION_CODE.arcsine, 1, 1), 1)).toBe(1 + Math.SQRT2);
    near(drawFromUniform(marginal(DISTRIBUTION_CODE.rectangular, 1, 1), 1), 1 + Math.sqrt(3), 1e-15);
  });

  it('each type drawn from a standard normal number: normal and lognormals directly, the others through its CDF', () => {
    const z = 0.7;
    expect(drawFromNormal(marginal(DISTRIBUTION_CODE.normal, 10, 2), z)).toBe(10 + 2 * z);
    const s2 = Math.log(1.04);
    near(drawFromNormal(marginal(DISTRIBUTION_CODE.lognormal, 10, 2), z), Math.exp(Math.log(10) - s2 / 2 + Math.sqrt(s2) * z), 1e-14);
    expect(drawFromNormal(marginal(DISTRIBUTION_CODE.lognormal_median, 10, 2, 0.5), z)).toBe(10 * Math.exp(0.5 * z));
    for (const type of [
      DISTRIBUTION_CODE.rectangular,
      DISTRIBUTION_CODE.triangular,
      DISTRIBUTION_CODE.arcsine,
      DISTRIBUTION_CODE.student_t,
    ]) {
      const m = marginal(type, 10, 2, 3);
      expect(drawFromNormal(m, z)).toBe(drawFromUniform(m, normalCdf(z)));
    }
    const t = marginal(DISTRIBUTION_CODE.trapezoidal, 10, 2, 0.5);
    expect(drawFromNormal(t, z)).toBe(drawFromUniform(t, normalCdf(z)));
  });

  it('the lognormal sd by its median: m e^(s^2/2) sqrt(e^(s^2) - 1), of |m|', () => {
    const expected = 2 * Math.exp(0.125) * Math.sqrt(Math.exp(0.25) - 1);
    near(lognormalMedianStandardDeviation(2, 0.5), expected, 1e-15);
    near(lognormalMedianStandardDeviation(-2, 0.5), expected, 1e-15);
    near(lognormalMedianStandardDeviation(1, 1e-9), 1e-9, 1e-9);
  });
});

describe('sampling', () => {
  it('the seeded source: its first draws pinned, in [0, 1), another seed another stream', () => {
    const random = createRandomSource(42);
    expect(Array.from({ length: 4 }, () => random())).toEqual(FIRST_DRAWS_42);
    const other = createRandomSource(43);
    expect(other()).not.toBe(FIRST_DRAWS_42[0]);
    const again = createRandomSource(42 + 2 ** 32);
    expect(again()).toBe(FIRST_DRAWS_42[0]);
  });

  it('the normal source: pairs from the polar method, the second from the spare', () => {
    const normal = createNormalSource(createRandomSource(7));
    expect(Array.from({ length: 4 }, () => normal())).toEqual(FIRST_NORMALS_7);
    // By hand: (0.9, 0.9) is outside the circle; u, v = 2 r - 1 until inside the unit circle (not at 0), then u f and v f with f = sqrt(-2 ln s / s).
    const r = [0.95, 0.95, 0.6, 0.55];
    let i = 0;
    const source = createNormalSource(() => r[i++] as number);
    const [u, v] = [0.2, 0.1];
    const s = u * u + v * v;
    const f = Math.sqrt((-2 * Math.log(s)) / s);
    near(source(), u * f, 1e-14);
    near(source(), v * f, 1e-14);
    expect(i).toBe(4);
  });

  it('the polar method rejects s = 0 and s >= 1', () => {
    const r = [0.5, 0.5, 1, 0.5, 0.75, 0.5];
    let i = 0;
    const source = createNormalSource(() => r[i++] as number);
    const f = Math.sqrt((-2 * Math.log(0.25)) / 0.25);
    expect(source()).toBe(0.5 * f);
    expect(source()).toBe(0);
    expect(i).toBe(6);
  });

  it('quantiles interpolate between order statistics: ranks, clamps, the empty sample', () => {
    const sorted = Float64Array.from([1, 2, 4, 8, 16]);
    expect(quantileOfSorted(sorted, 0)).toBe(1);
    expect(quantileOfSorted(sorted, 1)).toBe(16);
    expect(quantileOfSorted(sorted, 0.5)).toBe(4);
    expect(quantileOfSorted(sorted, 0.3)).toBe(2 + 0.2 * 2);
    expect(quantileOfSorted(sorted, 0.9)).toBe(8 + 0.6 * 8);
    expect(quantileOfSorted(new Float64Array(0), 0.5)).toBeNaN();
    expect(interpolationRanks(5, 0.3)).toEqual([1, 2]);
    expect(interpolationRanks(5, 1)).toEqual([4, 4]);
    expect(interpolationRanks(1, 0.5)).toEqual([0, 0]);
    const read: number[] = [];
    expect(quantileOfOrderStatistics((rank) => (read.push(rank), rank * 10), 11, 0.55)).toBe(55);
    expect(read).toEqual([5, 6, 5]);
  });
});

const FIRST_DRAWS_42 = [0.6606157226487994, 0.12688010395504534, 0.11170196393504739, 0.8149394164793193];
const FIRST_NORMALS_7 = [-1.585033621793738, 0.07284302862428847, -0.19791852691893735, -1.2679884780087747];

describe('the Cholesky factor of a correlation matrix', () => {
  it('of a 2 x 2 (r 0.5) and a 3 x 3 known matrix', () => {
    expect([...(choleskyOfCorrelation(Float64Array.from([1, 0.5, 0.5, 1]), 2) ?? [])]).toEqual([1, 0, 0.5, Math.sqrt(0.75)]);
    // R = L L^T with L = [[1, 0, 0], [0.6, 0.8, 0], [0.3, 0.4, sqrt(0.75)]].
    const r = Float64Array.from([1, 0.6, 0.3, 0.6, 1, 0.5, 0.3, 0.5, 1]);
    const l = choleskyOfCorrelation(r, 3);
    const expected = [1, 0, 0, 0.6, 0.8, 0, 0.3, 0.4, Math.sqrt(0.75)];
    expect(l).not.toBeNull();
    expected.forEach((x, i) => near(l?.[i] as number, x, 1e-15));
  });

  it('a semidefinite matrix (r 1 pairs): zero columns; an indefinite one: null', () => {
    expect([...(choleskyOfCorrelation(Float64Array.from([1, 1, 1, 1]), 2) ?? [])]).toEqual([1, 0, 1, 0]);
    const three = choleskyOfCorrelation(Float64Array.from([1, 1, 1, 1, 1, 1, 1, 1, 1]), 3);
    expect([...(three ?? [])]).toEqual([1, 0, 0, 1, 0, 0, 1, 0, 0]);
    expect(choleskyOfCorrelation(Float64Array.from([1, 1.2, 1.2, 1]), 2)).toBeNull();
    // r12 = r13 = 1 forces r23 = 1: another r23 has no factor (a zero pivot with a non-zero remainder).
    expect(choleskyOfCorrelation(Float64Array.from([1, 1, 1, 1, 1, 0.5, 1, 0.5, 1]), 3)).toBeNull();
    expect(choleskyOfCorrelation(Float64Array.from([1, 1, -1, 1, 1, -1, -1, -1, 1]), 3)).not.toBeNull();
  });

  it('the pivot`s slack: -1e-11 reads as 0, -1e-9 as indefinite; 1e-11 as 0, 1e-9 as a pivot; the remainder`s 1e-8', () => {
    expect([...(choleskyOfCorrelation(Float64Array.from([-1e-11]), 1) ?? [])]).toEqual([0]);
    expect(choleskyOfCorrelation(Float64Array.from([-1e-9]), 1)).toBeNull();
    expect([...(choleskyOfCorrelation(Float64Array.from([1e-11]), 1) ?? [])]).toEqual([0]);
    expect([...(choleskyOfCorrelation(Float64Array.from([1e-9]), 1) ?? [])]).toEqual([Math.sqrt(1e-9)]);
    expect([...(choleskyOfCorrelation(Float64Array.from([0, 5e-9, 5e-9, 1]), 2) ?? [])]).toEqual([0, 0, 0, 1]);
    expect(choleskyOfCorrelation(Float64Array.from([0, 2e-8, 2e-8, 1]), 2)).toBeNull();
    expect(choleskyOfCorrelation(new Float64Array(0), 0)).toEqual(new Float64Array(0));
  });

  it('L L^T gives back R for random correlation matrices built as Gram matrices (fixed seed)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 4 }),
        (rows) => {
          const vectors = rows.map((v) => {
            const norm = Math.hypot(...v);
            return norm < 1e-3 ? [1, 0, 0] : v.map((x) => x / norm);
          });
          const k = vectors.length;
          const r = new Float64Array(k * k);
          for (let i = 0; i < k; i++)
            for (let j = 0; j < k; j++) r[i * k + j] = vectors[i]?.reduce((s, x, c) => s + x * (vectors[j]?.[c] as number), 0) as number;
          const l = choleskyOfCorrelation(r, k);
          if (l === null) return;
          for (let i = 0; i < k; i++)
            for (let j = 0; j < k; j++) {
              let s = 0;
              for (let m = 0; m < k; m++) s += (l[i * k + m] as number) * (l[j * k + m] as number);
              expect(Math.abs(s - (r[i * k + j] as number))).toBeLessThan(1e-6);
              if (j > i) expect(l[i * k + j]).toBe(0);
            }
        },
      ),
      { seed: 3802, numRuns: 100 },
    );
  });
});

// The figures of a coverage interval and every draw read these functions: their values are pinned bit for bit (as the
// streams are), so a change in the path that reaches them (a Newton step, a branch point, a bracket) is noticed.
describe('pinned bits', () => {
  it("Student's t quantile: a bracket doubled many times (1e-9, 1 degree), Newton steps and bisections", () => {
    const values: [number, number, number][] = [
      [1e-9, 1, -318309886.1837904],
      [0.001, 1, -318.30883898555055],
      [0.025, 3, -3.182446305283711],
      [0.2, 5, -0.9195437802408268],
      [0.4, 30, -0.25560536495190966],
      [0.975, 10, 2.2281388519862757],
      [0.999, 2.5, 13.822193110865966],
      [0.000001, 4, -41.57785415045099],
      [0.45, 0.5, -0.18864420884630628],
    ];
    for (const [p, nu, t] of values) expect(studentTQuantile(p, nu), `${p}, ${nu}`).toBe(t);
  });

  it('the normal quantile at the branch points and in both tails', () => {
    const values: [number, number][] = [
      [0.02425, -1.9729610513118858],
      [1 - 0.02425, 1.972961051311885],
      [0.3, -0.5244005127080408],
      [0.001, -3.0902323061678723],
      [0.7, 0.5244005127080409],
      [0.999999, 4.753424308827578],
    ];
    for (const [p, z] of values) expect(normalQuantile(p), `${p}`).toBe(z);
  });

  it('erfc on each side of 3 and of 27 (the continued fraction reaches 5.2e-319 at 27, 0 beyond)', () => {
    const values: [number, number][] = [
      [0.1, 0.8875370839817152],
      [1.5, 0.03389485352468924],
      [2.5, 0.0004069520174441177],
      [2.99, 0.000023525603080276625],
      [3, 0.000022090496998585455],
      [5, 1.537459794428035e-12],
      [27, 5.23705e-319],
      [27.1, 0],
    ];
    for (const [x, y] of values) expect(erfc(x), `${x}`).toBe(y);
  });

  it('log-gamma below 0.5 (the reflection), the incomplete beta at its branch point and off it, the t CDF at 0', () => {
    expect(logGamma(0.1)).toBe(2.252712651734206);
    expect(logGamma(0.3)).toBe(1.0957979948180756);
    expect(logGamma(0.45)).toBe(0.6770871054774643);
    expect(incompleteBeta(0.5, 1, 1)).toBe(0.4999999999999991);
    expect(incompleteBeta(0.5, 2, 2)).toBe(0.5000000000000002);
    expect(incompleteBeta(0.3, 2, 5)).toBe(0.5798250000000019);
    expect(incompleteBeta(0.6, 5, 2)).toBe(0.23328000000000088);
    expect(incompleteBeta(3 / 7, 2, 3)).toBe(0.5735110370678898);
    expect(studentTCdf(0, 3)).toBe(0.5);
    expect(studentTCdf(1.5, 3)).toBe(0.8847080673775884);
    expect(studentTCdf(-1.5, 3)).toBe(0.11529193262241155);
  });

  it('normal and lognormal marginals far out (z 9): drawn directly, not through the CDF (which reads 1 there)', () => {
    expect(drawFromNormal(marginal(DISTRIBUTION_CODE.normal, 10, 2), 9)).toBe(28);
    const s2 = Math.log(1.04);
    near(drawFromNormal(marginal(DISTRIBUTION_CODE.lognormal, 10, 2), 9), Math.exp(Math.log(10) - s2 / 2 + Math.sqrt(s2) * 9), 1e-14);
    expect(drawFromNormal(marginal(DISTRIBUTION_CODE.lognormal_median, 10, 2, 0.5), 9)).toBe(10 * Math.exp(4.5));
  });

  it('the Cholesky tolerances at their exact values: a pivot of -1e-10 or 1e-10 reads as 0, a remainder of 1e-8 as none', () => {
    expect([...(choleskyOfCorrelation(Float64Array.from([-1e-10]), 1) ?? [])]).toEqual([0]);
    expect([...(choleskyOfCorrelation(Float64Array.from([1e-10]), 1) ?? [])]).toEqual([0]);
    expect([...(choleskyOfCorrelation(Float64Array.from([0, 1e-8, 1e-8, 1]), 2) ?? [])]).toEqual([0, 0, 0, 1]);
  });
});
