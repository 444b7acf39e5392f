/**
 * The signed sums of a range of entries over one block of draws (nets.ts). Each attribution of
 * the range becomes a term fixed for the range: the column of its component's values, the column
 * of its sampled factor (or none) and its coefficient (the sign, times the factor when that is a
 * constant). An entry's nets are then one pass per term: the first writes, the others add, and
 * the last also turns a sum that is not finite into NaN. The sums are the ones of a sum started at
 * +0 and added term by term, bit for bit. Internal to accounting.
 */
import { attributionFactor } from '../amortisation';
import type { PreparedGraph } from '../prepare/prepared-graph';

/** The terms of entries [from, to): entry e's are [start[e - from], start[e - from + 1]). */
export interface EntryTerms {
  readonly start: Int32Array;
  /** The block's values of the term's component. */
  readonly values: readonly Float64Array[];
  /** The block's draws of the term's factor; null for a constant factor (in the coefficient). */
  readonly factors: readonly (Float64Array | null)[];
  /** The attribution's sign, times its factor when that is a constant. */
  readonly coefficients: Float64Array;
}

/**
 * The terms of entries [from, to) over the given columns: `componentColumn(c)` holds component c's
 * values of a block, `drawsOf(d)` datapoint d's draws (null when d is not sampled).
 */
export function entryTerms(
  prepared: PreparedGraph,
  shares: Float64Array,
  from: number,
  to: number,
  componentColumn: (c: number) => Float64Array,
  drawsOf: (d: number) => Float64Array | null,
): EntryTerms {
  const { attributionStart, attributions } = prepared.entries;
  const first = attributionStart[from] as number;
  const count = (attributionStart[to] as number) - first;
  const start = new Int32Array(to - from + 1);
  for (let e = from; e <= to; e++) start[e - from] = (attributionStart[e] as number) - first;
  const values = new Array<Float64Array>(count);
  const factors = new Array<Float64Array | null>(count);
  const coefficients = new Float64Array(count);
  for (let t = 0; t < count; t++) {
    const a = first + t;
    values[t] = componentColumn(attributions.component[a] as number);
    const factorDatapoint = attributions.factorDatapoint[a] as number;
    const sampled = factorDatapoint >= 0 ? drawsOf(factorDatapoint) : null;
    factors[t] = sampled;
    const sign = attributions.sign[a] as number;
    coefficients[t] = sampled !== null ? sign : sign * attributionFactor(attributions, a, prepared.siMagnitudes, shares);
  }
  return { start, values, factors, coefficients };
}

/** Writes each entry's nets of the block's first `size` draws into `out[e - from]` from index `at` on. */
export function sumEntries(terms: EntryTerms, size: number, out: readonly Float64Array[], at: number): void {
  const { start, values, factors, coefficients } = terms;
  for (let i = 0; i < start.length - 1; i++) {
    const first = start[i] as number;
    const last = (start[i + 1] as number) - 1;
    const nets = out[i] as Float64Array;
    if (last < first) nets.fill(0, at, at + size);
    for (let t = first; t <= last; t++) {
      const column = values[t] as Float64Array;
      const coefficient = coefficients[t] as number;
      const sampled = factors[t] as Float64Array | null;
      if (sampled !== null) {
        addSampledFactor(nets, at, size, t === first, coefficient, sampled, column);
        if (t === last) for (let k = at; k < at + size; k++) nets[k] = finite(nets[k] as number);
      } else if (t === first && t === last) for (let k = 0; k < size; k++) nets[at + k] = finite(0 + coefficient * (column[k] as number));
      else if (t === first) for (let k = 0; k < size; k++) nets[at + k] = 0 + coefficient * (column[k] as number);
      else if (t === last)
        for (let k = 0; k < size; k++) nets[at + k] = finite((nets[at + k] as number) + coefficient * (column[k] as number));
      else for (let k = 0; k < size; k++) nets[at + k] = (nets[at + k] as number) + coefficient * (column[k] as number);
    }
  }
}

/**
 * A term whose factor is drawn: sign * factor * value per draw, written onto +0 (`first`) or added.
 * `0 + x` rather than `x`, here and above: the sum starts at +0, and +0 + -0 is +0.
 */
function addSampledFactor(
  nets: Float64Array,
  at: number,
  size: number,
  first: boolean,
  sign: number,
  factors: Float64Array,
  column: Float64Array,
): void {
  if (first) for (let k = 0; k < size; k++) nets[at + k] = 0 + sign * (factors[k] as number) * (column[k] as number);
  else for (let k = 0; k < size; k++) nets[at + k] = (nets[at + k] as number) + sign * (factors[k] as number) * (column[k] as number);
}

/** A non-finite sum is NaN, whatever its sign: the summaries count NaN as invalid. */
function finite(sum: number): number {
  return Number.isFinite(sum) ? sum : Number.NaN;
}
