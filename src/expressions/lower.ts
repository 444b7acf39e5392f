/**
 * Turns checked expressions into a compiled blueprint: the result's program (generated JavaScript
 * where the host allows it), every expression's program on first use, and how often each input
 * enters the result.
 */
import type { ComponentType } from '../model/graph';
import type { Dimension } from '../units';
import type { CompiledBlueprint, CompiledBlueprintInput } from './blueprint-types';
import type { Binding, ExpressionState, InputState, ListPairing } from './compile-state';
import { type Formula, printFormula } from './formula';
import { LIST_REDUCERS } from './functions';
import { createEvaluator, type Evaluate, type ListOp, type Program, ProgramBuilder } from './program';
import { createBlockEvaluator, createGeneratedBlockEvaluator } from './program-block';
import { createGeneratedEvaluator, createGeneratedEvaluatorInto } from './program-source';
import { createEvaluatorInto } from './program-into';
import { createKinkGradients, mayKink } from './kinks';
import { type ComparisonSite, createBranchSides } from './branches';
import { elementWiseInputs, isListValue, type ListShape, lowerElements, reduceElements } from './element-wise';
import { bySignature, type Runner } from './signatures';

/** A blueprint as checked: its inputs and expressions, the result expression, each expression's dimension, its list pairings. */
export interface CheckedBlueprint {
  readonly inputs: readonly InputState[];
  readonly states: readonly ExpressionState[];
  readonly resultIndex: number;
  readonly dimensions: readonly Dimension[];
  readonly pairings?: readonly ListPairing[];
}

/** Lowers the checked expressions the result depends on into one program and wraps it. */
export function build(key: string, type: ComponentType, checked: CheckedBlueprint): CompiledBlueprint {
  const { inputs, states, resultIndex, dimensions, pairings = [] } = checked;
  const compiledInputs: CompiledBlueprintInput[] = inputs.map((input) =>
    Object.freeze({ input_key: input.key, quantity_kind: input.kind, data_shape: input.shape, dimension: input.dim as Dimension }),
  );
  const elementInputs = elementWiseInputs(states, inputs);
  const runner =
    elementInputs.length === 0
      ? runnerOf(states, inputs, resultIndex, null)
      : bySignature({ key, inputs, elementInputs, pairings }, (lengths) => runnerOf(states, inputs, resultIndex, { inputs, lengths }));
  return Object.freeze({
    key,
    type,
    inputs: Object.freeze(compiledInputs),
    inputUseCounts: Object.freeze(Array.from(inputUseCounts(states, inputs.length, resultIndex, new Map()))),
    resultExpression: (states[resultIndex] as ExpressionState).key,
    expressions: Object.freeze(
      states.map((s, i) =>
        Object.freeze({ key: s.key, template: printFormula(s.formula as Formula), dimension: dimensions[i] as Dimension }),
      ),
    ),
    listPairings: Object.freeze(pairings.map((p) => Object.freeze({ ...p, inputs: Object.freeze([...p.inputs]) }))),
    ...runner,
  });
}

/**
 * Beyond this many instructions (a LIST of thousands unrolled) a program is interpreted rather
 * than compiled to JavaScript: a limit of the code generator, not a policy; both give the same bits.
 */
const MAX_GENERATED_INSTRUCTIONS = 50_000;

/** The evaluation functions of the result's program for one signature of LIST lengths (null: none). */
function runnerOf(states: readonly ExpressionState[], inputs: readonly InputState[], resultIndex: number, shape: ListShape | null): Runner {
  // The result runs once per component, hundreds of thousands of times in a large graph: compiled
  // to JavaScript where the host allows it. Reports' intermediate values stay interpreted.
  const sites: ComparisonSite[] = [];
  const resultProgram = programOf(states, inputs.length, resultIndex, shape, sites);
  const generate = shape === null || resultProgram.code.length <= 4 * MAX_GENERATED_INSTRUCTIONS;
  const evaluate = (generate ? createGeneratedEvaluator(resultProgram) : null) ?? createEvaluator(resultProgram);
  // Only a Monte Carlo run evaluates over blocks: the generated evaluator compiles a layout on its first block.
  const evaluateBlock = generate ? createGeneratedBlockEvaluator(resultProgram) : createBlockEvaluator(resultProgram);
  const kinked = mayKink(resultProgram);
  return {
    evaluate,
    evaluateBlock,
    mayKink: kinked,
    kinkGradients: kinked ? createKinkGradients(resultProgram) : () => null,
    hasBranches: sites.length > 0,
    branchSides: sites.length > 0 ? createBranchSides(resultProgram, sites) : () => null,
    evaluateExpressions: expressionEvaluator(states, inputs.length, shape),
    evaluateInto: (generate ? createGeneratedEvaluatorInto(resultProgram) : null) ?? createEvaluatorInto(resultProgram),
  };
}

/**
 * The program computing expression i, with the expressions it references inlined, for the LIST
 * lengths of `shape` (null: no element-wise lists); its comparisons go to `sites`.
 */
export function programOf(
  states: readonly ExpressionState[],
  inputCount: number,
  i: number,
  shape: ListShape | null,
  sites: ComparisonSite[] = [],
): Program {
  const builder = new ProgramBuilder();
  const lowering: Lowering = { builder, shape, states, registers: new Int32Array(states.length).fill(-1), sites };
  return builder.build(lowerExpression(lowering, i), inputCount);
}

/**
 * Every expression's value, for reports. Each expression's program is built on first use: most
 * evaluations never ask for intermediate values.
 */
export function expressionEvaluator(
  states: readonly ExpressionState[],
  inputCount: number,
  shape: ListShape | null = null,
): CompiledBlueprint['evaluateExpressions'] {
  const programs: (Evaluate | undefined)[] = new Array(states.length);
  return (values: Float64Array, inputStart: Int32Array): Float64Array => {
    const out = new Float64Array(states.length);
    for (let i = 0; i < states.length; i++) {
      const run = programs[i] ?? (programs[i] = createEvaluator(programOf(states, inputCount, i, shape)));
      out[i] = run(values, inputStart, null);
    }
    return out;
  };
}

/** One program being lowered: its builder and the register of each expression lowered so far (-1: not yet). */
interface Lowering {
  readonly builder: ProgramBuilder;
  /** The LIST lengths the program is lowered for; null for a blueprint without element-wise lists. */
  readonly shape: ListShape | null;
  readonly states: readonly ExpressionState[];
  readonly registers: Int32Array;
  /** Where each comparison that depends on the inputs was written. */
  readonly sites: ComparisonSite[];
}

/** The register of expression i, lowering it on first use so that a shared expression is computed once. */
function lowerExpression(lowering: Lowering, i: number): number {
  const known = lowering.registers[i]!;
  if (known >= 0) return known;
  const state = lowering.states[i] as ExpressionState;
  const reg = lowerFormula(lowering, state.formula as Formula, state);
  lowering.registers[i] = reg;
  return reg;
}

function lowerFormula(lowering: Lowering, f: Formula, state: ExpressionState): number {
  const builder = lowering.builder;
  switch (f.kind) {
    case 'num':
    case 'quantity':
      return builder.constantRegister(f.value);
    case 'var': {
      const binding = state.bindings.get(f.name) as Binding;
      if (binding.kind === 'zero') return builder.constantRegister(0);
      if (binding.kind === 'expression') return lowerExpression(lowering, binding.index);
      return builder.loadInput(binding.index);
    }
    case 'neg':
      return builder.unary('neg', lowerFormula(lowering, f.arg, state));
    case 'bin':
      return builder.binary(f.op, lowerFormula(lowering, f.left, state), lowerFormula(lowering, f.right, state));
    case 'call':
      return lowerCall(lowering, f, state);
    case 'cmp': {
      const register = builder.binary(f.op, lowerFormula(lowering, f.left, state), lowerFormula(lowering, f.right, state));
      if (!builder.isConstant(register)) lowering.sites.push({ register, expression: state.key, comparison: printFormula(f) });
      return register;
    }
    case 'cond':
      return builder.select(
        lowerFormula(lowering, f.test, state),
        lowerFormula(lowering, f.then, state),
        lowerFormula(lowering, f.otherwise, state),
      );
  }
}

/** A function call: a reduction of one LIST input, or scalar arithmetic over its arguments. */
function lowerCall(lowering: Lowering, f: Formula & { readonly kind: 'call' }, state: ExpressionState): number {
  const builder = lowering.builder;
  const [first] = f.args;
  if (LIST_REDUCERS.has(f.fn) && f.args.length === 1 && first?.kind === 'var') {
    const binding = state.bindings.get(first.name) as Binding & { kind: 'input' };
    return builder.list(f.fn as ListOp, binding.index);
  }
  const shape = lowering.shape;
  if (LIST_REDUCERS.has(f.fn) && first !== undefined && shape !== null && isListValue(first, state, shape)) {
    const scalar = (g: Formula): number => lowerFormula(lowering, g, state);
    return reduceElements(builder, f.fn as ListOp, lowerElements(builder, first, state, shape, scalar));
  }
  const args = f.args.map((a) => lowerFormula(lowering, a, state));
  const a0 = args[0] as number;
  switch (f.fn) {
    case 'sum':
    case 'mean':
    case 'min':
    case 'max': {
      const op = f.fn === 'min' || f.fn === 'max' ? f.fn : '+';
      let acc = a0;
      for (let k = 1; k < args.length; k++) acc = builder.binary(op, acc, args[k] as number);
      return f.fn === 'mean' ? builder.binary('/', acc, builder.constantRegister(args.length)) : acc;
    }
    case 'log':
      return args.length === 2
        ? builder.binary('/', builder.unary('log', a0), builder.unary('log', args[1] as number))
        : builder.unary('log', a0);
    case 'sqrt':
    case 'exp':
    case 'abs':
    case 'log10':
    case 'sin':
    case 'cos':
    case 'tan':
    case 'asin':
    case 'acos':
    case 'atan':
      return builder.unary(f.fn, a0);
    case 'atan2':
      return builder.binary('atan2', a0, args[1] as number);
    case 'count':
      break;
  }
  throw new Error(`internal: ${f.fn} reached the code generator unchecked`);
}

/** How often each input enters expression i, counting through references; `known` holds those counted. */
function inputUseCounts(states: readonly ExpressionState[], inputCount: number, i: number, known: Map<number, Float64Array>): Float64Array {
  const done = known.get(i);
  if (done !== undefined) return done;
  const counts = new Float64Array(inputCount);
  const state = states[i] as ExpressionState;
  const walk = (f: Formula): void => {
    switch (f.kind) {
      case 'var': {
        const binding = state.bindings.get(f.name);
        if (binding?.kind === 'input') counts[binding.index] = counts[binding.index]! + 1;
        else if (binding?.kind === 'expression') {
          const inner = inputUseCounts(states, inputCount, binding.index, known);
          for (let k = 0; k < counts.length; k++) counts[k] = counts[k]! + inner[k]!;
        }
        return;
      }
      case 'neg':
        return walk(f.arg);
      case 'bin':
      case 'cmp':
        walk(f.left);
        return walk(f.right);
      case 'cond':
        walk(f.test);
        walk(f.then);
        return walk(f.otherwise);
      case 'call':
        return f.args.forEach(walk);
      case 'num':
      case 'quantity':
        return;
    }
  };
  walk(state.formula as Formula);
  known.set(i, counts);
  return counts;
}
