/**
 * Element-wise LIST arithmetic (docs/rules.md, "Element-wise lists"): `+ - * / ^` between two LIST
 * values of one length or a LIST and a scalar, and `sqrt exp log abs` of a LIST, give a LIST
 * paired in the order of the component's `datapoint_ids`, which a reducer (`sum mean min max
 * count`) turns into a scalar. A program is lowered for one signature of LIST lengths, each
 * element unrolled into scalar instructions (a LOAD of element k of its input), so the gradient,
 * the kinks, the generated code and the block evaluation of scalar programs serve it unchanged.
 * Internal to expressions.
 */
import type { Binding, ExpressionState, InputState } from './compile-state';
import type { Formula } from './formula';
import type { ListOp, ProgramBuilder } from './program';

/** The functions that act on each element of a LIST. */
const ELEMENT_FUNCTIONS: ReadonlySet<string> = new Set(['sqrt', 'exp', 'log', 'abs']);

/** What lowering needs to know of a signature: the inputs' shapes and each LIST input's length. */
export interface ListShape {
  readonly inputs: readonly InputState[];
  /** Number of datapoints of each input (blueprint order); only those of element-wise LIST inputs are read. */
  readonly lengths: Int32Array;
}

/** Lowers a scalar formula; `lowerScalar` is the caller's lowering of any scalar part. */
export type LowerScalar = (f: Formula) => number;

/** Whether formula f (of expression `state`) is a LIST value: a LIST input, or an element-wise operation on one. */
export function isListValue(f: Formula, state: ExpressionState, shape: ListShape): boolean {
  switch (f.kind) {
    case 'var': {
      const binding = state.bindings.get(f.name);
      return binding?.kind === 'input' && shape.inputs[binding.index]?.shape === 'LIST';
    }
    case 'neg':
      return isListValue(f.arg, state, shape);
    case 'bin':
      return isListValue(f.left, state, shape) || isListValue(f.right, state, shape);
    case 'call':
      return ELEMENT_FUNCTIONS.has(f.fn) && f.args.some((a) => isListValue(a, state, shape));
    default:
      return false;
  }
}

/** The LIST inputs that some expression takes element-wise (not only as the sole argument of a reducer), ascending. */
export function elementWiseInputs(states: readonly ExpressionState[], inputs: readonly InputState[]): number[] {
  const found = new Set<number>();
  const walk = (f: Formula, state: ExpressionState, reduced: boolean): void => {
    switch (f.kind) {
      case 'var': {
        const binding = state.bindings.get(f.name);
        if (!reduced && binding?.kind === 'input' && inputs[binding.index]?.shape === 'LIST') found.add(binding.index);
        return;
      }
      case 'neg':
        return walk(f.arg, state, false);
      case 'bin':
      case 'cmp':
        walk(f.left, state, false);
        return walk(f.right, state, false);
      case 'cond':
        walk(f.test, state, false);
        walk(f.then, state, false);
        return walk(f.otherwise, state, false);
      case 'call':
        return f.args.forEach((a) => walk(a, state, f.args.length === 1 && a.kind === 'var' && isReducer(f.fn)));
      default:
        return;
    }
  };
  for (const state of states) if (state.formula !== null) walk(state.formula, state, false);
  return Array.from(found).sort((x, y) => x - y);
}

function isReducer(fn: string): boolean {
  return fn === 'sum' || fn === 'mean' || fn === 'min' || fn === 'max' || fn === 'count';
}

/** The registers of the elements of LIST value f, in the order of the component's datapoint_ids. */
export function lowerElements(
  builder: ProgramBuilder,
  f: Formula,
  state: ExpressionState,
  shape: ListShape,
  scalar: LowerScalar,
): number[] {
  const elements = (g: Formula): number[] => lowerElements(builder, g, state, shape, scalar);
  switch (f.kind) {
    case 'var': {
      const binding = state.bindings.get(f.name) as Binding & { kind: 'input' };
      const n = shape.lengths[binding.index] as number;
      return Array.from({ length: n }, (_, k) => builder.loadElement(binding.index, k));
    }
    case 'neg':
      return elements(f.arg).map((r) => builder.unary('neg', r));
    case 'bin':
      return pair(f.left, f.right, (x, y) => builder.binary(f.op, x, y));
    case 'call': {
      const [value, base] = f.args as [Formula, Formula | undefined];
      if (f.fn === 'log' && base !== undefined) return pair(value, base, (x, y) => builder.binary('/', builder.unary('log', x), y), true);
      if (ELEMENT_FUNCTIONS.has(f.fn)) return elements(value).map((r) => builder.unary(f.fn as 'sqrt', r));
      break;
    }
  }
  throw new Error(`internal: ${f.kind} is not an element-wise LIST value`);

  /** Two operands, one or both LIST values, combined element by element; `logRight` takes the log of the right one first. */
  function pair(left: Formula, right: Formula, op: (x: number, y: number) => number, logRight = false): number[] {
    const side = (g: Formula, log: boolean): number[] | number => {
      if (isListValue(g, state, shape)) return log ? elements(g).map((r) => builder.unary('log', r)) : elements(g);
      const reg = scalar(g);
      return log ? builder.unary('log', reg) : reg;
    };
    const a = side(left, false);
    const b = side(right, logRight);
    const n = typeof a === 'number' ? (b as number[]).length : a.length;
    if (typeof a !== 'number' && typeof b !== 'number' && a.length !== b.length) {
      throw new RangeError(`internal: element-wise lists of lengths ${a.length} and ${b.length}`);
    }
    return Array.from({ length: n }, (_, k) =>
      op(typeof a === 'number' ? a : (a[k] as number), typeof b === 'number' ? b : (b[k] as number)),
    );
  }
}

/** A reducer of the elements of a LIST value: the same arithmetic, in the same order, as the list opcodes. */
export function reduceElements(builder: ProgramBuilder, fn: ListOp, elements: readonly number[]): number {
  const n = elements.length;
  if (fn === 'count') return builder.constantRegister(n);
  if (n === 0) return builder.constantRegister(fn === 'sum' ? 0 : NaN);
  const op = fn === 'min' || fn === 'max' ? fn : '+';
  let acc = elements[0] as number;
  for (let k = 1; k < n; k++) acc = builder.binary(op, acc, elements[k] as number);
  return fn === 'mean' ? builder.binary('/', acc, builder.constantRegister(n)) : acc;
}
