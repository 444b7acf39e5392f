/**
 * The scratch arrays an evaluation works in, shared by the graphs evaluated one after another:
 * a graph keeps its scratch while it lives, and a new graph takes over the last one made when the
 * collector has not taken it yet.
 *
 * Why shared rather than allocated per graph: typed-array memory lives outside the JS heap, and
 * V8 starts a full collection whenever that memory has grown by about 64 MB since the last one.
 * At 10,000 entries an evaluation works in about 25 MB of scratch; allocated afresh for each new
 * graph (`evaluateGraph` prepares a new graph on every call), it brought a full collection of the
 * whole heap, document included, into most calls. Sharing is safe because an evaluation never re-enters (it calls no user code) and
 * nothing of the scratch reaches a result.
 */
import { SensitivityAccumulator } from '../uncertainty';
import type { CreditColumns } from './credits';

/** Arrays at least as long as the current graph needs; read and write only the needed part. */
export interface Scratch {
  /** Per component. */
  readonly componentValues: Float64Array;
  /** The square root of each component's variance, NaN when none of its datapoints has one. */
  readonly componentStandardDeviation: Float64Array;
  /** One value per slot of every component, at the merge plan's `slotStart`. */
  readonly gradients: Float64Array;
  /** The slots of the largest component: their magnitudes and derivatives. */
  readonly values: Float64Array;
  readonly gradient: Float64Array;
  /** Per entry: net and standard deviation (NaN for none) of the first pass. */
  readonly entryNet: Float64Array;
  readonly entryStandardDeviation: Float64Array;
  /** Per entry: the credits of the second pass. */
  readonly credits: CreditColumns;
  /** See {@link scratchAccumulator}. */
  merger: { readonly accumulator: SensitivityAccumulator; readonly size: number } | undefined;
}

/** The sizes a graph needs. */
export interface ScratchSizes {
  readonly components: number;
  readonly slots: number;
  readonly maxSlots: number;
  readonly entries: number;
}

/**
 * Scratch by the components array of the graphs using it: held as long as one of them lives, so
 * that evaluating one prepared graph again and again never reallocates.
 */
const byGraph = new WeakMap<readonly unknown[], Scratch>();
/**
 * The scratch made last, held weakly: a new graph (a document evaluated once, then dropped) takes
 * it over when it is large enough and the collector has not taken it yet.
 */
let recent: WeakRef<Scratch> | undefined;

function fits(scratch: Scratch, sizes: ScratchSizes): boolean {
  return (
    scratch.componentValues.length >= sizes.components &&
    scratch.gradients.length >= sizes.slots &&
    scratch.values.length >= sizes.maxSlots &&
    scratch.entryNet.length >= sizes.entries
  );
}

/**
 * Scratch for the graph whose components array is `owner`: its own, else the most recent one if
 * large enough, else a new one grown to the larger of each size.
 */
export function scratchFor(owner: readonly unknown[], sizes: ScratchSizes): Scratch {
  const own = byGraph.get(owner);
  if (own !== undefined && fits(own, sizes)) return own;
  const known = recent?.deref();
  if (known !== undefined && fits(known, sizes)) {
    byGraph.set(owner, known);
    return known;
  }
  const components = Math.max(sizes.components, known?.componentValues.length ?? 0);
  const slots = Math.max(sizes.slots, known?.gradients.length ?? 0);
  const maxSlots = Math.max(sizes.maxSlots, known?.values.length ?? 0);
  const entries = Math.max(sizes.entries, known?.entryNet.length ?? 0);
  const scratch: Scratch = {
    componentValues: new Float64Array(components),
    componentStandardDeviation: new Float64Array(components),
    gradients: new Float64Array(slots),
    values: new Float64Array(maxSlots),
    gradient: new Float64Array(maxSlots),
    entryNet: new Float64Array(entries),
    entryStandardDeviation: new Float64Array(entries),
    credits: { issuable: new Float64Array(entries), buffer: new Float64Array(entries), supplier: new Float64Array(entries) },
    merger: undefined,
  };
  byGraph.set(owner, scratch);
  recent = new WeakRef(scratch);
  return scratch;
}

/**
 * The scratch's accumulator over at least `size` inputs, reset, for the rare merges the merge plan
 * does not cover (a component that reaches one datapoint twice, an entry with propagated
 * amortised shares). Created on first need: most graphs never merge through it.
 */
export function scratchAccumulator(scratch: Scratch, size: number): SensitivityAccumulator {
  const known = scratch.merger;
  if (known !== undefined && known.size >= size) {
    known.accumulator.reset();
    return known.accumulator;
  }
  const accumulator = new SensitivityAccumulator(size);
  scratch.merger = { accumulator, size };
  return accumulator;
}
