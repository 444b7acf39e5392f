/**
 * A program evaluated in place: the values of a component read where they lie in a larger array
 * (from an offset), its result and its derivatives written into arrays the caller owns. The
 * accounting's components pass evaluates every component of a graph this way (one array of slot
 * magnitudes in, one of values and one of derivatives out), with no copy into scratch arrays and no
 * number returned: a returned double is a heap object when the call site sees many blueprints.
 * The arithmetic is `evaluate`'s (program.ts), in the same order, so both give the same bits.
 */
import { backwardPass, forwardPass, interpreterScratch, type Program } from './program';

/**
 * Signature of an evaluation in place; see `CompiledBlueprint.evaluateInto`: input i's values are
 * `values[offset + inputStart[i] ..]`, the result goes to `out[outIndex]` and, when `gradient` is
 * not null, the derivatives by the values to `gradient[gradientOffset + inputStart[i] ..]`.
 */
export type EvaluateInto = (
  values: Float64Array,
  offset: number,
  inputStart: Int32Array,
  gradient: Float64Array | null,
  gradientOffset: number,
  out: Float64Array,
  outIndex: number,
) => void;

/** The interpreter's evaluation in place (the generated one: program-source.ts). Not re-entrant, like `createEvaluator`. */
export function createEvaluatorInto(program: Program): EvaluateInto {
  const { code, r, adj, chosen, res, need } = interpreterScratch(program);

  return function evaluateInto(values, offset, inputStart, gradient, gradientOffset, out, outIndex): void {
    if (inputStart.length < need) {
      throw new RangeError(`inputStart has ${inputStart.length} entries; this blueprint needs ${need} (inputs + 1)`);
    }
    forwardPass(code, r, values, inputStart, chosen, offset);
    out[outIndex] = r[res]!;
    if (gradient === null) return;
    const end = gradientOffset + inputStart[need - 1]!;
    for (let k = gradientOffset; k < end; k++) gradient[k] = 0;
    for (let k = 0; k < adj.length; k++) adj[k] = 0;
    adj[res] = 1;
    backwardPass(code, r, adj, inputStart, chosen, gradient, null, offset, gradientOffset);
  };
}
