/**
 * Physical dimensions as exponent vectors over a fixed list of base dimensions. Pure arithmetic on
 * small arrays; the expressions module uses it to check blueprints before any datapoint is read.
 */

/**
 * The base dimensions, in the order of a {@link Dimension}'s exponents. `currency` is a base of its
 * own so that money never converts to anything physical; `information` (bit, byte) is one as in
 * Pint, so that no quantity kind takes a byte as 8 of a ratio.
 * @public
 */
export const BASE_DIMENSIONS = [
  'mass',
  'length',
  'time',
  'current',
  'temperature',
  'luminous_intensity',
  'amount_of_substance',
  'angle',
  'currency',
  'information',
] as const;

/**
 * Exponents of each base dimension, in the order of `BASE_DIMENSIONS` (cdr-engine/units); e.g. energy is
 * `[1, 2, -2, 0, 0, 0, 0, 0, 0]`.
 * @public
 */
export type Dimension = readonly number[];

const N = BASE_DIMENSIONS.length;

/**
 * Builds a dimension from the exponents that are not zero.
 * @public
 */
export function dimension(exponents: Partial<Record<(typeof BASE_DIMENSIONS)[number], number>>): Dimension {
  return BASE_DIMENSIONS.map((name) => exponents[name] ?? 0);
}

/** The dimension of a pure number. @public */
export const DIMENSIONLESS: Dimension = dimension({});
/** The dimension of mass, the dimension every component's result must have. @public */
export const MASS: Dimension = dimension({ mass: 1 });

/** Product of two dimensions. @public */
export function multiplyDimensions(a: Dimension, b: Dimension): Dimension {
  const out = new Array<number>(N);
  for (let i = 0; i < N; i++) out[i] = (a[i] ?? 0) + (b[i] ?? 0);
  return out;
}

/** Quotient of two dimensions. @public */
export function divideDimensions(a: Dimension, b: Dimension): Dimension {
  const out = new Array<number>(N);
  for (let i = 0; i < N; i++) out[i] = (a[i] ?? 0) - (b[i] ?? 0);
  return out;
}

/** A dimension raised to a power (fractional powers allowed, e.g. 0.5 for sqrt). @public */
export function powerDimension(a: Dimension, exponent: number): Dimension {
  const out = new Array<number>(N);
  for (let i = 0; i < N; i++) out[i] = (a[i] ?? 0) * exponent;
  return out;
}

/** Whether two dimensions are the same (exponents equal within 1e-9). @public */
export function dimensionsEqual(a: Dimension, b: Dimension): boolean {
  for (let i = 0; i < N; i++) if (Math.abs((a[i] ?? 0) - (b[i] ?? 0)) > 1e-9) return false;
  return true;
}

/** Whether a dimension is that of a pure number. @public */
export function isDimensionless(a: Dimension): boolean {
  return dimensionsEqual(a, DIMENSIONLESS);
}

/** Human-readable form, e.g. `mass·length^2·time^-2`, or `dimensionless`. @public */
export function formatDimension(a: Dimension): string {
  const parts: string[] = [];
  for (let i = 0; i < N; i++) {
    const e = a[i] ?? 0;
    if (Math.abs(e) < 1e-9) continue;
    const name = BASE_DIMENSIONS[i] as string;
    parts.push(e === 1 ? name : `${name}^${Number(e.toFixed(6))}`);
  }
  return parts.length === 0 ? 'dimensionless' : parts.join('·');
}

/** The SI symbol of each base dimension, as the unit reader reads it. */
const SI_SYMBOLS: Readonly<Record<(typeof BASE_DIMENSIONS)[number], string>> = {
  mass: 'kg',
  length: 'm',
  time: 's',
  current: 'A',
  temperature: 'K',
  luminous_intensity: 'cd',
  amount_of_substance: 'mol',
  angle: 'rad',
  information: 'bit',
  currency: 'USD',
};

/**
 * The SI unit of a dimension, written so that the unit reader reads it back: `kg*m^-3` for a mass
 * density, `""` for a pure number.
 * @public
 */
export function siUnitOfDimension(dim: Dimension): string {
  const parts: string[] = [];
  BASE_DIMENSIONS.forEach((base, i) => {
    const e = dim[i] ?? 0;
    if (Math.abs(e) < 1e-9) return;
    parts.push(e === 1 ? SI_SYMBOLS[base] : `${SI_SYMBOLS[base]}^${Number(e.toFixed(6))}`);
  });
  return parts.join('*');
}
