/**
 * A blueprint with element-wise lists (element-wise.ts) has one program per signature of LIST
 * lengths. Its evaluation functions look the signature up from `inputStart` (the lengths of the
 * LIST inputs taken element-wise) and run that signature's program, lowered on first use. The
 * components of one blueprint almost always share one signature, so the last one is kept at hand;
 * a blueprint without element-wise lists never comes here. Internal to expressions.
 */
import type { CompiledBlueprint } from './blueprint-types';
import type { InputState, ListPairing } from './compile-state';

/** The evaluation functions of a compiled blueprint. */
export type Runner = Pick<
  CompiledBlueprint,
  'evaluate' | 'evaluateBlock' | 'mayKink' | 'kinkGradients' | 'hasBranches' | 'branchSides' | 'evaluateExpressions' | 'evaluateInto'
>;

/** What the dispatcher needs of the blueprint. */
export interface SignatureSpec {
  readonly key: string;
  readonly inputs: readonly InputState[];
  /** The LIST inputs taken element-wise (ascending): their lengths make the signature. */
  readonly elementInputs: readonly number[];
  /** LIST inputs that must have one length. */
  readonly pairings: readonly ListPairing[];
}

/** Signatures kept per blueprint: a limit of memory, not a policy (a signature beyond it is lowered again). */
const SIGNATURES_KEPT = 64;

/** One signature's runner and the lengths it was lowered for. */
interface Entry {
  readonly lengths: Int32Array;
  readonly runner: Runner;
}

/**
 * The evaluation functions of a blueprint with element-wise lists, dispatching on the signature of
 * `inputStart`. `make` lowers the program for per-input lengths (only the element-wise inputs' are set).
 * `mayKink` and `hasBranches` are those of the signature where every such LIST has two elements,
 * which has every instruction kind of any longer one.
 */
export function bySignature(spec: SignatureSpec, make: (lengths: Int32Array) => Runner): Runner {
  const need = spec.inputs.length + 1;
  const cache = new Map<string, Entry>();
  let last: Entry | null = null;
  const lookup = (inputStart: Int32Array): Runner => {
    if (inputStart.length < need) {
      throw new RangeError(`inputStart has ${inputStart.length} entries; this blueprint needs ${need} (inputs + 1)`);
    }
    if (last !== null && sameSignature(spec.elementInputs, last.lengths, inputStart)) return last.runner;
    checkPairings(spec, inputStart);
    const lengths = new Int32Array(spec.inputs.length);
    for (const k of spec.elementInputs) lengths[k] = (inputStart[k + 1] as number) - (inputStart[k] as number);
    const key = spec.elementInputs.map((k) => lengths[k]).join(',');
    let entry = cache.get(key);
    if (entry === undefined) {
      if (cache.size >= SIGNATURES_KEPT) cache.clear();
      entry = { lengths, runner: make(lengths) };
      cache.set(key, entry);
    }
    last = entry;
    return entry.runner;
  };
  const twos = new Int32Array(spec.inputs.length);
  for (const k of spec.elementInputs) twos[k] = 2;
  const reference = make(twos);
  return {
    evaluate: (values, inputStart, gradient) => lookup(inputStart).evaluate(values, inputStart, gradient),
    evaluateBlock: (columns, inputStart, size, out) => lookup(inputStart).evaluateBlock(columns, inputStart, size, out),
    mayKink: reference.mayKink,
    kinkGradients: (values, inputStart) => lookup(inputStart).kinkGradients(values, inputStart),
    hasBranches: reference.hasBranches,
    branchSides: (values, inputStart) => lookup(inputStart).branchSides(values, inputStart),
    evaluateExpressions: (values, inputStart) => lookup(inputStart).evaluateExpressions(values, inputStart),
    evaluateInto: (values, offset, inputStart, gradient, gradientOffset, out, outIndex) =>
      lookup(inputStart).evaluateInto(values, offset, inputStart, gradient, gradientOffset, out, outIndex),
  };
}

function sameSignature(elementInputs: readonly number[], lengths: Int32Array, inputStart: Int32Array): boolean {
  for (const k of elementInputs) if ((inputStart[k + 1] as number) - (inputStart[k] as number) !== lengths[k]) return false;
  return true;
}

/**
 * Throws a RangeError naming the expression and both lengths when LIST inputs paired element-wise
 * have different lengths (the accounting refuses such a component first: `list_length_mismatch`).
 */
function checkPairings(spec: SignatureSpec, inputStart: Int32Array): void {
  const mismatch = listLengthMismatch(spec.pairings, inputStart);
  if (mismatch === null) return;
  const name = (k: number): string => spec.inputs[k]?.key ?? '';
  throw new RangeError(
    `blueprint "${spec.key}", expression "${mismatch.pairing.expression}": "${mismatch.pairing.formula}" pairs LIST input "${name(mismatch.first)}" (${mismatch.firstLength} values) with LIST input "${name(mismatch.other)}" (${mismatch.otherLength} values); element-wise lists must have one length`,
  );
}

/** The first pairing whose inputs have different lengths in `inputStart`, with the two inputs and lengths; null for none. */
export function listLengthMismatch(
  pairings: readonly { readonly expression: string; readonly formula: string; readonly inputs: readonly number[] }[],
  inputStart: ArrayLike<number>,
): { pairing: ListPairing; first: number; firstLength: number; other: number; otherLength: number } | null {
  const length = (k: number): number => (inputStart[k + 1] as number) - (inputStart[k] as number);
  for (const pairing of pairings) {
    const first = pairing.inputs[0] as number;
    for (const other of pairing.inputs) {
      if (length(other) !== length(first)) return { pairing, first, firstLength: length(first), other, otherLength: length(other) };
    }
  }
  return null;
}
