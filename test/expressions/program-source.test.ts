// A blueprint's result runs as JavaScript generated from its program; the interpreter is the
// definition. Property: on random programs over every opcode, with any doubles (NaN, infinities,
// -0, ties for min/max, empty lists), both give the same bits for the value and every derivative.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEvaluator } from '../../src/expressions/program';
import { createGeneratedEvaluator, evaluatorSource } from '../../src/expressions/program-source';
import { programOf, stepArbitrary, valueArbitrary } from './random-programs';

describe('generated evaluator', () => {
  it("gives the interpreter's bits for the value and the gradient", () => {
    fc.assert(
      fc.property(
        fc.array(stepArbitrary, { minLength: 1, maxLength: 12 }),
        fc.array(valueArbitrary, { minLength: 2, maxLength: 6 }),
        (steps, values) => {
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
        },
      ),
      { seed: 20261123, numRuns: 3000 },
    );
  });

  it("rejects a short inputStart with the interpreter's message", () => {
    const program = programOf([{ kind: 'list', op: 'sum', input: 2 }]);
    const short = Int32Array.from([0, 1]);
    const values = new Float64Array(2);
    expect(() => createGeneratedEvaluator(program)!(values, short, null)).toThrow(
      new RangeError('inputStart has 2 entries; this blueprint needs 4 (inputs + 1)'),
    );
    expect(() => createEvaluator(program)(values, short, null)).toThrow(
      new RangeError('inputStart has 2 entries; this blueprint needs 4 (inputs + 1)'),
    );
  });

  it('prints no number of the program into the source: constants are passed in', () => {
    const program = programOf([
      { kind: 'constant', value: 123.456 },
      { kind: 'binary', op: '*', a: 0, b: 2 },
    ]);
    const source = evaluatorSource(program);
    expect(source).not.toContain('123.456');
    expect(source).toContain('constants[');
  });
});
