/**
 * Turns checked expressions into a compiled blueprint: the result's program (generated JavaScript
 * where the host allows it), every expression's program on first use, and how often each input
 * enters the result.
 */
import type { ComponentType } from '../model/graph';
import type { Dimension } from '../units';
import type { CompiledBlueprint, CompiledBlueprintInput } from './blueprint-types';
import type { Binding, ExpressionState, InputState } from './compile-state';
import { type Formula, printFormula } from './formula';
import { LIST_REDUCERS } from './functions';
import { createEvaluator, ProgramBuilder } from './program';
import { createGeneratedEvaluator } from './program-source';

/** Lowers the checked expressions the result depends on into one program and wraps it. */
export function build(
  key: string,
  type: ComponentType,
  inputs: readonly InputState[],
  states: readonly ExpressionState[],
  resultIndex: number,
): CompiledBlueprint {
  const useCounts = new Map<number, Float64Array>();

  /** Lowers expressions into `builder`, each at most once; returns the lowering of expression i. */
  const lowering = (builder: ProgramBuilder): ((i: number) => number) => {
    const exprReg = new Int32Array(states.length).fill(-1);

    const lowerExpression = (i: number): number => {
      const known = exprReg[i]!;
      if (known >= 0) return known;
      const state = states[i] as ExpressionState;
      const reg = lower(state.formula as Formula, state);
      exprReg[i] = reg;
      return reg;
    };

    const lower = (f: Formula, state: ExpressionState): number => {
      switch (f.kind) {
        case 'num':
          return builder.constantRegister(f.value);
        case 'var': {
          const binding = state.bindings.get(f.name) as Binding;
          if (binding.kind === 'zero') return builder.constantRegister(0);
          if (binding.kind === 'expression') return lowerExpression(binding.index);
          return builder.loadInput(binding.index);
        }
        case 'neg':
          return builder.unary('neg', lower(f.arg, state));
        case 'bin':
          return builder.binary(f.op, lower(f.left, state), lower(f.right, state));
        case 'call': {
          const [first] = f.args;
          if (LIST_REDUCERS.has(f.fn) && f.args.length === 1 && first?.kind === 'var') {
            const binding = state.bindings.get(first.name) as Binding & { kind: 'input' };
            return builder.list(f.fn as 'sum' | 'mean' | 'min' | 'max' | 'count', binding.index);
          }
          const args = f.args.map((a) => lower(a, state));
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
              return builder.unary(f.fn, a0);
            case 'count':
              break;
          }
          throw new Error(`internal: ${f.fn} reached the code generator unchecked`);
        }
      }
    };
    return lowerExpression;
  };

  /** How often each input enters expression i, counting through references. */
  const countsOf = (i: number): Float64Array => {
    const known = useCounts.get(i);
    if (known !== undefined) return known;
    const counts = new Float64Array(inputs.length);
    const state = states[i] as ExpressionState;
    const walk = (f: Formula): void => {
      switch (f.kind) {
        case 'var': {
          const binding = state.bindings.get(f.name);
          if (binding?.kind === 'input') counts[binding.index] = counts[binding.index]! + 1;
          else if (binding?.kind === 'expression') {
            const inner = countsOf(binding.index);
            for (let k = 0; k < counts.length; k++) counts[k] = counts[k]! + inner[k]!;
          }
          return;
        }
        case 'neg':
          return walk(f.arg);
        case 'bin':
          walk(f.left);
          return walk(f.right);
        case 'call':
          return f.args.forEach(walk);
        case 'num':
          return;
      }
    };
    walk(state.formula as Formula);
    useCounts.set(i, counts);
    return counts;
  };

  const programOf = (i: number) => {
    const builder = new ProgramBuilder();
    return builder.build(lowering(builder)(i), inputs.length);
  };
  const program = (i: number) => createEvaluator(programOf(i));
  // The result runs once per component, hundreds of thousands of times in a large graph: compiled
  // to JavaScript where the host allows it. Reports' intermediate values stay interpreted.
  const resultProgram = programOf(resultIndex);
  const evaluate = createGeneratedEvaluator(resultProgram) ?? createEvaluator(resultProgram);
  // Programs for every expression, built on first use: reports show intermediate values.
  const expressionPrograms: (ReturnType<typeof createEvaluator> | undefined)[] = new Array(states.length);
  const evaluateExpressions = (values: Float64Array, inputStart: Int32Array): Float64Array => {
    const out = new Float64Array(states.length);
    for (let i = 0; i < states.length; i++) {
      const run = expressionPrograms[i] ?? (expressionPrograms[i] = program(i));
      out[i] = run(values, inputStart, null);
    }
    return out;
  };
  const compiledInputs: CompiledBlueprintInput[] = inputs.map((input) =>
    Object.freeze({ input_key: input.key, quantity_kind: input.kind, data_shape: input.shape, dimension: input.dim as Dimension }),
  );
  return Object.freeze({
    key,
    type,
    inputs: Object.freeze(compiledInputs),
    inputUseCounts: Object.freeze(Array.from(countsOf(resultIndex))),
    resultExpression: (states[resultIndex] as ExpressionState).key,
    expressions: Object.freeze(states.map((s) => Object.freeze({ key: s.key, template: printFormula(s.formula as Formula) }))),
    evaluate,
    evaluateExpressions,
  });
}
