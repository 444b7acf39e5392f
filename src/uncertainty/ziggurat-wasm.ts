/**
 * The ziggurat of random-streams.ts (`BlockStream.fillNormals`) as a small WebAssembly function,
 * assembled here from its instructions (no build tool, no file: the bytes are made at first use). It
 * runs the same xoshiro128** steps and the same IEEE double arithmetic as the JavaScript loop, so its
 * deviates are the same bits; it is used because V8 runs it faster (bench/RESULTS.md, "Issue 36,
 * Monte Carlo, third pass", "fourth pass" and "sixth pass: the normals"). The fast path and the
 * wedges (2.7 % of numbers) run here; a wedge's test `y < exp(-x^2 / 2)` is decided by a polynomial
 * bound of the exponential when y is farther than 1e-9 (relative) from it, else it returns to
 * JavaScript, which decides with `Math.exp`, so every decision is the JavaScript loop's. The base
 * layer's tail (about 0.03 %) returns to JavaScript too. The function calls nothing: a call in it
 * made V8 keep the state words in memory across the fast path. Where WebAssembly is missing or
 * refused (a content security policy without 'wasm-unsafe-eval'), {@link zigguratKernel} is null
 * and the JavaScript loop draws alone.
 *
 * Memory (one 64 KiB page): the four state words at byte 0, the number that left at 16, per layer
 * the fast path's integer limits (two int32) at 64, the tables WN and FN (128 doubles each) at 1088
 * and 2112, the deviates from 4096 on. `fill(n, location, scale, i)` writes deviates i, i + 1, ...
 * below n until a number needs JavaScript (the tail, or a wedge too close to tell) and returns the
 * index it stopped at; that number is then at byte 16, and the state words are the stream's just
 * after it.
 */

/** The kernel: its state words and output as views of its memory, and its fill function. */
export interface ZigguratKernel {
  /** a, b, c, d of xoshiro128** (int32), then the number that left for JavaScript. */
  readonly state: Int32Array;
  /** The deviates written by `fill` (at most {@link ZIGGURAT_KERNEL_CAPACITY}). */
  readonly out: Float64Array;
  /** The first n deviates of `out`, as a view (the last one made is kept: the engine copies blocks of one size). */
  first(n: number): Float64Array;
  fill(n: number, location: number, scale: number, from: number): number;
}

/** How the kernel is built: the engine's are {@link KERNEL_OPTIONS}; tests widen the margin to send every wedge to JavaScript. */
export interface KernelOptions {
  /** Relative distance between the wedge's y and the bound of exp below which JavaScript decides. */
  readonly margin: number;
  /** Numbers of the fast path per turn of its loop. */
  readonly unroll: number;
}

/** The engine's kernel (bench/RESULTS.md, "sixth pass: the normals", for the unrolling). */
export const KERNEL_OPTIONS: KernelOptions = { margin: 1e-9, unroll: 8 };

/** Deviates the kernel writes per call of `fill` (its memory after the tables). */
export const ZIGGURAT_KERNEL_CAPACITY = (65536 - 4096) / 8;

const LIMITS_AT = 64;
const WN_AT = LIMITS_AT + 128 * 8;
const FN_AT = WN_AT + 128 * 8;
const OUT_AT = 4096;
/** Where fill keeps its end (a byte offset), read at each number rather than held in a register. */
const END_AT = 20;

let kernel: ZigguratKernel | null | undefined;

/** The kernel, made at the first call with that call's tables `kn`, `wn` and `fn` (random-streams.ts's, always); null where WebAssembly cannot be compiled. */
export function zigguratKernel(kn: Float64Array, wn: Float64Array, fn: Float64Array): ZigguratKernel | null {
  if (kernel === undefined) kernel = makeZigguratKernel(kn, wn, fn, KERNEL_OPTIONS);
  return kernel;
}

/**
 * The fast path's test `|h| < KN[layer]` of a 25-bit signed position h, on integers: with m the
 * largest integer below KN[layer] (|h| < KN[layer] exactly when |h| <= m), it holds exactly when
 * h + m, as an unsigned 32-bit number, is below 2m + 1 (no wrap: |h| <= 2^24 and m < 2^24). A
 * layer whose KN is 0 gets (0, 0): no h passes.
 */
export function fastPathLimits(k: number): readonly [number, number] {
  if (!(k > 0)) return [0, 0];
  const m = Math.ceil(k) - 1;
  return [m, 2 * m + 1];
}

/** What the kernel needs of the host's WebAssembly (the library's TypeScript settings have no DOM or WebAssembly types). */
interface WebAssemblyHost {
  readonly Module: new (bytes: Uint8Array) => object;
  readonly Instance: new (module: object, imports: object) => { readonly exports: Record<string, unknown> };
}

/** A new kernel (not the shared one) built with `options`; null where WebAssembly cannot be compiled. */
export function makeZigguratKernel(kn: Float64Array, wn: Float64Array, fn: Float64Array, options: KernelOptions): ZigguratKernel | null {
  const host = (globalThis as { WebAssembly?: WebAssemblyHost }).WebAssembly;
  if (host === undefined) return null;
  try {
    const instance = new host.Instance(new host.Module(moduleBytes(options)), {});
    const memory = instance.exports.memory as { readonly buffer: ArrayBuffer };
    const doubles = new Float64Array(memory.buffer);
    const limits = new Int32Array(memory.buffer, LIMITS_AT, 2 * 128);
    kn.forEach((k, layer) => limits.set(fastPathLimits(k), 2 * layer));
    doubles.set(wn, WN_AT / 8);
    doubles.set(fn, FN_AT / 8);
    const out = new Float64Array(memory.buffer, OUT_AT, ZIGGURAT_KERNEL_CAPACITY);
    let view = out;
    return {
      state: new Int32Array(memory.buffer, 0, 5),
      out,
      first: (n) => (view.length === n ? view : (view = out.subarray(0, n))),
      fill: instance.exports.fill as ZigguratKernel['fill'],
    };
  } catch {
    return null;
  }
}

// Opcodes used (WebAssembly core specification, section 5.4).
const OP = {
  block: 0x02,
  loop: 0x03,
  end: 0x0b,
  br: 0x0c,
  brIf: 0x0d,
  get: 0x20,
  set: 0x21,
  i32Load: 0x28,
  f64Load: 0x2b,
  i32Store: 0x36,
  f64Store: 0x39,
  i32Const: 0x41,
  i32LtU: 0x49,
  return: 0x0f,
  i32Eqz: 0x45,
  i32GeS: 0x4e,
  f64Lt: 0x63,
  i32Add: 0x6a,
  call: 0x10,
  f64Const: 0x44,
  i32ShrU: 0x76,
  f64Sub: 0xa1,
  f64Div: 0xa3,
  f64ConvertI32U: 0xb8,
  if: 0x04,
  else: 0x05,
  i64Const: 0x42,
  f64Gt: 0x64,
  i64Add: 0x7c,
  i64Shl: 0x86,
  f64Nearest: 0x9e,
  i32TruncF64S: 0xaa,
  i64ExtendI32S: 0xac,
  f64ReinterpretI64: 0xbf,
  i32Mul: 0x6c,
  i32And: 0x71,
  i32Xor: 0x73,
  i32Or: 0x72,
  i32Shl: 0x74,
  i32ShrS: 0x75,
  i32Rotl: 0x77,
  f64Abs: 0x99,
  f64Add: 0xa0,
  f64Mul: 0xa2,
  f64ConvertI32S: 0xb7,
} as const;

// Locals: the parameters n, location, scale, from (n and from become byte offsets of the output, end and
// place); then i32 a, b, c, d, j, t, layer (times 8), u, h; f64 x, y (the wedge's test value), e (its
// exponent), k, r and p (exp(e) = 2^k p(r)).
const [END, LOCATION, SCALE, AT, A, B, C, D, J, T, LAYER, U, H] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
const [X, Y, E, K, R, P] = [13, 14, 15, 16, 17, 18] as const;

const I32 = 0x7f;
const F64 = 0x7c;

/** The module's bytes: one function `fill` and its memory, both exported; no imports. */
function moduleBytes(options: KernelOptions): Uint8Array {
  const get = (x: number): number[] => [OP.get, x];
  const set = (x: number): number[] => [OP.set, x];
  const int = (v: number): number[] => [OP.i32Const, ...signedLeb(v)];
  const f64Load = (at: number): number[] => [OP.f64Load, 3, ...leb(at)];
  const i32Load = (at: number): number[] => [OP.i32Load, 2, ...leb(at)];
  const xorInto = (x: number, y: number): number[] => [...get(x), ...get(y), OP.i32Xor, ...set(x)];
  // One xoshiro128** step, its output to `into`, as BlockStream.next32 writes it.
  const next32 = (into: number): number[] => [
    ...[...get(B), ...int(5), OP.i32Mul, ...int(7), OP.i32Rotl, ...int(9), OP.i32Mul, ...set(into)],
    ...[...get(B), ...int(9), OP.i32Shl, ...set(T)],
    ...xorInto(C, A),
    ...xorInto(D, B),
    ...xorInto(B, C),
    ...xorInto(A, D),
    ...xorInto(C, T),
    ...[...get(D), ...int(11), OP.i32Rotl, ...set(D)],
  ];
  // out[at] = location + scale * (the f64 the code `value` leaves); at += 8.
  const write = (value: number[]): number[] => [
    ...[...get(AT), ...get(LOCATION), ...get(SCALE), ...value],
    ...[OP.f64Mul, OP.f64Add, OP.f64Store, 3, ...leb(OUT_AT)],
    ...[...get(AT), ...int(8), OP.i32Add, ...set(AT)],
  ];
  // BlockStream.uniform: ((next32 >>> 5) * 2^26 + (next32 >>> 6) + 0.5) / 2^53, in that order.
  const uniform = [
    ...next32(U),
    ...next32(J),
    ...[...get(U), ...int(5), OP.i32ShrU, OP.f64ConvertI32U, OP.f64Const, ...f64(67108864), OP.f64Mul],
    ...[...get(J), ...int(6), OP.i32ShrU, OP.f64ConvertI32U, OP.f64Add, OP.f64Const, ...f64(0.5), OP.f64Add],
    ...[OP.f64Const, ...f64(9007199254740992), OP.f64Div],
  ];
  // p = 2^k q(r) with k = round(e / ln 2), r = e - k ln 2 (|r| <= 0.35) and q the Taylor polynomial of exp
  // to degree 13: relative error below 1e-15 for -700 < e <= 0, far inside the 1e-9 margin of the test.
  const expBound = [
    ...[...get(E), OP.f64Const, ...f64(Math.LOG2E), OP.f64Mul, OP.f64Nearest, ...set(K)],
    ...[...get(E), ...get(K), OP.f64Const, ...f64(Math.LN2), OP.f64Mul, OP.f64Sub, ...set(R)],
    ...[OP.f64Const, ...f64(1 / factorial(13))],
    ...Array.from({ length: 13 }, (_, i) => [...get(R), OP.f64Mul, OP.f64Const, ...f64(1 / factorial(12 - i)), OP.f64Add]).flat(),
    ...[...get(K), OP.i32TruncF64S, OP.i64ExtendI32S, OP.i64Const, ...signedLeb(1023), OP.i64Add, OP.i64Const, ...signedLeb(52)],
    ...[OP.i64Shl, OP.f64ReinterpretI64, OP.f64Mul, ...set(P)],
  ];
  // One number of the fast path, `slow` blocks in from $slow: layer = j & 127 (as a byte offset), h = j >> 7;
  // |h| < KN[layer], decided on the integers as (h + m) <u 2m + 1 (the pair at LIMITS_AT), gives
  // h * WN[layer]; else to $slow.
  const fast = (slow: number): number[] => [
    ...next32(J),
    ...[...get(J), ...int(127), OP.i32And, ...int(3), OP.i32Shl, ...set(LAYER)],
    ...[...get(J), ...int(7), OP.i32ShrS, ...set(H)],
    ...[...get(H), ...get(LAYER), ...i32Load(LIMITS_AT), OP.i32Add, ...get(LAYER), ...i32Load(LIMITS_AT + 4), OP.i32LtU],
    ...[OP.i32Eqz, OP.brIf, slow],
    ...write([...get(H), OP.f64ConvertI32S, ...get(LAYER), ...f64Load(WN_AT), OP.f64Mul]),
  ];
  // The slow path (inside loop $top, blocks $tail, $undecided, $done). The base layer's tail leaves to
  // $tail; a wedge is tested here, as BlockStream.zigguratEdge does: x = h * WN[layer] is
  // kept if FN[layer] + u * (FN[layer - 1] - FN[layer]) < exp(-0.5 * x * x). The state before u is stored
  // first: where p is within the margin of y (relative), or e is outside p's range, the wedge leaves to
  // $undecided with that state, and JavaScript draws u and decides with Math.exp itself.
  const slow = [
    ...[...get(LAYER), OP.i32Eqz, OP.brIf, 1],
    ...[...get(H), OP.f64ConvertI32S, ...get(LAYER), ...f64Load(WN_AT), OP.f64Mul, ...set(X)],
    ...[A, B, C, D].flatMap((x, k) => [...int(0), ...get(x), OP.i32Store, 2, ...leb(4 * k)]),
    ...[...get(LAYER), ...f64Load(FN_AT), ...uniform],
    ...[...get(LAYER), ...f64Load(FN_AT - 8), ...get(LAYER), ...f64Load(FN_AT), OP.f64Sub, OP.f64Mul, OP.f64Add, ...set(Y)],
    ...[OP.f64Const, ...f64(-0.5), ...get(X), OP.f64Mul, ...get(X), OP.f64Mul, ...set(E)],
    ...expBound,
    ...[...get(Y), ...get(P), OP.f64Sub, OP.f64Abs, ...get(P), OP.f64Const, ...f64(options.margin), OP.f64Mul, OP.f64Gt],
    ...[...get(E), OP.f64Const, ...f64(-700), OP.f64Gt, OP.i32And, OP.i32Eqz, OP.brIf, 2],
    // A rejected wedge leaves the place to a new deviate, drawn from the next number.
    ...[...get(Y), ...get(P), OP.f64Lt, OP.i32Eqz, OP.brIf, 0],
    ...write(get(X)),
    ...[OP.br, 0],
  ];
  const body = [
    ...[A, B, C, D].flatMap((x, k) => [...int(0), ...i32Load(4 * k), ...set(x)]),
    ...[...int(0), ...get(END), ...int(3), OP.i32Shl, OP.i32Store, 2, ...leb(END_AT), ...get(AT), ...int(3), OP.i32Shl, ...set(AT)],
    // Blocks $done, $undecided, $tail, loop $top, blocks $slow and $one. With `unroll` places left or
    // more, that many numbers in a row, their end tested once; else ($one) one number, if a place is left.
    ...[OP.block, 0x40, OP.block, 0x40, OP.block, 0x40, OP.loop, 0x40, OP.block, 0x40, OP.block, 0x40],
    ...[...get(AT), ...int(8 * (options.unroll - 1)), OP.i32Add, ...int(0), ...i32Load(END_AT), OP.i32GeS, OP.brIf, 0],
    ...Array.from({ length: options.unroll }, () => fast(1)).flat(),
    ...[OP.br, 2, OP.end],
    ...[...get(AT), ...int(0), ...i32Load(END_AT), OP.i32GeS, OP.brIf, 4],
    ...fast(0),
    ...[OP.br, 1, OP.end],
    ...slow,
    ...[OP.end, OP.end],
    // $tail stores the state; $undecided has it in memory already (the state before u). Then both store
    // the number j = h * 128 + layer at byte 16 and return the place reached.
    ...[A, B, C, D].flatMap((x, k) => [...int(0), ...get(x), OP.i32Store, 2, ...leb(4 * k)]),
    OP.end,
    ...[...int(0), ...get(H), ...int(7), OP.i32Shl, ...get(LAYER), ...int(3), OP.i32ShrU, OP.i32Or, OP.i32Store, 2, ...leb(16)],
    ...[...get(AT), ...int(3), OP.i32ShrU, OP.return],
    OP.end,
    ...[A, B, C, D].flatMap((x, k) => [...int(0), ...get(x), OP.i32Store, 2, ...leb(4 * k)]),
    ...[...get(AT), ...int(3), OP.i32ShrU],
    OP.end,
  ];
  const code = [
    ...vector([
      [...leb(9), I32],
      [...leb(6), F64],
    ]),
    ...body,
  ];
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vector([[0x60, ...vector([[I32], [F64], [F64], [I32]]), ...vector([[I32]])]])),
    ...section(3, vector([[0]])),
    ...section(5, vector([[0x00, 1]])),
    ...section(
      7,
      vector([
        [...name('fill'), 0x00, 0],
        [...name('memory'), 0x02, 0],
      ]),
    ),
    ...section(10, vector([[...leb(code.length), ...code]])),
  ]);
}

function factorial(k: number): number {
  return k <= 1 ? 1 : k * factorial(k - 1);
}

/** The little-endian bytes of a double (f64.const's immediate). */
function f64(value: number): number[] {
  return Array.from(new Uint8Array(new Float64Array([value]).buffer));
}

function section(id: number, content: number[]): number[] {
  return [id, ...leb(content.length), ...content];
}

function vector(items: number[][]): number[] {
  return [...leb(items.length), ...items.flat()];
}

function name(text: string): number[] {
  return [...leb(text.length), ...Array.from(text, (ch) => ch.charCodeAt(0))];
}

/** Unsigned LEB128. */
function leb(value: number): number[] {
  const bytes: number[] = [];
  let v = value >>> 0;
  do {
    const low = v & 0x7f;
    v >>>= 7;
    bytes.push(v === 0 ? low : low | 0x80);
  } while (v !== 0);
  return bytes;
}

/** Signed LEB128 (of an int32). */
function signedLeb(value: number): number[] {
  const bytes: number[] = [];
  let v = value | 0;
  for (;;) {
    const low = v & 0x7f;
    v >>= 7;
    if ((v === 0 && (low & 0x40) === 0) || (v === -1 && (low & 0x40) !== 0)) {
      bytes.push(low);
      return bytes;
    }
    bytes.push(low | 0x80);
  }
}
