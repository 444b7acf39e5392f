/**
 * The Monte Carlo evaluation of a graph (docs/result.md, "Monte Carlo"): every datapoint with a
 * standard deviation drawn from its distribution (correlated ones jointly), every component
 * evaluated without gradients, and each entry's net summarised: mean, standard deviation, the
 * discount percentile with its confidence interval from order statistics, the probabilistically
 * symmetric coverage interval. Draws whose net is not finite are counted and left out. The
 * number of draws is fixed, or adaptive (JCGM 101 7.9): doubled until the percentile's confidence
 * interval is narrower than a tolerance, per entry, up to a maximum. Entries are sampled a range
 * at a time so that memory stays bounded. Internal to accounting.
 */
import type { GraphIssue } from '../../model';
import { interpolationRanks, quantileOfOrderStatistics } from '../../uncertainty';
import { orderStatisticsAndSum, percentileConfidenceIndices } from '../../uncertainty/order-statistics';
import { BLOCK_DRAWS, DrawPlan } from './draws';
import { NetSampler } from './nets';
import { invalidDrawWarning } from './warnings';
import type { MonteCarloSettings } from './settings';
import type { PreparedGraph } from '../prepare/prepared-graph';
import type { EvaluationWarning, MonteCarloHistogram, MonteCarloSummary } from '../result';

export type { MonteCarloSettings } from './settings';

/** Each entry's summary, its warnings, and the upper end of its 16th percentile's 99.9 % confidence interval. */
export interface MonteCarloRun {
  readonly summaries: readonly MonteCarloSummary[];
  readonly warnings: readonly (readonly EvaluationWarning[])[];
  readonly percentile16High: Float64Array;
}

/**
 * Bytes of sampled nets held at once (entries are sampled a range at a time): one entry's nets at
 * 200,000 draws. Small ranges keep the nets in the caches and touch few fresh pages (each a page
 * fault): at 720 entries, 200,000 draws, 6-15 % less CPU than with 64 MB on one or two threads, 20-27 %
 * at 20,000 draws (bench/RESULTS.md, issue 36, ninth pass).
 */
const MEMORY_BUDGET = 2 * 1024 * 1024;

/** First adaptive checkpoint, in blocks (about 10^4 draws, JCGM 101 7.2.2). */
const FIRST_CHECKPOINT_BLOCKS = 10;

/**
 * The arrays of sampled nets, reused from range to range and, when a caller passes them, from run
 * to run: fresh arrays each time cost their page faults. A range's sampling writes each of its
 * nets from index 0 before its summaries read them, and nothing keeps a reference to them.
 */
export class NetBuffers {
  private held: Float64Array[] = [];

  /** At least `count` arrays of `draws` values (those held before when of that length). */
  take(count: number, draws: number): readonly Float64Array[] {
    if (this.held[0]?.length !== draws) this.held = [];
    while (this.held.length < count) this.held.push(new Float64Array(draws));
    return this.held;
  }
}

/**
 * The sampler of a run: its draw plan covers the whole graph (a unit per sampled datapoint or
 * group, 7 ms at 720 entries), so a thread that runs chunk after chunk makes it once and passes it
 * to each {@link runMonteCarlo} (the sampler hands its columns from range to range).
 */
export function netSamplerOf(prepared: PreparedGraph, settings: MonteCarloSettings, shares: Float64Array): NetSampler {
  return new NetSampler(prepared, new DrawPlan(prepared, settings.seed), shares);
}

/**
 * Runs the Monte Carlo evaluation of entries [from, to) (default every entry), or the problems (an
 * entry with no valid draw). The run's arrays have a place for every entry; those outside the
 * range are left empty, for {@link mergeMonteCarloRuns} to fill from runs of the other ranges.
 * An entry's figures depend only on its own draws, so any split of the entries gives the same.
 */
export function runMonteCarlo(
  prepared: PreparedGraph,
  settings: MonteCarloSettings,
  shares: Float64Array,
  first = 0,
  end = prepared.entries.count,
  buffers = new NetBuffers(),
  sampler = netSamplerOf(prepared, settings, shares),
): MonteCarloRun | GraphIssue[] {
  const count = prepared.entries.count;
  const draws = settings.samples ?? settings.maxSamples;
  const summaries = new Array<MonteCarloSummary>(count);
  const warnings = new Array<EvaluationWarning[]>(count);
  const percentile16High = new Float64Array(count);
  const issues: GraphIssue[] = [];
  const perRange = Math.max(1, Math.floor(MEMORY_BUDGET / (8 * draws)));
  for (let from = first; from < end; from += perRange) {
    const to = Math.min(end, from + perRange);
    const range = sampler.rangeOf(from, to);
    const nets = buffers.take(to - from, draws);
    const done = new Uint8Array(to - from);
    let blocks = 0;
    for (const checkpoint of checkpoints(settings)) {
      const endBlock = Math.ceil(checkpoint / BLOCK_DRAWS);
      sampler.sample(range, blocks, endBlock, checkpoint, nets, 0);
      blocks = endBlock;
      const last = checkpoint >= draws;
      for (let e = from; e < to; e++) {
        if (done[e - from] === 1) continue;
        const values = (nets[e - from] as Float64Array).subarray(0, checkpoint);
        const summary = summarise(values, settings);
        if (summary === null) {
          if (last)
            issues.push({
              path: ['ghg_entries', e],
              code: 'monte_carlo_no_valid_draw',
              message: `no Monte Carlo draw of entry '${prepared.entries.ids[e] as string}' has a finite net: ${invalidDrawWarning(prepared, settings, sampler, e, values).message}`,
            });
          continue;
        }
        if (!last && !(settings.samples === null && summary.width <= settings.toleranceKg)) continue;
        done[e - from] = 1;
        summaries[e] = summary.result;
        percentile16High[e] = summary.percentile16High;
        warnings[e] = summary.result.invalid_draws > 0 ? [invalidDrawWarning(prepared, settings, sampler, e, values)] : [];
      }
      if (done.every((x) => x === 1)) break;
    }
  }
  return issues.length > 0 ? issues : { summaries, warnings, percentile16High };
}

/** The runs of disjoint entry ranges as one run (each entry from the run that has it). */
export function mergeMonteCarloRuns(runs: readonly MonteCarloRun[], count: number): MonteCarloRun {
  const summaries = new Array<MonteCarloSummary>(count);
  const warnings = new Array<readonly EvaluationWarning[]>(count);
  const percentile16High = new Float64Array(count);
  for (const run of runs) {
    for (let e = 0; e < count; e++) {
      if (run.summaries[e] === undefined) continue;
      summaries[e] = run.summaries[e] as MonteCarloSummary;
      warnings[e] = run.warnings[e] ?? [];
      percentile16High[e] = run.percentile16High[e] as number;
    }
  }
  return { summaries, warnings, percentile16High };
}

/** The numbers of draws at which the run stops to look: the fixed number, or doubling checkpoints up to the maximum. */
function checkpoints(settings: MonteCarloSettings): number[] {
  if (settings.samples !== null) return [settings.samples];
  const max = settings.maxSamples;
  const points: number[] = [];
  for (let blocks = FIRST_CHECKPOINT_BLOCKS; blocks * BLOCK_DRAWS < max; blocks *= 2) points.push(blocks * BLOCK_DRAWS);
  points.push(max);
  return points;
}

/** An entry's summary, the width of its percentile's interval, and the upper end of its 16th percentile's 99.9 % interval. */
interface Summary {
  readonly result: MonteCarloSummary;
  readonly width: number;
  readonly percentile16High: number;
}

/**
 * An entry's summary from its draws (NaN: invalid); null when no draw is valid. The draws are
 * first taken as all valid: one pass then finds the order statistics and the sum; a NaN sum says
 * some may not be (or infinities of both signs), and the valid ones are summarised instead.
 */
function summarise(values: Float64Array, settings: MonteCarloSettings): Summary | null {
  if (values.length === 0) return null;
  const ranks = ranksOf(values.length, settings);
  const found = orderStatisticsAndSum(values, ranks);
  if (!Number.isNaN(found.sum)) return summaryOf(values, values, found.sum, ranks, found.values, settings);
  const finite = finiteOf(values);
  if (finite.length === 0) return null;
  if (finite === values) return summaryOf(values, values, found.sum, ranks, found.values, settings);
  const finiteRanks = ranksOf(finite.length, settings);
  const again = orderStatisticsAndSum(finite, finiteRanks);
  return summaryOf(values, finite, again.sum, finiteRanks, again.values, settings);
}

/**
 * The ranks a summary of `valid` draws reads: the percentile's confidence interval, the upper
 * end of the 16th percentile's 99.9 % interval (a linear model is then flagged about once in
 * 2,000 runs, not once in 40), the smallest and largest for a histogram, and the interpolation
 * pairs of the quantiles. Only these are found: a sort of every draw costs more.
 */
function ranksOf(valid: number, settings: MonteCarloSettings): number[] {
  const p = settings.percentile / 100;
  const q = settings.coverageProbability;
  const [low, high] = percentileConfidenceIndices(valid, p);
  const [, high16] = percentileConfidenceIndices(valid, 0.16, 0.999);
  const quantiles = [0.16, p, (1 - q) / 2, (1 + q) / 2];
  // The smallest and largest only for a histogram: each rank's window costs more tests in the pass over the draws.
  const extremes = settings.histogramBins === undefined ? [] : [0, valid - 1];
  return [low, high, high16, ...extremes, ...quantiles.flatMap((x) => interpolationRanks(valid, x))];
}

/** The summary of the draws `values` whose valid ones are `finite` (summing to `sum`), with the values `found` of `ranks`. */
function summaryOf(
  values: Float64Array,
  finite: Float64Array,
  sum: number,
  ranks: readonly number[],
  found: Float64Array,
  settings: MonteCarloSettings,
): Summary {
  const valid = finite.length;
  // Two passes (the sum, then squared deviations): as exact as a running mean for these counts, without a division per draw.
  const mean = sum / valid;
  const sd = valid > 1 ? Math.sqrt(squaredDeviations(finite, mean) / (valid - 1)) : 0;
  const p = settings.percentile / 100;
  const q = settings.coverageProbability;
  const low = ranks[0] as number;
  const high = ranks[1] as number;
  const high16 = ranks[2] as number;
  const at = (rank: number): number => {
    const index = ranks.indexOf(rank);
    if (index < 0) throw new Error(`order statistic ${rank} was not selected`); // a defect: ranksOf must cover every read
    return found[index] as number;
  };
  const quantile = (x: number): number => quantileOfOrderStatistics(at, valid, x);
  const result: MonteCarloSummary = {
    samples: values.length,
    invalid_draws: values.length - valid,
    mean_kg: mean,
    standard_deviation_kg: sd,
    standard_error_of_mean_kg: sd / Math.sqrt(valid),
    percentile_16_kg: quantile(0.16),
    percentile: settings.percentile,
    percentile_kg: quantile(p),
    percentile_confidence_interval_kg: [at(low), at(high)],
    coverage_interval: { probability: q, lower_kg: quantile((1 - q) / 2), upper_kg: quantile((1 + q) / 2) },
    ...(settings.histogramBins === undefined ? {} : { histogram: histogramOf(finite, settings.histogramBins, at(0), at(valid - 1)) }),
  };
  return { result, width: at(high) - at(low), percentile16High: at(high16) };
}

/** The sum of the squared deviations of `values` from `mean`, in index order. */
function squaredDeviations(values: Float64Array, mean: number): number {
  let m2 = 0;
  for (let i = 0; i < values.length; i++) {
    const d = (values[i] as number) - mean;
    m2 += d * d;
  }
  return m2;
}

/** The finite values: `values` itself when all are (it is only read), else a new array of them. */
function finiteOf(values: Float64Array): Float64Array {
  let valid = 0;
  for (let i = 0; i < values.length; i++) if (!Number.isNaN(values[i] as number)) valid++;
  if (valid === values.length) return values;
  const finite = new Float64Array(valid);
  let at = 0;
  for (let i = 0; i < values.length; i++) if (!Number.isNaN(values[i] as number)) finite[at++] = values[i] as number;
  return finite;
}

/** Counts the values in `bins` equal bins from the smallest to the largest (the last bin closed). */
function histogramOf(values: Float64Array, bins: number, smallest: number, largest: number): MonteCarloHistogram {
  const start = smallest;
  const width = (largest - start) / bins;
  const counts = new Array<number>(bins).fill(0);
  for (const v of values) {
    const i = width > 0 ? Math.min(bins - 1, Math.floor((v - start) / width)) : 0;
    counts[i] = (counts[i] as number) + 1;
  }
  return { start_kg: start, bin_width_kg: width, counts };
}

export { BLOCK_DRAWS };
