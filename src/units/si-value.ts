/**
 * A magnitude times a unit's scale, as the decimal the magnitude was written as would give it
 * (docs/units.md, "Conversion to SI"): `1.005 t` is 1005 kg, as `1005 kg` is, although the double
 * nearest 1.005 times 1000 is 1004.9999999999999 (and a net that lands a hair below a tie of the
 * 10 kg rounding would round the other way). Also the snapping of composed scales to the power of
 * ten they stand for (`g/cm^3` is 1000, not 0.001 / 0.000001 = 999.9999999999999). Internal.
 * May import: nothing.
 */

/** The exponent k of each scale that is the double nearest 10^k, k from -30 to 30. */
const POWER_OF_TEN = new Map<number, number>(Array.from({ length: 61 }, (_, i) => [Number(`1e${i - 30}`), i - 30]));

/** 10^0 to 10^22, each exact as a double (5^22 < 2^53). */
const EXACT_POWERS: readonly number[] = Array.from({ length: 23 }, (_, j) => Number(`1e${j}`));

/** Below this a double has a fractional part to spare, and only one whole number reads back as a given magnitude. */
const WHOLE_LIMIT = 2 ** 52;

/** The exponent k when `scale` is the double nearest 10^k (k from -30 to 30), else undefined: for {@link scaledByPower}. */
export function powerOfTen(scale: number): number | undefined {
  return POWER_OF_TEN.get(scale);
}

/** `magnitude * scale`, read decimally (see {@link scaledByPower}). */
export function scaledBy(magnitude: number, scale: number): number {
  return scaledByPower(magnitude, scale, POWER_OF_TEN.get(scale));
}

/**
 * `magnitude * scale` with `k = powerOfTen(scale)` found once per unit (a lookup per value costs
 * more than the product): for k < 0 a division by the exact 10^-k (the correctly rounded quotient,
 * where multiplying by the inexact 0.001 may be one unit in the last place off); for k > 0 the whole
 * number the written decimal makes, when the product is a hair from one whose quotient by 10^k
 * reads back as the magnitude. Any other scale multiplies.
 */
export function scaledByPower(magnitude: number, scale: number, k: number | undefined): number {
  if (k === undefined || k === 0) return magnitude * scale;
  if (k < 0) return k >= -22 ? magnitude / (EXACT_POWERS[-k] as number) : magnitude * scale;
  const product = magnitude * scale;
  if (k > 22) return product;
  if (Number.isInteger(product) || !(Math.abs(product) < WHOLE_LIMIT)) return product;
  // Either whole neighbour may be the written decimal's (a product of x.5 lies between both).
  const below = Math.floor(product);
  if (below / scale === magnitude) return below;
  return (below + 1) / scale === magnitude ? below + 1 : product;
}

/** A composed scale within four units in the last place of a power of ten, as that power of ten; any other as it is. */
export function snappedScale(scale: number): number {
  if (!(scale > 0) || !Number.isFinite(scale)) return scale;
  const power = Number(`1e${Math.round(Math.log10(scale))}`);
  return Math.abs(scale - power) <= 4 * Number.EPSILON * power ? power : scale;
}
