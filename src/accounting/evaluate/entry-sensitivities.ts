/**
 * The first pass over an entry (docs/rules.md#evaluating-a-ghg-entry): its signed sum, and with propagation its
 * merged sensitivities and variance. A datapoint reached along several paths is one variable: its
 * derivatives add before squaring. The merge plan gives every derivative its place in the entry's
 * terms; only an entry whose amortised share adds derivatives of its own (policy `propagated`)
 * merges through the accumulator. Internal to accounting.
 */
import { SensitivityAccumulator } from '../../uncertainty';
import { attributionFactor } from '../amortisation';
import type { BudgetTerms } from './budget';
import { covarianceSum, covarianceTermsOf, type MergedTerms } from './covariance';
import { compareStrings } from '../compare-strings';
import type { EntryInputs } from './entry-inputs';
import { type KinkCandidate, preferredCombination, varianceOfTerms } from './kink-choice';
import type { ReusedDatapoint } from '../result';

/** The first pass of the entries of one evaluation; see the module comment. */
export class EntrySensitivities {
  /** The reused datapoints of each entry merged through the accumulator (the plan lists the others'). */
  readonly reusedOfAppended = new Map<number, ReusedDatapoint[]>();
  private merger: SensitivityAccumulator | null = null;
  /** The components' gradients with an entry's chosen branches written in, while a kinked entry is evaluated. */
  private overlay: Float64Array | null = null;
  /** Merges the candidates of a kinked entry, one combination of branches at a time. */
  private trial: SensitivityAccumulator | null = null;

  constructor(
    private readonly inputs: EntryInputs,
    private readonly budgets: BudgetTerms | null,
  ) {}

  /**
   * Entry e's net without discount and standard deviation (NaN for none), written to row `row`;
   * with propagation, its terms are recorded in the budget.
   */
  evaluateInto(e: number, nets: Float64Array, standardDeviations: Float64Array, row: number): void {
    const { plan, shareGradients, components } = this.inputs;
    let variance = Number.NaN;
    // Kinks are recorded only with a plan (components.ts), and the budgets exist exactly when the plan does (entries.ts).
    const kinked = components.kinks.size === 0 ? [] : this.kinkedComponents(e);
    const gradients = kinked.length === 0 ? components.gradients : this.chooseBranches(e, kinked);
    if (plan === null) nets[row] = this.netOnly(e);
    else if (shareGradients === null || plan.hasShareSlot[e] === 0) variance = this.planned(e, nets, row, gradients);
    else variance = this.appended(e, nets, row, gradients);
    let standardDeviation = Number.NaN;
    if (this.budgets !== null) {
      if (!Number.isNaN(variance)) standardDeviation = Math.sqrt(variance);
      else if (this.inputs.prepared.policies.standardDeviationWithoutInputs === 'zero') standardDeviation = 0;
    }
    standardDeviations[row] = standardDeviation;
  }

  /** The signed sum alone (no propagation). */
  private netOnly(e: number): number {
    const { prepared, components, amortised } = this.inputs;
    const { attributionStart, attributions } = prepared.entries;
    let net = 0;
    for (let a = attributionStart[e] as number; a < (attributionStart[e + 1] as number); a++) {
      net +=
        (attributions.sign[a] as number) *
        attributionFactor(attributions, a, prepared.siMagnitudes, amortised.shares) *
        (components.values[attributions.component[a] as number] as number);
    }
    return net;
  }

  /**
   * Net and variance of an entry merged by the plan: each derivative added at its planned
   * position (entry e's terms are at `termStart[e]` onwards); the variance is the accumulator's
   * sum in the accumulator's order (unused datapoints add 0 at the end).
   */
  private planned(e: number, nets: Float64Array, row: number, gradients: Float64Array): number {
    const { prepared, components, amortised } = this.inputs;
    const plan = this.inputs.plan!;
    const budgets = this.budgets!;
    const { siMagnitudes, siStandardDeviations } = prepared;
    const { attributionStart, attributions } = prepared.entries;
    const { slotStart } = prepared.components;
    const { scatter, termDatapoint } = plan;
    const { values } = components;
    const terms = budgets.coefficients;
    const termAt = plan.termStart[e] as number;
    let scatterAt = plan.scatterStart[e] as number;
    let net = 0;
    for (let a = attributionStart[e] as number; a < (attributionStart[e + 1] as number); a++) {
      const c = attributions.component[a] as number;
      const v = values[c] as number;
      const sign = attributions.sign[a] as number;
      const coefficient = sign * attributionFactor(attributions, a, siMagnitudes, amortised.shares);
      net += coefficient * v;
      const end = slotStart[c + 1] as number;
      for (let k = slotStart[c] as number; k < end; k++) {
        const j = termAt + (scatter[scatterAt++] as number);
        terms[j] = (terms[j] as number) + coefficient * (gradients[k] as number);
      }
      if ((attributions.factorDatapoint[a] as number) >= 0) {
        const j = termAt + (scatter[scatterAt++] as number);
        terms[j] = (terms[j] as number) + sign * v;
      }
    }
    nets[row] = net;
    let variance = 0;
    let anyGiven = false;
    for (let j = termAt; j < (plan.termStart[e + 1] as number); j++) {
      const s = siStandardDeviations[termDatapoint[j] as number] as number;
      if (Number.isNaN(s)) continue;
      anyGiven = true;
      const u = (terms[j] as number) * s;
      variance += u * u;
    }
    if (!anyGiven) variance = Number.NaN;
    else if (prepared.correlations.partners.size > 0)
      variance = this.withCovariances(e, variance, {
        datapoints: termDatapoint,
        coefficients: terms,
        from: termAt,
        to: plan.termStart[e + 1] as number,
      });
    budgets.endPlannedEntry(e, variance);
    return variance;
  }

  /** Net and variance of an entry merged through the accumulator, its terms appended to the budget. */
  private appended(e: number, nets: Float64Array, row: number, gradients: Float64Array): number {
    const { prepared, amortised, components } = this.inputs;
    const merged = (this.merger ??= new SensitivityAccumulator(prepared.datapointIds.length));
    const { attributionStart, attributions } = prepared.entries;
    let net = 0;
    for (let a = attributionStart[e] as number; a < (attributionStart[e + 1] as number); a++) {
      const coefficient = (attributions.sign[a] as number) * attributionFactor(attributions, a, prepared.siMagnitudes, amortised.shares);
      net += coefficient * (components.values[attributions.component[a] as number] as number);
      this.addAttribution(merged, a, coefficient, gradients);
    }
    nets[row] = net;
    let variance = merged.propagatedVariance(prepared.siStandardDeviations);
    // The merged terms in the order first reached; the budget lines are made from them when read.
    const reused: ReusedDatapoint[] = [];
    const budgets = this.budgets!;
    for (let k = 0; k < merged.size; k++) {
      const d = merged.touchedIndex(k);
      const uses = merged.uses(d);
      if (uses === 0) continue;
      if (uses > 1) reused.push({ datapoint_id: prepared.datapointIds[d] as string, uses });
      budgets.push(d, merged.coefficient(d));
    }
    merged.reset();
    if (!Number.isNaN(variance) && prepared.correlations.partners.size > 0) {
      const { appendedDatapoints, appendedCoefficients } = budgets.appendedTerms();
      variance = this.withCovariances(e, variance, {
        datapoints: appendedDatapoints,
        coefficients: appendedCoefficients,
        from: budgets.appendedEntryStart,
        to: budgets.appendedEntryEnd,
      });
    }
    if (reused.length > 1) reused.sort((a, b) => compareStrings(a.datapoint_id, b.datapoint_id));
    this.reusedOfAppended.set(e, reused);
    budgets.endAppendedEntry(e, variance);
    return variance;
  }

  /**
   * The variance plus the covariance terms of the correlated pairs among the merged terms, the
   * terms recorded for the budget (never below 0: round-off of r = -1 pairs).
   */
  private withCovariances(e: number, variance: number, merged: MergedTerms): number {
    const terms = covarianceTermsOf(this.inputs.prepared, merged);
    if (terms === null) return variance;
    this.budgets!.covariances.set(e, terms);
    return Math.max(0, variance + covarianceSum(terms));
  }

  /** Attribution row a's derivatives, its factor datapoint's and its amortised share's, into `merged`. */
  private addAttribution(merged: SensitivityAccumulator, a: number, coefficient: number, gradients: Float64Array): void {
    const { prepared, components, shareGradients } = this.inputs;
    const { attributions } = prepared.entries;
    const { slots, slotStart } = prepared.components;
    const c = attributions.component[a] as number;
    const sign = attributions.sign[a] as number;
    const v = components.values[c] as number;
    const base = slotStart[c] as number;
    const slotUses = prepared.components.slotUses[c] as Int32Array;
    for (let k = 0; k < slotUses.length; k++)
      merged.add(slots[base + k] as number, coefficient * (gradients[base + k] as number), slotUses[k] as number);
    const factorDatapoint = attributions.factorDatapoint[a] as number;
    if (factorDatapoint >= 0) merged.add(factorDatapoint, sign * v, 1);
    const slot = attributions.shareSlot[a] as number;
    const shareGradient = shareGradients === null || slot < 0 ? null : shareGradients[slot];
    if (shareGradient !== null && shareGradient !== undefined) {
      const scale = (sign * v) / (attributions.divisor[a] as number);
      for (const [d, g] of shareGradient) merged.add(d, scale * g, 1);
    }
  }

  /** The distinct components of entry e whose formulas have a kink, in component id order. */
  private kinkedComponents(e: number): number[] {
    const { prepared, components } = this.inputs;
    const { attributionStart, attributions } = prepared.entries;
    const found = new Set<number>();
    for (let a = attributionStart[e] as number; a < (attributionStart[e + 1] as number); a++) {
      const c = attributions.component[a] as number;
      if (components.kinks.has(c)) found.add(c);
    }
    const ids = prepared.components.ids;
    return [...found].sort((x, y) => compareStrings(ids[x] as string, ids[y] as string));
  }

  /**
   * The gradients entry e is evaluated with: for each kinked component, the candidate of the
   * combination that gives the entry the larger variance (kink-choice.ts), written into the
   * overlay. It is never restored: only kinked components' slots are written, and an entry reading
   * one has it in its own kinked list, so its slots are written again before the entry reads them.
   */
  private chooseBranches(e: number, kinked: readonly number[]): Float64Array {
    const { prepared, components, amortised } = this.inputs;
    const overlay = (this.overlay ??= Float64Array.from(components.gradients));
    const { slotStart } = prepared.components;
    const candidatesOf = kinked.map((c) => components.kinks.get(c) as readonly Float64Array[]);
    const write = (choice: readonly number[]): void =>
      kinked.forEach((c, i) =>
        overlay.set((candidatesOf[i] as readonly Float64Array[])[choice[i] as number] as Float64Array, slotStart[c] as number),
      );
    const trial = (this.trial ??= new SensitivityAccumulator(prepared.datapointIds.length));
    const { attributionStart, attributions } = prepared.entries;
    const evaluate = (choice: readonly number[]): KinkCandidate => {
      write(choice);
      for (let a = attributionStart[e] as number; a < (attributionStart[e + 1] as number); a++) {
        const coefficient = (attributions.sign[a] as number) * attributionFactor(attributions, a, prepared.siMagnitudes, amortised.shares);
        this.addAttribution(trial, a, coefficient, overlay);
      }
      const terms = new Map<number, number>();
      for (let k = 0; k < trial.size; k++) terms.set(trial.touchedIndex(k), trial.coefficient(trial.touchedIndex(k)));
      trial.reset();
      return { variance: varianceOfTerms(terms, prepared.siStandardDeviations), terms };
    };
    // The fallback's start: each component's own preferred branch, the one `gradients` holds.
    const start = kinked.map((c, i) => {
      const base = slotStart[c] as number;
      const at = (candidatesOf[i] as readonly Float64Array[]).findIndex((g) =>
        g.every((v, k) => Object.is(v, components.gradients[base + k])),
      );
      return Math.max(0, at);
    });
    write(
      preferredCombination(
        candidatesOf.map((list) => list.length),
        start,
        evaluate,
        prepared.datapointIds,
      ),
    );
    return overlay;
  }
}
