/**
 * A program turned into JavaScript source and compiled by the engine's own JIT: registers and
 * adjoints become local variables, each instruction a statement, so evaluating a component runs
 * straight-line code instead of dispatching on every instruction. The arithmetic is the
 * interpreter's (program.ts), written out statement for statement in the same order, so both give
 * the same bits; tests run them side by side.
 *
 * The source holds nothing from the document but small integers (register and input indices);
 * constants stay in a Float64Array passed in, so no number is ever printed and re-parsed. Where the
 * host refuses to compile code at run time (a content security policy without `unsafe-eval`),
 * {@link createGeneratedEvaluator} returns null and the interpreter is used instead.
 */
import {
  ABS,
  ADD,
  DIV,
  EXP,
  LCOUNT,
  LMAX,
  LMEAN,
  LMIN,
  LOAD,
  LOG,
  LSUM,
  MAX2,
  MIN2,
  MUL,
  NEG,
  POW,
  POWC,
  SQRT,
  SUB,
  EQ,
  GE,
  GT,
  LE,
  LT,
  NE,
  SELF,
  SELT,
  LOG10,
  SIN,
  COS,
  TAN,
  ASIN,
  ACOS,
  ATAN,
  ATAN2,
  type Evaluate,
  type Program,
} from './program';
import { exp } from './fdlibm';
import type { EvaluateInto } from './program-into';

/**
 * The program's evaluate function compiled from generated source, or null when the host does not
 * allow `new Function`. Same contract as the interpreter's (`createEvaluator`).
 */
export function createGeneratedEvaluator(program: Program): Evaluate | null {
  return compiledSource<Evaluate>(evaluatorSource(program), program);
}

/**
 * The program's evaluation in place compiled from generated source, or null when the host does not
 * allow `new Function`. Same contract as the interpreter's (`createEvaluatorInto`, program-into.ts).
 */
export function createGeneratedEvaluatorInto(program: Program): EvaluateInto | null {
  return compiledSource<EvaluateInto>(evaluatorSource(program, true), program);
}

/** The function `source` returns, from the factory of that source (compiled on first need); null when the host refuses. */
function compiledSource<F>(source: string, program: Program): F | null {
  let factory = factories.get(source);
  if (factory === undefined) {
    try {
      factory = new Function('constants', 'math', source) as Factory;
    } catch {
      return null;
    }
    // Sources come from documents; a bounded cache cannot grow with hostile input.
    if (factories.size >= 512) factories.clear();
    factories.set(source, factory);
  }
  return factory(program.initialRegisters, MATH) as F;
}

type Factory = (constants: Float64Array, math: MathFunctions) => unknown;

/**
 * Factories by source. The same blueprint compiled again (each preparation of a graph compiles its
 * blueprints) gets the same factory, so its evaluate functions share one compiled body, and the
 * machine code the JIT made for it, instead of starting cold every time.
 */
const factories = new Map<string, Factory>();

export interface MathFunctions {
  readonly pow: (x: number, y: number) => number;
  readonly sqrt: (x: number) => number;
  readonly exp: (x: number) => number;
  readonly log: (x: number) => number;
  readonly abs: (x: number) => number;
  readonly sign: (x: number) => number;
  readonly min: (x: number, y: number) => number;
  readonly max: (x: number, y: number) => number;
  readonly log10: (x: number) => number;
  readonly sin: (x: number) => number;
  readonly cos: (x: number) => number;
  readonly tan: (x: number) => number;
  readonly asin: (x: number) => number;
  readonly acos: (x: number) => number;
  readonly atan: (x: number) => number;
  readonly atan2: (y: number, x: number) => number;
  readonly LN10: number;
}

// Passed in rather than read from the global `Math` by the generated code, which then cannot be
// affected by anything the host did to its globals. `exp` is fdlibm.ts's (the bits of V8's, inlined
// into the generated loops), as in the interpreter's `applyScalar`.
export const MATH: MathFunctions = {
  pow: Math.pow,
  sqrt: Math.sqrt,
  exp,
  log: Math.log,
  abs: Math.abs,
  sign: Math.sign,
  min: Math.min,
  max: Math.max,
  log10: Math.log10,
  sin: Math.sin,
  cos: Math.cos,
  tan: Math.tan,
  asin: Math.asin,
  acos: Math.acos,
  atan: Math.atan,
  atan2: Math.atan2,
  LN10: Math.LN10,
};

/** The generated code's first line: the math functions as locals. */
export const MATH_LOCALS =
  'const { pow, sqrt, exp, log, abs, sign, min, max, log10, sin, cos, tan, asin, acos, atan, atan2, LN10 } = math;';

/**
 * The body of `function (constants, math)` returning the evaluate function, or with `inPlace` the
 * evaluation in place (program-into.ts). Register i is `r{i}` (a constant of the factory when the
 * builder made it a constant, else a local), its adjoint `g{i}`; the chosen element of the list
 * min/max at instruction j is `c{j}`.
 */
export function evaluatorSource(program: Program, inPlace = false): string {
  const { result, inputCount } = program;
  const need = inputCount + 1;
  const parts = sourceParts(program, inPlace);
  return [
    '"use strict";',
    MATH_LOCALS,
    parts.constants.length > 0 ? `const ${parts.constants.join(', ')};` : '',
    inPlace
      ? 'return function evaluateInto(values, offset, inputStart, gradient, gradientOffset, out, outIndex) {'
      : 'return function evaluate(values, inputStart, gradient) {',
    `  if (inputStart.length < ${need}) throw new RangeError("inputStart has " + inputStart.length + " entries; this blueprint needs ${need} (inputs + 1)");`,
    parts.locals.length > 0 ? `  let ${parts.locals.join(', ')};` : '',
    parts.chosen.length > 0 ? `  let ${parts.chosen.join(', ')};` : '',
    ...parts.forward.map((s) => `  ${s}`),
    ...(inPlace
      ? [
          `  out[outIndex] = r${result};`,
          '  if (gradient === null) return;',
          `  const end = gradientOffset + inputStart[${need - 1}];`,
          '  for (let k = gradientOffset; k < end; k++) gradient[k] = 0;',
        ]
      : [
          `  const result = r${result};`,
          '  if (gradient === null) return result;',
          `  const slotCount = inputStart[${need - 1}];`,
          '  for (let k = 0; k < slotCount; k++) gradient[k] = 0;',
        ]),
    `  let ${parts.adjoints.join(', ')};`,
    ...parts.backward.map((s) => `  ${s}`),
    inPlace ? '' : '  return result;',
    '};',
  ].join('\n');
}

/** The declarations and statements of a program's source (see {@link evaluatorSource}). */
function sourceParts(program: Program, inPlace: boolean) {
  const { code, initialRegisters, result } = program;
  const written = new Set<number>();
  for (let pc = 0; pc < code.length; pc += 4) written.add(code[pc + 1] as number);
  const registers = initialRegisters.length;
  const constants: string[] = [];
  const locals: string[] = [];
  for (let i = 0; i < registers; i++) {
    if (written.has(i)) locals.push(`r${i} = 0`);
    else constants.push(`r${i} = constants[${i}]`);
  }
  const chosen: string[] = [];
  const forward: string[] = [];
  const backward: string[] = [];
  for (let pc = 0; pc < code.length; pc += 4) {
    const op = code[pc] as number;
    const d = code[pc + 1] as number;
    const a = code[pc + 2] as number;
    const b = code[pc + 3] as number;
    const j = pc >> 2;
    forward.push(forwardStatementAt(op, d, a, b, j, inPlace ? 'offset + ' : ''));
    if (op === LMIN || op === LMAX) chosen.push(`c${j} = -1`);
    const adjoint = backwardStatement(op, d, a, b, j, inPlace ? 'gradientOffset + ' : '');
    // The interpreter skips an instruction whose adjoint is exactly 0 (so 0 * Infinity adds no NaN).
    if (adjoint !== '') backward.unshift(`if (g${d} !== 0) { ${adjoint} }`);
  }
  const adjoints = Array.from({ length: registers }, (_, i) => `g${i} = ${i === result ? 1 : 0}`);
  return { constants, locals, chosen, forward, backward, adjoints };
}

/** The slot of element `k` of an input starting at `start` (a SCALAR input's source is unchanged: `k` is 0). */
function element(start: string, k: number): string {
  return k === 0 ? start : `${start} + ${k}`;
}

const INFIX: Readonly<Record<number, string>> = { [ADD]: '+', [SUB]: '-', [MUL]: '*', [DIV]: '/' };
const UNARY: Readonly<Record<number, string>> = {
  [SQRT]: 'sqrt',
  [EXP]: 'exp',
  [LOG]: 'log',
  [ABS]: 'abs',
  [LOG10]: 'log10',
  [SIN]: 'sin',
  [COS]: 'cos',
  [TAN]: 'tan',
  [ASIN]: 'asin',
  [ACOS]: 'acos',
  [ATAN]: 'atan',
};

export function forwardStatement(op: number, d: number, a: number, b: number, j: number): string {
  return forwardStatementAt(op, d, a, b, j, '');
}

/**
 * {@link forwardStatement} reading input i's values from `${offset}inputStart[i]` on: `offset` is ''
 * or 'offset + ' (the evaluation in place). A list's length is the same either way.
 */
function forwardStatementAt(op: number, d: number, a: number, b: number, j: number, offset: string): string {
  const start = `${offset}inputStart[${a}]`;
  const end = `${offset}inputStart[${a + 1}]`;
  const length = `inputStart[${a + 1}] - inputStart[${a}]`;
  switch (op) {
    case LOAD:
      return `r${d} = values[${element(start, b)}];`;
    case NEG:
      return `r${d} = -r${a};`;
    case ADD:
    case SUB:
    case MUL:
    case DIV:
      return `r${d} = r${a} ${INFIX[op]} r${b};`;
    case POW:
    case POWC:
      return `r${d} = pow(r${a}, r${b});`;
    case SQRT:
    case EXP:
    case LOG:
    case ABS:
    case LOG10:
    case SIN:
    case COS:
    case TAN:
    case ASIN:
    case ACOS:
    case ATAN:
      return `r${d} = ${UNARY[op]}(r${a});`;
    case ATAN2:
      return `r${d} = atan2(r${a}, r${b});`;
    case MIN2:
      return `r${d} = min(r${a}, r${b});`;
    case MAX2:
      return `r${d} = max(r${a}, r${b});`;
    case LSUM:
    case LMEAN: {
      const value = op === LSUM ? 's' : `s / (${length})`;
      return `{ let s = 0; for (let k = ${start}; k < ${end}; k++) s += values[k]; r${d} = ${value}; }`;
    }
    case LMIN:
    case LMAX: {
      const better = op === LMIN ? 'v < best' : 'v > best';
      return (
        `{ const from = ${start}, to = ${end}; let best = NaN, at = -1;` +
        ` if (from < to) { best = values[from]; at = from;` +
        ` for (let k = from + 1; k < to; k++) { const v = values[k]; if ((${better}) || (v !== v && best === best)) { best = v; at = k; } } }` +
        ` r${d} = best; c${j} = at; }`
      );
    }
    case LCOUNT:
      return `r${d} = ${length};`;
    default:
      return branchStatement(op, d, a, b);
  }
}

const COMPARISON: Readonly<Record<number, string>> = { [LT]: '<', [LE]: '<=', [GT]: '>', [GE]: '>=', [EQ]: '===', [NE]: '!==' };

/** The comparisons and the conditional's pair (program.ts, `applyMore` and `forwardPass`). */
function branchStatement(op: number, d: number, a: number, b: number): string {
  const compare = COMPARISON[op];
  if (compare !== undefined) return `r${d} = r${a} !== r${a} || r${b} !== r${b} ? NaN : r${a} ${compare} r${b} ? 1 : 0;`;
  if (op === SELT) return `r${d} = r${a} === 1 ? r${b} : r${a} === 0 ? 0 : NaN;`;
  if (op === SELF) return `if (r${a} === 0) r${d} = r${b};`;
  throw new Error(`internal: opcode ${op} has no source`);
}

/**
 * The adjoint statement of an instruction; `offset` is '' or 'gradientOffset + ' (the evaluation in
 * place, whose chosen list positions are indices of `values`, read from its own `offset`).
 */
function backwardStatement(op: number, d: number, a: number, b: number, j: number, offset: string): string {
  const g = `g${d}`;
  const start = `${offset}inputStart[${a}]`;
  const end = `${offset}inputStart[${a + 1}]`;
  switch (op) {
    case LOAD:
      return `const k = ${element(start, b)}; gradient[k] = gradient[k] + ${g};`;
    case NEG:
      return `g${a} = g${a} - ${g};`;
    case ADD:
      return `g${a} = g${a} + ${g}; g${b} = g${b} + ${g};`;
    case SUB:
      return `g${a} = g${a} + ${g}; g${b} = g${b} - ${g};`;
    case MUL:
      return `g${a} = g${a} + ${g} * r${b}; g${b} = g${b} + ${g} * r${a};`;
    case DIV:
      return `const y = r${b}; g${a} = g${a} + ${g} / y; g${b} = g${b} - (${g} * r${d}) / y;`;
    case POWC:
      return `const p = r${b}; if (p !== 0) g${a} = g${a} + ${g} * p * pow(r${a}, p - 1);`;
    case POW:
      return `const x = r${a}, p = r${b}; if (p !== 0) g${a} = g${a} + ${g} * p * pow(x, p - 1); if (x > 0) g${b} = g${b} + ${g} * r${d} * log(x);`;
    case SQRT:
      return `g${a} = g${a} + (0.5 * ${g}) / r${d};`;
    case EXP:
      return `g${a} = g${a} + ${g} * r${d};`;
    case LOG:
      return `g${a} = g${a} + ${g} / r${a};`;
    case ABS:
      return `g${a} = g${a} + ${g} * sign(r${a});`;
    case MIN2:
      return `if (r${b} < r${a}) g${b} = g${b} + ${g}; else g${a} = g${a} + ${g};`;
    case MAX2:
      return `if (r${b} > r${a}) g${b} = g${b} + ${g}; else g${a} = g${a} + ${g};`;
    case LSUM:
      return `for (let k = ${start}; k < ${end}; k++) gradient[k] = gradient[k] + ${g};`;
    case LMEAN:
      return `const from = ${start}, to = ${end}, share = ${g} / (to - from); for (let k = from; k < to; k++) gradient[k] = gradient[k] + share;`;
    case LMIN:
    case LMAX:
      return offset === ''
        ? `if (c${j} >= 0) gradient[c${j}] = gradient[c${j}] + ${g};`
        : `if (c${j} >= 0) { const k = c${j} - offset + gradientOffset; gradient[k] = gradient[k] + ${g}; }`;
    case LCOUNT:
      // The number of datapoints does not depend on their values.
      return '';
    case LOG10:
      return `g${a} = g${a} + ${g} / (r${a} * LN10);`;
    case SIN:
      return `g${a} = g${a} + ${g} * cos(r${a});`;
    case COS:
      return `g${a} = g${a} - ${g} * sin(r${a});`;
    case TAN:
      return `g${a} = g${a} + ${g} * (1 + r${d} * r${d});`;
    case ASIN:
      return `g${a} = g${a} + ${g} / sqrt(1 - r${a} * r${a});`;
    case ACOS:
      return `g${a} = g${a} - ${g} / sqrt(1 - r${a} * r${a});`;
    case ATAN:
      return `g${a} = g${a} + ${g} / (1 + r${a} * r${a});`;
    case ATAN2:
      return `const q = r${a} * r${a} + r${b} * r${b}; g${a} = g${a} + (${g} * r${b}) / q; g${b} = g${b} - (${g} * r${a}) / q;`;
    case SELT:
      return `if (r${a} === 1) g${b} = g${b} + ${g};`;
    case SELF:
      return `if (r${a} === 0) g${b} = g${b} + ${g};`;
    default:
      // A comparison has no derivative.
      if (COMPARISON[op] !== undefined) return '';
      throw new Error(`internal: opcode ${op} has no source`);
  }
}
