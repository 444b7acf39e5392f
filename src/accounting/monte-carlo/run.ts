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
import { orderStatistics, percentileConfidenceIndices } from '../../uncertainty/order-statistics';
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

/** Bytes of sampled nets held at once (entries are sampled a range at a time). */
const MEMORY_BUDGET = 64 * 1024 * 1024;

/** First adaptive checkpoint, in blocks (about 10^4 draws, JCGM 101 7.2.2). */
const FIRST_CHECKPOINT_BLOCKS = 10;

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
): MonteCarloRun | GraphIssue[] {
  const count = prepared.entries.count;
  const draws = settings.samples ?? settings.maxSamples;
  const sampler = new NetSampler(prepared, new DrawPlan(prepared, settings.seed), shares);
  const summaries = new Array<MonteCarloSummary>(count);
  const warnings = new Array<EvaluationWarning[]>(count);
  const percentile16High = new Float64Array(count);
  const issues: GraphIssue[] = [];
  const perRange = Math.max(1, Math.floor(MEMORY_BUDGET / (8 * draws)));
  for (let from = first; from < end; from += perRange) {
    const to = Math.min(end, from + perRange);
    const range = sampler.rangeOf(from, to);
    const nets = sampler.netsOf(to - from, draws);
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

/** An entry's summary from its draws (NaN: invalid), the width of its percentile's interval; null when no draw is valid. */
function summarise(
  values: Float64Array,
  settings: MonteCarloSettings,
): { result: MonteCarloSummary; width: number; percentile16High: number } | null {
  const finite = finiteOf(values);
  const valid = finite.length;
  if (valid === 0) return null;
  // Two passes (sum, then squared deviations): as exact as a running mean for these counts, without a division per draw.
  let sum = 0;
  for (let i = 0; i < valid; i++) sum += finite[i] as number;
  const mean = sum / valid;
  let m2 = 0;
  for (let i = 0; i < valid; i++) {
    const d = (finite[i] as number) - mean;
    m2 += d * d;
  }
  const sd = valid > 1 ? Math.sqrt(m2 / (valid - 1)) : 0;
  const p = settings.percentile / 100;
  const q = settings.coverageProbability;
  const [low, high] = percentileConfidenceIndices(valid, p);
  // The warning's bound: a 99.9 % interval, so that a linear model is flagged about once in 2,000 runs, not once in 40.
  const [, high16] = percentileConfidenceIndices(valid, 0.16, 0.999);
  const quantiles = [0.16, p, (1 - q) / 2, (1 + q) / 2];
  // Only the order statistics the figures read are found (a sort of every draw costs more).
  // The smallest and largest only for a histogram: each rank's window costs a pass over the draws.
  const extremes = settings.histogramBins === undefined ? [] : [0, valid - 1];
  const ranks = [low, high, high16, ...extremes, ...quantiles.flatMap((x) => interpolationRanks(valid, x))];
  const found = orderStatistics(finite, ranks);
  const at = (rank: number): number => {
    const index = ranks.indexOf(rank);
    if (index < 0) throw new Error(`order statistic ${rank} was not selected`); // a defect: the ranks above must cover every read
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
