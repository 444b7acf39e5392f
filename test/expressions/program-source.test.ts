// A blueprint's result runs as JavaScript generated from its program; the interpreter is the
// definition. Property: on random programs over every opcode, with any doubles (NaN, infinities,
// -0, ties for min/max, empty lists), both give the same bits for the value and every derivative.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEvaluator, ProgramBuilder, type ListOp, type Program, type ScalarOp } from '../../src/expressions/program';
import { createGeneratedEvaluator, evaluatorSource } from '../../src/expressions/program-source';

type Step =
  | { readonly kind: 'load'; readonly input: number }
  | { readonly kind: 'constant'; readonly value: number }
  | { readonly kind: 'unary'; readonly op: ScalarOp; readonly a: number }
  | { readonly kind: 'binary'; readonly op: ScalarOp; readonly a: number; readonly b: number }
  | { readonly kind: 'list'; readonly op: ListOp; readonly input: number };

const INPUTS = 3; // two scalars and a list

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('load' as const), input: fc.nat(1) }),
  fc.record({ kind: fc.constant('constant' as const), value: fc.oneof(fc.double(), fc.constantFrom(0, -0, 1, 2, 0.5, -1, 3)) }),
  fc.record({ kind: fc.constant('unary' as const), op: fc.constantFrom<ScalarOp>('neg', 'sqrt', 'exp', 'log', 'abs'), a: fc.nat() }),
  fc.record({ kind: fc.constant('binary' as const), op: fc.constantFrom<ScalarOp>('+', '-', '*', '/', '^', 'min', 'max'), a: fc.nat(), b: fc.nat() }),
  fc.record({ kind: fc.constant('list' as const), op: fc.constantFrom<ListOp>('sum', 'mean', 'min', 'max', 'count'), input: fc.constant(2) }),
);

/** Builds the program of a step list; operands pick any register made before them. */
function programOf(steps: readonly Step[]): Program {
  const builder = new ProgramBuilder();
  const registers = [builder.loadInput(0), builder.loadInput(1)];
  for (const step of steps) {
    const pick = (i: number) => registers[i % registers.length] as number;
    if (step.kind === 'load') registers.push(builder.loadInput(step.input));
    else if (step.kind === 'constant') registers.push(builder.constantRegister(step.value));
    else if (step.kind === 'unary') registers.push(builder.unary(step.op, pick(step.a)));
    else if (step.kind === 'binary') registers.push(builder.binary(step.op, pick(step.a), pick(step.b)));
    else registers.push(builder.list(step.op, step.input));
  }
  return builder.build(registers[registers.length - 1] as number, INPUTS);
}

const valueArbitrary = fc.oneof(fc.double(), fc.constantFrom(0, -0, 1, -1, 2, 0.5));

describe('generated evaluator', () => {
  it('gives the interpreter\'s bits for the value and the gradient', () => {
    fc.assert(
      fc.property(fc.array(stepArbitrary, { minLength: 1, maxLength: 12 }), fc.array(valueArbitrary, { minLength: 2, maxLength: 6 }), (steps, values) => {
        const program = programOf(steps);
        const generated = createGeneratedEvaluator(program);
        expect(generated).not.toBeNull();
        const interpreted = createEvaluator(program);
        // Two scalars, then the list (possibly empty).
        const inputStart = Int32Array.from([0, 1, 2, values.length]);
        const input = Float64Array.from(values);
        const expectedGradient = new Float64Array(values.length).fill(7);
        const actualGradient = new Float64Array(values.length).fill(7);
        const expected = interpreted(input, inputStart, expectedGradient);
        const actual = generated!(input, inputStart, actualGradient);
        expect(Object.is(actual, expected)).toBe(true);
        expect(Array.from(actualGradient, (g, k) => Object.is(g, expectedGradient[k]))).not.toContain(false);
        expect(Object.is(generated!(input, inputStart, null), expected)).toBe(true);
      }),
      { seed: 20261123, numRuns: 3000 },
    );
  });

  it('rejects a short inputStart with the interpreter\'s message', () => {
    const program = programOf([{ kind: 'list', op: 'sum', input: 2 }]);
    const short = Int32Array.from([0, 1]);
    const values = new Float64Array(2);
    expect(() => createGeneratedEvaluator(program)!(values, short, null)).toThrow(
      new RangeError('inputStart has 2 entries; this blueprint needs 4 (inputs + 1)'),
    );
    expect(() => createEvaluator(program)(values, short, null)).toThrow(new RangeError('inputStart has 2 entries; this blueprint needs 4 (inputs + 1)'));
  });

  it('prints no number of the program into the source: constants are passed in', () => {
    const program = programOf([{ kind: 'constant', value: 123.456 }, { kind: 'binary', op: '*', a: 0, b: 2 }]);
    const source = evaluatorSource(program);
    expect(source).not.toContain('123.456');
    expect(source).toContain('constants[');
  });
});
