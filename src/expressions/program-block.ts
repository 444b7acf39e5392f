/**
 * A program evaluated over a block of draws (a Monte Carlo run): input slot k's draws in a
 * Float64Array column, the result's draws written to another. One call per block instead of one
 * per draw, so the loop over draws runs inside the compiled code: generated JavaScript with the
 * loop around the program's statements where the host allows it, else an interpreter that runs
 * each instruction over the whole block. Both do, draw by draw, the arithmetic of `evaluate`
 * (program.ts, program-source.ts) in the same order, so every draw gets the same bits; tests
 * compare them.
 */
import { ADD, applyScalar, DIV, LCOUNT, LMAX, LMEAN, LMIN, LOAD, LSUM, MUL, NEG, type Program, SELF, SUB } from './program';
import { layoutBlockSource } from './program-block-source';
import { MATH, type MathFunctions } from './program-source';

/**
 * Evaluates a block: for each draw i below `size`, `out[i]` is the result for the values
 * `columns[k][i]` (k below `inputStart[inputCount]`, the slots in `evaluate`'s layout).
 */
export type EvaluateBlock = (columns: readonly Float64Array[], inputStart: Int32Array, size: number, out: Float64Array) => void;

type BlockFactory = (constants: Float64Array, math: MathFunctions) => EvaluateBlock;

/** Factories by source, as for the per-draw evaluators (program-source.ts), bounded the same way. */
const factories = new Map<string, BlockFactory>();

/** Layouts kept per program: a limit of memory, not a policy (a layout beyond it is looked up again). */
const LAYOUTS_KEPT = 64;

/**
 * The program's block evaluator from generated source: one function per layout of the slots (the
 * values of `inputStart`, program-block-source.ts), compiled on the layout's first block, the last
 * one kept at hand (the components of a blueprint share a few layouts). Where the host refuses
 * `new Function`, the interpreter's block evaluator runs instead, with the same bits.
 */
export function createGeneratedBlockEvaluator(program: Program): EvaluateBlock {
  const need = program.inputCount + 1;
  const known = new Map<string, EvaluateBlock>();
  // No inputStart matches -1: the first block looks its layout up.
  const layout = new Int32Array(need).fill(-1);
  let run: EvaluateBlock | null = null;
  let interpreter: EvaluateBlock | null = null;
  const lookup = (inputStart: Int32Array): EvaluateBlock => {
    const key = inputStart.subarray(0, need).join(',');
    let found = known.get(key);
    if (found === undefined) {
      found = generatedForLayout(program, inputStart) ?? (interpreter ??= createBlockEvaluator(program));
      if (known.size >= LAYOUTS_KEPT) known.clear();
      known.set(key, found);
    }
    layout.set(inputStart.subarray(0, need));
    return found;
  };
  return function evaluateBlock(columns, inputStart, size, out) {
    if (inputStart.length < need)
      throw new RangeError(`inputStart has ${inputStart.length} entries; this blueprint needs ${need} (inputs + 1)`);
    if (run === null || !sameLayout(layout, inputStart)) run = lookup(inputStart);
    run(columns, inputStart, size, out);
  };
}

function sameLayout(layout: Int32Array, inputStart: Int32Array): boolean {
  for (let k = 0; k < layout.length; k++) if (layout[k] !== inputStart[k]) return false;
  return true;
}

/** The block evaluator generated for one layout, or null when the host refuses `new Function`. */
function generatedForLayout(program: Program, inputStart: Int32Array): EvaluateBlock | null {
  const source = layoutBlockSource(program, inputStart);
  let factory = factories.get(source);
  if (factory === undefined) {
    try {
      factory = new Function('constants', 'math', source) as BlockFactory;
    } catch {
      return null;
    }
    if (factories.size >= 512) factories.clear();
    factories.set(source, factory);
  }
  return factory(program.initialRegisters, MATH);
}

/**
 * The interpreter's block evaluator: registers are columns of one array (register g at
 * `g * capacity`), and each instruction runs over the whole block, so the dispatch on the opcode
 * is paid once per block, not once per draw. Not re-entrant, like `createEvaluator`.
 */
export function createBlockEvaluator(program: Program): EvaluateBlock {
  const { code, initialRegisters, result } = program;
  const need = program.inputCount + 1;
  let capacity = 0;
  let r = new Float64Array(0);
  return function evaluateBlock(columns, inputStart, size, out) {
    if (inputStart.length < need)
      throw new RangeError(`inputStart has ${inputStart.length} entries; this blueprint needs ${need} (inputs + 1)`);
    if (size > capacity) {
      capacity = size;
      r = new Float64Array(initialRegisters.length * capacity);
      // Constants are never written: their columns are filled once, here.
      for (let g = 0; g < initialRegisters.length; g++) r.fill(initialRegisters[g] as number, g * capacity, (g + 1) * capacity);
    }
    for (let pc = 0; pc < code.length; pc += 4) runOverBlock(code, pc, r, capacity, columns, inputStart, size);
    const at = result * capacity;
    for (let i = 0; i < size; i++) out[i] = r[at + i] as number;
  };
}

/** Instruction `pc` for draws [0, size): register columns in `r` at stride `capacity`. */
function runOverBlock(
  code: Int32Array,
  pc: number,
  r: Float64Array,
  capacity: number,
  columns: readonly Float64Array[],
  inputStart: Int32Array,
  size: number,
): void {
  const op = code[pc] as number;
  const d = (code[pc + 1] as number) * capacity;
  const a = code[pc + 2] as number;
  const x = a * capacity;
  const y = (code[pc + 3] as number) * capacity;
  switch (op) {
    case LOAD: {
      const column = columns[(inputStart[a] as number) + (code[pc + 3] as number)] as Float64Array;
      for (let i = 0; i < size; i++) r[d + i] = column[i] as number;
      return;
    }
    case LSUM:
    case LMEAN:
    case LMIN:
    case LMAX:
    case LCOUNT:
      return listOverBlock(op, r, d, columns, inputStart[a] as number, inputStart[a + 1] as number, size);
    // The four commonest operations written out (the same arithmetic as applyScalar's), the rest through it.
    case ADD:
      for (let i = 0; i < size; i++) r[d + i] = (r[x + i] as number) + (r[y + i] as number);
      return;
    case SUB:
      for (let i = 0; i < size; i++) r[d + i] = (r[x + i] as number) - (r[y + i] as number);
      return;
    case MUL:
      for (let i = 0; i < size; i++) r[d + i] = (r[x + i] as number) * (r[y + i] as number);
      return;
    case DIV:
      for (let i = 0; i < size; i++) r[d + i] = (r[x + i] as number) / (r[y + i] as number);
      return;
    case NEG:
      for (let i = 0; i < size; i++) r[d + i] = -(r[x + i] as number);
      return;
    case SELF:
      for (let i = 0; i < size; i++) if (r[x + i] === 0) r[d + i] = r[y + i] as number;
      return;
    default:
      for (let i = 0; i < size; i++) r[d + i] = applyScalar(op, r[x + i] as number, r[y + i] as number);
  }
}

/**
 * A list reduction of every draw across columns [from, to) into r[d .. d + size), column after
 * column: each draw gets the per-draw interpreter's arithmetic in its order (a sum from 0, left to
 * right; the first extreme, NaN if any element is NaN).
 */
function listOverBlock(
  op: number,
  r: Float64Array,
  d: number,
  columns: readonly Float64Array[],
  from: number,
  to: number,
  size: number,
): void {
  const count = to - from;
  if (op === LCOUNT || count === 0) {
    // An empty list's sum is 0, its mean 0 / 0, its min and max NaN.
    r.fill(op === LCOUNT ? count : op === LSUM ? 0 : op === LMEAN ? 0 / 0 : NaN, d, d + size);
    return;
  }
  if (op === LSUM || op === LMEAN) {
    r.fill(0, d, d + size);
    for (let k = from; k < to; k++) {
      const column = columns[k] as Float64Array;
      for (let i = 0; i < size; i++) r[d + i] = (r[d + i] as number) + (column[i] as number);
    }
    if (op === LMEAN) for (let i = 0; i < size; i++) r[d + i] = (r[d + i] as number) / count;
    return;
  }
  const first = columns[from] as Float64Array;
  for (let i = 0; i < size; i++) r[d + i] = first[i] as number;
  for (let k = from + 1; k < to; k++) {
    const column = columns[k] as Float64Array;
    for (let i = 0; i < size; i++) {
      const v = column[i] as number;
      const best = r[d + i] as number;
      if ((op === LMIN ? v < best : v > best) || (v !== v && best === best)) r[d + i] = v;
    }
  }
}
