// Random programs over every opcode, for the tests of the generated and block evaluators.
import fc from 'fast-check';
import { ProgramBuilder, type ListOp, type Program, type ScalarOp } from '../../src/expressions/program';

type Step =
  | { readonly kind: 'load'; readonly input: number }
  | { readonly kind: 'constant'; readonly value: number }
  | { readonly kind: 'unary'; readonly op: ScalarOp; readonly a: number }
  | { readonly kind: 'binary'; readonly op: ScalarOp; readonly a: number; readonly b: number }
  | { readonly kind: 'list'; readonly op: ListOp; readonly input: number }
  | { readonly kind: 'select'; readonly c: number; readonly x: number; readonly y: number };

export const INPUTS = 3; // two scalars and a list

export const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('load' as const), input: fc.nat(1) }),
  fc.record({ kind: fc.constant('constant' as const), value: fc.oneof(fc.double(), fc.constantFrom(0, -0, 1, 2, 0.5, -1, 3)) }),
  fc.record({ kind: fc.constant('unary' as const), op: fc.constantFrom<ScalarOp>('neg', 'sqrt', 'exp', 'log', 'abs'), a: fc.nat() }),
  fc.record({
    kind: fc.constant('binary' as const),
    op: fc.constantFrom<ScalarOp>('+', '-', '*', '/', '^', 'min', 'max', '<', '<=', '>', '>=', '==', '!='),
    a: fc.nat(),
    b: fc.nat(),
  }),
  fc.record({
    kind: fc.constant('list' as const),
    op: fc.constantFrom<ListOp>('sum', 'mean', 'min', 'max', 'count'),
    input: fc.constant(2),
  }),
  fc.record({ kind: fc.constant('select' as const), c: fc.nat(), x: fc.nat(), y: fc.nat() }),
);

/** Builds the program of a step list; operands pick any register made before them. */
export function programOf(steps: readonly Step[]): Program {
  const builder = new ProgramBuilder();
  const registers = [builder.loadInput(0), builder.loadInput(1)];
  for (const step of steps) {
    const pick = (i: number) => registers[i % registers.length] as number;
    if (step.kind === 'load') registers.push(builder.loadInput(step.input));
    else if (step.kind === 'constant') registers.push(builder.constantRegister(step.value));
    else if (step.kind === 'unary') registers.push(builder.unary(step.op, pick(step.a)));
    else if (step.kind === 'binary') registers.push(builder.binary(step.op, pick(step.a), pick(step.b)));
    else if (step.kind === 'select') registers.push(builder.select(pick(step.c), pick(step.x), pick(step.y)));
    else registers.push(builder.list(step.op, step.input));
  }
  return builder.build(registers[registers.length - 1] as number, INPUTS);
}

export const valueArbitrary = fc.oneof(fc.double(), fc.constantFrom(0, -0, 1, -1, 2, 0.5));
