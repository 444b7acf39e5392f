// A Monte Carlo run evaluates a blueprint over a block of draws. Property: on random programs over
// every opcode and random blocks (any doubles, ties, empty lists), the generated block evaluator,
// the interpreter's block evaluator and the per-draw interpreter give every draw the same bits.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEvaluator, type Program } from '../../src/expressions/program';
import { createBlockEvaluator, createGeneratedBlockEvaluator, type EvaluateBlock } from '../../src/expressions/program-block';
import { layoutBlockSource, UNROLLED_LIST_LIMIT } from '../../src/expressions/program-block-source';
import { blueprint, compileOk } from './helpers';
import { programOf, stepArbitrary, valueArbitrary } from './random-programs';

/** Each draw's value by the per-draw interpreter (the definition). */
function perDraw(program: Program, columns: readonly Float64Array[], inputStart: Int32Array, size: number): Float64Array {
  const evaluate = createEvaluator(program);
  const values = new Float64Array(columns.length);
  return Float64Array.from({ length: size }, (_, i) => {
    columns.forEach((column, k) => (values[k] = column[i] as number));
    return evaluate(values, inputStart, null);
  });
}

function run(evaluateBlock: EvaluateBlock, columns: readonly Float64Array[], inputStart: Int32Array, size: number): Float64Array {
  const out = new Float64Array(size + 1).fill(7);
  evaluateBlock(columns, inputStart, size, out);
  // Nothing past the block is written.
  expect(out[size]).toBe(7);
  return out.subarray(0, size);
}

const sameBits = (a: Float64Array, b: Float64Array) => a.length === b.length && a.every((x, i) => Object.is(x, b[i]));

describe('block evaluators', () => {
  it("give every draw the per-draw interpreter's bits, generated and interpreted", () => {
    // Two scalar slots and a list of 0 to 4 slots, each slot a column of `size` draws.
    const block = fc
      .integer({ min: 2, max: 6 })
      .chain((slots) =>
        fc
          .integer({ min: 1, max: 24 })
          .chain((size) =>
            fc.tuple(
              fc.constant(slots),
              fc.constant(size),
              fc.array(fc.array(valueArbitrary, { minLength: size, maxLength: size }), { minLength: slots, maxLength: slots }),
            ),
          ),
      );
    fc.assert(
      fc.property(fc.array(stepArbitrary, { minLength: 1, maxLength: 12 }), block, (steps, [slots, size, draws]) => {
        const program = programOf(steps);
        const columns = draws.map((d) => Float64Array.from(d));
        const inputStart = Int32Array.from([0, 1, 2, slots]);
        const expected = perDraw(program, columns, inputStart, size);
        const generated = createGeneratedBlockEvaluator(program);
        expect(sameBits(run(generated, columns, inputStart, size), expected)).toBe(true);
        const interpreted = createBlockEvaluator(program);
        expect(sameBits(run(interpreted, columns, inputStart, size), expected)).toBe(true);
        // A smaller block after a larger one reuses the interpreter's registers: the prefix.
        expect(sameBits(run(interpreted, columns, inputStart, size - 1), expected.subarray(0, size - 1))).toBe(true);
      }),
      { seed: 20261127, numRuns: 2000 },
    );
  });

  it("a compiled blueprint's evaluateBlock equals its evaluate, draw by draw", () => {
    const c = compileOk(
      blueprint(
        [
          ['m', 'mass'],
          ['d', 'distance'],
          ['ef', 'mass_distance_carbon_emission_factor'],
        ],
        [['co2e', 'abs({m}) * {d} * {ef} / 3']],
      ),
    );
    const columns = [Float64Array.of(2000, -1, 0.5), Float64Array.of(350_000, 1e5, Number.NaN), Float64Array.of(1.2e-4, 0.1, 3)];
    const inputStart = Int32Array.of(0, 1, 2, 3);
    const out = new Float64Array(3);
    c.evaluateBlock(columns, inputStart, 3, out);
    for (let i = 0; i < 3; i++)
      expect(Object.is(out[i], c.evaluate(Float64Array.of(columns[0]![i]!, columns[1]![i]!, columns[2]![i]!), inputStart, null))).toBe(
        true,
      );
    expect(out[0]).toBeCloseTo((2000 * 350_000 * 1.2e-4) / 3, 9);
  });

  it('reject a short inputStart with the per-draw message, and print no constant into the source', () => {
    const program = programOf([
      { kind: 'constant', value: 123.456 },
      { kind: 'binary', op: '*', a: 0, b: 2 },
    ]);
    const message = new RangeError('inputStart has 2 entries; this blueprint needs 4 (inputs + 1)');
    expect(() => createGeneratedBlockEvaluator(program)([], Int32Array.of(0, 1), 1, new Float64Array(1))).toThrow(message);
    expect(() => createBlockEvaluator(program)([], Int32Array.of(0, 1), 1, new Float64Array(1))).toThrow(message);
    expect(layoutBlockSource(program, Int32Array.of(0, 1, 2, 5))).not.toContain('123.456');
  });

  it('specialised to each layout, give every draw the per-draw bits whatever the list lengths, one evaluator across layouts', () => {
    // One evaluator per program, called on a sequence of blocks whose LIST input has 0 to 40 slots
    // (past UNROLLED_LIST_LIMIT, the loop form) and whose values include -0, NaN and infinities.
    const special = fc.constantFrom(0, -0, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1, -1);
    const layoutBlock = fc.record({ length: fc.integer({ min: 0, max: UNROLLED_LIST_LIMIT + 8 }), size: fc.integer({ min: 1, max: 6 }) });
    fc.assert(
      fc.property(
        fc.array(stepArbitrary, { minLength: 1, maxLength: 12 }),
        fc.array(layoutBlock, { minLength: 1, maxLength: 5 }),
        fc.array(fc.oneof(valueArbitrary, special), { minLength: 1, maxLength: 64 }),
        (steps, blocks, pool) => {
          const program = programOf(steps);
          const generated = createGeneratedBlockEvaluator(program);
          const interpreted = createBlockEvaluator(program);
          let next = 0;
          const value = () => pool[next++ % pool.length] as number;
          for (const { length, size } of blocks) {
            const inputStart = Int32Array.of(0, 1, 2, 2 + length);
            const columns = Array.from({ length: 2 + length }, () => Float64Array.from({ length: size }, value));
            const expected = perDraw(program, columns, inputStart, size);
            expect(sameBits(run(generated, columns, inputStart, size), expected)).toBe(true);
            expect(sameBits(run(interpreted, columns, inputStart, size), expected)).toBe(true);
          }
        },
      ),
      { seed: 20261130, numRuns: 1500 },
    );
  });

  it('write a short list out over its columns and keep a long one in a loop', () => {
    const program = programOf([{ kind: 'list', op: 'sum', input: 2 }]);
    const short = layoutBlockSource(program, Int32Array.of(0, 1, 2, 5));
    expect(short).toContain('0 + x2[i] + x3[i] + x4[i]');
    expect(short).not.toContain('inputStart[');
    const long = layoutBlockSource(program, Int32Array.of(0, 1, 2, 3 + UNROLLED_LIST_LIMIT));
    expect(long).toContain(`for (let k = 2; k < ${3 + UNROLLED_LIST_LIMIT}; k++)`);
  });

  it('sum -0 alone to +0 and a list with a NaN to NaN, as the per-draw interpreter does', () => {
    for (const op of ['sum', 'mean', 'min', 'max'] as const) {
      const program = programOf([{ kind: 'list', op, input: 2 }]);
      const inputStart = Int32Array.of(0, 1, 2, 4);
      const columns = [Float64Array.of(0, 0), Float64Array.of(0, 0), Float64Array.of(-0, 1), Float64Array.of(-0, Number.NaN)];
      const expected = perDraw(program, columns, inputStart, 2);
      expect(Object.is(expected[0], op === 'sum' || op === 'mean' ? 0 : -0)).toBe(true);
      expect(expected[1]).toBeNaN();
      expect(sameBits(run(createGeneratedBlockEvaluator(program), columns, inputStart, 2), expected)).toBe(true);
      expect(sameBits(run(createBlockEvaluator(program), columns, inputStart, 2), expected)).toBe(true);
    }
  });
});
