/**
 * `exp` and `log` with the bits of V8's `Math.exp` and `Math.log` (Node 20), written in
 * JavaScript so that TurboFan inlines them into the block evaluators' loops over the draws
 * (program-block-source.ts) instead of calling V8's C functions out of line for every draw.
 *
 * The algorithms are fdlibm's `__ieee754_exp` and `__ieee754_log` (Sun Microsystems, 1993), as V8
 * adapted them in src/base/ieee754.cc: an argument reduction by multiples of ln 2 split in a high
 * and a low part, a Remez polynomial on the reduced argument, and a scaling by 2^k. They use only
 * IEEE double +, -, *, / and the words of a double, so the same operations in the same order give
 * the same bits on every input; tests compare both with the host's functions on the special values
 * and on random doubles. Where fdlibm compares the high word of |x| with a bound, `exp` compares
 * |x| with the double of that high word, and a scaling by 2^k is a product with a power of two
 * from a table rather than a write of the exponent: the same values without a store to memory.
 * The hot paths are kept under TurboFan's inlining limit (460 bytes of bytecode): the rare cases
 * are functions of their own, the constants literals. Imports nothing.
 */

/** 2^(j - 1024) at index j, j in [0, 2047]: every power of two a scaling needs, each exact. */
const POWERS_OF_TWO = Float64Array.from({ length: 2048 }, (_, j) => 2 ** (j - 1024));

/**
 * e^x, fdlibm's `__ieee754_exp`: x = k ln2 + r with |r| <= ln2 / 2 (r as hi - lo), then
 * e^r = 1 + r + r c / (2 - c) with c = r - r^2 (P1 + P2 r^2 + ... + P5 r^8), scaled by 2^k.
 */
export function exp(x: number): number {
  const a = Math.abs(x);
  // |x| <= ln2 / 2 (high word 0x3FD62E42 or below): no reduction.
  if (a < 0.3465735912322998) {
    if (a < 3.725290298461914e-9) return 1 + x;
    const c = expC(x);
    return 1 - ((x * c) / (c - 2) - x);
  }
  // |x| < 709.78... (high word below 0x40862E42).
  return a < 709.7822265625 ? expReduced(x) : expOfLarge(x);
}

/**
 * c = r - r^2 (P1 + P2 r^2 + ... + P5 r^8), fdlibm's P1 to P5 (high words 0x3FC55555, 0xBF66C16C,
 * 0x3F11566A, 0xBEBBBD41, 0x3E663769).
 */
function expC(r: number): number {
  const t = r * r;
  const p3 = 6.61375632143793436117e-5 + t * (-1.6533902205465251539e-6 + t * 4.13813679705723846039e-8);
  return r - t * (1.66666666666666019037e-1 + t * (-2.77777777770155933842e-3 + t * p3));
}

/** e^x for ln2 / 2 < |x| < 709.78: reduced by k ln2, ln2 = LN2_HI + LN2_LO (0x3FE62E42 FEE00000 and 0x3DEA39EF 35793C76). */
function expReduced(x: number): number {
  let hi: number;
  let lo: number;
  let k: number;
  if (Math.abs(x) < 1.0397205352783203) {
    // |x| < 1.5 ln2 (high word below 0x3FF0A2B2): k = +-1. V8 returns e's double for exp(1), which this misses by an ulp.
    if (x === 1) return Math.E;
    k = x < 0 ? -1 : 1;
    hi = x < 0 ? x + 6.9314718036912381649e-1 : x - 6.9314718036912381649e-1;
    lo = x < 0 ? -1.90821492927058770002e-10 : 1.90821492927058770002e-10;
  } else {
    // k = (int) (x / ln2 +- 1/2), truncated as C converts; |k| <= 1075.
    k = (1.442695040888963387 * x + (x < 0 ? -0.5 : 0.5)) | 0;
    hi = x - k * 6.9314718036912381649e-1;
    lo = k * 1.90821492927058770002e-10;
  }
  const r = hi - lo;
  const c = expC(r);
  const y = 1 - (lo - (r * c) / (2 - c) - hi);
  return k >= -1021 && k <= 1023 ? y * (POWERS_OF_TWO[k + 1024] as number) : scaleFar(y, k);
}

/** y 2^k for k = 1024 or k < -1021, in fdlibm's two steps (2^1023 then 2, or 2^(k + 1000) then 2^-1000). */
function scaleFar(y: number, k: number): number {
  if (k === 1024) return y * 2 * 2 ** 1023;
  return y * (POWERS_OF_TWO[k + 1000 + 1024] as number) * 2 ** -1000;
}

/** e^x for |x| >= 709.78 or NaN: NaN, the infinities, overflow above 709.78..., underflow below -745.13... */
function expOfLarge(x: number): number {
  if (x !== x) return x + x;
  if (x > 7.09782712893383973096e2) return Infinity; // 0x40862E42 FEFA39EF
  if (x < -7.4513321910194110842e2) return 0; // 0xC0874910 D52D3051
  return expReduced(x);
}

// The high word of a double (sign, exponent, the significand's top 20 bits), read through memory.
const bits = new Float64Array(1);
const words = new Int32Array(bits.buffer);
const HIGH = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;

/**
 * ln x, fdlibm's `__ieee754_log`: x = 2^k (1 + f) with sqrt(2)/2 < 1 + f < sqrt(2), then
 * ln(1 + f) = f - hfsq + s (hfsq + R) with s = f / (2 + f), hfsq = f^2 / 2, R a polynomial in s^2.
 */
export function log(x: number): number {
  bits[0] = x;
  const hx = words[HIGH] as number;
  // Normal and positive (high word in [0x00100000, 0x7FF00000)).
  if (hx >= 0x00100000 && hx < 0x7ff00000) return logOfNormal(x, hx, 0);
  return logOutside(x, hx);
}

/** ln x for x zero, negative, subnormal (scaled by 2^54 into the normal range), infinite or NaN. */
function logOutside(x: number, hx: number): number {
  if (hx >= 0x00100000) return x + x;
  if (x === 0) return -Infinity;
  if (hx < 0) return NaN;
  const scaled = x * 1.8014398509481984e16;
  bits[0] = scaled;
  return logOfNormal(scaled, words[HIGH] as number, -54);
}

/** ln(x 2^k0) for a normal positive x of high word hx (ln2 = LN2_HI + LN2_LO as in `exp`). */
function logOfNormal(x: number, hx: number, k0: number): number {
  const m = hx & 0x000fffff;
  // 0 when the significand is below sqrt(2) (x normalised to [1, sqrt(2))), 1 when x / 2 is (to [sqrt(2)/2, 1)).
  const half = ((m + 0x95f64) & 0x100000) >> 20;
  const e = (hx >> 20) - 1023 + half;
  const k = k0 + e;
  const f = x * (POWERS_OF_TWO[1024 - e] as number) - 1;
  if ((0x000fffff & (2 + m)) < 3) return logNearPower(f, k);
  const s = f / (2 + f);
  const z = s * s;
  const w = z * z;
  // Lg1 to Lg7: 0x3FE55555 55555593, 0x3FD99999 9997FA04, 0x3FD24924 94229359, 0x3FCC71C5 1D8E78AF,
  // 0x3FC74664 96CB03DE, 0x3FC39A09 D078C69F, 0x3FC2F112 DF3E5244.
  const t1 = w * (3.999999999940941908e-1 + w * (2.222219843214978396e-1 + w * 1.531383769920937332e-1));
  const t2 = z * (6.66666666666673513e-1 + w * (2.857142874366239149e-1 + w * (1.818357216161805012e-1 + w * 1.479819860511658591e-1)));
  const r = t2 + t1;
  if (((m - 0x6147a) | (0x6b851 - m)) > 0) {
    const hfsq = 0.5 * f * f;
    if (k === 0) return f - (hfsq - s * (hfsq + r));
    return k * 6.9314718036912381649e-1 - (hfsq - (s * (hfsq + r) + k * 1.90821492927058770002e-10) - f);
  }
  if (k === 0) return f - s * (f - r);
  return k * 6.9314718036912381649e-1 - (s * (f - r) - k * 1.90821492927058770002e-10 - f);
}

/** ln(2^k (1 + f)) for -2^-20 <= f < 2^-20: fdlibm's short series. */
function logNearPower(f: number, k: number): number {
  if (f === 0) return k === 0 ? 0 : k * 6.9314718036912381649e-1 + k * 1.90821492927058770002e-10;
  const r = f * f * (0.5 - 0.3333333333333333 * f);
  if (k === 0) return f - r;
  return k * 6.9314718036912381649e-1 - (r - k * 1.90821492927058770002e-10 - f);
}
