/**
 * The sampled nets of a range of entries over a range of blocks of draws: each block's draws
 * (draws.ts), each needed component evaluated on them, and each entry's signed sum.
 * A draw in which a component's value (or the sum) is not finite is NaN here; the summaries leave
 * it out and count it. Amortised shares keep their evaluated values. Internal to accounting.
 */
import type { CompiledBlueprint } from '../../expressions';
import { BLOCK_DRAWS, type DrawPlan } from './draws';
import { entryTerms, sumEntries } from './entry-sums';
import type { PreparedGraph } from '../prepare/prepared-graph';

const EMPTY = new Float64Array(0);

/** What a range of entries needs: its components and its sampled datapoints. */
interface EntryRange {
  readonly from: number;
  readonly to: number;
  readonly components: Int32Array;
  readonly datapoints: Int32Array;
}

/** Samples the nets of entries, block by block (see the module comment). */
export class NetSampler {
  private readonly draws: (Float64Array | null)[];
  private readonly componentDraws: (Float64Array | null)[];
  /** A component's slot columns, for the call of its blueprint (reused). */
  private readonly columns: Float64Array[];
  /** Per slot index, a scratch column for a constant datapoint, the value it holds, and how far. */
  private readonly constants: (Float64Array | undefined)[];
  private readonly constantHeld: Float64Array;
  private readonly constantSize: Int32Array;
  /** The range whose columns `draws` and `componentDraws` hold, and the columns of no range. */
  private holding: EntryRange | null = null;
  private readonly pool: Float64Array[] = [];

  constructor(
    private readonly prepared: PreparedGraph,
    private readonly plan: DrawPlan,
    private readonly shares: Float64Array,
  ) {
    this.draws = new Array<Float64Array | null>(prepared.siMagnitudes.length).fill(null);
    this.componentDraws = new Array<Float64Array | null>(prepared.components.count).fill(null);
    const slots = Math.max(1, prepared.maxSlots);
    this.constants = new Array<Float64Array | undefined>(slots);
    this.columns = new Array<Float64Array>(slots).fill(EMPTY);
    this.constantHeld = new Float64Array(slots).fill(Number.NaN);
    this.constantSize = new Int32Array(slots);
  }

  /** The components and sampled datapoints entries [from, to) need. */
  rangeOf(from: number, to: number): EntryRange {
    const { attributionStart, attributions } = this.prepared.entries;
    const { slots, slotStart } = this.prepared.components;
    const components = new Set<number>();
    const datapoints = new Set<number>();
    for (let a = attributionStart[from] as number; a < (attributionStart[to] as number); a++) {
      const c = attributions.component[a] as number;
      components.add(c);
      const factor = attributions.factorDatapoint[a] as number;
      if (factor >= 0 && (this.plan.unitOf[factor] as number) >= 0) datapoints.add(factor);
      for (let k = slotStart[c] as number; k < (slotStart[c + 1] as number); k++) {
        const d = slots[k] as number;
        if ((this.plan.unitOf[d] as number) >= 0) datapoints.add(d);
      }
    }
    return { from, to, components: Int32Array.from(components), datapoints: Int32Array.from(datapoints) };
  }

  /**
   * Writes the nets of the range's entries for blocks [firstBlock, endBlock) of a run of `total`
   * draws into `out[e - range.from]` from index `(firstBlock - outBlock) * BLOCK_DRAWS` on.
   */
  sample(range: EntryRange, firstBlock: number, endBlock: number, total: number, out: readonly Float64Array[], outBlock: number): void {
    const { datapoints, components } = range;
    if (this.holding !== range) this.hold(range);
    // Fixed for the range: each entry's terms, and the columns of each component whose slots are all drawn.
    const terms = entryTerms(
      this.prepared,
      this.shares,
      range.from,
      range.to,
      (c) => this.componentDraws[c] as Float64Array,
      (d) => this.drawsOf(d),
    );
    const drawnColumns = Array.from(components, (c) => this.drawnColumnsOf(c));
    for (let b = firstBlock; b < endBlock; b++) {
      const size = Math.min(BLOCK_DRAWS, total - b * BLOCK_DRAWS);
      this.plan.drawBlock(b, size, datapoints, this.draws);
      for (let i = 0; i < components.length; i++) this.evaluateComponent(components[i] as number, size, drawnColumns[i] ?? null);
      sumEntries(terms, size, out, (b - outBlock) * BLOCK_DRAWS);
    }
  }

  /**
   * Gives the columns of the range held so far back to the pool and takes one for each datapoint
   * and component of `range`: a run's columns are those of its largest range, not of every
   * datapoint (fresh arrays cost a page fault per 4 KiB, bench/RESULTS.md).
   */
  private hold(range: EntryRange): void {
    const { draws, componentDraws, pool } = this;
    if (this.holding !== null) {
      for (const d of this.holding.datapoints) {
        pool.push(draws[d] as Float64Array);
        draws[d] = null;
      }
      for (const c of this.holding.components) {
        pool.push(componentDraws[c] as Float64Array);
        componentDraws[c] = null;
      }
    }
    for (const d of range.datapoints) draws[d] ??= pool.pop() ?? new Float64Array(BLOCK_DRAWS);
    for (const c of range.components) componentDraws[c] ??= pool.pop() ?? new Float64Array(BLOCK_DRAWS);
    this.holding = range;
  }

  /** The block's draws of datapoint d; null when it is not sampled (a constant column stands for it). */
  drawsOf(d: number): Float64Array | null {
    return (this.plan.unitOf[d] as number) >= 0 ? (this.draws[d] ?? null) : null;
  }

  /** The block's values of component c. */
  componentDrawsOf(c: number): Float64Array | null {
    return this.componentDraws[c] ?? null;
  }

  /** Component c's slot columns when every slot is drawn (they are then the same for every block), else null. */
  private drawnColumnsOf(c: number): Float64Array[] | null {
    const { slots, slotStart } = this.prepared.components;
    const columns: Float64Array[] = [];
    for (let k = slotStart[c] as number; k < (slotStart[c + 1] as number); k++) {
      const drawn = this.drawsOf(slots[k] as number);
      if (drawn === null) return null;
      columns.push(drawn);
    }
    return columns;
  }

  /** Component c over the block: its slots' columns (drawn, or a constant repeated) through its compiled blueprint. */
  private evaluateComponent(c: number, size: number, drawnColumns: Float64Array[] | null): void {
    const { slots, slotStart, inputStart, blueprint } = this.prepared.components;
    let columns = drawnColumns;
    if (columns === null) {
      const base = slotStart[c] as number;
      const n = (slotStart[c + 1] as number) - base;
      columns = this.columns;
      for (let k = 0; k < n; k++) {
        const d = slots[base + k] as number;
        columns[k] = this.drawsOf(d) ?? this.constantColumn(k, this.prepared.siMagnitudes[d] as number, size);
      }
    }
    (blueprint[c] as CompiledBlueprint).evaluateBlock(columns, inputStart[c] as Int32Array, size, this.componentDraws[c] as Float64Array);
  }

  /** Slot k's scratch column holding `value` in its first `size` places (filled again only when either changed). */
  private constantColumn(k: number, value: number, size: number): Float64Array {
    // Allocated on first use: a LIST input may have many slots, few of them constant.
    const column = (this.constants[k] ??= new Float64Array(BLOCK_DRAWS));
    if (!Object.is(this.constantHeld[k], value) || (this.constantSize[k] as number) < size) {
      column.fill(value, 0, size);
      this.constantHeld[k] = value;
      this.constantSize[k] = size;
    }
    return column;
  }
}
