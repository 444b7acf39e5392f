/**
 * Percentiles of a sample and their distribution-free confidence intervals from order statistics
 * (the number of draws below the true p-quantile is binomial(n, p)).
 */
import { normalQuantile } from './special-functions';

/**
 * The work done so far by {@link selectRanks} and {@link orderStatistics}, counted so the tests can pin their cost
 * (test/uncertainty/order-statistics-cost.test.ts): partitions, passes over the draws (one for all the windows), values
 * gathered inside windows, the room reserved for them, doubles of scratch newly allocated (the sample and the room: kept
 * for the next call), and copies of the draws (the fallback). Module-internal: the uncertainty
 * folder's index does not export it; a test resets it with {@link resetOrderStatisticsWork}.
 */
export const orderStatisticsWork = { partitions: 0, passes: 0, gathered: 0, room: 0, allocated: 0, copies: 0 };

/** Sets every count of {@link orderStatisticsWork} to 0, and drops the scratch (so that the next call allocates it afresh). */
export function resetOrderStatisticsWork(): void {
  orderStatisticsWork.partitions = 0;
  orderStatisticsWork.passes = 0;
  orderStatisticsWork.gathered = 0;
  orderStatisticsWork.room = 0;
  orderStatisticsWork.allocated = 0;
  orderStatisticsWork.copies = 0;
  scratch.sample = new Float64Array(0);
  scratch.windows = new Float64Array(0);
  scratch.candidates = new Float64Array(0);
}

/**
 * The 0-based indices [low, high] of the order statistics that bracket the p-quantile of a sample
 * of n with at least `level` confidence, by the normal approximation of the binomial count (n of
 * a Monte Carlo run is in the thousands), widened by one on each side for its continuity.
 */
export function percentileConfidenceIndices(n: number, p: number, level = 0.95): readonly [number, number] {
  const z = normalQuantile(0.5 + level / 2);
  const spread = z * Math.sqrt(n * p * (1 - p));
  const low = Math.max(0, Math.floor(n * p - spread) - 1);
  const high = Math.min(n - 1, Math.ceil(n * p + spread));
  return [low, high];
}

/**
 * Reorders `a` (no NaN) so that `a[r]` is its r-th smallest value (0-based) for every r of
 * `ranks`: a multiple quickselect, each partition passing on to either side only the ranks that
 * fall there: one pass over the values for all the ranks, where a quickselect per rank costs a pass
 * each. {@link orderStatistics} uses it within its windows and as its fallback.
 */
export function selectRanks(a: Float64Array, ranks: readonly number[]): void {
  const wanted = [...new Set(ranks)].filter((r) => r >= 0 && r < a.length).sort((x, y) => x - y);
  multiselect(a, 0, a.length - 1, wanted, 0, wanted.length - 1);
}

/** Puts `ranks[rlo..rhi]` (ascending, each within lo..hi) in place within `a[lo..hi]`. */
function multiselect(a: Float64Array, lo: number, hi: number, ranks: readonly number[], rlo: number, rhi: number): void {
  while (rlo <= rhi && hi > lo) {
    const [j, i] = partition(a, lo, hi);
    // a[lo..j] <= pivot <= a[i..hi]; a rank between j and i holds the pivot, in place already.
    let left = rlo;
    while (left <= rhi && (ranks[left] as number) <= j) left++;
    let right = left;
    while (right <= rhi && (ranks[right] as number) < i) right++;
    multiselect(a, lo, j, ranks, rlo, left - 1);
    lo = i;
    rlo = right;
  }
}

/** One Hoare partition of a[lo..hi] around the median of three: returns [j, i] with j < i. */
function partition(a: Float64Array, lo: number, hi: number): readonly [number, number] {
  orderStatisticsWork.partitions++;
  const mid = (lo + hi) >>> 1;
  // Median of three as the pivot, which keeps sorted and equal runs linear.
  let x = a[lo] as number;
  let y = a[mid] as number;
  const z = a[hi] as number;
  if (x > y) [x, y] = [y, x];
  if (y > z) y = z;
  const pivot = x > y ? x : y;
  let i = lo;
  let j = hi;
  while (i <= j) {
    while ((a[i] as number) < pivot) i++;
    while ((a[j] as number) > pivot) j--;
    if (i <= j) {
      const t = a[i] as number;
      a[i] = a[j] as number;
      a[j] = t;
      i++;
      j--;
    }
  }
  return [j, i];
}

/** The values of the ranks asked, and the sum of every value of the array, added in index order from +0. */
export interface OrderStatisticsAndSum {
  readonly values: Float64Array;
  readonly sum: number;
}

/**
 * The values of ranks `ranks` (0-based, each below a.length) of `a` (no NaN), in the order asked,
 * leaving `a` as it is. Floyd and Rivest's idea: a strided sample of about n^(2/3) values, in
 * order, gives each rank a window of values that holds it with near certainty (only the sample's
 * values at the windows' bounds are needed: selected, not sorted); one pass over the values
 * counts, for every window, the values below it and at its two bounds and gathers those strictly
 * inside, and a multiple quickselect within each (small) window places its ranks. Values equal to a
 * bound are counted, not gathered, so a sample with many ties (a net capped at 0) keeps its windows
 * small. When a window misses its rank (or overflows) the multiple quickselect on a copy answers
 * instead, so the values never depend on the sample, only the time does.
 */
export function orderStatistics(a: Float64Array, ranks: readonly number[]): Float64Array {
  return orderStatisticsAndSum(a, ranks).values;
}

/**
 * {@link orderStatistics}, and the sum of `a` in index order, added within its pass: that pass is
 * bound by the latency of the additions, which the tests of each value hide. NaN in `a` makes the
 * sum NaN (and the values meaningless): a caller that may hold NaN checks the sum first.
 */
export function orderStatisticsAndSum(a: Float64Array, ranks: readonly number[]): OrderStatisticsAndSum {
  const n = a.length;
  const m = Math.ceil(Math.cbrt(n) ** 2);
  if (m < 64) return { values: selectedCopy(a, ranks), sum: sumOf(a) };
  const sample = scratchRoom('sample', m).subarray(0, m);
  sampleOf(a, sample);
  const windows = windowsOf(ranks, n, m, sample);
  const room = windows.reduce((total, w) => total + w.values.length, 0);
  const sum = gather(a, sample, windows, sampleMin, sampleMax, room);
  // Each window's inner ranks put in place within it (a multiple quickselect over a few thousand values).
  for (const w of windows) {
    if (w.inner > w.values.length) continue;
    // The ranks outside the window fall outside w.values, and selectRanks leaves them out.
    const first = w.below + w.atLow;
    selectRanks(
      w.values,
      ranks.map((r) => r - first),
    );
  }
  const out = new Float64Array(ranks.length);
  for (let q = 0; q < ranks.length; q++) {
    const value = valueInWindows(windows, ranks[q] as number);
    if (value === undefined) return { values: selectedCopy(a, ranks), sum };
    out[q] = value;
  }
  return { values: out, sum };
}

/** The smallest and largest value of the last {@link sampleOf} (module variables: see binPass). */
let sampleMin = 0;
let sampleMax = 0;

/** Fills `sample` with values of `a` at equal strides from its first, in the order of `a`. */
function sampleOf(a: Float64Array, sample: Float64Array): void {
  const n = a.length;
  const m = sample.length;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < m; i++) {
    const v = a[Math.floor((i * n) / m)] as number;
    sample[i] = v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  sampleMin = min;
  sampleMax = max;
}

/** The sum of `a` in index order from +0. */
function sumOf(a: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i] as number;
  return sum;
}

/** The value of rank `r` from the window that holds it, or undefined when none does (or it overflowed). */
function valueInWindows(windows: readonly RankWindow[], r: number): number | undefined {
  for (const w of windows) {
    let k = r - w.below;
    if (k < 0) continue;
    if (k < w.atLow) return w.low;
    k -= w.atLow;
    if (k < w.inner) return w.inner <= w.values.length ? (w.values[k] as number) : undefined;
    k -= w.inner;
    if (k < w.atHigh) return w.high;
  }
  return undefined;
}

/**
 * A range of values [low, high] expected to hold some ranks, from sample places [lo, hi]; after
 * {@link gather}, how many values lie below it, equal its low and high bounds, and strictly inside
 * it (those gathered in `values`, a view of the scratch room).
 */
interface RankWindow {
  readonly lo: number;
  readonly hi: number;
  readonly low: number;
  readonly high: number;
  below: number;
  atLow: number;
  inner: number;
  atHigh: number;
  values: Float64Array;
}

/**
 * Scratch reused from call to call (one run summarises thousands of entries, and a fresh large
 * array costs its page faults): the sample, the room of the windows (one after the other), and
 * the candidates of the pass of {@link gather}.
 */
const scratch = { sample: new Float64Array(0), windows: new Float64Array(0), candidates: new Float64Array(0) };

/** Doubles of scratch kept between calls at most (8 MB of each kind); more is allocated for the call alone. */
const KEPT_SCRATCH = 1 << 20;

/** At least `size` doubles of scratch of that kind (new ones counted in orderStatisticsWork.allocated). */
function scratchRoom(kind: keyof typeof scratch, size: number): Float64Array {
  const held = scratch[kind];
  if (held.length >= size) return held;
  orderStatisticsWork.allocated += size;
  const room = new Float64Array(size);
  if (size <= KEPT_SCRATCH) scratch[kind] = room;
  return room;
}

/** Each rank's window from the sample in order (3.5 standard deviations of the sample rank each side, plus 2), overlapping ones merged. */
function windowsOf(ranks: readonly number[], n: number, m: number, sample: Float64Array): RankWindow[] {
  const spans = [...new Set(ranks)]
    .sort((x, y) => x - y)
    .map((r) => {
      const s = ((r + 0.5) * m) / n;
      const delta = Math.ceil(3.5 * Math.sqrt(s * (1 - s / m))) + 2;
      return [Math.floor(s) - delta, Math.ceil(s) + delta] as [number, number];
    });
  const merged: [number, number][] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last !== undefined && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push(span);
  }
  // Only the sample's values at the windows' bounds are needed: selected, not sorted (a sort costs some five times more).
  selectRanks(
    sample,
    merged.flatMap(([lo, hi]) => [lo, hi]),
  );
  // Room for twice the expected count; more means the sample misled, and the fallback answers.
  const capacities = merged.map(([lo, hi]) => Math.min(n, Math.ceil((2 * (hi - lo + 1) * n) / m) + 64));
  const total = capacities.reduce((x, y) => x + y, 0);
  orderStatisticsWork.room += total;
  const room = scratchRoom('windows', total);
  let start = 0;
  return merged.map(([lo, hi], k) => {
    const capacity = capacities[k] as number;
    start += capacity;
    return {
      lo,
      hi,
      low: lo < 0 ? -Infinity : sortedSampleAt(sample, lo),
      high: hi >= m ? Infinity : sortedSampleAt(sample, hi),
      below: 0,
      atLow: 0,
      inner: 0,
      atHigh: 0,
      values: room.subarray(start - capacity, start),
    };
  });
}

/** Bins between the sample's smallest and largest values in the pass of {@link gather}. */
const BINS = 4096;

/** Per bin: its count of values in the pass, and 1 when it holds values within some window's bounds (or next to such a bin), else 0. */
const bins = { counts: new Int32Array(BINS), candidate: new Uint8Array(BINS), lastBins: new Int32Array(0) };

/** The sum found by the last {@link binPass}. */
let passSum = 0;

/**
 * One pass over `a` for every window: its count of values below it and at each bound, and its
 * values strictly inside (as many as fit), in index order; returns the sum of `a` in index order.
 * Each value is counted in its bin between the sample's smallest and largest (`min`, `max`), and
 * kept as a candidate when the bin is one of a window's: the bins are in the order of the values,
 * so a bin outside every window's holds values of one gap between them only. The candidates
 * (about as many as the windows hold) are then classified one by one. Branches that are hard to
 * predict cost more than the arithmetic here: a value's tests are the same whatever it is. When the
 * candidates would overflow their room (ties at a bound, a tail that squeezes the bins: the sample
 * tells, or the pass finds out) or the sample spans no finite width, a pass per window answers instead.
 */
function gather(a: Float64Array, sample: Float64Array, windows: RankWindow[], min: number, max: number, room: number): number {
  const scale = BINS / (max - min);
  if (!(scale > 0 && scale < Infinity)) return gatherPerWindow(a, windows);
  markCandidateBins(windows, min, scale);
  // The sample's share in candidate bins foretells the candidates: ties at a bound or a squeezing tail overflow them.
  if (sampledCandidates(sample, min, scale) * (a.length / sample.length) > 0.8 * room) return gatherPerWindow(a, windows);
  const candidates = scratchRoom('candidates', room + 1);
  const held = binPass(a, min, scale, candidates, room + 1);
  if (held < 0) return gatherPerWindow(a, windows);
  const inGap = new Int32Array(windows.length + 1);
  classifyEach(candidates, held, windows, inGap);
  countBinsInGaps(windows, min, scale, inGap);
  finishWindows(windows, inGap);
  return passSum;
}

/**
 * The pass of {@link gather}: counts each value of `a` in its bin, keeps those of candidate bins
 * (and those outside the bins) in `candidates` in index order, and returns how many, or -1 when
 * they reach `limit` (the pass then stops); the sum of `a` in `passSum`. Its loop is all it does,
 * and what follows it needs no type feedback (a module variable's store has none): V8 compiles a
 * loop hot within one call on the fly, without feedback for what follows it, and code that lacks
 * it sends every later call back to the interpreter (a "soft" deoptimisation each time).
 */
function binPass(a: Float64Array, min: number, scale: number, candidates: Float64Array, limit: number): number {
  const { counts, candidate } = bins;
  counts.fill(0);
  // A local: the bundler makes a module's constants variables, read from memory in the loop else.
  const top = BINS;
  let held = 0;
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const v = a[i] as number;
    sum += v;
    const t = (v - min) * scale;
    if (t >= 0 && t < top) {
      const bin = t | 0;
      counts[bin] = (counts[bin] as number) + 1;
      // Written always, kept only by a candidate bin: no branch on the value.
      candidates[held] = v;
      held += candidate[bin] as number;
    } else candidates[held++] = v;
    if (held === limit) return -1;
  }
  passSum = sum;
  return held;
}

/** Each of the first `held` candidates classified by {@link classify} (a loop of its own, as in binPass). */
function classifyEach(candidates: Float64Array, held: number, windows: RankWindow[], inGap: Int32Array): void {
  for (let c = 0; c < held; c++) classify(candidates[c] as number, windows, inGap);
}

/** How many values of `sample` lie in candidate bins (or outside the bins). */
function sampledCandidates(sample: Float64Array, min: number, scale: number): number {
  const { candidate } = bins;
  let count = 0;
  for (let i = 0; i < sample.length; i++) {
    const t = ((sample[i] as number) - min) * scale;
    count += t >= 0 && t < BINS ? (candidate[t | 0] as number) : 1;
  }
  return count;
}

/** The bin of value v (clamped to the bins; NaN at the first). */
function binOf(v: number, min: number, scale: number): number {
  const t = Math.floor((v - min) * scale);
  return t >= BINS ? BINS - 1 : t > 0 ? t : 0;
}

/**
 * Marks as candidates the bins from each window's low bound's to its high bound's, and one more
 * each side (the map from a value to its bin never decreases as the value grows, so a bin below a
 * window's low bound's holds only values below it; the margin is for safety alone).
 */
function markCandidateBins(windows: readonly RankWindow[], min: number, scale: number): void {
  const { candidate } = bins;
  candidate.fill(0);
  for (const w of windows) {
    const first = Math.max(0, binOf(w.low, min, scale) - 1);
    const last = Math.min(BINS - 1, binOf(w.high, min, scale) + 1);
    candidate.fill(1, first, last + 1);
  }
}

/** Adds the count of each bin that is not a candidate to the gap it lies in (the number of windows whose bins are all below it). */
function countBinsInGaps(windows: readonly RankWindow[], min: number, scale: number, inGap: Int32Array): void {
  const { counts, candidate } = bins;
  if (bins.lastBins.length < windows.length) bins.lastBins = new Int32Array(windows.length);
  const lastBins = bins.lastBins;
  for (let k = 0; k < windows.length; k++) lastBins[k] = binOf((windows[k] as RankWindow).high, min, scale) + 1;
  let g = 0;
  for (let bin = 0; bin < BINS; bin++) {
    while (g < windows.length && (lastBins[g] as number) < bin) g++;
    if (candidate[bin] === 0) inGap[g] = (inGap[g] as number) + (counts[bin] as number);
  }
}

/** Each window's count below it completed by the gaps below it, and its gathered values cut to their count. */
function finishWindows(windows: RankWindow[], inGap: Int32Array): void {
  // The values of gaps 0..k lie below window k, besides those counted by classify.
  let gapsBelow = 0;
  for (let k = 0; k < windows.length; k++) {
    const w = windows[k] as RankWindow;
    gapsBelow += inGap[k] as number;
    w.below += gapsBelow;
    orderStatisticsWork.gathered += w.inner;
    if (w.inner <= w.values.length) w.values = w.values.subarray(0, w.inner);
  }
  orderStatisticsWork.passes++;
}

/** {@link gather} by a pass per window (counted as one pass over the draws per window), and one for the sum. */
function gatherPerWindow(a: Float64Array, windows: RankWindow[]): number {
  for (const w of windows) {
    w.inner = windowPass(a, w.low, w.high, w.values);
    w.below = passBelow;
    w.atLow = passAtLow;
    w.atHigh = passAtHigh;
  }
  finishWindows(windows, new Int32Array(windows.length + 1));
  orderStatisticsWork.passes += windows.length - 1;
  return sumOf(a);
}

/** The counts of the last {@link windowPass} below its window and at its bounds (module variables: see binPass). */
let passBelow = 0;
let passAtLow = 0;
let passAtHigh = 0;

/**
 * A pass over `a` for the window [low, high]: gathers its values strictly inside into `values`
 * (as many as fit) and returns how many there are; its counts below and at the bounds in passBelow,
 * passAtLow, passAtHigh. Values outside, the most, take two well predicted tests. A window whose
 * bounds are equal counts its values at `low`.
 */
function windowPass(a: Float64Array, low: number, high: number, values: Float64Array): number {
  const capacity = values.length;
  let below = 0;
  let atLow = 0;
  let inner = 0;
  let atHigh = 0;
  for (let i = 0; i < a.length; i++) {
    const v = a[i] as number;
    if (v < low) below++;
    else if (v > high) continue;
    else if (v === low) atLow++;
    else if (v === high) atHigh++;
    else {
      if (inner < capacity) values[inner] = v;
      inner++;
    }
  }
  passBelow = below;
  passAtLow = atLow;
  passAtHigh = atHigh;
  return inner;
}

/**
 * Value v counted in the gap it lies strictly within, else (it is within some window's bounds)
 * counted by every window as the pass of a window alone would: below it, above it (not counted),
 * at its low bound, at its high bound, or strictly inside (gathered while there is room).
 */
function classify(v: number, windows: RankWindow[], inGap: Int32Array): void {
  let g = 0;
  while (g < windows.length && v > (windows[g] as RankWindow).high) g++;
  if (g === windows.length || v < (windows[g] as RankWindow).low) {
    inGap[g] = (inGap[g] as number) + 1;
    return;
  }
  for (const w of windows) {
    if (v < w.low) w.below++;
    else if (v > w.high) continue;
    else if (v === w.low) w.atLow++;
    else if (v === w.high) w.atHigh++;
    else {
      if (w.inner < w.values.length) w.values[w.inner] = v;
      w.inner++;
    }
  }
}

/**
 * The value at place `r` of `sample` once sorted as Float64Array.prototype.sort sorts it (-0 before
 * +0), from `sample` whose place r holds a value equal to it (by selectRanks, which sees no sign of zero).
 */
function sortedSampleAt(sample: Float64Array, r: number): number {
  const v = sample[r] as number;
  if (v !== 0) return v;
  let below = 0;
  for (let i = 0; i < sample.length; i++) if ((sample[i] as number) < 0 || Object.is(sample[i], -0)) below++;
  return r < below ? -0 : 0;
}

/** The fallback: the multiple quickselect on a copy. */
function selectedCopy(a: Float64Array, ranks: readonly number[]): Float64Array {
  orderStatisticsWork.copies++;
  const copy = a.slice();
  selectRanks(copy, ranks);
  return Float64Array.from(ranks, (r) => copy[r] as number);
}
