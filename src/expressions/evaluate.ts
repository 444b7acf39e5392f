/**
 * A convenience wrapper around `CompiledBlueprint.evaluate` for tests, tools and one-off use: values
 * by input key instead of packed arrays. It allocates; hot paths call `evaluate` directly.
 */
import type { CompiledBlueprint } from './blueprint-types';

/**
 * Values of a blueprint's inputs by `input_key`: a number for a SCALAR input, an array for a LIST.
 * @public
 */
export type BlueprintValues = Readonly<Record<string, number | readonly number[]>>;

/**
 * The value of a compiled blueprint and its partial derivatives.
 * @public
 */
export interface BlueprintEvaluation {
  /** The result in kg. */
  readonly value: number;
  /** d(value)/d(input) by `input_key`: a number for a SCALAR input, one entry per datapoint for a LIST. */
  readonly gradient: Readonly<Record<string, number | readonly number[]>>;
}

/**
 * Evaluates a compiled blueprint on values given by input key (SI magnitudes).
 * @throws Error naming the input when one is missing or has the wrong shape (a number for a LIST
 * input, an array for a SCALAR one, or an empty list).
 * @public
 */
export function evaluateBlueprint(compiled: CompiledBlueprint, values: BlueprintValues): BlueprintEvaluation {
  const n = compiled.inputs.length;
  const inputStart = new Int32Array(n + 1);
  const flat: number[] = [];
  compiled.inputs.forEach((input, i) => {
    inputStart[i] = flat.length;
    const v = Object.prototype.hasOwnProperty.call(values, input.input_key) ? values[input.input_key] : undefined;
    if (input.data_shape === 'LIST') {
      if (!Array.isArray(v) || v.length === 0) {
        throw new Error(`blueprint "${compiled.key}": LIST input "${input.input_key}" needs a non-empty array of numbers`);
      }
      flat.push(...(v as readonly number[]));
    } else {
      if (typeof v !== 'number') throw new Error(`blueprint "${compiled.key}": SCALAR input "${input.input_key}" needs a number`);
      flat.push(v);
    }
  });
  inputStart[n] = flat.length;
  const packed = Float64Array.from(flat);
  const gradient = new Float64Array(packed.length);
  const value = compiled.evaluate(packed, inputStart, gradient);
  const byKey: Record<string, number | number[]> = {};
  compiled.inputs.forEach((input, i) => {
    const start = inputStart[i] as number;
    const end = inputStart[i + 1] as number;
    byKey[input.input_key] = input.data_shape === 'LIST' ? Array.from(gradient.subarray(start, end)) : (gradient[start] as number);
  });
  return { value, gradient: byKey };
}
