#!/usr/bin/env node
/**
 * Issue 36's prototype of a vectorised normal generator (bench/RESULTS.md, "Issue 36, Monte Carlo,
 * fifth pass"); NOT the engine's streams. WebAssembly SIMD, assembled here from its instructions as
 * src/uncertainty/ziggurat-wasm.ts is (no tool, no dependency):
 *
 * - uniforms: four xoshiro128** generators in the four 32-bit lanes of one v128 (the engine's steps);
 *   their state seeded per block from the engine's `BlockStream(seed, block, key)` (16 numbers);
 * - transform: Box-Muller, branch-free, on two pairs per step (f64x2): lanes 0 and 1 give
 *   u = (x + 0.5) / 2^32 in (0, 1), lanes 2 and 3 the angle 2 pi x / 2^32; four deviates per step;
 * - ln u: exponent and mantissa split by bit operations, m in [sqrt(1/2), sqrt 2], s = (m-1)/(m+1),
 *   ln m = 2 (s + s^3/3 + ... + s^21/21) (|s| <= 0.1716: truncation < 1e-18 relative);
 * - sin and cos of the angle: the nearest quadrant from the integer's top bits (exact), the rest
 *   theta in [-pi/4, pi/4) as (x << 2, signed) * pi/2^33; Taylor polynomials to theta^15 and theta^16
 *   (truncation < 5e-17 and 3e-18 absolute); the quadrant swaps and negates by bit masks;
 * - IEEE add/sub/mul/div/sqrt only, each lane the same operations in the same order, so a JavaScript
 *   loop (`boxMullerScalar` below) gives the same bits: the fallback a host without WebAssembly needs.
 *
 * It prints: ns CPU per deviate of this generator and of the engine's `BlockStream.fillNormals`
 * (src/uncertainty/random-streams.ts, bundled with esbuild), alternating round by round in one
 * process, both with a new stream per block of 1,024 and `location + scale * z`; whether the
 * WebAssembly and JavaScript loops agree bit for bit; the largest error of the log and sin/cos
 * polynomials against Math.log/sin/cos; moments, tail shares and the Kolmogorov-Smirnov and
 * Anderson-Darling statistics of 10^6 deviates of each generator.
 *
 * Usage (from the repository): node bench/normals-box-muller.mjs [--blocks 20000] [--rounds 7]
 * Instructions (load does not move them): `--rounds 0 --only simd|engine|scalar` runs `blocks`
 * blocks of one generator and nothing else; the difference of two valgrind runs
 *   valgrind --tool=callgrind --callgrind-out-file=/dev/null node bench/normals-box-muller.mjs --rounds 0 --only simd --blocks 5000
 *   (again with --blocks 15000; (Ir difference) / (10,000 x 1,024) = instructions per deviate).
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { importBundled } from './bundled.mjs';
import { S, nm, sec, sleb as leb, uleb, vec } from './wasm-bytes.mjs';

const { values } = parseArgs({
  options: {
    blocks: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '7' },
    only: { type: 'string', default: '' },
  },
});
const blocks = Number(values.blocks);
const rounds = Number(values.rounds);
const { BlockStream } = await importBundled('src/uncertainty/random-streams.ts');

// ---- coefficients (the same numbers in the module and the JavaScript loop) ----
const LOG_C = Array.from({ length: 11 }, (_, k) => 1 / (2 * k + 1)); // ln m = 2 s (1 + s^2/3 + ... + s^20/21)
const fact = (n) => (n <= 1 ? 1 : n * fact(n - 1));
const SIN_C = Array.from({ length: 8 }, (_, k) => (k % 2 ? -1 : 1) / fact(2 * k + 1)); // to theta^15
const COS_C = Array.from({ length: 9 }, (_, k) => (k % 2 ? -1 : 1) / fact(2 * k)); // to theta^16
const LN2_HI = 0.6931471803691238; // 33 bits: E * LN2_HI is exact for |E| < 2^20
const LN2_LO = 1.9082149292705877e-10;
const SQRT2 = Math.SQRT2;
const TWO_M32 = 2 ** -32;
const ANGLE = Math.PI / 2 ** 33; // (x << 2 as int32) * ANGLE = theta in [-pi/4, pi/4)

// ---- a small assembler ----
const bytesOf = (typed) => Array.from(new Uint8Array(typed.buffer));
const get = (x) => [0x20, x];
const set = (x) => [0x21, x];
const i32c = (v) => [0x41, ...leb(v)];
// Every constant lives in a local set once before the loop (a v128.const in the loop costs instructions per use).
const constants = new Map();
const constant = (bytes) => {
  const k = bytes.join(',');
  if (!constants.has(k)) constants.set(k, { index: 30 + constants.size, bytes });
  return [0x20, constants.get(k).index];
};
const f2 = (x) => constant(bytesOf(new Float64Array([x, x])));
const i2 = (x) => constant(bytesOf(new BigInt64Array([x, x])));
const i4 = (x) => constant(bytesOf(new Int32Array([x, x, x, x])));
const op2 = (code) => (a, b) => [...a, ...b, ...S(code)];
const op1 = (code) => (a) => [...a, ...S(code)];
const [fadd, fsub, fmul, fdiv, fgt] = [0xf0, 0xf1, 0xf2, 0xf3, 0x4a].map(op2);
const [and, or, xor] = [0x4e, 0x50, 0x51].map(op2);
const [ishl4, ishr4u, iadd4, imul4] = [0xab, 0xad, 0xae, 0xb5].map(op2);
const [ishl2, ishr2s, ishr2u] = [0xcb, 0xcc, 0xcd].map(op2);
const [fsqrt, cvtLowU, cvtLowS, extLowU] = [0xef, 0xff, 0xfe, 0xc9].map(op1);
const sel = (a, b, mask) => [...a, ...b, ...mask, ...S(0x52)]; // mask ? a : b, bit by bit
const load = (at) => [...i32c(0), ...S(0x00), 4, ...uleb(at)];
const store = (addr, value, at) => [...addr, ...value, ...S(0x0b), 4, ...uleb(at)];
const n = (k) => i32c(k); // shift counts are i32 scalars
/** Estrin's scheme (short dependency chains): c[0..m) + x^m c[m..), m the largest power of two below the length; `powers[j]` = x^(2^j). */
const estrin = (cs, powers, level = Math.ceil(Math.log2(cs.length))) => {
  if (cs.length === 1) return f2(cs[0]);
  const m = 2 ** (level - 1);
  if (cs.length <= m) return estrin(cs, powers, level - 1);
  return fadd(estrin(cs.slice(0, m), powers, level - 1), fmul(powers[level - 1], estrin(cs.slice(m), powers, level - 1)));
};

// params: n i32 (0), location f64 (1), scale f64 (2); locals: i i32 (3), then v128s
const [N, LOC, SC, I] = [0, 1, 2, 3];
const [A, B, C, D, T, X, XH, U, E, M, MASK, SS, S2, R, TH, T2, SN, CS, Q, SW, VL, VS, P4, P8, Q4, Q8] = Array.from(
  { length: 26 },
  (_, k) => 4 + k,
);
const v = get;
const rotl = (x, k) => or(ishl4(v(x), n(k)), ishr4u(v(x), n(32 - k)));
const xorInto = (x, y) => [...xor(v(x), v(y)), ...set(x)];
const STATE = 0;
const OUT = 64;
const body = [
  ...get(LOC),
  ...S(0x14),
  ...set(VL),
  ...get(SC),
  ...S(0x14),
  ...set(VS),
  ...[A, B, C, D].flatMap((x, k) => [...load(STATE + 16 * k), ...set(x)]),
  ...[0x02, 0x40, 0x03, 0x40], // block, loop
  ...[...get(I), ...get(N), 0x4f, 0x0d, 1], // i >= n (unsigned): leave
  // xoshiro128** on four lanes
  ...imul4(v(B), i4(5)),
  ...set(X),
  ...imul4(rotl(X, 7), i4(9)),
  ...set(X),
  ...ishl4(v(B), n(9)),
  ...set(T),
  ...xorInto(C, A),
  ...xorInto(D, B),
  ...xorInto(B, C),
  ...xorInto(A, D),
  ...xorInto(C, T),
  ...rotl(D, 11),
  ...set(D),
  // u = (x + 0.5) 2^-32 from lanes 0 and 1; ln u = E ln2 + ln m
  ...fmul(fadd(cvtLowU(v(X)), f2(0.5)), f2(TWO_M32)),
  ...set(U),
  ...fsub(or(ishr2u(v(U), n(52)), i2(0x4330000000000000n)), f2(2 ** 52 + 1023)),
  ...set(E),
  ...or(and(v(U), i2(0x000fffffffffffffn)), i2(0x3ff0000000000000n)),
  ...set(M),
  ...fgt(v(M), f2(SQRT2)),
  ...set(MASK),
  ...sel(fmul(v(M), f2(0.5)), v(M), v(MASK)),
  ...set(M),
  ...fadd(v(E), and(v(MASK), f2(1))),
  ...set(E),
  ...fdiv(fsub(v(M), f2(1)), fadd(v(M), f2(1))),
  ...set(SS),
  ...fmul(v(SS), v(SS)),
  ...set(S2),
  ...fmul(v(S2), v(S2)),
  ...set(P4),
  ...fmul(v(P4), v(P4)),
  ...set(P8),
  // r = scale * sqrt(-2 ln u)
  ...fmul(
    fsqrt(
      fmul(
        fadd(
          fmul(v(E), f2(LN2_HI)),
          fadd(fmul(v(E), f2(LN2_LO)), fmul(fadd(v(SS), v(SS)), estrin(LOG_C, [v(S2), v(P4), v(P8), fmul(v(P8), v(P8))]))),
        ),
        f2(-2),
      ),
    ),
    v(VS),
  ),
  ...set(R),
  // the angle from lanes 2 and 3
  ...[...v(X), ...v(X), ...S(0x0d), 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7],
  ...set(XH),
  ...fmul(cvtLowS(ishl4(v(XH), n(2))), f2(ANGLE)),
  ...set(TH),
  ...fmul(v(TH), v(TH)),
  ...set(T2),
  ...fmul(v(T2), v(T2)),
  ...set(Q4),
  ...fmul(v(Q4), v(Q4)),
  ...set(Q8),
  ...fmul(v(TH), estrin(SIN_C, [v(T2), v(Q4), v(Q8)])),
  ...set(SN),
  ...fsqrt(fsub(f2(1), fmul(v(SN), v(SN)))),
  ...set(CS),
  ...extLowU(ishr4u(iadd4(v(XH), i4(1 << 29)), n(30))),
  ...set(Q),
  ...and(v(Q), i2(1n)),
  ...S(0xc1),
  ...set(SW),
  // cos-side deviates (4 i .. +1), then sin-side (+2, +3)
  ...store(
    [...get(I), ...i32c(3), 0x74],
    fadd(v(VL), fmul(v(R), xor(sel(v(SN), v(CS), v(SW)), ishl2(xor(v(Q), ishr2u(v(Q), n(1))), n(63))))),
    OUT,
  ),
  ...store(
    [...get(I), ...i32c(3), 0x74],
    fadd(v(VL), fmul(v(R), xor(sel(v(CS), v(SN), v(SW)), ishl2(ishr2u(v(Q), n(1)), n(63))))),
    OUT + 16,
  ),
  ...[...get(I), ...i32c(4), 0x6a, ...set(I)],
  ...[0x0c, 0, 0x0b, 0x0b], // br loop; end loop; end block
  ...[A, B, C, D].flatMap((x, k) => store(i32c(0), v(x), STATE + 16 * k)),
  0x0b,
];
const prologue = [...constants.values()].flatMap(({ index, bytes }) => [...S(0x0c), ...bytes, ...set(index)]);
const locals = vec([
  [1, 0x7f],
  [26 + constants.size, 0x7b],
]);
const moduleBytes = new Uint8Array([
  ...[0, 0x61, 0x73, 0x6d, 1, 0, 0, 0],
  ...sec(1, vec([[0x60, ...vec([[0x7f], [0x7c], [0x7c]]), 0]])),
  ...sec(3, vec([[0]])),
  ...sec(5, vec([[0, 1]])),
  ...sec(
    7,
    vec([
      [...nm('fill'), 0, 0],
      [...nm('memory'), 2, 0],
    ]),
  ),
  ...sec(10, vec([[...uleb(locals.length + prologue.length + body.length), ...locals, ...prologue, ...body]])),
]);
const instance = new globalThis.WebAssembly.Instance(new globalThis.WebAssembly.Module(moduleBytes));
const CAPACITY = 4096; // deviates per call (32 KiB of the 64 KiB page)
const state = new Int32Array(instance.exports.memory.buffer, STATE, 16);
const deviates = new Float64Array(instance.exports.memory.buffer, OUT, CAPACITY);
const fill = instance.exports.fill;

/** The four lanes' states of block `block`: 16 numbers of the engine's stream of that block, word w of lane l at 4 w + l. */
function seedLanes(target, seed, block, key) {
  const stream = new BlockStream(seed, block, key);
  for (let k = 0; k < 16; k++) target[k] = stream.next32();
  for (let l = 0; l < 4; l++) if ((target[l] | target[4 + l] | target[8 + l] | target[12 + l]) === 0) target[12 + l] = 1;
}

/** Box-Muller deviates of one block in WebAssembly: `out.length` a multiple of 4, at most CAPACITY. */
function boxMullerSimd(seed, block, key, out, location, scale) {
  seedLanes(state, seed, block, key);
  fill(out.length, location, scale);
  out.set(deviates.subarray(0, out.length));
}

/** {@link estrin} in JavaScript: the same tree, so the same roundings. */
const poly = (x, cs) => {
  const powers = [x];
  while (2 ** powers.length < cs.length) powers.push(powers[powers.length - 1] * powers[powers.length - 1]);
  const e = (c, level) => {
    if (c.length === 1) return c[0];
    const m = 2 ** (level - 1);
    if (c.length <= m) return e(c, level - 1);
    return e(c.slice(0, m), level - 1) + powers[level - 1] * e(c.slice(m), level - 1);
  };
  return e(cs, Math.ceil(Math.log2(cs.length)));
};
const f64 = new Float64Array(1);
const u64 = new BigUint64Array(f64.buffer);
/** ln u by the module's steps (exponent and mantissa split, the atanh series). */
function lnPoly(u) {
  f64[0] = u;
  const bits = u64[0];
  let e = Number(bits >> 52n) - 1023;
  u64[0] = (bits & 0x000fffffffffffffn) | 0x3ff0000000000000n;
  let m = f64[0];
  if (m > SQRT2) {
    m *= 0.5;
    e += 1;
  }
  const s = (m - 1) / (m + 1);
  return e * LN2_HI + (e * LN2_LO + (s + s) * poly(s * s, LOG_C));
}
/** [cos, sin] of 2 pi x / 2^32 by the module's steps. */
function sinCosPoly(x) {
  const th = (x << 2) * ANGLE;
  const t2 = th * th;
  const sn = th * poly(t2, SIN_C);
  const cs = Math.sqrt(1 - sn * sn);
  const q = ((x + (1 << 29)) >>> 30) & 3;
  const c = q & 1 ? sn : cs;
  const s = q & 1 ? cs : sn;
  return [(q ^ (q >> 1)) & 1 ? -c : c, q & 2 ? -s : s];
}
/** The same deviates in JavaScript alone (the lanes' xoshiro128** steps one by one). */
function boxMullerScalar(seed, block, key, out, location, scale) {
  const st = new Uint32Array(16);
  seedLanes(st, seed, block, key);
  const x = new Uint32Array(4);
  for (let i = 0; i < out.length; i += 4) {
    for (let l = 0; l < 4; l++) {
      const [a, b, c, d] = [st[l], st[4 + l], st[8 + l], st[12 + l]];
      const r = Math.imul(b, 5) >>> 0;
      x[l] = Math.imul(((r << 7) | (r >>> 25)) >>> 0, 9) >>> 0;
      const t = (b << 9) >>> 0;
      const c1 = (c ^ a) >>> 0;
      const d1 = (d ^ b) >>> 0;
      const b1 = (b ^ c1) >>> 0;
      st[l] = (a ^ d1) >>> 0;
      st[4 + l] = b1;
      st[8 + l] = (c1 ^ t) >>> 0;
      st[12 + l] = ((d1 << 11) | (d1 >>> 21)) >>> 0;
    }
    for (let p = 0; p < 2; p++) {
      const r = Math.sqrt(lnPoly((x[p] + 0.5) * TWO_M32) * -2) * scale;
      const [c, s] = sinCosPoly(x[2 + p] | 0);
      out[i + p] = location + r * c;
      out[i + 2 + p] = location + r * s;
    }
  }
}

const BLOCK = 1024;
const key = [0x12345678, 0x9abcdef0];
const generators = {
  simd: (b, out) => boxMullerSimd(42, b, key, out, 1.5, 0.25),
  engine: (b, out) => new BlockStream(42, b, key).fillNormals(out, 1.5, 0.25),
  scalar: (b, out) => boxMullerScalar(42, b, key, out, 1.5, 0.25),
};

/** CPU nanoseconds per deviate for `blocks` blocks of one generator. */
function time(generate) {
  const out = new Float64Array(BLOCK);
  let check = 0;
  const start = process.cpuUsage();
  for (let b = 0; b < blocks; b++) {
    generate(b, out);
    check += out[b & 1023];
  }
  const used = process.cpuUsage(start);
  if (Number.isNaN(check)) throw new Error('NaN deviate');
  return ((used.user + used.system) * 1000) / (blocks * BLOCK);
}

if (rounds === 0) {
  time(generators[values.only || 'simd']);
  process.exit(0);
}

// ---- the same bits in WebAssembly and JavaScript ----
let sameBits = true;
for (let b = 0; b < 200 && sameBits; b++) {
  const [w, j] = [new Float64Array(BLOCK), new Float64Array(BLOCK)];
  boxMullerSimd(7, b, [b, 99], w, b === 0 ? 0 : -3.25, b === 0 ? 1 : 0.7);
  boxMullerScalar(7, b, [b, 99], j, b === 0 ? 0 : -3.25, b === 0 ? 1 : 0.7);
  sameBits = w.every((z, i) => Object.is(z, j[i]));
}

// ---- the polynomials' largest errors ----
function polynomialErrors() {
  let logRel = 0;
  let logAbs = 0;
  const probe = (u) => {
    const exact = Math.log(u);
    const err = Math.abs(lnPoly(u) - exact);
    logAbs = Math.max(logAbs, err);
    logRel = Math.max(logRel, err / Math.abs(exact));
  };
  for (let x = 0; x < 2 ** 32; x += 997) probe((x + 0.5) * TWO_M32);
  for (let k = 0; k < 4096; k++) {
    probe((k + 0.5) * TWO_M32);
    probe((2 ** 32 - 1 - k + 0.5) * TWO_M32);
  }
  let trig = 0;
  for (let x = -(2 ** 31); x < 2 ** 31; x += 991) {
    const [c, s] = sinCosPoly(x);
    const angle = (2 * Math.PI * (x >>> 0)) / 2 ** 32;
    trig = Math.max(trig, Math.abs(c - Math.cos(angle)), Math.abs(s - Math.sin(angle)));
  }
  return { logRel, logAbs, trig };
}

// ---- the distribution of 10^6 deviates ----
/** The standard normal CDF: the erf series below |z| = 3 sqrt 2, the erfc continued fraction above (about 1e-13 absolute). */
function phi(z) {
  const x = Math.abs(z) / Math.SQRT2;
  let q; // erfc(x)
  if (x < 3) {
    // erf series: 2/sqrt(pi) sum (-1)^k x^(2k+1) / (k! (2k+1))
    let term = x;
    let sum = x;
    for (let k = 1; k < 200 && Math.abs(term) > 1e-17 * Math.abs(sum); k++) {
      term *= (-x * x) / k;
      sum += term / (2 * k + 1);
    }
    q = 1 - (2 / Math.sqrt(Math.PI)) * sum;
  } else {
    // continued fraction for erfc, evaluated backwards
    let f = 0;
    for (let k = 60; k >= 1; k--) f = k / 2 / (x + f);
    q = Math.exp(-x * x) / Math.sqrt(Math.PI) / (x + f);
  }
  return z >= 0 ? 1 - q / 2 : q / 2;
}
function distribution(generate) {
  const count = 1_000_000;
  const all = new Float64Array(Math.ceil(count / BLOCK) * BLOCK);
  for (let b = 0; b * BLOCK < all.length; b++) generate(b, all.subarray(b * BLOCK, (b + 1) * BLOCK));
  const z = all.subarray(0, count).sort();
  let [m1, m2, m3, m4] = [0, 0, 0, 0];
  for (const x of z) m1 += x;
  m1 /= count;
  for (const x of z) {
    const d = x - m1;
    m2 += d * d;
    m3 += d * d * d;
    m4 += d * d * d * d;
  }
  [m2, m3, m4] = [m2 / count, m3 / count, m4 / count];
  const tails = [1, 2, 3, 4].map((t) => z.reduce((k, x) => k + (Math.abs(x) > t ? 1 : 0), 0) / count / (2 * phi(-t)));
  let ks = 0;
  let ad = 0;
  for (let i = 0; i < count; i++) {
    const f = phi(z[i]);
    ks = Math.max(ks, (i + 1) / count - f, f - i / count);
    ad += (2 * i + 1) * (Math.log(Math.max(f, 1e-300)) + Math.log(Math.max(phi(-z[count - 1 - i]), 1e-300)));
  }
  ad = -count - ad / count;
  return {
    mean: m1,
    variance: m2,
    skew: m3 / m2 ** 1.5,
    kurtosis: m4 / m2 ** 2 - 3,
    tails,
    ksSqrtN: ks * Math.sqrt(count),
    ad,
    max: z[count - 1],
    min: z[0],
  };
}

const standard = {
  simd: (b, out) => boxMullerSimd(2026, b, key, out, 0, 1),
  engine: (b, out) => new BlockStream(2026, b, key).fillNormals(out, 0, 1),
};
const names = ['simd', 'engine'];
for (const name of names) time(generators[name]); // warm-up
const samples = names.map(() => []);
for (let r = 0; r < rounds; r++) names.forEach((name, i) => samples[i].push(time(generators[name])));
const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
console.log(
  `load ${loadavg()[0].toFixed(2)}; ${blocks} blocks of ${BLOCK}, ${rounds} alternating rounds; WebAssembly = JavaScript bit for bit: ${sameBits}`,
);
console.log(`JavaScript reference loop (same bits; BigInt bit splitting, not tuned), one round: ${time(generators.scalar).toFixed(2)} ns`);
console.log('| generator | ns CPU per deviate, median | best |');
console.log('|---|---|---|');
names.forEach((name, i) => console.log(`| ${name} | ${median(samples[i]).toFixed(2)} | ${Math.min(...samples[i]).toFixed(2)} |`));
const errors = polynomialErrors();
console.log(
  `polynomials: ln u largest relative error ${errors.logRel.toExponential(2)} (absolute ${errors.logAbs.toExponential(2)}); sin/cos largest absolute error ${errors.trig.toExponential(2)}`,
);
console.log('| generator | mean | variance | skewness | excess kurtosis | P(|z|>1,2,3,4) / exact | KS sqrt(n) D | AD A^2 | min | max |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const name of names) {
  const d = distribution(standard[name]);
  const f = (x) => x.toFixed(5);
  console.log(
    `| ${name} | ${f(d.mean)} | ${f(d.variance)} | ${f(d.skew)} | ${f(d.kurtosis)} | ${d.tails.map((t) => t.toFixed(3)).join(', ')} | ${d.ksSqrtN.toFixed(3)} | ${d.ad.toFixed(3)} | ${d.min.toFixed(3)} | ${d.max.toFixed(3)} |`,
  );
}
