/**
 * The static dimension and data-shape check of one formula: every mismatch reported with the part
 * of the formula it is in, each mistake once.
 */
import {
  type Dimension,
  dimension,
  DIMENSIONLESS,
  dimensionsEqual,
  divideDimensions,
  formatDimension,
  isDimensionless,
  MASS,
  multiplyDimensions,
  powerDimension,
} from '../units';
import type { GraphIssueCode } from '../model/issues';
import { BLUEPRINT_ISSUE_CODES } from './blueprint-types';
import { type Binding, clip, type DimInfo, type InputState, type TemperatureScale } from './compile-state';
import { foldConstant, type Formula, printFormula } from './formula';
import { LIST_REDUCERS } from './functions';
import { checkOffsetLiterals, checkWholeOffsetLiteral, isTemperature, temperatureScale } from './offset-literals';

/** The dimension of a plane angle (radians in SI). */
const ANGLE: Dimension = dimension({ angle: 1 });

export interface CheckContext {
  readonly bindings: ReadonlyMap<string, Binding>;
  readonly inputs: readonly (InputState | null)[];
  readonly expressionInfo: (index: number) => DimInfo;
  readonly zeroAnyDim: boolean;
  readonly report: (code: GraphIssueCode, message: string) => void;
  /** Called with the LIST inputs that an operation of `formula` pairs element by element (two or more). */
  readonly pairing?: (inputs: readonly number[], formula: Formula) => void;
}

const OP_VERB: Readonly<Record<string, string>> = { '+': 'add', '-': 'subtract' };

/**
 * The dimension of a formula, reporting every dimension and data-shape problem in it. Returns null
 * when the dimension cannot be known (a problem was reported here or earlier), so that one mistake
 * is not reported again by everything above it.
 */
export function checkFormula(f: Formula, ctx: CheckContext): DimInfo {
  checkWholeOffsetLiteral(f, (message) => ctx.report(BLUEPRINT_ISSUE_CODES.dimension, message));
  return visit(ctx, f);
}

/** `info` saying whether it is an absolute temperature or a difference (`scale`), or neither when undefined. */
function withScale(info: DimInfo, scale: TemperatureScale | undefined): DimInfo {
  if (info === null || info.temperature === scale) return info;
  const { temperature: _, ...rest } = info;
  return scale === undefined ? rest : { ...rest, temperature: scale };
}

/**
 * The info of `g` once its operands' (`parts`) are known: the uses of offset-unit literals checked,
 * and whether a temperature is absolute or a difference (offset-literals.ts).
 */
function finish(ctx: CheckContext, g: Formula, parts: readonly DimInfo[], info: DimInfo): DimInfo {
  checkOffsetLiterals(g, parts, (message) => ctx.report(BLUEPRINT_ISSUE_CODES.dimension, message));
  return info === null ? null : withScale(info, temperatureScale(g, parts, info.dim));
}

/** A formula quoted in a message, clipped. */
function show(g: Formula): string {
  return `"${clip(printFormula(g))}"`;
}
/** A dimension that is not the literal 0 (which fits any). */
function plain(dim: Dimension): DimInfo {
  return { dim, anyDim: false };
}

/** Common dimension of terms that are added or compared; the literal 0 fits any. */
function common(ctx: CheckContext, terms: readonly DimInfo[], mismatch: (a: string, b: string) => string): DimInfo {
  if (terms.some((t) => t === null)) return null;
  let acc: DimInfo = null;
  for (const t of terms as { dim: Dimension; anyDim: boolean }[]) {
    if (acc === null || acc.anyDim) acc = acc === null || !t.anyDim ? t : acc;
    else if (!t.anyDim && !dimensionsEqual(acc.dim, t.dim)) {
      ctx.report(BLUEPRINT_ISSUE_CODES.dimension, mismatch(formatDimension(acc.dim), formatDimension(t.dim)));
      return null;
    }
  }
  return acc;
}

/** Whether `info` is dimensionless, reporting it when it is not. */
function needDimensionless(ctx: CheckContext, info: DimInfo, role: string, whole: Formula): boolean {
  if (info === null) return false;
  if (info.anyDim || isDimensionless(info.dim)) return true;
  ctx.report(
    BLUEPRINT_ISSUE_CODES.dimension,
    `${role} in ${show(whole)} must be dimensionless, but has dimension ${formatDimension(info.dim)}`,
  );
  return false;
}

/**
 * The dimension of a variable; a LIST input is an element-wise value (`lists` holds it) that must be
 * reduced before it is a scalar (docs/rules.md, "Element-wise lists").
 */
function variable(ctx: CheckContext, name: string): DimInfo {
  const binding = ctx.bindings.get(name);
  if (binding === undefined) return null;
  if (binding.kind === 'zero') return plain(MASS);
  if (binding.kind === 'expression') return ctx.expressionInfo(binding.index);
  const input = ctx.inputs[binding.index];
  if (input === null || input === undefined || input.dim === null) return null;
  const info = input.shape === 'LIST' ? { dim: input.dim, anyDim: false, lists: [binding.index] } : plain(input.dim);
  return withScale(info, isTemperature(input.dim) ? (input.difference ? 'difference' : 'absolute') : undefined);
}

/** The LIST inputs an element-wise value over `parts` is paired over (ascending); undefined when none is a LIST. */
function listsOf(parts: readonly DimInfo[]): readonly number[] | undefined {
  let out: number[] | undefined;
  for (const p of parts) for (const k of p?.lists ?? []) if (!(out ??= []).includes(k)) out.push(k);
  return out?.sort((x, y) => x - y);
}

/** `info` as an element-wise value over the LIST inputs of `parts`, recording a pairing of two or more. */
function elementWise(ctx: CheckContext, info: DimInfo, parts: readonly DimInfo[], g: Formula): DimInfo {
  const lists = listsOf(parts);
  if (info === null || lists === undefined) return info;
  if (lists.length > 1 && parts.filter((p) => p?.lists !== undefined).length > 1) ctx.pairing?.(lists, g);
  return { dim: info.dim, anyDim: false, lists };
}

/** Whether none of `parts` is a LIST value, reporting the first that is (`role`: where a scalar is needed). */
function scalarOnly(ctx: CheckContext, parts: readonly DimInfo[], role: string, g: Formula): boolean {
  if (listsOf(parts) === undefined) return true;
  ctx.report(
    BLUEPRINT_ISSUE_CODES.dataShape,
    `${role} in ${show(g)} takes scalar values, but is given a LIST; only + - * / ^, sqrt, exp, log and abs act element-wise, so reduce the LIST with sum, mean, min, max or count first`,
  );
  return false;
}

/** The dimension of `g`; `lists` set when it is an element-wise LIST value. */
function visit(ctx: CheckContext, g: Formula): DimInfo {
  switch (g.kind) {
    case 'num':
      return { dim: DIMENSIONLESS, anyDim: ctx.zeroAnyDim && g.value === 0 };
    case 'var':
      return variable(ctx, g.name);
    case 'quantity':
      return finish(ctx, g, [], plain(g.dim));
    case 'neg': {
      const a = visit(ctx, g.arg);
      return finish(ctx, g, [a], a);
    }
    case 'bin': {
      const a = visit(ctx, g.left);
      const b = visit(ctx, g.right);
      return finish(ctx, g, [a, b], elementWise(ctx, binary(ctx, g, a, b), [a, b], g));
    }
    case 'call':
      return call(ctx, g);
    case 'cmp': {
      // The walker lets a comparison stand only as a condition; its value is 0 or 1.
      const sides = [visit(ctx, g.left), visit(ctx, g.right)];
      if (!scalarOnly(ctx, sides, 'the comparison', g)) return null;
      const same = common(ctx, sides, (x, y) => `cannot compare ${x} and ${y} in ${show(g)}`);
      return finish(ctx, g, sides, same === null ? null : plain(DIMENSIONLESS));
    }
    case 'cond': {
      const test = visit(ctx, g.test);
      const arms = [visit(ctx, g.then), visit(ctx, g.otherwise)];
      if (!scalarOnly(ctx, [test, ...arms], 'the conditional', g)) return null;
      const branches = common(ctx, arms, (x, y) => `both branches of ${show(g)} must have one dimension, but they have ${x} and ${y}`);
      return finish(ctx, g, arms, test === null ? null : branches);
    }
  }
}

/** The dimension of a binary operation on operands of dimensions a and b. */
function binary(ctx: CheckContext, g: Extract<Formula, { kind: 'bin' }>, a: DimInfo, b: DimInfo): DimInfo {
  switch (g.op) {
    case '+':
    case '-':
      return common(ctx, [a, b], (x, y) => `cannot ${OP_VERB[g.op] ?? ''} ${x} and ${y} in ${show(g)}`);
    case '*':
      return a === null || b === null ? null : plain(multiplyDimensions(a.dim, b.dim));
    case '/':
      return a === null || b === null ? null : plain(divideDimensions(a.dim, b.dim));
    case '^': {
      if (a === null || b === null) return null;
      if (!needDimensionless(ctx, b, 'the exponent', g)) return null;
      if (a.anyDim || isDimensionless(a.dim)) return plain(DIMENSIONLESS);
      const p = foldConstant(g.right);
      if (p === null) {
        ctx.report(
          BLUEPRINT_ISSUE_CODES.dimension,
          `the exponent in ${show(g)} must be a constant number because the base has dimension ${formatDimension(a.dim)}`,
        );
        return null;
      }
      if (!Number.isFinite(p)) {
        ctx.report(BLUEPRINT_ISSUE_CODES.dimension, `the exponent in ${show(g)} is not a finite number`);
        return null;
      }
      return plain(powerDimension(a.dim, p));
    }
  }
  return null;
}

/** Reports a call with the wrong number of arguments. */
function arity(ctx: CheckContext, g: Extract<Formula, { kind: 'call' }>, expected: string): null {
  ctx.report(BLUEPRINT_ISSUE_CODES.arity, `${g.fn} takes ${expected}, but ${show(g)} has ${g.args.length}`);
  return null;
}

/** The dimension of a function call: reducers, sqrt, abs, exp, log (these four element-wise on a LIST). */
function call(ctx: CheckContext, g: Extract<Formula, { kind: 'call' }>): DimInfo {
  const fn = g.fn;
  if (fn === 'count' && g.args.length !== 1) return arity(ctx, g, 'exactly one LIST value');
  const args = g.args.map((a) => visit(ctx, a));
  return finish(ctx, g, args, callInfo(ctx, g, args));
}

/** The dimension of a call whose arguments' are `args`. */
function callInfo(ctx: CheckContext, g: Extract<Formula, { kind: 'call' }>, args: readonly DimInfo[]): DimInfo {
  const fn = g.fn;
  if (LIST_REDUCERS.has(fn) && g.args.length === 1) return reducer(ctx, g, g.args[0] as Formula, args[0] ?? null);
  if (LIST_REDUCERS.has(fn)) {
    // sum, mean, min, max over two or more scalars.
    if (args.length === 0) return arity(ctx, g, 'one LIST value or two or more scalar arguments');
    if (!scalarOnly(ctx, args, `${fn} of two or more arguments`, g)) return null;
    return common(ctx, args, (x, y) => `the arguments of ${fn} must share a dimension, but ${show(g)} mixes ${x} and ${y}`);
  }
  if (fn === 'sqrt' || fn === 'abs' || fn === 'exp' || fn === 'log') return elementWise(ctx, elementFunction(ctx, g, args), args, g);
  if (!scalarOnly(ctx, args, fn, g)) return null;
  return trigonometry(ctx, g, args);
}

/** sqrt, abs, exp and log of scalars, or of each element of a LIST. */
function elementFunction(ctx: CheckContext, g: Extract<Formula, { kind: 'call' }>, args: readonly DimInfo[]): DimInfo {
  const [a] = args;
  switch (g.fn) {
    case 'sqrt':
      if (args.length !== 1) return arity(ctx, g, 'one argument');
      return a === null || a === undefined ? null : { dim: powerDimension(a.dim, 0.5), anyDim: a.anyDim };
    case 'abs':
      if (args.length !== 1) return arity(ctx, g, 'one argument');
      return a ?? null;
    case 'exp':
      if (args.length !== 1) return arity(ctx, g, 'one argument');
      return needDimensionless(ctx, a ?? null, 'the argument of exp', g) ? plain(DIMENSIONLESS) : null;
    default: {
      if (args.length !== 1 && args.length !== 2) return arity(ctx, g, 'one argument (natural logarithm) or two (value, base)');
      let ok = needDimensionless(ctx, a ?? null, 'the argument of log', g);
      if (args.length === 2) ok = needDimensionless(ctx, args[1] ?? null, 'the base of log', g) && ok;
      return ok ? plain(DIMENSIONLESS) : null;
    }
  }
}

/** log10 and the trigonometric functions: sin cos tan of a dimensionless value or an angle, the inverses of a dimensionless one. */
function trigonometry(ctx: CheckContext, g: Extract<Formula, { kind: 'call' }>, args: readonly DimInfo[]): DimInfo {
  const [a] = args;
  if (g.fn === 'atan2') {
    if (args.length !== 2) return arity(ctx, g, 'two arguments (y, x)');
    const both = common(ctx, args, (x, y) => `the arguments of atan2 must share a dimension, but ${show(g)} mixes ${x} and ${y}`);
    return both === null ? null : plain(DIMENSIONLESS);
  }
  if (args.length !== 1) return arity(ctx, g, 'one argument');
  if (a === null || a === undefined) return null;
  const angle = g.fn === 'sin' || g.fn === 'cos' || g.fn === 'tan';
  if (angle && !a.anyDim && dimensionsEqual(a.dim, ANGLE)) return plain(DIMENSIONLESS);
  const role = angle ? `the argument of ${g.fn} (an angle or a dimensionless number of radians)` : `the argument of ${g.fn}`;
  return needDimensionless(ctx, a, role, g) ? plain(DIMENSIONLESS) : null;
}

/** A reducer over one argument, which must be a LIST value: a LIST input or an element-wise formula over LIST inputs. */
function reducer(ctx: CheckContext, g: Extract<Formula, { kind: 'call' }>, arg: Formula, info: DimInfo): DimInfo {
  if (info === null) return null;
  if (info.lists === undefined) {
    const binding = arg.kind === 'var' ? ctx.bindings.get(arg.name) : undefined;
    const what =
      binding === undefined
        ? ''
        : binding.kind === 'input'
          ? `SCALAR input "${ctx.inputs[binding.index]?.key ?? ''}"`
          : binding.kind === 'zero'
            ? 'the ZERO_TCO2E constant'
            : 'an expression result (a scalar)';
    if (arg.kind === 'var') {
      ctx.report(BLUEPRINT_ISSUE_CODES.dataShape, `${show(g)} needs a LIST input, but {${arg.name}} is ${what}`);
    } else {
      ctx.report(
        BLUEPRINT_ISSUE_CODES.dataShape,
        `${g.fn} with one argument reduces a LIST, but ${show(g)} gives it ${show(arg)}, a scalar${g.fn === 'count' ? '' : `; to combine scalars write ${g.fn}(a, b, ...)`}`,
      );
    }
    return null;
  }
  return g.fn === 'count' ? plain(DIMENSIONLESS) : { dim: info.dim, anyDim: false };
}
