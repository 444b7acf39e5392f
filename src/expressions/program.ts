/**
 * The compiled form of a blueprint: a flat tape of fixed-width instructions over one register file,
 * run forward for the value and backward (reverse mode) for the gradient. Built once per blueprint;
 * an evaluation allocates nothing, so a graph can evaluate the same blueprint hundreds of thousands
 * of times. `exp` is fdlibm.ts's, the bits of V8's Math.exp.
 */
import { exp } from './fdlibm';

// Opcodes, shared with the generator of JavaScript source (program-source.ts). Every instruction is four
// int32: op, dst, a, b. For the list opcodes and LOAD, `a` is an input index (values[inputStart[a] ..
// inputStart[a + 1])); otherwise a and b are registers. LOAD's `b` is the element of the input it reads:
// 0 for a SCALAR input, k for element k of a LIST input taken element-wise (docs/rules.md, "Element-wise lists").
export const LOAD = 0;
export const NEG = 1;
export const ADD = 2;
export const SUB = 3;
export const MUL = 4;
export const DIV = 5;
/** Power whose exponent register is a compile-time constant: no derivative for the exponent. */
export const POWC = 6;
export const POW = 7;
export const SQRT = 8;
export const EXP = 9;
export const LOG = 10;
export const ABS = 11;
export const MIN2 = 12;
export const MAX2 = 13;
export const LSUM = 14;
export const LMEAN = 15;
export const LMIN = 16;
export const LMAX = 17;
export const LCOUNT = 18;
/** Comparisons: 1 or 0, NaN when either side is NaN; no derivative. */
export const LT = 19;
export const LE = 20;
export const GT = 21;
export const GE = 22;
export const EQ = 23;
export const NE = 24;
/**
 * A conditional `c ? x : y` is two instructions writing one register d: SELT (d, c, x) sets d to
 * x when c is 1, 0 when c is 0 and NaN otherwise; SELF (d, c, y), right after it, sets d to y when
 * c is 0. The derivative flows to the branch taken only.
 */
export const SELT = 25;
export const SELF = 26;
export const LOG10 = 27;
export const SIN = 28;
export const COS = 29;
export const TAN = 30;
export const ASIN = 31;
export const ACOS = 32;
export const ATAN = 33;
export const ATAN2 = 34;

/** The opcodes of one register operand (`b` unused). */
export const UNARY_OPCODES: ReadonlySet<number> = new Set([NEG, SQRT, EXP, LOG, ABS, LOG10, SIN, COS, TAN, ASIN, ACOS, ATAN]);

/** Scalar operations a formula lowers to. */
export type ScalarOp =
  | 'neg'
  | '+'
  | '-'
  | '*'
  | '/'
  | '^'
  | 'sqrt'
  | 'exp'
  | 'log'
  | 'abs'
  | 'min'
  | 'max'
  | 'log10'
  | 'sin'
  | 'cos'
  | 'tan'
  | 'asin'
  | 'acos'
  | 'atan'
  | 'atan2'
  | '<'
  | '<='
  | '>'
  | '>='
  | '=='
  | '!=';
/** Reductions of a LIST input. */
export type ListOp = 'sum' | 'mean' | 'min' | 'max' | 'count';

const UNARY_CODES: Readonly<Record<string, number>> = {
  neg: NEG,
  sqrt: SQRT,
  exp: EXP,
  log: LOG,
  abs: ABS,
  log10: LOG10,
  sin: SIN,
  cos: COS,
  tan: TAN,
  asin: ASIN,
  acos: ACOS,
  atan: ATAN,
};
const BINARY_CODES: Readonly<Record<string, number>> = {
  '+': ADD,
  '-': SUB,
  '*': MUL,
  '/': DIV,
  '^': POW,
  min: MIN2,
  max: MAX2,
  atan2: ATAN2,
  '<': LT,
  '<=': LE,
  '>': GT,
  '>=': GE,
  '==': EQ,
  '!=': NE,
};
const LIST_CODES: Readonly<Record<ListOp, number>> = { sum: LSUM, mean: LMEAN, min: LMIN, max: LMAX, count: LCOUNT };

/** The arithmetic of one scalar op, shared by the interpreter and constant folding so that folding cannot change a value. */
export function applyScalar(op: number, a: number, b: number): number {
  switch (op) {
    case NEG:
      return -a;
    case ADD:
      return a + b;
    case SUB:
      return a - b;
    case MUL:
      return a * b;
    case DIV:
      return a / b;
    case POW:
    case POWC:
      return Math.pow(a, b);
    case SQRT:
      return Math.sqrt(a);
    case EXP:
      return exp(a);
    case LOG:
      return Math.log(a);
    case ABS:
      return Math.abs(a);
    case MIN2:
      return Math.min(a, b);
    case MAX2:
      return Math.max(a, b);
    default:
      return applyMore(op, a, b);
  }
}

/** The comparisons and the first half of a conditional (see {@link SELT}); NaN for anything else. */
function applyMore(op: number, a: number, b: number): number {
  if (op === SELT) return a === 1 ? b : a === 0 ? 0 : NaN;
  const trig = applyTrig(op, a, b);
  if (trig !== undefined) return trig;
  // A comparison with a NaN side is NaN, so that an invalid draw stays invalid through a branch.
  if (a !== a || b !== b) return NaN;
  switch (op) {
    case LT:
      return a < b ? 1 : 0;
    case LE:
      return a <= b ? 1 : 0;
    case GT:
      return a > b ? 1 : 0;
    case GE:
      return a >= b ? 1 : 0;
    case EQ:
      return a === b ? 1 : 0;
    case NE:
      return a !== b ? 1 : 0;
    default:
      return NaN;
  }
}

/** log10 and the trigonometric functions; undefined for any other op. */
function applyTrig(op: number, a: number, b: number): number | undefined {
  switch (op) {
    case LOG10:
      return Math.log10(a);
    case SIN:
      return Math.sin(a);
    case COS:
      return Math.cos(a);
    case TAN:
      return Math.tan(a);
    case ASIN:
      return Math.asin(a);
    case ACOS:
      return Math.acos(a);
    case ATAN:
      return Math.atan(a);
    case ATAN2:
      return Math.atan2(a, b);
    default:
      return undefined;
  }
}

/** A finished program; see {@link createEvaluator}. */
export interface Program {
  readonly code: Int32Array;
  /** Initial register contents: constants at their registers, 0 elsewhere. */
  readonly initialRegisters: Float64Array;
  readonly result: number;
  readonly inputCount: number;
}

/** Collects instructions; folds operations on constants and loads each scalar input once. */
export class ProgramBuilder {
  private readonly code: number[] = [];
  private readonly initial: number[] = [];
  private readonly constant = new Map<number, number>();
  private readonly constantRegs = new Set<number>();
  private readonly loads = new Map<number, number>();
  private readonly elementLoads = new Map<string, number>();

  private register(init: number): number {
    this.initial.push(init);
    return this.initial.length - 1;
  }

  /** A register holding a constant (one register per distinct value). */
  constantRegister(value: number): number {
    // Map keys treat 0 and -0 as equal; keep -0 apart so that 1 / -0 stays -Infinity.
    const negativeZero = Object.is(value, -0);
    const known = negativeZero ? undefined : this.constant.get(value);
    if (known !== undefined) return known;
    const reg = this.register(value);
    this.constantRegs.add(reg);
    if (!negativeZero) this.constant.set(value, reg);
    return reg;
  }

  isConstant(reg: number): boolean {
    return this.constantRegs.has(reg);
  }

  /** The register holding scalar input `input` (one LOAD per input, however often it is used). */
  loadInput(input: number): number {
    const known = this.loads.get(input);
    if (known !== undefined) return known;
    const reg = this.emit(LOAD, input, 0);
    this.loads.set(input, reg);
    return reg;
  }

  /** The register holding element `k` of LIST input `input` (one LOAD per element, however often it is used). */
  loadElement(input: number, k: number): number {
    const key = `${input}:${k}`;
    const known = this.elementLoads.get(key);
    if (known !== undefined) return known;
    const reg = this.emit(LOAD, input, k);
    this.elementLoads.set(key, reg);
    return reg;
  }

  unary(op: ScalarOp, a: number): number {
    const code = UNARY_CODES[op];
    if (code === undefined) throw new Error(`internal: ${op} is not a unary op`);
    if (this.isConstant(a)) return this.constantRegister(applyScalar(code, this.value(a), 0));
    return this.emit(code, a, 0);
  }

  binary(op: ScalarOp, a: number, b: number): number {
    let code = BINARY_CODES[op];
    if (code === undefined) throw new Error(`internal: ${op} is not a binary op`);
    const ca = this.isConstant(a);
    const cb = this.isConstant(b);
    if (ca && cb) return this.constantRegister(applyScalar(code, this.value(a), this.value(b)));
    if (code === POW && cb) code = POWC;
    return this.emit(code, a, b);
  }

  /** `c ? x : y`: a constant condition picks its branch here, otherwise the SELT, SELF pair. */
  select(c: number, x: number, y: number): number {
    if (this.isConstant(c)) {
      const test = this.value(c);
      return test === 1 ? x : test === 0 ? y : this.constantRegister(NaN);
    }
    const dst = this.emit(SELT, c, x);
    this.code.push(SELF, dst, c, y);
    return dst;
  }

  list(op: ListOp, input: number): number {
    return this.emit(LIST_CODES[op], input, 0);
  }

  build(result: number, inputCount: number): Program {
    return {
      code: Int32Array.from(this.code),
      initialRegisters: Float64Array.from(this.initial),
      result,
      inputCount,
    };
  }

  private value(reg: number): number {
    return this.initial[reg] as number;
  }

  private emit(op: number, a: number, b: number): number {
    const dst = this.register(0);
    this.code.push(op, dst, a, b);
    return dst;
  }
}

/** Signature of a compiled evaluation; see `CompiledBlueprint.evaluate`. */
export type Evaluate = (values: Float64Array, inputStart: Int32Array, gradient: Float64Array | null) => number;

/**
 * The scratch of one interpreted evaluator, allocated once (its function only writes into them): the
 * registers, their adjoints, and the position chosen by each list min/max, so that the backward pass
 * need not search again; with the result's register and the entries `inputStart` must have.
 */
export function interpreterScratch(program: Program) {
  const r = Float64Array.from(program.initialRegisters);
  return {
    code: program.code,
    r,
    adj: new Float64Array(r.length),
    chosen: new Int32Array(program.code.length >> 2),
    res: program.result,
    need: program.inputCount + 1,
  };
}

/**
 * Turns a program into its evaluate function. The register and adjoint arrays are allocated here,
 * once; the function only writes into them. Not re-entrant, which is safe because nothing it runs
 * calls back into user code.
 */
export function createEvaluator(program: Program): Evaluate {
  const { code, r, adj, chosen, res, need } = interpreterScratch(program);

  return function evaluate(values: Float64Array, inputStart: Int32Array, gradient: Float64Array | null): number {
    if (inputStart.length < need) {
      throw new RangeError(`inputStart has ${inputStart.length} entries; this blueprint needs ${need} (inputs + 1)`);
    }
    forwardPass(code, r, values, inputStart, chosen);
    const result = r[res]!;
    if (gradient === null) return result;

    // Only the slots of this component's inputs: the scratch arrays are sized for the largest one.
    // Plain loops: for the handful of slots and registers of a blueprint, a call to fill costs more.
    const slotCount = inputStart[need - 1]!;
    for (let k = 0; k < slotCount; k++) gradient[k] = 0;
    for (let k = 0; k < adj.length; k++) adj[k] = 0;
    adj[res] = 1;
    backwardPass(code, r, adj, inputStart, chosen, gradient, null);
    return result;
  };
}

/**
 * Runs the tape forward: every register gets its value, every list min/max its chosen position (an
 * index of `values`). Input i's values are read at `offset + inputStart[i]` onwards.
 */
export function forwardPass(
  code: Int32Array,
  r: Float64Array,
  values: Float64Array,
  inputStart: Int32Array,
  chosen: Int32Array,
  offset = 0,
): void {
  const n = code.length;
  for (let pc = 0; pc < n; pc += 4) {
    const op = code[pc]!;
    const d = code[pc + 1]!;
    const a = code[pc + 2]!;
    switch (op) {
      case LOAD:
        r[d] = values[offset + inputStart[a]! + code[pc + 3]!]!;
        break;
      case LSUM:
      case LMEAN: {
        const start = offset + inputStart[a]!;
        const end = offset + inputStart[a + 1]!;
        const s = listSum(values, start, end);
        r[d] = op === LSUM ? s : s / (end - start);
        break;
      }
      case LMIN:
      case LMAX: {
        const at = listExtreme(op === LMIN, values, offset + inputStart[a]!, offset + inputStart[a + 1]!);
        r[d] = at >= 0 ? values[at]! : NaN;
        chosen[pc >> 2] = at;
        break;
      }
      case LCOUNT:
        r[d] = inputStart[a + 1]! - inputStart[a]!;
        break;
      case SELF:
        if (r[a] === 0) r[d] = r[code[pc + 3]!]!;
        break;
      default:
        // The constant folder's arithmetic, so that a folded and a computed value cannot differ.
        r[d] = applyScalar(op, r[a]!, r[code[pc + 3]!]!);
    }
  }
}

function listSum(values: Float64Array, start: number, end: number): number {
  let s = 0;
  for (let k = start; k < end; k++) s += values[k]!;
  return s;
}

/** Position of the list's least (or greatest) element; -1 for an empty list. */
function listExtreme(isMin: boolean, values: Float64Array, start: number, end: number): number {
  if (start >= end) return -1;
  let best = values[start]!;
  let at = start;
  for (let k = start + 1; k < end; k++) {
    const v = values[k]!;
    // First extreme wins ties; a NaN element makes the result NaN, as Math.min would.
    if ((isMin ? v < best : v > best) || (v !== v && best === best)) {
      best = v;
      at = k;
    }
  }
  return at;
}

/**
 * Runs the tape backward from the result's adjoint (set to 1 by the caller), adding each input
 * slot's derivative into `gradient`. An instruction whose adjoint is exactly 0 is skipped, so that
 * 0 * Infinity adds no NaN. `sides`, when given, forces the branch of each min, max and abs (by
 * instruction; -1 keeps the forward pass's choice): 0 the first argument (abs: +1), 1 the second
 * (abs: -1). kinks.ts uses it to walk every branch at a tie. Input i's derivatives go to
 * `gradientOffset + inputStart[i]` onwards; `valueOffset` is the forward pass's `offset` (the
 * chosen positions are indices of its `values`).
 */
export function backwardPass(
  code: Int32Array,
  r: Float64Array,
  adj: Float64Array,
  inputStart: Int32Array,
  chosen: Int32Array,
  gradient: Float64Array,
  sides: Int8Array | null,
  valueOffset = 0,
  gradientOffset = 0,
): void {
  for (let pc = code.length - 4; pc >= 0; pc -= 4) {
    const d = code[pc + 1]!;
    const g = adj[d]!;
    if (g === 0) continue;
    const op = code[pc]!;
    const a = code[pc + 2]!;
    switch (op) {
      case LOAD: {
        const k = gradientOffset + inputStart[a]! + code[pc + 3]!;
        gradient[k] = gradient[k]! + g;
        break;
      }
      case LSUM:
      case LMEAN: {
        const start = gradientOffset + inputStart[a]!;
        const end = gradientOffset + inputStart[a + 1]!;
        const share = op === LSUM ? g : g / (end - start);
        for (let k = start; k < end; k++) gradient[k] = gradient[k]! + share;
        break;
      }
      case LMIN:
      case LMAX: {
        const at = chosen[pc >> 2]!;
        const k = at - valueOffset + gradientOffset;
        if (at >= 0) gradient[k] = gradient[k]! + g;
        break;
      }
      case LCOUNT:
        // The number of datapoints does not depend on their values.
        break;
      default:
        scalarAdjoint(op, d, a, code[pc + 3]!, g, r, adj, sides === null ? -1 : sides[pc >> 2]!);
    }
  }
}

/**
 * Adds the adjoint `g` of scalar instruction `op` (d = a op b) to the adjoints of its operands;
 * `side` is the forced branch of a min, max or abs (see {@link backwardPass}), -1 for none.
 */
function scalarAdjoint(op: number, d: number, a: number, b: number, g: number, r: Float64Array, adj: Float64Array, side: number): void {
  switch (op) {
    case NEG:
      adj[a] = adj[a]! - g;
      break;
    case ADD:
      adj[a] = adj[a]! + g;
      adj[b] = adj[b]! + g;
      break;
    case SUB:
      adj[a] = adj[a]! + g;
      adj[b] = adj[b]! - g;
      break;
    case MUL:
      adj[a] = adj[a]! + g * r[b]!;
      adj[b] = adj[b]! + g * r[a]!;
      break;
    case DIV: {
      const y = r[b]!;
      adj[a] = adj[a]! + g / y;
      adj[b] = adj[b]! - (g * r[d]!) / y;
      break;
    }
    case POWC: {
      const p = r[b]!;
      // d(x^p)/dx = p x^(p-1); p = 0 is a constant function even at x = 0.
      if (p !== 0) adj[a] = adj[a]! + g * p * Math.pow(r[a]!, p - 1);
      break;
    }
    case POW: {
      const x = r[a]!;
      const p = r[b]!;
      if (p !== 0) adj[a] = adj[a]! + g * p * Math.pow(x, p - 1);
      // d(x^p)/dp = x^p ln x exists only for x > 0; elsewhere the exponent gets no derivative.
      if (x > 0) adj[b] = adj[b]! + g * r[d]! * Math.log(x);
      break;
    }
    case SQRT:
      adj[a] = adj[a]! + (0.5 * g) / r[d]!;
      break;
    case EXP:
      adj[a] = adj[a]! + g * r[d]!;
      break;
    case LOG:
      adj[a] = adj[a]! + g / r[a]!;
      break;
    case ABS:
      adj[a] = adj[a]! + g * (side < 0 ? Math.sign(r[a]!) : side === 0 ? 1 : -1);
      break;
    case MIN2:
      // Subgradient: all to the argument the forward pass selected (the first on a tie); the
      // accounting replaces it at a tie with the branch of larger variance (kinks.ts).
      if (side === 1 || (side < 0 && r[b]! < r[a]!)) adj[b] = adj[b]! + g;
      else adj[a] = adj[a]! + g;
      break;
    case MAX2:
      if (side === 1 || (side < 0 && r[b]! > r[a]!)) adj[b] = adj[b]! + g;
      else adj[a] = adj[a]! + g;
      break;
    case SELT:
      if (r[a] === 1) adj[b] = adj[b]! + g;
      break;
    case SELF:
      if (r[a] === 0) adj[b] = adj[b]! + g;
      break;
    default:
      trigAdjoint(op, d, a, b, g, r, adj);
  }
}

/** The adjoints of log10 and the trigonometric functions (see {@link scalarAdjoint}). */
function trigAdjoint(op: number, d: number, a: number, b: number, g: number, r: Float64Array, adj: Float64Array): void {
  const x = r[a]!;
  switch (op) {
    case LOG10:
      adj[a] = adj[a]! + g / (x * Math.LN10);
      break;
    case SIN:
      adj[a] = adj[a]! + g * Math.cos(x);
      break;
    case COS:
      adj[a] = adj[a]! - g * Math.sin(x);
      break;
    case TAN:
      adj[a] = adj[a]! + g * (1 + r[d]! * r[d]!);
      break;
    case ASIN:
      adj[a] = adj[a]! + g / Math.sqrt(1 - x * x);
      break;
    case ACOS:
      adj[a] = adj[a]! - g / Math.sqrt(1 - x * x);
      break;
    case ATAN:
      adj[a] = adj[a]! + g / (1 + x * x);
      break;
    case ATAN2: {
      // atan2(y, x), y in a and x in b: d/dy = x / (x^2 + y^2), d/dx = -y / (x^2 + y^2).
      const second = r[b]!;
      const q = x * x + second * second;
      adj[a] = adj[a]! + (g * second) / q;
      adj[b] = adj[b]! - (g * x) / q;
      break;
    }
  }
}
