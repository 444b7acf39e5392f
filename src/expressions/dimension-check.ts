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
import { type Binding, clip, type DimInfo, type InputState } from './compile-state';
import { foldConstant, type Formula, printFormula } from './formula';
import { LIST_REDUCERS } from './functions';

/** The dimension of a plane angle (radians in SI). */
const ANGLE: Dimension = dimension({ angle: 1 });

export interface CheckContext {
  readonly bindings: ReadonlyMap<string, Binding>;
  readonly inputs: readonly (InputState | null)[];
  readonly expressionInfo: (index: number) => DimInfo;
  readonly zeroAnyDim: boolean;
  readonly report: (code: GraphIssueCode, message: string) => void;
}

const OP_VERB: Readonly<Record<string, string>> = { '+': 'add', '-': 'subtract' };

/**
 * The dimension of a formula, reporting every dimension and data-shape problem in it. Returns null
 * when the dimension cannot be known (a problem was reported here or earlier), so that one mistake
 * is not reported again by everything above it.
 */
export function checkFormula(f: Formula, ctx: CheckContext): DimInfo {
  return visit(ctx, f, f);
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

/** The dimension of a variable; a LIST input only counts as the sole argument of a reducer. */
function variable(ctx: CheckContext, name: string, inReducer: boolean, whole: Formula): DimInfo {
  const binding = ctx.bindings.get(name);
  if (binding === undefined) return null;
  if (binding.kind === 'zero') return plain(MASS);
  if (binding.kind === 'expression') return ctx.expressionInfo(binding.index);
  const input = ctx.inputs[binding.index];
  if (input === null || input === undefined) return null;
  if (input.shape === 'LIST' && !inReducer) {
    ctx.report(
      BLUEPRINT_ISSUE_CODES.dataShape,
      `LIST input "${input.key}" ({${name}}) may only be the sole argument of sum, mean, min, max or count, not part of ${show(whole)}`,
    );
    return null;
  }
  return input.dim === null ? null : plain(input.dim);
}

/** The dimension of `g`, a part of `parent` (named in messages about variables). */
function visit(ctx: CheckContext, g: Formula, parent: Formula): DimInfo {
  switch (g.kind) {
    case 'num':
      return { dim: DIMENSIONLESS, anyDim: ctx.zeroAnyDim && g.value === 0 };
    case 'var':
      return variable(ctx, g.name, false, parent);
    case 'quantity':
      return plain(g.dim);
    case 'neg':
      return visit(ctx, g.arg, g);
    case 'bin': {
      const a = visit(ctx, g.left, g);
      const b = visit(ctx, g.right, g);
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
    case 'call':
      return call(ctx, g);
    case 'cmp':
      // The walker lets a comparison stand only as a condition; its value is 0 or 1.
      return common(ctx, [visit(ctx, g.left, g), visit(ctx, g.right, g)], (x, y) => `cannot compare ${x} and ${y} in ${show(g)}`) === null
        ? null
        : plain(DIMENSIONLESS);
    case 'cond': {
      const test = visit(ctx, g.test, g);
      const branches = common(
        ctx,
        [visit(ctx, g.then, g), visit(ctx, g.otherwise, g)],
        (x, y) => `both branches of ${show(g)} must have one dimension, but they have ${x} and ${y}`,
      );
      return test === null ? null : branches;
    }
  }
}

/** Reports a call with the wrong number of arguments. */
function arity(ctx: CheckContext, g: Extract<Formula, { kind: 'call' }>, expected: string): null {
  ctx.report(BLUEPRINT_ISSUE_CODES.arity, `${g.fn} takes ${expected}, but ${show(g)} has ${g.args.length}`);
  return null;
}

/** The dimension of a function call: reducers, sqrt, abs, exp, log. */
function call(ctx: CheckContext, g: Extract<Formula, { kind: 'call' }>): DimInfo {
  const fn = g.fn;
  if (LIST_REDUCERS.has(fn) && g.args.length === 1) return reducer(ctx, g, g.args[0] as Formula);
  if (fn === 'count') return arity(ctx, g, 'exactly one LIST input');
  if (LIST_REDUCERS.has(fn)) {
    // sum, mean, min, max over two or more scalars.
    const args = g.args.map((a) => visit(ctx, a, g));
    if (args.length === 0) return arity(ctx, g, 'one LIST input or two or more scalar arguments');
    return common(ctx, args, (x, y) => `the arguments of ${fn} must share a dimension, but ${show(g)} mixes ${x} and ${y}`);
  }
  const args = g.args.map((a) => visit(ctx, a, g));
  const [a] = args;
  switch (fn) {
    case 'sqrt':
      if (args.length !== 1) return arity(ctx, g, 'one argument');
      return a === null || a === undefined ? null : { dim: powerDimension(a.dim, 0.5), anyDim: a.anyDim };
    case 'abs':
      if (args.length !== 1) return arity(ctx, g, 'one argument');
      return a ?? null;
    case 'exp':
      if (args.length !== 1) return arity(ctx, g, 'one argument');
      return needDimensionless(ctx, a ?? null, 'the argument of exp', g) ? plain(DIMENSIONLESS) : null;
    case 'log': {
      if (args.length !== 1 && args.length !== 2) return arity(ctx, g, 'one argument (natural logarithm) or two (value, base)');
      let ok = needDimensionless(ctx, a ?? null, 'the argument of log', g);
      if (args.length === 2) ok = needDimensionless(ctx, args[1] ?? null, 'the base of log', g) && ok;
      return ok ? plain(DIMENSIONLESS) : null;
    }
  }
  return trigonometry(ctx, g, args);
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

/** A reducer over one argument, which must be a LIST input. */
function reducer(ctx: CheckContext, g: Extract<Formula, { kind: 'call' }>, arg: Formula): DimInfo {
  if (arg.kind !== 'var') {
    // A problem inside the argument (e.g. a LIST input in it) already says what is wrong.
    if (visit(ctx, arg, g) === null) return null;
    ctx.report(
      BLUEPRINT_ISSUE_CODES.dataShape,
      `${g.fn} with one argument reduces a LIST input, but ${show(g)} gives it ${show(arg)}${g.fn === 'count' ? '' : `; to combine scalars write ${g.fn}(a, b, ...)`}`,
    );
    return null;
  }
  const binding = ctx.bindings.get(arg.name);
  if (binding === undefined) return null;
  if (binding.kind !== 'input' || ctx.inputs[binding.index]?.shape !== 'LIST') {
    const what =
      binding.kind === 'input'
        ? `SCALAR input "${ctx.inputs[binding.index]?.key ?? ''}"`
        : binding.kind === 'zero'
          ? 'the ZERO_TCO2E constant'
          : 'an expression result (a scalar)';
    ctx.report(BLUEPRINT_ISSUE_CODES.dataShape, `${show(g)} needs a LIST input, but {${arg.name}} is ${what}`);
    return null;
  }
  const info = variable(ctx, arg.name, true, g);
  if (info === null) return null;
  return g.fn === 'count' ? plain(DIMENSIONLESS) : info;
}
