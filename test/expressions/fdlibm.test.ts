// fdlibm.ts ports V8's Math.exp (fdlibm's algorithm) so that the block evaluators can inline it.
// Property: on every double, special or random, the port returns the host's bits. (A scratch run
// over 10^9 random inputs, not part of the tests, is reported in bench/RESULTS.md.)
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exp } from '../../src/expressions/fdlibm';
import { MATH } from '../../src/expressions/program-source';

const bits = new Float64Array(1);
const words = new Uint32Array(bits.buffer);

/** The double of the given high and low words (little-endian hosts, as every test host is). */
function fromWords(high: number, low: number): number {
  words[1] = high;
  words[0] = low;
  return bits[0] as number;
}

/** The double after x (x finite and positive). */
function nextUp(x: number): number {
  bits[0] = x;
  const low = words[0] as number;
  if (low === 0xffffffff) return fromWords((words[1] as number) + 1, 0);
  return fromWords(words[1] as number, low + 1);
}

/** The double before x (x finite and positive). */
function nextDown(x: number): number {
  bits[0] = x;
  const low = words[0] as number;
  if (low === 0) return fromWords((words[1] as number) - 1, 0xffffffff);
  return fromWords(words[1] as number, low - 1);
}

const LN2 = Math.LN2;
const SPECIAL: readonly number[] = [
  0,
  -0,
  Infinity,
  -Infinity,
  NaN,
  1,
  -1,
  2,
  0.5,
  Math.E,
  Number.MIN_VALUE,
  -Number.MIN_VALUE,
  2.225073858507201e-308, // the largest subnormal
  2.2250738585072014e-308, // the smallest normal
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  7.09782712893383973096e2, // exp's overflow threshold
  nextUp(7.09782712893383973096e2),
  nextDown(7.09782712893383973096e2),
  -7.4513321910194110842e2, // and its underflow one
  -nextUp(7.4513321910194110842e2),
  -nextDown(7.4513321910194110842e2),
  709.7822265625, // |x| at the high word 0x40862E42, exp's filter
  nextDown(709.7822265625),
  -708.3964185322641, // exp at the smallest normals
  -708.4,
  -709.1, // results subnormal: exp's k < -1021
  -744.44,
  nextUp(1),
  nextDown(1),
  1 + 2 ** -20,
  1 - 2 ** -21,
  2 ** -28,
  -(2 ** -28),
  nextDown(2 ** -28),
  2 ** -29,
  1e-300,
  1e300,
  0.3465735912322998, // ln2 / 2 at the high word 0x3FD62E43, exp's reduction bound
  nextDown(0.3465735912322998),
  1.0397205352783203, // 1.5 ln2 at the high word 0x3FF0A2B2
  nextDown(1.0397205352783203),
  Math.SQRT2,
  Math.SQRT1_2,
  ...Array.from({ length: 41 }, (_, k) => (k - 20) * LN2),
  ...Array.from({ length: 41 }, (_, k) => (k - 20) * LN2 * 0.5),
  ...Array.from({ length: 21 }, (_, k) => 2 ** (k * 100 - 1074)),
];

const sameBits = (a: number, b: number) => Object.is(a, b);

describe('fdlibm exp', () => {
  it("gives the host's bits on the special values", () => {
    for (const x of SPECIAL) {
      // Each value and its opposite, the pair shown when it fails.
      for (const y of [x, -x]) {
        expect([y, exp(y)]).toEqual([y, Math.exp(y)]);
      }
    }
  });

  it("gives the host's bits on every bit pattern", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.integer({ min: 0, max: 0xffffffff }), (high, low) => {
        const x = fromWords(high, low);
        return sameBits(exp(x), Math.exp(x));
      }),
      { numRuns: 20000 },
    );
  });

  it("gives the host's bits on any double and over the ranges that matter", () => {
    const ranges = [
      fc.double(),
      fc.double({ min: -746, max: 710 }),
      fc.double({ min: -2, max: 2 }),
      fc.double({ min: -(2 ** -27), max: 2 ** -27 }),
      fc.double({ min: -0.35, max: 0.35 }),
      fc.tuple(fc.integer({ min: -1100, max: 1100 }), fc.double({ min: -1e-6, max: 1e-6 })).map(([k, e]) => k * LN2 + e),
    ];
    for (const range of ranges) {
      fc.assert(
        fc.property(range, (x) => sameBits(exp(x), Math.exp(x))),
        { numRuns: 5000 },
      );
    }
  });

  it('is the function the generated evaluators call', () => {
    expect(MATH.exp).toBe(exp);
  });
});
