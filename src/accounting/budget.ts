/**
 * Uncertainty budgets of an evaluation (semantics.md section 3: per datapoint its sensitivity and
 * its share of the variance). Evaluation records each entry's merged sensitivities in flat typed
 * arrays; the budget lines, ordered largest share first and then by datapoint id, are created when
 * a caller first reads `uncertainty_budget`. That keeps an evaluation of 100,000s of entries from
 * allocating millions of line objects nobody reads, while every reader sees an ordinary array.
 */
import { compareStrings } from './compare-strings';
import type { PreparedGraph } from './prepare';
import type { UncertaintyBudgetLine } from './result';

/** The merged sensitivities of every entry of one evaluation, entry after entry. */
export class BudgetTerms {
  /** Entry e's terms are at `start[e]` to `start[e + 1]`. */
  readonly start: Int32Array;
  /** Each entry's variance, NaN when no datapoint of it has a standard deviation. */
  readonly variance: Float64Array;
  private datapoints: Int32Array;
  private coefficients: Float64Array;
  private count = 0;

  constructor(
    readonly prepared: PreparedGraph,
    entries: number,
    expectedTerms: number,
  ) {
    this.start = new Int32Array(entries + 1);
    this.variance = new Float64Array(entries);
    this.datapoints = new Int32Array(Math.max(16, expectedTerms));
    this.coefficients = new Float64Array(Math.max(16, expectedTerms));
  }

  /** Appends one term (datapoint index, merged partial derivative in SI) to the current entry. */
  push(datapoint: number, coefficient: number): void {
    if (this.count === this.datapoints.length) {
      // Grown geometrically: the number of terms is only known once every entry is merged.
      const datapoints = new Int32Array(2 * this.count);
      datapoints.set(this.datapoints);
      this.datapoints = datapoints;
      const coefficients = new Float64Array(2 * this.count);
      coefficients.set(this.coefficients);
      this.coefficients = coefficients;
    }
    this.datapoints[this.count] = datapoint;
    this.coefficients[this.count] = coefficient;
    this.count++;
  }

  /** Closes entry e's terms, with its variance. */
  endEntry(e: number, variance: number): void {
    this.start[e + 1] = this.count;
    this.variance[e] = variance;
  }

  /** Entry e's budget lines, ordered by share (largest first), then by datapoint id. */
  linesOf(e: number): UncertaintyBudgetLine[] {
    const from = this.start[e] as number;
    const n = (this.start[e + 1] as number) - from;
    const { datapointIds, datapointUnits, datapointStandardDeviations, siStandardDeviations, siScales } = this.prepared;
    const variance = this.variance[e] as number;
    const scratch = scratchOf(n);
    const { shares } = scratch;
    let ordered = true;
    for (let k = 0; k < n; k++) {
      const d = this.datapoints[from + k] as number;
      const sdSI = siStandardDeviations[d] as number;
      const contribution = Number.isNaN(sdSI) ? 0 : ((this.coefficients[from + k] as number) * sdSI) ** 2;
      const share = Number.isNaN(variance) || variance === 0 ? 0 : contribution / variance;
      if (Number.isNaN(share)) ordered = false;
      shares[k] = share;
    }
    const datapoints = this.datapoints.subarray(from, from + n);
    const order = ordered ? orderByShareThenId(n, scratch, datapoints, datapointIds) : orderWithoutShares(shares.subarray(0, n), datapoints, datapointIds);
    const lines = new Array<UncertaintyBudgetLine>(n);
    for (let j = 0; j < n; j++) {
      const k = order[j] as number;
      const d = datapoints[k] as number;
      const sdOwn = datapointStandardDeviations[d] as number;
      lines[j] = {
        datapoint_id: datapointIds[d] as string,
        sensitivity: (this.coefficients[from + k] as number) * (siScales[d] as number),
        unit: datapointUnits[d] as string,
        standard_deviation: Number.isNaN(sdOwn) ? null : sdOwn,
        variance_share: shares[k] as number,
      };
    }
    return lines;
  }
}

/** Scratch of one budget: reused from one budget to the next (creating lines never re-enters). */
interface Scratch {
  readonly shares: Float64Array;
  readonly keys: Float64Array;
  readonly sorted: Float64Array;
  readonly order: Int32Array;
  readonly placed: Int32Array;
}

let scratch: Scratch | undefined;

function scratchOf(n: number): Scratch {
  if (scratch === undefined || scratch.shares.length < n) {
    const size = Math.max(64, 2 * n);
    scratch = { shares: new Float64Array(size), keys: new Float64Array(size), sorted: new Float64Array(size), order: new Int32Array(size), placed: new Int32Array(size) };
  }
  return scratch;
}

/**
 * Positions 0 to n - 1 ordered by share, largest first, then by datapoint id. The shares are
 * sorted as plain numbers (the built-in numeric sort, no comparator); each position then finds its
 * place by binary search, and only runs of equal shares (typically the zero shares of datapoints
 * without a standard deviation) are ordered by id with a comparator.
 */
function orderByShareThenId(n: number, { shares, keys, sorted, order, placed }: Scratch, datapoints: Int32Array, ids: readonly string[]): Int32Array {
  // Negated, so that ascending order is largest share first; 0 - share keeps zero as +0.
  for (let k = 0; k < n; k++) {
    keys[k] = 0 - (shares[k] as number);
    placed[k] = 0;
  }
  sorted.set(keys.subarray(0, n));
  sorted.subarray(0, n).sort();
  for (let k = 0; k < n; k++) {
    const key = keys[k] as number;
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((sorted[mid] as number) < key) lo = mid + 1;
      else hi = mid;
    }
    // Equal keys share a first position; they fill the run in the order they come.
    order[lo + (placed[lo] as number)] = k;
    placed[lo] = (placed[lo] as number) + 1;
  }
  for (let run = 0; run < n; ) {
    const size = placed[run] as number;
    if (size > 1) order.subarray(run, run + size).sort((x, y) => compareStrings(ids[datapoints[x] as number] as string, ids[datapoints[y] as number] as string));
    run += size;
  }
  return order;
}

/** A NaN share has no place in a numeric order: such a budget keeps datapoint order, then id. */
function orderWithoutShares(shares: Float64Array, datapoints: Int32Array, ids: readonly string[]): Int32Array {
  const order = Int32Array.from({ length: shares.length }, (_, k) => k);
  order.sort((x, y) => (datapoints[x] as number) - (datapoints[y] as number));
  // Stable over that, as the lines were always sorted: larger share first, then id.
  const byShare = Array.from(order).sort(
    (x, y) =>
      (shares[y] as number) - (shares[x] as number) || compareStrings(ids[datapoints[x] as number] as string, ids[datapoints[y] as number] as string),
  );
  return Int32Array.from(byShare);
}

/**
 * Gives an entry result its `uncertainty_budget`: an enumerable property, so that JSON, spreads,
 * structured clones and equality checks see it like any other, whose lines are created on the first
 * read and kept. Assigning to it replaces it with a plain data property, as on any object.
 */
export function attachBudget<T extends object>(result: T, terms: BudgetTerms, entry: number): T {
  let lines: UncertaintyBudgetLine[] | undefined;
  Object.defineProperty(result, 'uncertainty_budget', {
    get: () => (lines ??= terms.linesOf(entry)),
    set(this: T, value: unknown) {
      Object.defineProperty(this, 'uncertainty_budget', { value, writable: true, enumerable: true, configurable: true });
    },
    enumerable: true,
    configurable: true,
  });
  return result;
}
