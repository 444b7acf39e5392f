/**
 * Uncertainty budgets of an evaluation (docs/rules.md#evaluating-a-ghg-entry: per datapoint its sensitivity and
 * its share of the variance). Evaluation records each entry's merged sensitivities in flat typed
 * arrays; the budget lines, ordered largest share first and then by datapoint id, are created when
 * a caller first reads `uncertainty_budget` (lazy-entry-fields.ts). That keeps an evaluation of 100,000s of entries from
 * allocating millions of line objects nobody reads, while every reader sees an ordinary array.
 */
import { compareStrings } from '../compare-strings';
import type { CovarianceTerm } from './covariance';
import { DISTRIBUTION_CODE } from '../../uncertainty/distributions';
import type { MergePlan } from '../prepare/merge-plan';
import type { PreparedGraph } from '../prepare/prepared-graph';
import type { GhgEntryResult, UncertaintyBudgetLine } from '../result';

/** A covariance line of an entry's budget (docs/result.md). */
type CovarianceBudgetLine = NonNullable<GhgEntryResult['uncertainty_budget_covariances']>[number];

/**
 * The merged sensitivities of every entry of one evaluation. An entry merged by the merge plan has
 * its terms at the plan's positions: the coefficients are written there by the evaluation, the
 * datapoints are the plan's own array (shared, never copied). An entry merged through the
 * accumulator appends its terms to a second, growable pair of arrays.
 */
export class BudgetTerms {
  /** Each entry's variance, NaN when no datapoint of it has a standard deviation. */
  readonly variance: Float64Array;
  /** Merged partial derivative (SI) of each planned term, at the plan's positions. */
  readonly coefficients: Float64Array;
  /** The covariance terms of each entry that has correlated datapoints. */
  readonly covariances = new Map<number, readonly CovarianceTerm[]>();
  /** Where entry e's terms start, in the planned arrays or (for an appended entry) the appended ones. */
  private readonly start: Int32Array;
  private readonly count: Int32Array;
  private readonly appended: Uint8Array;
  private appendedDatapoints = new Int32Array(16);
  private appendedCoefficients = new Float64Array(16);
  private appendedCount = 0;
  private entryStart = 0;

  constructor(
    readonly prepared: PreparedGraph,
    private readonly plan: MergePlan,
  ) {
    const entries = plan.usedTermCount.length;
    this.variance = new Float64Array(entries);
    this.start = new Int32Array(entries);
    this.count = new Int32Array(entries);
    this.appended = new Uint8Array(entries);
    this.coefficients = new Float64Array(plan.termDatapoint.length);
  }

  /** Closes planned entry e: its used terms at the plan's positions, and its variance. */
  endPlannedEntry(e: number, variance: number): void {
    this.start[e] = this.plan.termStart[e] as number;
    this.count[e] = this.plan.usedTermCount[e] as number;
    this.variance[e] = variance;
  }

  /** Appends one term (datapoint index, merged partial derivative in SI) to the current appended entry. */
  push(datapoint: number, coefficient: number): void {
    if (this.appendedCount === this.appendedDatapoints.length) {
      // Grown geometrically: terms merged by the accumulator are known only as they come.
      const datapoints = new Int32Array(2 * this.appendedCount);
      datapoints.set(this.appendedDatapoints);
      this.appendedDatapoints = datapoints;
      const coefficients = new Float64Array(2 * this.appendedCount);
      coefficients.set(this.appendedCoefficients);
      this.appendedCoefficients = coefficients;
    }
    this.appendedDatapoints[this.appendedCount] = datapoint;
    this.appendedCoefficients[this.appendedCount] = coefficient;
    this.appendedCount++;
  }

  /** The appended terms' arrays (the current entry's are from `appendedEntryStart` to `appendedEntryEnd`). */
  appendedTerms(): { readonly appendedDatapoints: Int32Array; readonly appendedCoefficients: Float64Array } {
    return { appendedDatapoints: this.appendedDatapoints, appendedCoefficients: this.appendedCoefficients };
  }

  /** First appended term of the current entry. */
  get appendedEntryStart(): number {
    return this.entryStart;
  }

  /** One past the last appended term of the current entry. */
  get appendedEntryEnd(): number {
    return this.appendedCount;
  }

  /**
   * Entry e's Welch-Satterthwaite effective degrees of freedom, `u^4 / sum (c_i u_i)^4 / nu_i`:
   * datapoints with a `student_t` distribution carry theirs, the others count as infinite
   * (Infinity when none does).
   */
  effectiveDegreesOfFreedom(e: number): number {
    const from = this.start[e] as number;
    const n = this.count[e] as number;
    const isAppended = this.appended[e] === 1;
    const datapoints = isAppended ? this.appendedDatapoints : this.plan.termDatapoint;
    const coefficients = isAppended ? this.appendedCoefficients : this.coefficients;
    const { distributionType, distributionParameter, siStandardDeviations } = this.prepared;
    let denominator = 0;
    for (let k = from; k < from + n; k++) {
      const d = datapoints[k] as number;
      if (distributionType[d] !== DISTRIBUTION_CODE.student_t) continue;
      const u = (coefficients[k] as number) * (siStandardDeviations[d] as number);
      denominator += u ** 4 / (distributionParameter[d] as number);
    }
    const variance = this.variance[e] as number;
    return denominator === 0 ? Infinity : (variance * variance) / denominator;
  }

  /** Entry e's covariance lines (docs/result.md), or undefined when it has no correlated pair. */
  covarianceLinesOf(e: number): CovarianceBudgetLine[] | undefined {
    const terms = this.covariances.get(e);
    if (terms === undefined) return undefined;
    const { datapointIds } = this.prepared;
    const variance = this.variance[e] as number;
    const lines = terms.map((t): CovarianceBudgetLine => {
      const ids = [datapointIds[t.a] as string, datapointIds[t.b] as string].sort(compareStrings) as [string, string];
      return { datapoint_ids: ids, correlation: t.coefficient, variance_share: variance === 0 ? 0 : t.term / variance };
    });
    return lines.sort(
      (x, y) =>
        Math.abs(y.variance_share) - Math.abs(x.variance_share) || compareStrings(x.datapoint_ids.join(' '), y.datapoint_ids.join(' ')),
    );
  }

  /** Closes appended entry e: the terms pushed since the last entry closed, and its variance. */
  endAppendedEntry(e: number, variance: number): void {
    this.start[e] = this.entryStart;
    this.count[e] = this.appendedCount - this.entryStart;
    this.appended[e] = 1;
    this.entryStart = this.appendedCount;
    this.variance[e] = variance;
  }

  /** Entry e's budget lines, ordered by share (largest first), then by datapoint id. */
  linesOf(e: number): UncertaintyBudgetLine[] {
    const from = this.start[e] as number;
    const n = this.count[e] as number;
    const isAppended = this.appended[e] === 1;
    const allDatapoints = isAppended ? this.appendedDatapoints : this.plan.termDatapoint;
    const allCoefficients = isAppended ? this.appendedCoefficients : this.coefficients;
    const { datapointIds, datapointUnits, datapointStandardDeviations, siStandardDeviations, siScales } = this.prepared;
    const variance = this.variance[e] as number;
    const scratch = scratchOf(n);
    const { shares } = scratch;
    let ordered = true;
    for (let k = 0; k < n; k++) {
      const d = allDatapoints[from + k] as number;
      const sdSI = siStandardDeviations[d] as number;
      const contribution = Number.isNaN(sdSI) ? 0 : ((allCoefficients[from + k] as number) * sdSI) ** 2;
      const share = Number.isNaN(variance) || variance === 0 ? 0 : contribution / variance;
      if (Number.isNaN(share)) ordered = false;
      shares[k] = share;
    }
    const datapoints = allDatapoints.subarray(from, from + n);
    const order = ordered
      ? orderByShareThenId(n, scratch, datapoints, datapointIds)
      : orderWithoutShares(shares.subarray(0, n), datapoints, datapointIds);
    const lines = new Array<UncertaintyBudgetLine>(n);
    for (let j = 0; j < n; j++) {
      const k = order[j] as number;
      const d = datapoints[k] as number;
      const sdOwn = datapointStandardDeviations[d] as number;
      lines[j] = {
        datapoint_id: datapointIds[d] as string,
        sensitivity: (allCoefficients[from + k] as number) * (siScales[d] as number),
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
    scratch = {
      shares: new Float64Array(size),
      keys: new Float64Array(size),
      sorted: new Float64Array(size),
      order: new Int32Array(size),
      placed: new Int32Array(size),
    };
  }
  return scratch;
}

/**
 * Positions 0 to n - 1 ordered by share, largest first, then by datapoint id. The shares are
 * sorted as plain numbers (the built-in numeric sort, no comparator); each position then finds its
 * place by binary search, and only runs of equal shares (typically the zero shares of datapoints
 * without a standard deviation) are ordered by id with a comparator.
 */
function orderByShareThenId(
  n: number,
  { shares, keys, sorted, order, placed }: Scratch,
  datapoints: Int32Array,
  ids: readonly string[],
): Int32Array {
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
    if (size > 1)
      order
        .subarray(run, run + size)
        .sort((x, y) => compareStrings(ids[datapoints[x] as number] as string, ids[datapoints[y] as number] as string));
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
      (shares[y] as number) - (shares[x] as number) ||
      compareStrings(ids[datapoints[x] as number] as string, ids[datapoints[y] as number] as string),
  );
  return Int32Array.from(byShare);
}
