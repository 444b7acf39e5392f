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
import { forwardStatement, MATH, MATH_LOCALS, type MathFunctions } from './program-source';

/**
 * Evaluates a block: for each draw i below `size`, `out[i]` is the result for the values
 * `columns[k][i]` (k below `inputStart[inputCount]`, the slots in `evaluate`'s layout).
 */
export type EvaluateBlock = (columns: readonly Float64Array[], inputStart: Int32Array, size: number, out: Float64Array) => void;

type BlockFactory = (constants: Float64Array, math: MathFunctions) => EvaluateBlock;

/** Factories by source, as for the per-draw evaluators (program-source.ts), bounded the same way. */
const factories = new Map<string, BlockFactory>();

/** The program's block evaluator compiled from generated source, or null when the host refuses `new Function`. */
export function createGeneratedBlockEvaluator(program: Program): EvaluateBlock | null {
  const source = blockSource(program);
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
 * The body of `function (constants, math)` returning the block evaluator: the per-draw statements
 * (program-source.ts) inside a loop over the draws, each LOAD reading its column, hoisted out of
 * the loop as `x{j}`, and each list reduction reading the draw across its columns.
 */
export function blockSource(program: Program): string {
  const { code, initialRegisters, result, inputCount } = program;
  const need = inputCount + 1;
  const written = new Set<number>();
  for (let pc = 0; pc < code.length; pc += 4) written.add(code[pc + 1] as number);
  const constants: string[] = [];
  const locals: string[] = [];
  for (let i = 0; i < initialRegisters.length; i++) {
    if (written.has(i)) locals.push(`r${i} = 0`);
    else constants.push(`r${i} = constants[${i}]`);
  }
  const columns: string[] = [];
  const body: string[] = [];
  for (let pc = 0; pc < code.length; pc += 4) {
    const [op, d, a, b] = [code[pc] as number, code[pc + 1] as number, code[pc + 2] as number, code[pc + 3] as number];
    const j = pc >> 2;
    if (op === LOAD) {
      columns.push(b === 0 ? `x${j} = columns[inputStart[${a}]]` : `x${j} = columns[inputStart[${a}] + ${b}]`);
      body.push(`r${d} = x${j}[i];`);
    } else body.push(blockListStatement(op, d, a) ?? forwardStatement(op, d, a, b, j));
  }
  return [
    '"use strict";',
    MATH_LOCALS,
    constants.length > 0 ? `const ${constants.join(', ')};` : '',
    'return function evaluateBlock(columns, inputStart, size, out) {',
    `  if (inputStart.length < ${need}) throw new RangeError("inputStart has " + inputStart.length + " entries; this blueprint needs ${need} (inputs + 1)");`,
    columns.length > 0 ? `  const ${columns.join(', ')};` : '',
    locals.length > 0 ? `  let ${locals.join(', ')};` : '',
    '  for (let i = 0; i < size; i++) {',
    ...body.map((s) => `    ${s}`),
    `    out[i] = r${result};`,
    '  }',
    '};',
  ].join('\n');
}

/** A list reduction over draw i of its columns (the per-draw source reads `values`); null for other ops. */
function blockListStatement(op: number, d: number, a: number): string | null {
  const range = `const from = inputStart[${a}], to = inputStart[${a + 1}];`;
  switch (op) {
    case LSUM:
    case LMEAN: {
      const value = op === LSUM ? 's' : 's / (to - from)';
      return `{ ${range} let s = 0; for (let k = from; k < to; k++) s += columns[k][i]; r${d} = ${value}; }`;
    }
    case LMIN:
    case LMAX: {
      const better = op === LMIN ? 'v < best' : 'v > best';
      return (
        `{ ${range} let best = NaN; if (from < to) { best = columns[from][i];` +
        ` for (let k = from + 1; k < to; k++) { const v = columns[k][i]; if ((${better}) || (v !== v && best === best)) best = v; } }` +
        ` r${d} = best; }`
      );
    }
    case LCOUNT:
      return `r${d} = inputStart[${a + 1}] - inputStart[${a}];`;
    default:
      return null;
  }
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
      for (let i = 0; i < size; i++) r[d + i] = listOverDraw(op, columns, inputStart[a] as number, inputStart[a + 1] as number, i);
      return;
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

/** A list reduction of draw i across columns [from, to), as the per-draw interpreter computes it. */
function listOverDraw(op: number, columns: readonly Float64Array[], from: number, to: number, i: number): number {
  if (op === LCOUNT) return to - from;
  if (op === LSUM || op === LMEAN) {
    let s = 0;
    for (let k = from; k < to; k++) s += (columns[k] as Float64Array)[i] as number;
    return op === LSUM ? s : s / (to - from);
  }
  if (from >= to) return NaN;
  let best = (columns[from] as Float64Array)[i] as number;
  for (let k = from + 1; k < to; k++) {
    const v = (columns[k] as Float64Array)[i] as number;
    if ((op === LMIN ? v < best : v > best) || (v !== v && best === best)) best = v;
  }
  return best;
}
