/**
 * The merge plan of a prepared graph: where each entry's sensitivities go once merged by datapoint.
 * Which datapoints an entry reaches, in which order, and how often, depend only on the graph's
 * structure, so they are worked out once per prepared graph; an evaluation then merges by adding
 * each derivative into a fixed position, with no per-datapoint bookkeeping (semantics.md 3: a
 * datapoint reached along several paths is one variable).
 *
 * The positions reproduce the accumulator's merge exactly: terms in the order first reached
 * (attributions in order, each component's slots, then its factor datapoint), derivatives added in
 * the same order. Terms of datapoints no formula uses (use count 0) come last in an entry: their
 * derivative is 0, so they add nothing to the variance wherever they stand, and the budget, which
 * lists only used datapoints, is the leading part.
 */
import { compareStrings } from './compare-strings';
import type { PreparedGraph } from './prepare';

/** The merge plan; see the module comment. Every array is read-only once built. */
export interface MergePlan {
  /** Entry e's terms are `termStart[e]` to `termStart[e + 1]` (absolute positions). */
  readonly termStart: Int32Array;
  /** The datapoint index of each term. */
  readonly termDatapoint: Int32Array;
  /** How many of entry e's terms (the leading ones) have datapoints used at least once. */
  readonly usedTermCount: Int32Array;
  /**
   * For each entry, attribution, slot (and factor datapoint, after the slots), in evaluation
   * order: the term it adds to, relative to the entry's first term. Entry e's run starts at
   * `scatterStart[e]`.
   */
  readonly scatter: Int32Array;
  readonly scatterStart: Int32Array;
  /** Entry e's datapoints used more than once: `reusedStart[e]` to `reusedStart[e + 1]`, by id. */
  readonly reusedStart: Int32Array;
  readonly reusedDatapoint: Int32Array;
  readonly reusedUses: Int32Array;
  /** 1 for an entry with an amortised project component, whose share may add derivatives. */
  readonly hasShareSlot: Uint8Array;
  /** 1 for a component that reaches one datapoint in two slots. */
  readonly componentRepeats: Uint8Array;
  /** What the plan was built from: a prepared graph with these same columns can use it. */
  readonly builtFrom: Pick<PreparedGraph, 'components' | 'entries'>;
}

/** Plans by the components they were built for (see {@link mergePlanOf}). */
const plans = new WeakMap<object, MergePlan>();

/**
 * The merge plan of a prepared graph, built on first use and kept (`prepareGraph` builds it, so an
 * evaluation finds it ready). Kept by structure rather than by prepared graph: a copy of a prepared
 * graph with other magnitudes (a sensitivity analysis evaluates one per datapoint moved) shares
 * the plan of the original.
 */
export function mergePlanOf(prepared: PreparedGraph): MergePlan {
  let plan = plans.get(prepared.components);
  if (plan === undefined || plan.builtFrom.entries !== prepared.entries) {
    plan = buildMergePlan(prepared);
    plans.set(prepared.components, plan);
  }
  return plan;
}

/** Growable Int32 column: how many datapoints the entries reuse is known only once all are planned. */
class Column {
  array: Int32Array;
  length = 0;
  constructor(capacity: number) {
    this.array = new Int32Array(Math.max(16, capacity));
  }
  push(value: number): void {
    if (this.length === this.array.length) this.array = grown(this.array);
    this.array[this.length++] = value;
  }
  done(): Int32Array {
    return this.array.slice(0, this.length);
  }
}

/** A copy of `array` in one twice as long. */
function grown(array: Int32Array): Int32Array {
  const larger = new Int32Array(2 * array.length);
  larger.set(array);
  return larger;
}

function buildMergePlan(prepared: PreparedGraph): MergePlan {
  const { components, entries, datapointIds } = prepared;
  const { slots, slotStart, slotUses } = components;
  const { attributionStart, attributions } = entries;
  const entryCount = entries.count;
  const datapoints = datapointIds.length;

  // Per datapoint, first the last component that reached it, then (reset) its term while one entry
  // is planned: one scratch array for both, as a large graph's prepare already holds a lot.
  const position = new Int32Array(datapoints).fill(-1);
  const componentRepeats = new Uint8Array(components.count);
  for (let c = 0; c < components.count; c++) {
    for (let k = slotStart[c] as number; k < (slotStart[c + 1] as number); k++) {
      const d = slots[k] as number;
      if (position[d] === c) componentRepeats[c] = 1;
      position[d] = c;
    }
  }
  position.fill(-1);

  // Every slot use (and factor datapoint) of every entry: the size of the scatter, and a bound on
  // the number of terms.
  let useCount = 0;
  for (let a = 0; a < attributions.component.length; a++) {
    const c = attributions.component[a] as number;
    useCount += (slotStart[c + 1] as number) - (slotStart[c] as number) + ((attributions.factorDatapoint[a] as number) >= 0 ? 1 : 0);
  }

  // Per term of the entry being planned (entry-relative): its datapoint and its uses.
  let touched: Int32Array = new Int32Array(64);
  let uses: Int32Array = new Int32Array(64);
  const termStart = new Int32Array(entryCount + 1);
  const usedTermCount = new Int32Array(entryCount);
  const scatterStart = new Int32Array(entryCount + 1);
  const reusedStart = new Int32Array(entryCount + 1);
  const hasShareSlot = new Uint8Array(entryCount);
  const termDatapoint = new Int32Array(useCount);
  let terms = 0;
  const scatter = new Int32Array(useCount);
  let scattered = 0;
  // Each entry's reused terms, replaced by their datapoints once ordered.
  const reusedTerm = new Column(16);
  const reusedUses = new Column(16);
  let remap = new Int32Array(64);

  // Terms of the entry being planned so far.
  let count = 0;
  /** Datapoint d reached once more, `n` uses: its term (a new one on first reach) gets the scatter. */
  const reach = (d: number, n: number): void => {
    let at = position[d] as number;
    if (at < 0) {
      at = count++;
      position[d] = at;
      if (at === touched.length) {
        touched = grown(touched);
        uses = grown(uses);
      }
      touched[at] = d;
      uses[at] = 0;
    }
    uses[at] = (uses[at] as number) + n;
    scatter[scattered++] = at;
  };

  for (let e = 0; e < entryCount; e++) {
    const from = scattered;
    count = 0;
    for (let a = attributionStart[e] as number; a < (attributionStart[e + 1] as number); a++) {
      const c = attributions.component[a] as number;
      const base = slotStart[c] as number;
      const componentUses = slotUses[c] as Int32Array;
      // The component's slots, then its factor datapoint: the order evaluation adds them in.
      for (let k = 0; k < componentUses.length; k++) reach(slots[base + k] as number, componentUses[k] as number);
      const factorDatapoint = attributions.factorDatapoint[a] as number;
      if (factorDatapoint >= 0) reach(factorDatapoint, 1);
      if ((attributions.shareSlot[a] as number) >= 0) hasShareSlot[e] = 1;
    }

    // Used terms first, in the order reached; then the unused ones (rare: a blueprint input that
    // the result does not use), with the scatter renumbered to match.
    let used = 0;
    for (let t = 0; t < count; t++) {
      if ((uses[t] as number) > 0) termDatapoint[terms++] = touched[t] as number;
      else used = -1;
    }
    if (used === -1) {
      if (remap.length < count) remap = new Int32Array(2 * count);
      used = 0;
      for (let t = 0; t < count; t++) if ((uses[t] as number) > 0) remap[t] = used++;
      let unused = used;
      for (let t = 0; t < count; t++) {
        if ((uses[t] as number) === 0) {
          remap[t] = unused++;
          termDatapoint[terms++] = touched[t] as number;
        }
      }
      for (let p = from; p < scattered; p++) scatter[p] = remap[scatter[p] as number] as number;
    } else used = count;

    // Terms used more than once, by datapoint id.
    const firstReused = reusedTerm.length;
    for (let t = 0; t < count; t++) if ((uses[t] as number) > 1) reusedTerm.push(t);
    if (reusedTerm.length - firstReused > 1) {
      reusedTerm.array
        .subarray(firstReused, reusedTerm.length)
        .sort((a, b) => compareStrings(datapointIds[touched[a] as number] as string, datapointIds[touched[b] as number] as string));
    }
    for (let r = firstReused; r < reusedTerm.length; r++) {
      const t = reusedTerm.array[r] as number;
      reusedTerm.array[r] = touched[t] as number;
      reusedUses.push(uses[t] as number);
    }

    for (let t = 0; t < count; t++) position[touched[t] as number] = -1;
    termStart[e + 1] = terms;
    usedTermCount[e] = used;
    scatterStart[e + 1] = scattered;
    reusedStart[e + 1] = reusedTerm.length;
  }

  return {
    termStart,
    // A view: the few unused places at the end (terms merged away) cost less than a copy.
    termDatapoint: termDatapoint.subarray(0, terms),
    usedTermCount,
    scatter,
    scatterStart,
    reusedStart,
    reusedDatapoint: reusedTerm.done(),
    reusedUses: reusedUses.done(),
    hasShareSlot,
    componentRepeats,
    builtFrom: { components, entries },
  };
}
