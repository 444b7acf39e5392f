/**
 * The merge plan of a prepared graph: where each entry's sensitivities go once merged by datapoint.
 * Which datapoints an entry reaches, in which order, and how often, depend only on the graph's
 * structure, so they are worked out once per prepared graph; an evaluation then merges by adding
 * each derivative into a fixed position, with no per-datapoint bookkeeping (docs/rules.md#evaluating-a-ghg-entry: a
 * datapoint reached along several paths is one variable).
 *
 * The positions reproduce the accumulator's merge exactly: terms in the order first reached
 * (attributions in order, each component's slots, then its factor datapoint), derivatives added in
 * the same order. Terms of datapoints no formula uses (use count 0) come last in an entry: their
 * derivative is 0, so they add nothing to the variance wherever they stand, and the budget, which
 * lists only used datapoints, is the leading part.
 */
import { compareStrings } from '../compare-strings';
import type { PreparedGraph } from './prepared-graph';

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
  // Per datapoint, first the last component that reached it, then (reset) its term while one entry
  // is planned: one scratch array for both, as a large graph's prepare already holds a lot.
  const position = new Int32Array(prepared.datapointIds.length).fill(-1);
  const componentRepeats = repeatingComponents(prepared, position);
  position.fill(-1);
  const planner = new EntryPlanner(prepared, position, useCount(prepared));
  for (let e = 0; e < prepared.entries.count; e++) planner.plan(e);
  return planner.done(componentRepeats);
}

/** 1 for each component that reaches one datapoint in two slots; leaves `position` dirty. */
function repeatingComponents(prepared: PreparedGraph, position: Int32Array): Uint8Array {
  const { slots, slotStart, count } = prepared.components;
  const componentRepeats = new Uint8Array(count);
  for (let c = 0; c < count; c++) {
    for (let k = slotStart[c] as number; k < (slotStart[c + 1] as number); k++) {
      const d = slots[k] as number;
      if (position[d] === c) componentRepeats[c] = 1;
      position[d] = c;
    }
  }
  return componentRepeats;
}

/**
 * Every slot use (and factor datapoint) of every entry: the size of the scatter, and a bound on
 * the number of terms.
 */
function useCount(prepared: PreparedGraph): number {
  const { slotStart } = prepared.components;
  const { attributions } = prepared.entries;
  let uses = 0;
  for (let a = 0; a < attributions.component.length; a++) {
    const c = attributions.component[a] as number;
    uses += (slotStart[c + 1] as number) - (slotStart[c] as number) + ((attributions.factorDatapoint[a] as number) >= 0 ? 1 : 0);
  }
  return uses;
}

/**
 * Plans the entries one after the other into the plan's columns. A class rather than closures so
 * that the per-entry state (terms reached so far, their datapoints and uses) lives in fields the
 * steps share without allocating per entry.
 */
class EntryPlanner {
  private readonly termStart: Int32Array;
  private readonly usedTermCount: Int32Array;
  private readonly scatterStart: Int32Array;
  private readonly reusedStart: Int32Array;
  private readonly hasShareSlot: Uint8Array;
  private readonly termDatapoint: Int32Array;
  private readonly scatter: Int32Array;
  /** Each entry's reused terms, replaced by their datapoints once ordered. */
  private readonly reusedTerm = new Column(16);
  private readonly reusedUses = new Column(16);
  /** Per term of the entry being planned (entry-relative): its datapoint and its uses. */
  private touched: Int32Array = new Int32Array(64);
  private uses: Int32Array = new Int32Array(64);
  private remap: Int32Array = new Int32Array(64);
  /** Terms of the entry being planned so far. */
  private count = 0;
  private terms = 0;
  private scattered = 0;

  constructor(
    private readonly prepared: PreparedGraph,
    private readonly position: Int32Array,
    useCount: number,
  ) {
    const entryCount = prepared.entries.count;
    this.termStart = new Int32Array(entryCount + 1);
    this.usedTermCount = new Int32Array(entryCount);
    this.scatterStart = new Int32Array(entryCount + 1);
    this.reusedStart = new Int32Array(entryCount + 1);
    this.hasShareSlot = new Uint8Array(entryCount);
    this.termDatapoint = new Int32Array(useCount);
    this.scatter = new Int32Array(useCount);
  }

  /** Plans entry e (entries in order). */
  plan(e: number): void {
    const from = this.scattered;
    this.count = 0;
    this.reachAttributions(e);
    const used = this.orderTerms(from);
    this.recordReused();
    const { touched, position, count } = this;
    for (let t = 0; t < count; t++) position[touched[t] as number] = -1;
    this.termStart[e + 1] = this.terms;
    this.usedTermCount[e] = used;
    this.scatterStart[e + 1] = this.scattered;
    this.reusedStart[e + 1] = this.reusedTerm.length;
  }

  /** Each attribution's component slots, then its factor datapoint: the order evaluation adds them in. */
  private reachAttributions(e: number): void {
    const { slots, slotStart, slotUses } = this.prepared.components;
    const { attributionStart, attributions } = this.prepared.entries;
    for (let a = attributionStart[e] as number; a < (attributionStart[e + 1] as number); a++) {
      const c = attributions.component[a] as number;
      const base = slotStart[c] as number;
      const componentUses = slotUses[c] as Int32Array;
      for (let k = 0; k < componentUses.length; k++) this.reach(slots[base + k] as number, componentUses[k] as number);
      const factorDatapoint = attributions.factorDatapoint[a] as number;
      if (factorDatapoint >= 0) this.reach(factorDatapoint, 1);
      if ((attributions.shareSlot[a] as number) >= 0) this.hasShareSlot[e] = 1;
    }
  }

  /** Datapoint d reached once more, `n` uses: its term (a new one on first reach) gets the scatter. */
  private reach(d: number, n: number): void {
    let at = this.position[d] as number;
    if (at < 0) {
      at = this.count++;
      this.position[d] = at;
      if (at === this.touched.length) {
        this.touched = grown(this.touched);
        this.uses = grown(this.uses);
      }
      this.touched[at] = d;
      this.uses[at] = 0;
    }
    this.uses[at] = (this.uses[at] as number) + n;
    this.scatter[this.scattered++] = at;
  }

  /**
   * Writes the entry's terms: used ones first, in the order reached; then the unused ones (rare: a
   * blueprint input that the result does not use). Returns the number of used terms.
   */
  private orderTerms(from: number): number {
    const { uses, touched, termDatapoint, count } = this;
    const first = this.terms;
    for (let t = 0; t < count; t++) {
      if ((uses[t] as number) > 0) termDatapoint[this.terms++] = touched[t] as number;
      else {
        this.terms = first;
        return this.moveUnusedLast(from);
      }
    }
    return count;
  }

  /** Writes the terms used ones first, unused ones last, with the entry's scatter renumbered to match. */
  private moveUnusedLast(from: number): number {
    const { uses, touched, termDatapoint, count, scatter } = this;
    if (this.remap.length < count) this.remap = new Int32Array(2 * count);
    const remap = this.remap;
    let used = 0;
    for (let t = 0; t < count; t++) {
      if ((uses[t] as number) > 0) {
        remap[t] = used++;
        termDatapoint[this.terms++] = touched[t] as number;
      }
    }
    let unused = used;
    for (let t = 0; t < count; t++) {
      if ((uses[t] as number) === 0) {
        remap[t] = unused++;
        termDatapoint[this.terms++] = touched[t] as number;
      }
    }
    for (let p = from; p < this.scattered; p++) scatter[p] = remap[scatter[p] as number] as number;
    return used;
  }

  /** The entry's terms used more than once, as datapoints ordered by id, with their uses. */
  private recordReused(): void {
    const { uses, touched, count, reusedTerm } = this;
    const datapointIds = this.prepared.datapointIds;
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
      this.reusedUses.push(uses[t] as number);
    }
  }

  /** The plan, once every entry is planned. */
  done(componentRepeats: Uint8Array): MergePlan {
    const { components, entries } = this.prepared;
    return {
      termStart: this.termStart,
      // A view: the few unused places at the end (terms merged away) cost less than a copy.
      termDatapoint: this.termDatapoint.subarray(0, this.terms),
      usedTermCount: this.usedTermCount,
      scatter: this.scatter,
      scatterStart: this.scatterStart,
      reusedStart: this.reusedStart,
      reusedDatapoint: this.reusedTerm.done(),
      reusedUses: this.reusedUses.done(),
      hasShareSlot: this.hasShareSlot,
      componentRepeats,
      builtFrom: { components, entries },
    };
  }
}
