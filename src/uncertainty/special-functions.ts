/**
 * The special functions Monte Carlo and coverage intervals need and no dependency provides (mathjs
 * has `erf` and `gamma` but no normal quantile nor Student's t): the normal CDF and quantile, the
 * log-gamma function, the regularised incomplete beta function, and Student's t CDF and quantile.
 * Each is accurate to near double precision over the range used (tested against published tables).
 */

const SQRT2 = Math.SQRT2;
const TWO_OVER_SQRT_PI = 2 / Math.sqrt(Math.PI);

/**
 * The complementary error function `erfc(x) = 1 - erf(x)`, accurate in the far tails too (where
 * `1 - erf(x)` would lose every digit).
 */
export function erfc(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  if (x < 0) return 2 - erfc(-x);
  if (x < 3) return 1 - erfSeries(x);
  if (x > 27) return 0;
  return erfcContinuedFraction(x);
}

/** erf(x) = 2/sqrt(pi) e^(-x^2) sum x^(2n+1) 2^n / (2n+1)!!: positive terms, no cancellation. */
function erfSeries(x: number): number {
  const x2 = x * x;
  let term = x;
  let sum = x;
  for (let n = 1; n < 200; n++) {
    term *= (2 * x2) / (2 * n + 1);
    sum += term;
    if (term < sum * 1e-17) break;
  }
  return TWO_OVER_SQRT_PI * Math.exp(-x2) * sum;
}

/** erfc by its continued fraction (modified Lentz), which converges fast for x >= 3. */
function erfcContinuedFraction(x: number): number {
  // erfc(x) = e^(-x^2)/sqrt(pi) * 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + 2/(x + ...)))))
  const tiny = 1e-300;
  let f = x;
  let c = x;
  let d = 0;
  for (let n = 1; n < 300; n++) {
    const a = n / 2;
    d = x + a * d;
    d = d === 0 ? tiny : 1 / d;
    c = x + a / c;
    if (c === 0) c = tiny;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.exp(-x * x) / Math.sqrt(Math.PI) / f;
}

/**
 * The standard normal cumulative distribution function.
 */
export function normalCdf(z: number): number {
  return 0.5 * erfc(-z / SQRT2);
}

/**
 * The standard normal quantile (inverse CDF) for p in (0, 1): Acklam's rational approximation
 * refined by one Halley step on {@link normalCdf}, to near double precision.
 */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) return p === 0 ? -Infinity : p === 1 ? Infinity : Number.NaN;
  const x = acklam(p);
  const e = normalCdf(x) - p;
  const u = e * Math.sqrt(2 * Math.PI) * Math.exp((x * x) / 2);
  return x - u / (1 + (x * u) / 2);
}

const A = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
const B = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
const C = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
const D = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];

/** Acklam's approximation of the normal quantile (relative error below 1.2e-9). */
function acklam(p: number): number {
  const [a0, a1, a2, a3, a4, a5] = A as [number, number, number, number, number, number];
  const [b0, b1, b2, b3, b4] = B as [number, number, number, number, number];
  const [c0, c1, c2, c3, c4, c5] = C as [number, number, number, number, number, number];
  const [d0, d1, d2, d3] = D as [number, number, number, number];
  const tail = (q: number): number =>
    (((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) / ((((d0 * q + d1) * q + d2) * q + d3) * q + 1);
  if (p < 0.02425) return tail(Math.sqrt(-2 * Math.log(p)));
  if (p > 1 - 0.02425) return -tail(Math.sqrt(-2 * Math.log(1 - p)));
  const q = p - 0.5;
  const r = q * q;
  return ((((((a0 * r + a1) * r + a2) * r + a3) * r + a4) * r + a5) * q) / (((((b0 * r + b1) * r + b2) * r + b3) * r + b4) * r + 1);
}

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
  -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/**
 * The natural logarithm of the gamma function for x > 0 (Lanczos, g = 7).
 */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  const z = x - 1;
  let sum = LANCZOS[0] as number;
  for (let i = 1; i < 9; i++) sum += (LANCZOS[i] as number) / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/**
 * The regularised incomplete beta function I_x(a, b) for x in [0, 1], a, b > 0 (continued
 * fraction, modified Lentz, on the side where it converges).
 */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  if (x < (a + 1) / (a + b + 2)) return (front * betaFraction(x, a, b)) / a;
  return 1 - (front * betaFraction(1 - x, b, a)) / b;
}

function betaFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  d = Math.abs(d) < tiny ? 1 / tiny : 1 / d;
  let h = d;
  for (let m = 1; m <= 500; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    d = Math.abs(d) < tiny ? 1 / tiny : 1 / d;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    d = Math.abs(d) < tiny ? 1 / tiny : 1 / d;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return h;
}

/**
 * Student's t cumulative distribution function with `nu` > 0 degrees of freedom (infinite: the
 * normal).
 */
export function studentTCdf(t: number, nu: number): number {
  if (nu === Infinity) return normalCdf(t);
  const tail = 0.5 * incompleteBeta(nu / (nu + t * t), nu / 2, 0.5);
  return t > 0 ? 1 - tail : tail;
}

/** Student's t density. */
function studentTDensity(t: number, nu: number): number {
  return Math.exp(logGamma((nu + 1) / 2) - logGamma(nu / 2) - 0.5 * Math.log(nu * Math.PI) - ((nu + 1) / 2) * Math.log1p((t * t) / nu));
}

/**
 * Student's t quantile for p in (0, 1) and `nu` > 0 degrees of freedom (infinite: the normal):
 * Newton's method on {@link studentTCdf}, kept inside a bisection bracket.
 */
export function studentTQuantile(p: number, nu: number): number {
  if (nu === Infinity) return normalQuantile(p);
  if (!(p > 0 && p < 1)) return p === 0 ? -Infinity : p === 1 ? Infinity : Number.NaN;
  if (p > 0.5) return -studentTQuantile(1 - p, nu);
  if (p === 0.5) return 0;
  // The lower half: the root lies in [lo, 0]; lo doubles until its CDF is below p.
  let lo = Math.min(-1, normalQuantile(p) * 2);
  while (studentTCdf(lo, nu) > p) lo *= 2;
  let hi = 0;
  let t = Math.max(lo, normalQuantile(p));
  for (let i = 0; i < 200; i++) {
    const f = studentTCdf(t, nu) - p;
    if (f > 0) hi = t;
    else lo = t;
    let next = t - f / studentTDensity(t, nu);
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    if (Math.abs(next - t) <= 1e-14 * Math.max(1, Math.abs(t))) return next;
    t = next;
  }
  return t;
}
