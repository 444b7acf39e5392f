/**
 * The ziggurat's fast path (random-streams.ts, `BlockStream.fillNormals`) as a small WebAssembly
 * function, assembled here from its instructions (no build tool, no file: the bytes are made at
 * first use). It runs the same xoshiro128** steps and the same IEEE double arithmetic as the
 * JavaScript loop, so its deviates are the same bits; it is used because V8 runs it about a quarter
 * faster (bench/RESULTS.md, "Issue 36, Monte Carlo, third pass"). Where WebAssembly is missing or
 * refused (a content security policy without 'wasm-unsafe-eval'), {@link zigguratKernel} is null
 * and the JavaScript loop draws alone.
 *
 * Memory (one 64 KiB page): the four state words at byte 0, the number that left the fast path at
 * 16, the tables KN and WN (128 doubles each) at 64 and 1088, the deviates from 4096 on.
 * `fill(n, location, scale, i)` writes deviates i, i + 1, ... below n until one needs the slow path
 * (it then saves that number at byte 16) and returns the index it stopped at.
 */

/** The kernel: its state words and output as views of its memory, and its fill function. */
export interface ZigguratKernel {
  /** a, b, c, d of xoshiro128** (int32), then the number that left the fast path. */
  readonly state: Int32Array;
  /** The deviates written by `fill` (at most {@link ZIGGURAT_KERNEL_CAPACITY}). */
  readonly out: Float64Array;
  fill(n: number, location: number, scale: number, from: number): number;
}

/** Deviates the kernel writes per call of `fill` (its memory after the tables). */
export const ZIGGURAT_KERNEL_CAPACITY = (65536 - 4096) / 8;

const KN_AT = 64;
const WN_AT = KN_AT + 128 * 8;
const OUT_AT = 4096;

let kernel: ZigguratKernel | null | undefined;

/** The kernel, made at the first call with that call's tables `kn` and `wn` (random-streams.ts's, always); null where WebAssembly cannot be compiled. */
export function zigguratKernel(kn: Float64Array, wn: Float64Array): ZigguratKernel | null {
  if (kernel === undefined) kernel = instantiate(kn, wn);
  return kernel;
}

/** What the kernel needs of the host's WebAssembly (the library's TypeScript settings have no DOM or WebAssembly types). */
interface WebAssemblyHost {
  readonly Module: new (bytes: Uint8Array) => object;
  readonly Instance: new (module: object) => { readonly exports: Record<string, unknown> };
}

function instantiate(kn: Float64Array, wn: Float64Array): ZigguratKernel | null {
  const host = (globalThis as { WebAssembly?: WebAssemblyHost }).WebAssembly;
  if (host === undefined) return null;
  try {
    const instance = new host.Instance(new host.Module(moduleBytes()));
    const memory = instance.exports.memory as { readonly buffer: ArrayBuffer };
    const doubles = new Float64Array(memory.buffer);
    doubles.set(kn, KN_AT / 8);
    doubles.set(wn, WN_AT / 8);
    return {
      state: new Int32Array(memory.buffer, 0, 5),
      out: new Float64Array(memory.buffer, OUT_AT, ZIGGURAT_KERNEL_CAPACITY),
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
  i32Eqz: 0x45,
  i32GeS: 0x4e,
  f64Lt: 0x63,
  i32Add: 0x6a,
  i32Mul: 0x6c,
  i32And: 0x71,
  i32Xor: 0x73,
  i32Shl: 0x74,
  i32ShrS: 0x75,
  i32Rotl: 0x77,
  f64Abs: 0x99,
  f64Add: 0xa0,
  f64Mul: 0xa2,
  f64ConvertI32S: 0xb7,
} as const;

// Locals: the parameters n, location, scale, from; then i32 a, b, c, d, j, t, layer (times 8); f64 h.
const [N, LOCATION, SCALE, I, A, B, C, D, J, T, LAYER, H] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] as const;

/** The module's bytes: one function `fill` and its memory, both exported. */
function moduleBytes(): Uint8Array {
  const get = (x: number): number[] => [OP.get, x];
  const set = (x: number): number[] => [OP.set, x];
  const int = (v: number): number[] => [OP.i32Const, ...signedLeb(v)];
  const xorInto = (x: number, y: number): number[] => [...get(x), ...get(y), OP.i32Xor, ...set(x)];
  const body = [
    ...[A, B, C, D].flatMap((x, k) => [...int(0), OP.i32Load, 2, ...leb(4 * k), ...set(x)]),
    OP.block,
    0x40,
    OP.loop,
    0x40,
    ...[...get(I), ...get(N), OP.i32GeS, OP.brIf, 1],
    // j = rotl(b * 5, 7) * 9; then the state's step, as BlockStream.fillNormals writes it.
    ...[...get(B), ...int(5), OP.i32Mul, ...int(7), OP.i32Rotl, ...int(9), OP.i32Mul, ...set(J)],
    ...[...get(B), ...int(9), OP.i32Shl, ...set(T)],
    ...xorInto(C, A),
    ...xorInto(D, B),
    ...xorInto(B, C),
    ...xorInto(A, D),
    ...xorInto(C, T),
    ...[...get(D), ...int(11), OP.i32Rotl, ...set(D)],
    // layer = j & 127 (as a byte offset), h = j >> 7; leave unless |h| < KN[layer].
    ...[...get(J), ...int(127), OP.i32And, ...int(3), OP.i32Shl, ...set(LAYER)],
    ...[...get(J), ...int(7), OP.i32ShrS, OP.f64ConvertI32S, ...set(H)],
    ...[...get(H), OP.f64Abs, ...get(LAYER), OP.f64Load, 3, ...leb(KN_AT), OP.f64Lt, OP.i32Eqz, OP.brIf, 1],
    // out[i] = location + scale * (h * WN[layer]); i++.
    ...[...get(I), ...int(3), OP.i32Shl, ...get(LOCATION), ...get(SCALE), ...get(H), ...get(LAYER)],
    ...[OP.f64Load, 3, ...leb(WN_AT), OP.f64Mul, OP.f64Mul, OP.f64Add, OP.f64Store, 3, ...leb(OUT_AT)],
    ...[...get(I), ...int(1), OP.i32Add, ...set(I), OP.br, 0],
    OP.end,
    OP.end,
    ...[A, B, C, D, J].flatMap((x, k) => [...int(0), ...get(x), OP.i32Store, 2, ...leb(4 * k)]),
    ...get(I),
    OP.end,
  ];
  const I32 = 0x7f;
  const F64 = 0x7c;
  const code = [
    ...vector([
      [...leb(7), I32],
      [...leb(1), F64],
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
