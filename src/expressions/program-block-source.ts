/**
 * The generated source of a block evaluator (program-block.ts) for one layout of a component's
 * slots (its `inputStart`): with the layout known, every column the program reads is a local
 * taken once per block, and each list reduction is written out over its columns, so the loop over
 * the draws does no indexing through `inputStart` or `columns`. The arithmetic is the per-draw
 * evaluator's (program.ts, program-source.ts) in the same order: a sum is `0 + a + b + c`, left to
 * right from 0 as the interpreter's loop adds (so -0 alone sums to +0), a mean that sum over the
 * count, a min or max the first extreme with the interpreter's NaN rule. The source holds no
 * number of the document: constants are read from the array passed in, and the only literals
 * are slot indices and list lengths, small integers.
 */
import { LCOUNT, LMAX, LMEAN, LMIN, LOAD, LSUM, type Program } from './program';
import { forwardStatement } from './program-source';

/** A list longer than this is reduced by a loop over its columns, not written out (source size). */
export const UNROLLED_LIST_LIMIT = 32;

/** Math functions the statements may call (program-source.ts's `forwardStatement`), bound as locals. */
const MATH_NAMES = ['pow', 'sqrt', 'exp', 'log', 'abs', 'min', 'max', 'log10', 'sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'atan2'];

/**
 * The body of `function (constants, math)` returning the block evaluator of `program` for the
 * layout `inputStart` (its first `program.inputCount + 1` entries). The evaluator reads slot k's
 * draws from `columns[k]`; it ignores its own `inputStart` argument (the dispatcher checks that it
 * is this layout).
 */
export function layoutBlockSource(program: Program, inputStart: Int32Array): string {
  const { code, initialRegisters, result } = program;
  const written = new Set<number>();
  for (let pc = 0; pc < code.length; pc += 4) written.add(code[pc + 1] as number);
  const constants: string[] = [];
  const locals: string[] = [];
  for (let i = 0; i < initialRegisters.length; i++) {
    if (written.has(i)) locals.push(`r${i} = 0`);
    else constants.push(`r${i} = constants[${i}]`);
  }
  const columns = new Map<number, string>();
  const column = (slot: number): string => {
    let name = columns.get(slot);
    if (name === undefined) columns.set(slot, (name = `x${slot}`));
    return `${name}[i]`;
  };
  const body: string[] = [];
  for (let pc = 0; pc < code.length; pc += 4) {
    const [op, d, a, b] = [code[pc] as number, code[pc + 1] as number, code[pc + 2] as number, code[pc + 3] as number];
    const from = inputStart[a] as number;
    const to = inputStart[a + 1] as number;
    if (op === LOAD) body.push(`r${d} = ${column(from + b)};`);
    else body.push(listStatement(op, d, from, to, column) ?? forwardStatement(op, d, a, b, pc >> 2));
  }
  const source = body.join('\n    ');
  const math = MATH_NAMES.filter((name) => new RegExp(`\\b${name}\\(`).test(source));
  return [
    '"use strict";',
    math.length > 0 ? `const { ${math.join(', ')} } = math;` : '',
    source.includes('pick[') ? 'const pick = new Float64Array(2);' : '',
    'return function evaluateBlock(columns, inputStart, size, out) {',
    constants.length > 0 ? `  const ${constants.join(', ')};` : '',
    columns.size > 0 ? `  const ${Array.from(columns, ([slot, name]) => `${name} = columns[${slot}]`).join(', ')};` : '',
    locals.length > 0 ? `  let ${locals.join(', ')};` : '',
    '  for (let i = 0; i < size; i++) {',
    `    ${source}`,
    `    out[i] = r${result};`,
    '  }',
    '};',
  ].join('\n');
}

/**
 * A list reduction over slots [from, to) of draw i, written out when the list is short; a loop over
 * `columns` (the per-draw source's arithmetic) when it is long. Null for other opcodes.
 */
function listStatement(op: number, d: number, from: number, to: number, column: (slot: number) => string): string | null {
  const count = to - from;
  const unrolled = count <= UNROLLED_LIST_LIMIT;
  switch (op) {
    case LCOUNT:
      return `r${d} = ${count};`;
    case LSUM:
    case LMEAN: {
      if (!unrolled) {
        const value = op === LSUM ? 's' : `s / ${count}`;
        return `{ let s = 0; for (let k = ${from}; k < ${to}; k++) s += columns[k][i]; r${d} = ${value}; }`;
      }
      let sum = '0';
      for (let k = from; k < to; k++) sum += ` + ${column(k)}`;
      return `r${d} = ${op === LSUM ? sum : `(${sum}) / ${count}`};`;
    }
    case LMIN:
    case LMAX: {
      if (count === 0) return `r${d} = NaN;`;
      // v replaces best when better, or NaN over a number: picked by index from `pick`, without a branch
      // (the draws' order is random, so a branch would be mispredicted about half the time).
      const better = op === LMIN ? 'v < best' : 'v > best';
      const step = `pick[0] = best; pick[1] = v; best = pick[(${better}) + ((v !== v) > (best !== best))];`;
      if (!unrolled) {
        return `{ let best = columns[${from}][i]; for (let k = ${from + 1}; k < ${to}; k++) { const v = columns[k][i]; ${step} } r${d} = best; }`;
      }
      if (count === 1) return `r${d} = ${column(from)};`;
      const steps: string[] = [];
      for (let k = from + 1; k < to; k++) steps.push(`v = ${column(k)}; ${step}`);
      return `{ let best = ${column(from)}, v = 0; ${steps.join(' ')} r${d} = best; }`;
    }
    default:
      return null;
  }
}
