#!/usr/bin/env node
/**
 * Issue 36's probe of WebAssembly SIMD for the Monte Carlo normals (bench/RESULTS.md, "Issue 36,
 * Monte Carlo, fourth pass"): CPU time per deviate of
 * (a) four xoshiro128** lanes in one v128 (the uniform source alone, 4 x 32 bits stored per step);
 * (b) the ziggurat's fast path on those four lanes, the tables KN and WN read lane by lane
 *     (v128.load64_lane: WebAssembly SIMD has no gather), every group taken as accepted (a bound:
 *     the groups with a lane off the fast path, counted and printed, would need a per-lane slow path);
 * (c) the engine's generator (`BlockStream.fillNormals` of src/uncertainty/random-streams.ts, a new
 *     stream per block of 1,024), alternating round by round in one process.
 * The SIMD modules are assembled here from their instructions, as src/uncertainty/ziggurat-wasm.ts is.
 * Their deviates are NOT the engine's (four interleaved lanes are another stream layout).
 *
 * Usage (from the repository): node bench/normals-simd.mjs [--blocks 20000] [--rounds 7]
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { importBundled } from './bundled.mjs';
import { S, nm, sec, sleb, uleb as leb, vec } from './wasm-bytes.mjs';

const { values } = parseArgs({ options: { blocks: { type: 'string', default: '20000' }, rounds: { type: 'string', default: '7' } } });
const blocks = Number(values.blocks);
const rounds = Number(values.rounds);
const rs = await importBundled('src/uncertainty/random-streams.ts');

const f64b = (x) => Array.from(new Uint8Array(new Float64Array([x]).buffer));
const get = (x) => [0x20, x],
  set = (x) => [0x21, x],
  i32 = (v) => [0x41, ...sleb(v)];
const V = {
  load: 0x00,
  store: 0x0b,
  splatI: 0x11,
  splatF: 0x14,
  extract: 0x1b,
  and: 0x4e,
  or: 0x50,
  xor: 0x51,
  lt: 0x49,
  allTrue64: 0xc3,
  shl: 0xab,
  shrS: 0xac,
  shrU: 0xad,
  mul: 0xb5,
  abs: 0xec,
  add: 0xf0,
  fmul: 0xf2,
  cvt: 0xfe,
  ld64lane: 0x57,
  shuffle: 0x0d,
  const: 0x0c,
};
const KN = 64,
  WN = 64 + 1024,
  OUT = 4096;
// params: n (i32), loc f64, scale f64 ; locals: i i32(3), cnt i32(4); v128: a5 b6 c7 d8 j9 t10 lay11 h12 lo13 hi14 kl15 kh16 wl17 wh18 L19 Sc20
const [N, LOC, SC, I, CNT, A, B, C, D, J, T, LAY, H, LO, HI, KL, KH, WL, WH, VL, VS] = [
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
];
const rotl = (x, k) => [...get(x), ...i32(k), ...S(V.shl), ...get(x), ...i32(32 - k), ...S(V.shrU), ...S(V.or)];
const xorInto = (x, y) => [...get(x), ...get(y), ...S(V.xor), ...set(x)];
const step = [
  ...get(B),
  ...i32(5),
  ...S(V.splatI),
  ...S(V.mul),
  ...set(J),
  ...rotl(J, 7),
  ...i32(9),
  ...S(V.splatI),
  ...S(V.mul),
  ...set(J),
  ...get(B),
  ...i32(9),
  ...S(V.shl),
  ...set(T),
  ...xorInto(C, A),
  ...xorInto(D, B),
  ...xorInto(B, C),
  ...xorInto(A, D),
  ...xorInto(C, T),
  ...rotl(D, 11),
  ...set(D),
];
const loadState = [A, B, C, D].flatMap((x, k) => [...i32(0), ...S(V.load, 4, ...leb(16 * k)), ...set(x)]);
const storeState = [A, B, C, D].flatMap((x, k) => [...i32(0), ...get(x), ...S(V.store, 4, ...leb(16 * k))]);
const loopHead = [0x02, 0x40, 0x03, 0x40, ...get(I), ...get(N), 0x4e, 0x0d, 1];
const loopTail = [...get(I), ...i32(4), 0x6a, ...set(I), 0x0c, 0, 0x0b, 0x0b];
// (a) generator: store j (4 x 32 bits) at OUT + 4 i
const gen = [
  ...loadState,
  ...loopHead,
  ...step,
  ...get(I),
  ...i32(2),
  0x74,
  ...get(J),
  ...S(V.store, 4, ...leb(OUT)),
  ...loopTail,
  ...storeState,
  ...get(I),
  0x0b,
];
const lane = (vecLocal, tableAt, k) => [
  ...get(LAY),
  ...S(V.extract, k),
  ...get(vecLocal),
  ...S(V.ld64lane, 3, ...leb(tableAt), k % 2),
  ...set(vecLocal),
];
const zig = [
  ...loadState,
  ...get(LOC),
  ...S(V.splatF),
  ...set(VL),
  ...get(SC),
  ...S(V.splatF),
  ...set(VS),
  ...loopHead,
  ...step,
  ...get(J),
  ...i32(127),
  ...S(V.splatI),
  ...S(V.and),
  ...i32(3),
  ...S(V.shl),
  ...set(LAY),
  ...get(J),
  ...i32(7),
  ...S(V.shrS),
  ...set(H),
  ...get(H),
  ...S(V.cvt),
  ...set(LO),
  ...get(H),
  ...get(H),
  ...S(V.shuffle, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7),
  ...S(V.cvt),
  ...set(HI),
  ...lane(KL, KN, 0),
  ...lane(KL, KN, 1),
  ...lane(KH, KN, 2),
  ...lane(KH, KN, 3),
  ...lane(WL, WN, 0),
  ...lane(WL, WN, 1),
  ...lane(WH, WN, 2),
  ...lane(WH, WN, 3),
  ...get(LO),
  ...S(V.abs),
  ...get(KL),
  ...S(V.lt),
  ...get(HI),
  ...S(V.abs),
  ...get(KH),
  ...S(V.lt),
  ...S(V.and),
  ...S(V.allTrue64),
  0x45,
  ...get(CNT),
  0x6a,
  ...set(CNT),
  ...get(I),
  ...i32(3),
  0x74,
  ...get(VL),
  ...get(VS),
  ...get(LO),
  ...get(WL),
  ...S(V.fmul),
  ...S(V.fmul),
  ...S(V.add),
  ...S(V.store, 3, ...leb(OUT)),
  ...get(I),
  ...i32(3),
  0x74,
  ...get(VL),
  ...get(VS),
  ...get(HI),
  ...get(WH),
  ...S(V.fmul),
  ...S(V.fmul),
  ...S(V.add),
  ...S(V.store, 3, ...leb(OUT + 16)),
  ...loopTail,
  ...storeState,
  ...get(CNT),
  0x0b,
];
const locals = vec([
  [...leb(2), 0x7f],
  [...leb(16), 0x7b],
]);
const bytes = new Uint8Array([
  0,
  0x61,
  0x73,
  0x6d,
  1,
  0,
  0,
  0,
  ...sec(1, vec([[0x60, ...vec([[0x7f], [0x7c], [0x7c]]), ...vec([[0x7f]])]])),
  ...sec(3, vec([[0], [0]])),
  ...sec(5, vec([[0, 1]])),
  ...sec(
    7,
    vec([
      [...nm('gen'), 0, 0],
      [...nm('zig'), 0, 1],
      [...nm('memory'), 2, 0],
    ]),
  ),
  ...sec(
    10,
    vec([
      [...leb(locals.length + gen.length), ...locals, ...gen],
      [...leb(locals.length + zig.length), ...locals, ...zig],
    ]),
  ),
]);
const inst = new globalThis.WebAssembly.Instance(new globalThis.WebAssembly.Module(bytes));
const mem = new Float64Array(inst.exports.memory.buffer);
// The tables, built as random-streams.ts builds them.
const R = 3.442619855899,
  m = 16777216,
  v = 9.91256303526217e-3;
let d = R,
  t = d;
const q = v / Math.exp(-0.5 * d * d);
const kn = new Float64Array(128),
  wn = new Float64Array(128);
kn[0] = (d / q) * m;
kn[1] = 0;
wn[0] = q / m;
wn[127] = d / m;
for (let i = 126; i >= 1; i--) {
  d = Math.sqrt(-2 * Math.log(v / d + Math.exp(-0.5 * d * d)));
  kn[i + 1] = (d / t) * m;
  t = d;
  wn[i] = d / m;
}
mem.set(kn, KN / 8);
mem.set(wn, WN / 8);
new Int32Array(inst.exports.memory.buffer, 0, 16).set(Array.from({ length: 16 }, (_, i) => (i * 0x9e3779b9 + 12345) | 0));
const BL = 1024;
function timeIt(f) {
  const s = process.cpuUsage();
  let x = 0;
  for (let b = 0; b < blocks; b++) x += f();
  const u = process.cpuUsage(s);
  return [((u.user + u.system) * 1000) / (blocks * BL), x];
}
const out = new Float64Array(BL);
const fns = {
  'SIMD xoshiro x4, 32 bits stored': () => inst.exports.gen(BL, 0, 1),
  'SIMD ziggurat fast path x4 (per-lane table loads)': () => inst.exports.zig(BL, 1.5, 0.25),
  'engine: BlockStream.fillNormals, a stream per block': (() => {
    let b = 0;
    return () => {
      new rs.BlockStream(42, b++, [1, 2]).fillNormals(out, 1.5, 0.25);
      return 0;
    };
  })(),
};
for (const f of Object.values(fns)) timeIt(f);
const res = Object.fromEntries(Object.keys(fns).map((k) => [k, []]));
let groupsSlow = 0;
for (let r = 0; r < rounds; r++)
  for (const [k, f] of Object.entries(fns)) {
    const [ns, x] = timeIt(f);
    res[k].push(ns);
    if (k.startsWith('SIMD zig')) groupsSlow = x / ((blocks * BL) / 4);
  }
const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`load ${loadavg()[0].toFixed(2)}; ${blocks} blocks of ${BL}, ${rounds} alternating rounds`);
console.log('| variant | ns CPU per deviate, median | best |');
console.log('|---|---|---|');
for (const k of Object.keys(fns)) console.log(`| ${k} | ${med(res[k]).toFixed(2)} | ${Math.min(...res[k]).toFixed(2)} |`);
console.log('share of 4-lane groups with a lane off the fast path', groupsSlow.toFixed(4));
