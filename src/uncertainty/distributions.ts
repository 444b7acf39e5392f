/**
 * The input distributions of a Monte Carlo evaluation (docs/graph-document.md, "Distributions"):
 * each is centred on the datapoint's magnitude with the datapoint's standard deviation as its
 * scale, and drawn exactly through its quantile function, from a uniform number (an independent
 * datapoint) or from a standard normal one (a datapoint of a correlated group: the Gaussian
 * copula).
 */
import { normalCdf, normalQuantile, studentTQuantile } from './special-functions';

/**
 * The distribution types a datapoint may carry.
 */
export const DISTRIBUTION_TYPES = [
  'normal',
  'rectangular',
  'triangular',
  'arcsine',
  'trapezoidal',
  'student_t',
  'lognormal',
] as const satisfies readonly DistributionType[];

/**
 * A distribution type.
 */
export type DistributionType = 'normal' | 'rectangular' | 'triangular' | 'arcsine' | 'trapezoidal' | 'student_t' | 'lognormal';

// Every member of the union is listed (the list is the union, no more, no less).
const _everyDistributionType: readonly (typeof DISTRIBUTION_TYPES)[number][] = [] as DistributionType[];
void _everyDistributionType;

/** A prepared marginal: its type's index in {@link DISTRIBUTION_TYPES}, centre, scale and parameter. */
export interface Marginal {
  readonly type: number;
  readonly magnitude: number;
  readonly standardDeviation: number;
  /** `beta` of a trapezoid, degrees of freedom of a t, sigma of a lognormal by its median, NaN otherwise. */
  readonly parameter: number;
}

/** Index of each type in {@link DISTRIBUTION_TYPES}. */
export const DISTRIBUTION_CODE = {
  normal: 0,
  rectangular: 1,
  triangular: 2,
  arcsine: 3,
  trapezoidal: 4,
  student_t: 5,
  lognormal: 6,
  /** A lognormal by its median (the magnitude) and `log_standard_deviation` (the parameter); no document type of its own. */
  lognormal_median: 7,
} as const;

/**
 * The standard deviation of a lognormal of median m and log standard deviation sigma:
 * m e^(sigma^2 / 2) sqrt(e^(sigma^2) - 1) (what first order uses, docs/graph-document.md).
 */
export function lognormalMedianStandardDeviation(median: number, sigma: number): number {
  const s2 = sigma * sigma;
  return Math.abs(median) * Math.exp(s2 / 2) * Math.sqrt(Math.expm1(s2));
}

/** The draw of a marginal for a uniform number u in (0, 1). */
export function drawFromUniform(m: Marginal, u: number): number {
  const { type, magnitude, standardDeviation: sd, parameter } = m;
  switch (type) {
    case DISTRIBUTION_CODE.normal:
      return magnitude + sd * normalQuantile(u);
    case DISTRIBUTION_CODE.rectangular:
      return magnitude + trapezoidQuantile(u, sd, 1);
    case DISTRIBUTION_CODE.triangular:
      return magnitude + trapezoidQuantile(u, sd, 0);
    case DISTRIBUTION_CODE.trapezoidal:
      return magnitude + trapezoidQuantile(u, sd, parameter);
    case DISTRIBUTION_CODE.arcsine:
      return magnitude - Math.SQRT2 * sd * Math.cos(Math.PI * u);
    case DISTRIBUTION_CODE.student_t:
      return magnitude + sd * studentTQuantile(u, parameter);
    case DISTRIBUTION_CODE.lognormal_median:
      return magnitude * Math.exp(parameter * normalQuantile(u));
    default:
      return lognormalOf(magnitude, sd, normalQuantile(u));
  }
}

/** The draw of a marginal for a standard normal number z (normal and lognormal directly, the others through the normal CDF). */
export function drawFromNormal(m: Marginal, z: number): number {
  if (m.type === DISTRIBUTION_CODE.normal) return m.magnitude + m.standardDeviation * z;
  if (m.type === DISTRIBUTION_CODE.lognormal) return lognormalOf(m.magnitude, m.standardDeviation, z);
  if (m.type === DISTRIBUTION_CODE.lognormal_median) return m.magnitude * Math.exp(m.parameter * z);
  return drawFromUniform(m, normalCdf(z));
}

/** A lognormal of the given mean and standard deviation at the standard normal z. */
function lognormalOf(mean: number, sd: number, z: number): number {
  const s2 = Math.log1p((sd / mean) * (sd / mean));
  return Math.exp(Math.log(mean) - s2 / 2 + Math.sqrt(s2) * z);
}

/**
 * The quantile of a symmetric trapezoid centred on 0 with standard deviation `sd` and top-to-base
 * ratio `beta` (0 triangular, 1 rectangular): base half-width w = sd sqrt(6 / (1 + beta^2)), two
 * ramps of probability (1 - beta) / (2 (1 + beta)) each and a flat top between.
 */
export function trapezoidQuantile(u: number, sd: number, beta: number): number {
  const w = sd * Math.sqrt(6 / (1 + beta * beta));
  const ramp = (1 - beta) / (2 * (1 + beta));
  const k = (1 - beta) * (1 + beta);
  if (u < ramp) return -w + w * Math.sqrt(2 * u * k);
  if (u > 1 - ramp) return w - w * Math.sqrt(2 * (1 - u) * k);
  return -beta * w + (u - ramp) * w * (1 + beta);
}
