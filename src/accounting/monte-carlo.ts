/**
 * The Monte Carlo cross-check of an evaluation (`EvaluateOptions.monteCarlo`): every datapoint
 * with a standard deviation sampled from a normal distribution (SI) with a fixed seed, every
 * component evaluated without gradients, and each entry's net without discount summarised.
 * Internal to accounting.
 */
import type { CompiledBlueprint } from '../expressions';
import { createNormalSource, createRandomSource, summariseSample } from '../uncertainty';
import { attributionFactor } from './amortisation';
import { packedDoubles } from './doubles';
import type { PreparedGraph } from './prepare';
import type { MonteCarloHistogram, MonteCarloSummary } from './result';

/** What a Monte Carlo cross-check is asked for. */
export interface MonteCarloOptions {
  readonly samples: number;
  readonly seed: number;
  readonly histogramBins?: number;
}

/** Each entry's summary of `samples` sampled nets; amortised shares keep their evaluated values. */
export function runMonteCarlo(prepared: PreparedGraph, options: MonteCarloOptions, shares: Float64Array): MonteCarloSummary[] {
  const { samples, seed, histogramBins } = options;
  const { siMagnitudes, siStandardDeviations } = prepared;
  const { count, slots, slotStart, inputStart, blueprint } = prepared.components;
  const { attributionStart, attributions } = prepared.entries;
  const normal = createNormalSource(createRandomSource(seed));
  const sampled = packedDoubles(siMagnitudes.length);
  const values = new Float64Array(prepared.maxSlots);
  const componentValues = new Float64Array(count);
  const netSamples = Array.from({ length: prepared.entries.count }, () => new Float64Array(samples));
  for (let s = 0; s < samples; s++) {
    for (let d = 0; d < sampled.length; d++) {
      const sd = siStandardDeviations[d] as number;
      sampled[d] = Number.isNaN(sd) || sd === 0 ? (siMagnitudes[d] as number) : (siMagnitudes[d] as number) + sd * normal();
    }
    for (let c = 0; c < count; c++) {
      const base = slotStart[c] as number;
      for (let k = base; k < (slotStart[c + 1] as number); k++) values[k - base] = sampled[slots[k] as number] as number;
      componentValues[c] = (blueprint[c] as CompiledBlueprint).evaluate(values, inputStart[c] as Int32Array, null);
    }
    for (let e = 0; e < netSamples.length; e++) {
      let net = 0;
      for (let a = attributionStart[e] as number; a < (attributionStart[e + 1] as number); a++) {
        const factor = attributionFactor(attributions, a, sampled, shares);
        net += (attributions.sign[a] as number) * factor * (componentValues[attributions.component[a] as number] as number);
      }
      (netSamples[e] as Float64Array)[s] = net;
    }
  }
  return netSamples.map((values) => {
    const summary = summariseSample(values);
    return {
      samples,
      mean_kg: summary.mean,
      standard_deviation_kg: summary.standardDeviation,
      standard_error_of_mean_kg: summary.standardErrorOfMean,
      percentile_16_kg: summary.percentile16,
      ...(histogramBins === undefined ? {} : { histogram: histogramOfSorted(values, histogramBins) }),
    };
  });
}

/** Counts ascending values in `bins` equal bins from the first to the last (the last bin closed). */
function histogramOfSorted(sorted: Float64Array, bins: number): MonteCarloHistogram {
  const start = sorted[0] as number;
  const width = ((sorted[sorted.length - 1] as number) - start) / bins;
  const counts = new Array<number>(bins).fill(0);
  for (const v of sorted) {
    const i = width > 0 ? Math.min(bins - 1, Math.floor((v - start) / width)) : 0;
    counts[i] = (counts[i] as number) + 1;
  }
  return { start_kg: start, bin_width_kg: width, counts };
}
