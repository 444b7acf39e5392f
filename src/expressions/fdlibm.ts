/**
 * `exp` with the bits of V8's `Math.exp` (Node 20), written in JavaScript so that TurboFan inlines
 * it into the block evaluators' loops over the draws (program-block-source.ts) instead of calling
 * V8's C function out of line for every draw.
 *
 * The algorithm is fdlibm's `__ieee754_exp` (Sun Microsystems, 1993), as V8 adapted it in
 * src/base/ieee754.cc: x reduced by a multiple k of ln 2 split in a high and a low part, a Remez
 * polynomial on the reduced argument, and a scaling by 2^k. It uses only IEEE double +, -, *, /,
 * so the same operations in the same order give the same bits on every input; tests compare it
 * with the host's `Math.exp` on the special values and on random doubles. Where fdlibm compares
 * the high word of |x| with a bound, this compares |x| with the double of that high word, and the
 * scaling by 2^k is a product with a power of two from a table rather than a write of the
 * exponent: the same values without going through memory. The hot path is kept under TurboFan's
 * inlining limit (460 bytes of bytecode): the rare cases are functions of their own, the constants
 * literals. (fdlibm's `log`, ported the same way, was slower than V8's inside the evaluators and is
 * left out.) Imports nothing.
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
