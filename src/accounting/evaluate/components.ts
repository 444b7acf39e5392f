/**
 * The first phase of an evaluation: every component once, whatever the number of entries sharing
 * it (docs/rules.md#evaluating-a-ghg-entry). Its value comes from its compiled blueprint, and with propagation
 * its derivatives with respect to its slots and its own standard deviation (a component result
 * shows it). At a kink (a tie of min/max, abs at 0) it keeps every branch's derivatives for the
 * entries to choose from (kink-choice.ts, docs/result.md). Internal to accounting.
 */
import type { CompiledBlueprint } from '../../expressions';
import { SensitivityAccumulator } from '../../uncertainty';
import { covarianceSum, covarianceTermsOf, type MergedTerms } from './covariance';
import { isPreferred, type KinkCandidate, varianceOfTerms } from './kink-choice';
import type { MergePlan } from '../prepare/merge-plan';
import type { PreparedComponents, PreparedGraph } from '../prepare/prepared-graph';
import type { EvaluationWarning } from '../result';
import { branchWarnings } from './branch-warnings';

/** What the entries of an evaluation read of its components. */
export interface ComponentFigures {
  /** Value of each component, kg. */
  readonly values: Float64Array;
  /** Standard deviation of each component, kg; NaN when none of its datapoints has one. */
  readonly standardDeviations: Float64Array;
  /**
   * With propagation: d(value)/d(slot) of every slot of every component, component c's at its
   * first slot's position (`PreparedComponents.slotStart[c]`) onwards. Empty without.
   */
  readonly gradients: Float64Array;
  /**
   * With propagation: the candidate gradients (over the component's slots) of each component whose
   * formula has a kink at its magnitudes (kink-choice.ts); `gradients` holds the candidate of
   * larger variance of the component itself, and each entry takes its own. Empty almost always.
   */
  readonly kinks: ReadonlyMap<number, readonly Float64Array[]>;
  /** Each component's warnings at its magnitudes (`branch_near_threshold`), by component; empty almost always. */
  readonly warnings: ReadonlyMap<number, readonly EvaluationWarning[]>;
}

/** The derivatives of an evaluation without propagation: none. */
const NO_GRADIENTS = new Float64Array(0);

/**
 * The derivative array of a finished evaluation, by the components it was made for (as the merge
 * plan is kept): the next evaluation of a graph of the same components writes over it instead of
 * allocating its own. At 10,000 entries it is 4 MB, a third of the typed arrays an evaluation
 * allocates, and V8 scavenges the young generation each time about 32 MB of new typed arrays have
 * been allocated ("external memory pressure"): fewer such bytes, fewer of those collections
 * (bench/RESULTS.md, issue 36's seventh pass). Every slot is written by each evaluation (the
 * blueprint's `evaluateInto` zeroes its slots before adding to them; a non-finite component's are
 * cleared), so a reused array gives the same bits as a new one.
 */
const spareGradients = new WeakMap<PreparedComponents, Float64Array>();

/** A derivative array for every slot of `components`: the spare one when there is one, else a new one. */
function gradientsOf(components: PreparedComponents): Float64Array {
  const spare = spareGradients.get(components);
  if (spare === undefined) return new Float64Array(components.slots.length);
  spareGradients.delete(components);
  return spare;
}

/**
 * Hands the derivative array of an evaluation whose entries were all evaluated to the next
 * evaluation of the same components (see {@link spareGradients}). Called once per evaluation
 * (entries.ts), after which nothing of that evaluation reads `figures.gradients`: the component
 * items and budget lines made later read the values, standard deviations and merged terms only.
 */
export function releaseGradients(prepared: PreparedGraph, figures: ComponentFigures): void {
  if (figures.gradients.length > 0) spareGradients.set(prepared.components, figures.gradients);
}

/**
 * Evaluates every component of a prepared graph; with a merge plan (propagation), also its
 * derivatives and standard deviation. A prepared graph has no entry reading a component whose value
 * is not a finite number (prepare/refusal.ts refused it), so there is no problem to return.
 */
export function evaluateComponents(prepared: PreparedGraph, plan: MergePlan | null): ComponentFigures {
  const { components, siMagnitudes, siStandardDeviations } = prepared;
  const { count, slots, slotStart, inputStart, blueprint } = components;
  const values = new Float64Array(count);
  const standardDeviations = new Float64Array(count);
  const gradients = plan === null ? NO_GRADIENTS : gradientsOf(components);
  // The magnitudes of the component being evaluated; its value and derivatives are written straight
  // into `values` and `gradients`. (Reading every component from one array of all slots' magnitudes
  // instead measured the same and allocates that array: bench/RESULTS.md, issue 36's sixth pass.)
  const magnitudes = new Float64Array(prepared.maxSlots);
  const written = plan === null ? null : gradients;
  // For the rare component that reaches one datapoint in two slots: created on first need.
  let merger: SensitivityAccumulator | null = null;
  const kinks = new Map<number, readonly Float64Array[]>();
  const warnings = new Map<number, readonly EvaluationWarning[]>();
  for (let c = 0; c < count; c++) {
    const base = slotStart[c] as number;
    const size = (slotStart[c + 1] as number) - base;
    const compiled = blueprint[c] as CompiledBlueprint;
    const starts = inputStart[c] as Int32Array;
    for (let k = 0; k < size; k++) magnitudes[k] = siMagnitudes[slots[base + k] as number] as number;
    compiled.evaluateInto(magnitudes, 0, starts, written, base, values, c);
    // Not finite only for a component no entry reads: preparation refused every entry reading one (prepare/refusal.ts,
    // the same blueprint at the same magnitudes) and prepared the graph again without them. Its figures are never read;
    // its derivatives are cleared all the same.
    if (!Number.isFinite(values[c] as number)) {
      gradients.fill(0, base, plan === null ? base : base + size);
      continue;
    }
    if (compiled.hasBranches) {
      const found = branchWarnings(prepared, c, magnitudes.subarray(0, size), starts);
      if (found !== null) warnings.set(c, found);
    }
    if (plan === null) continue;
    const candidates = compiled.mayKink ? compiled.kinkGradients(magnitudes, starts) : null;
    if (candidates !== null) {
      kinks.set(c, candidates);
      gradients.set(ownPreferred(prepared, base, candidates), base);
    }
    if (plan.componentRepeats[c] === 1) {
      merger ??= new SensitivityAccumulator(siMagnitudes.length);
      standardDeviations[c] = mergedStandardDeviation(slots, base, base + size, gradients, siStandardDeviations, merger);
    } else standardDeviations[c] = keptStandardDeviation(slots, base, base + size, gradients, siStandardDeviations);
    if (prepared.correlations.partners.size > 0 && !Number.isNaN(standardDeviations[c] as number)) {
      const span = { datapoints: slots, coefficients: gradients, from: base, to: base + size };
      standardDeviations[c] = withCovariances(prepared, span, standardDeviations[c] as number);
    }
  }
  return { values, standardDeviations, gradients, kinks, warnings };
}

/** A component's standard deviation with the covariance terms of its correlated datapoints (declared, or of a sample set's rows). */
function withCovariances(prepared: PreparedGraph, span: MergedTerms, sd: number): number {
  const terms = covarianceTermsOf(prepared, span);
  if (terms === null) return sd;
  return Math.sqrt(Math.max(0, sd * sd + covarianceSum(terms)));
}

/** The candidate gradient that gives the component itself the larger variance (kink-choice.ts). */
export function ownPreferred(prepared: PreparedGraph, base: number, candidates: readonly Float64Array[]): Float64Array {
  let best: { gradient: Float64Array; candidate: KinkCandidate } | null = null;
  for (const gradient of candidates) {
    const candidate = slotCandidate(prepared, base, gradient);
    if (best === null || isPreferred(candidate, best.candidate, prepared.datapointIds)) best = { gradient, candidate };
  }
  return (best as { gradient: Float64Array }).gradient;
}

/** A component's gradient over its slots as merged terms by datapoint, with their variance. */
export function slotCandidate(prepared: PreparedGraph, base: number, gradient: Float64Array, scale = 1): KinkCandidate {
  const terms = new Map<number, number>();
  for (let k = 0; k < gradient.length; k++) {
    const d = prepared.components.slots[base + k] as number;
    terms.set(d, (terms.get(d) ?? 0) + scale * (gradient[k] as number));
  }
  return { variance: varianceOfTerms(terms, prepared.siStandardDeviations), terms };
}

/**
 * The standard deviation of a component that reaches each datapoint once, its slots `from` to `to`
 * (datapoint `slots[k]`, derivative `gradients[k]`): the square root of a plain sum of squares. NaN
 * when none of its datapoints has a standard deviation.
 */
function keptStandardDeviation(
  slots: Int32Array,
  from: number,
  to: number,
  gradients: Float64Array,
  siStandardDeviations: readonly number[],
): number {
  let variance = 0;
  let anyGiven = false;
  for (let k = from; k < to; k++) {
    const s = siStandardDeviations[slots[k] as number] as number;
    if (Number.isNaN(s)) continue;
    anyGiven = true;
    const u = (gradients[k] as number) * s;
    variance += u * u;
  }
  return anyGiven ? Math.sqrt(variance) : Number.NaN;
}

/** The same for a component that reaches a datapoint in two slots: its derivatives add first. */
function mergedStandardDeviation(
  slots: Int32Array,
  from: number,
  to: number,
  gradients: Float64Array,
  siStandardDeviations: readonly number[],
  merger: SensitivityAccumulator,
): number {
  merger.reset();
  for (let k = from; k < to; k++) merger.add(slots[k] as number, gradients[k] as number, 1);
  const variance = merger.propagatedVariance(siStandardDeviations);
  merger.reset();
  return Number.isNaN(variance) ? Number.NaN : Math.sqrt(variance);
}
