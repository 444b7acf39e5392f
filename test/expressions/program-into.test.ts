// The evaluation in place (program-into.ts; the accounting's components pass): a component's values
// read at an offset of a larger array, its result and derivatives written into the caller's arrays.
// Property: on random programs over every opcode, generated and interpreted, at any offsets, it
// gives `evaluate`'s bits for the value and every derivative, and writes nothing else.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createEvaluator } from '../../src/expressions/program';
import { createEvaluatorInto } from '../../src/expressions/program-into';
import { createGeneratedEvaluatorInto, evaluatorSource } from '../../src/expressions/program-source';
import type { CompiledBlueprint } from '../../src/expressions';
import { allowCodeGeneration, codeGenerationRefusals, importWithoutCodeGeneration, withoutCodeGeneration } from '../no-code-generation';
import { blueprint, compileOk, type InputSpec } from './helpers';
import { programOf, stepArbitrary, valueArbitrary } from './random-programs';

afterEach(allowCodeGeneration);

const SENTINEL = 7;
const same = (a: ArrayLike<number>, b: ArrayLike<number>): boolean =>
  a.length === b.length && Array.from(a).every((x, k) => Object.is(x, b[k]));

describe('evaluation in place', () => {
  it("gives evaluate's bits, generated and interpreted, at any offsets, and writes nothing else", () => {
    fc.assert(
      fc.property(
        fc.array(stepArbitrary, { minLength: 1, maxLength: 12 }),
        fc.array(valueArbitrary, { minLength: 2, maxLength: 6 }),
        fc.array(valueArbitrary, { maxLength: 5 }),
        fc.nat(4),
        fc.nat(3),
        (steps, own, before, gradientOffset, outIndex) => {
          const program = programOf(steps);
          // Two scalars, then the list (possibly empty); other components' values around this one's.
          const inputStart = Int32Array.from([0, 1, 2, own.length]);
          const expectedGradient = new Float64Array(own.length);
          const expected = createEvaluator(program)(Float64Array.from(own), inputStart, expectedGradient);
          const values = Float64Array.from([...before, ...own, 1.5, -2]);
          const untouched = Float64Array.from(values);
          const generated = createGeneratedEvaluatorInto(program);
          expect(generated).not.toBeNull();
          for (const into of [generated!, createEvaluatorInto(program)]) {
            const gradient = new Float64Array(gradientOffset + own.length + 2).fill(SENTINEL);
            const out = new Float64Array(outIndex + 2).fill(SENTINEL);
            into(values, before.length, inputStart, gradient, gradientOffset, out, outIndex);
            expect(Object.is(out[outIndex], expected)).toBe(true);
            expect(same(gradient.subarray(gradientOffset, gradientOffset + own.length), expectedGradient)).toBe(true);
            const around = [...gradient.subarray(0, gradientOffset), ...gradient.subarray(gradientOffset + own.length)];
            expect(around.every((g) => g === SENTINEL)).toBe(true);
            expect(out.filter((_, k) => k !== outIndex).every((v) => v === SENTINEL)).toBe(true);
            expect(same(values, untouched)).toBe(true);
            // Without a gradient: the value alone.
            const alone = new Float64Array(outIndex + 1);
            into(values, before.length, inputStart, null, 0, alone, outIndex);
            expect(Object.is(alone[outIndex], expected)).toBe(true);
          }
        },
      ),
      { seed: 20261130, numRuns: 2000 },
    );
  });

  it('writes the derivative of a list min at its chosen element, from any offsets', () => {
    const program = programOf([{ kind: 'list', op: 'min', input: 2 }]);
    const values = Float64Array.from([9, 9, 1, 2, 5, 0.5, 3]); // two values of another component, then this one's
    const inputStart = Int32Array.from([0, 1, 2, 5]); // the list is 5, 0.5, 3
    for (const into of [createGeneratedEvaluatorInto(program)!, createEvaluatorInto(program)]) {
      const gradient = new Float64Array(8).fill(SENTINEL);
      const out = new Float64Array(1);
      into(values, 2, inputStart, gradient, 3, out, 0);
      expect(out[0]).toBe(0.5);
      expect(Array.from(gradient)).toEqual([7, 7, 7, 0, 0, 0, 1, 0]);
    }
  });

  it("rejects a short inputStart with evaluate's message", () => {
    const program = programOf([{ kind: 'list', op: 'sum', input: 2 }]);
    const short = Int32Array.from([0, 1]);
    const message = new RangeError('inputStart has 2 entries; this blueprint needs 4 (inputs + 1)');
    for (const into of [createGeneratedEvaluatorInto(program)!, createEvaluatorInto(program)])
      expect(() => into(new Float64Array(2), 0, short, null, 0, new Float64Array(1), 0)).toThrow(message);
  });

  it('prints no number of the program into the source, and reads at the offset', () => {
    const program = programOf([
      { kind: 'constant', value: 123.456 },
      { kind: 'binary', op: '*', a: 0, b: 2 },
    ]);
    const source = evaluatorSource(program, true);
    expect(source).not.toContain('123.456');
    expect(source).toContain('values[offset + inputStart[0]]');
    expect(source).toContain('out[outIndex] = ');
    // The evaluate function's source is not changed by the option.
    expect(evaluatorSource(program)).not.toContain('offset');
  });
});

describe('CompiledBlueprint.evaluateInto', () => {
  const INPUTS: readonly InputSpec[] = [
    ['c', 'mass_fraction', 'LIST'],
    ['d', 'mass', 'LIST'],
    ['k', 'mass', 'SCALAR'],
    ['a', 'dimensionless', 'SCALAR'],
  ];
  // Element-wise lists (one program per signature of lengths), every reducer, trigonometry, a branch.
  const TEMPLATE =
    'sum({c} * {d}) + mean({d}) * sin({a}) + max({d}) - min({c}) * {k} + count({c}) * {k} * atan2({a}, 2) + ({a} > 0.5 ? {k} : 2 * {k})';

  function check(compiled: CompiledBlueprint, values: Float64Array, offset: number, inputStart: Int32Array): void {
    const size = inputStart[INPUTS.length] as number;
    const expectedGradient = new Float64Array(size);
    const expected = compiled.evaluate(values.slice(offset, offset + size), inputStart, expectedGradient);
    const gradient = new Float64Array(size + 3).fill(SENTINEL);
    const out = new Float64Array(3);
    compiled.evaluateInto(values, offset, inputStart, gradient, 3, out, 2);
    expect(Object.is(out[2], expected)).toBe(true);
    expect(same(gradient.subarray(3), expectedGradient)).toBe(true);
    expect(Array.from(gradient.subarray(0, 3))).toEqual([SENTINEL, SENTINEL, SENTINEL]);
  }

  it("gives evaluate's bits for every signature of LIST lengths, generated and interpreted, and both agree", async () => {
    const generated = compileOk(blueprint(INPUTS, [['r', TEMPLATE]]));
    // Each signature is lowered on first use: the interpreted blueprint's under the host without code generation.
    const fresh = await importWithoutCodeGeneration(() => import('./helpers'));
    const interpreted = fresh.compileOk(fresh.blueprint(INPUTS, [['r', TEMPLATE]]));
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.double({ min: -10, max: 10, noNaN: true }), { minLength: 12, maxLength: 12 }),
        fc.nat(3),
        (n, pool, offset) => {
          const inputStart = Int32Array.from([0, n, 2 * n, 2 * n + 1, 2 * n + 2]);
          const values = Float64Array.from([...pool.slice(0, offset), ...pool.slice(0, 2 * n + 2)]);
          check(generated, values, offset, inputStart);
          withoutCodeGeneration(() => check(interpreted, values, offset, inputStart));
          const [a, b] = [new Float64Array(1), new Float64Array(1)];
          generated.evaluateInto(values, offset, inputStart, null, 0, a, 0);
          withoutCodeGeneration(() => interpreted.evaluateInto(values, offset, inputStart, null, 0, b, 0));
          expect(Object.is(a[0], b[0])).toBe(true);
        },
      ),
      { seed: 20261130, numRuns: 200 },
    );
    expect(codeGenerationRefusals()).toBeGreaterThan(0);
  });
});
