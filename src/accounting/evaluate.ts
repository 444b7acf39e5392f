/**
 * Evaluation of GHG entries (semantics.md section 3 and 5): each component once (value and
 * gradient from its compiled program), then per entry the signed sum, the merged sensitivities,
 * the variance, the discount, the budget and the credit allocation.
 */
import type { GraphIssue } from '../model';
import { createNormalSource, createRandomSource, summariseSample, type SensitivityAccumulator } from '../uncertainty';
import { amortiseProjectComponents, attributionFactor, countsAsGrossSequestration, SHARE_STATE, type AmortisedShares } from './amortisation';
import { attachBudget, BudgetTerms } from './budget';
import { compareStrings } from './compare-strings';
import { creditsOfNetInto } from './credits';
import { packedDoubles } from './doubles';
import { GraphValidationError } from './errors';
import { mergePlanOf, type MergePlan } from './merge-plan';
import { scratchAccumulator, scratchFor } from './scratch';
import type { AccountingPolicies } from './policies';
import { prepareGraph, type PreparedGraph } from './prepare';
import type {
  ComponentResult,
  EvaluationResult,
  GhgEntryResult,
  GhgStatementResult,
  MonteCarloHistogram,
  MonteCarloSummary,
  ProjectComponentShareResult,
  ReusedDatapoint,
} from './result';
import { totalGhgStatementEntries } from './statement-totals';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * Options of {@link evaluateGraph}.
 * @public
 */
export interface EvaluateOptions {
  /** Policies to override (see `DEFAULT_ACCOUNTING_POLICIES`). */
  readonly policies?: Partial<AccountingPolicies>;
  /**
   * Whether to propagate uncertainty (default true). When false, standard deviations are null, no
   * discount is applied and budgets are empty: a faster what-if evaluation of the magnitudes only.
   */
  readonly propagate?: boolean;
  /**
   * Adds a Monte Carlo cross-check to every entry: normal datapoints sampled with a fixed seed.
   * `histogramBins` (1 to 1000) also counts each entry's sampled nets in that many equal bins.
   */
  readonly monteCarlo?: { readonly samples: number; readonly seed: number; readonly histogramBins?: number };
}

/**
 * Outcome of the non-throwing evaluation functions.
 * @public
 */
export type EvaluationOutcome =
  | { readonly ok: true; readonly result: EvaluationResult }
  | { readonly ok: false; readonly issues: readonly GraphIssue[] };

/**
 * Validates and evaluates a removal graph document. Throws {@link GraphValidationError} (listing
 * every problem with its path) when the document is invalid; never any other error for bad data.
 * Deterministic: the same document gives a byte-identical result.
 * @public
 */
export function evaluateGraph(graph: unknown, options: EvaluateOptions = {}): EvaluationResult {
  const outcome = safeEvaluateGraph(graph, options);
  if (!outcome.ok) throw new GraphValidationError(outcome.issues);
  return outcome.result;
}

/**
 * Like {@link evaluateGraph} but returns the problems instead of throwing.
 * @public
 */
export function safeEvaluateGraph(graph: unknown, options: EvaluateOptions = {}): EvaluationOutcome {
  const prepared = prepareGraph(graph, options.policies);
  if (!prepared.ok) return prepared;
  return evaluatePreparedGraph(prepared.prepared, options);
}

/**
 * Evaluates a graph prepared by `prepareGraph` (validation and compilation done once). Returns
 * problems for data that validation cannot see, such as a formula that evaluates to NaN.
 * @public
 */
export function evaluatePreparedGraph(prepared: PreparedGraph, options: EvaluateOptions = {}): EvaluationOutcome {
  if (options.monteCarlo !== undefined) {
    const { samples, seed, histogramBins } = options.monteCarlo;
    if (!(Number.isInteger(samples) && samples >= 2 && samples <= 10_000_000) || !Number.isInteger(seed)) {
      return {
        ok: false,
        issues: [{ path: ['options', 'monteCarlo'], code: 'invalid_option', message: `monteCarlo needs an integer samples in [2, 10000000] and an integer seed; got samples=${String(samples)}, seed=${String(seed)}` }],
      };
    }
    if (histogramBins !== undefined && !(Number.isInteger(histogramBins) && histogramBins >= 1 && histogramBins <= 1000)) {
      return {
        ok: false,
        issues: [{ path: ['options', 'monteCarlo', 'histogramBins'], code: 'invalid_option', message: `histogramBins must be an integer in [1, 1000]; got ${String(histogramBins)}` }],
      };
    }
  }
  const propagate = options.propagate ?? true;
  const policies = prepared.policies;
  const { components, siMagnitudes, siStandardDeviations } = prepared;

  // Each component once, whatever the number of entries sharing it. The arrays worked in are the
  // shared scratch (scratch.ts): none of them reaches the result.
  const plan = propagate ? mergePlanOf(prepared) : null;
  const slotStart = plan === null ? NO_SLOTS : plan.slotStart;
  const scratch = scratchFor(components, {
    components: components.length,
    slots: slotStart[slotStart.length - 1] ?? 0,
    maxSlots: prepared.maxSlots,
    entries: prepared.entries.length,
  });
  const { componentValues, componentStandardDeviation, gradients, values, gradient } = scratch;
  // Created on first need: most graphs never merge through it.
  let merger: SensitivityAccumulator | null = null;
  const accumulator = (): SensitivityAccumulator => (merger ??= scratchAccumulator(scratch, prepared.datapointIds.length));
  const issues: GraphIssue[] = [];
  for (let c = 0; c < components.length; c++) {
    const component = components[c]!;
    const { slots } = component;
    for (let k = 0; k < slots.length; k++) values[k] = siMagnitudes[slots[k] as number] as number;
    const value = component.blueprint.evaluate(values, component.inputStart, propagate ? gradient : null);
    componentValues[c] = value;
    if (!Number.isFinite(value)) {
      issues.push({
        path: ['components', component.documentIndex],
        code: 'not_finite',
        message: `component '${component.id}' evaluates to ${value} with its datapoints (blueprint '${component.blueprint.key}'): check for division by zero or the logarithm or square root of a negative value`,
      });
      continue;
    }
    if (plan === null) continue;
    const base = slotStart[c] as number;
    // Most components reach each datapoint once: their variance is a plain sum of squares. Only a
    // component that reaches one datapoint in two slots merges its derivatives first.
    let variance = 0;
    let anyGiven = false;
    for (let k = 0; k < slots.length; k++) {
      const g = gradient[k] as number;
      gradients[base + k] = g;
      const s = siStandardDeviations[slots[k] as number] as number;
      if (Number.isNaN(s)) continue;
      anyGiven = true;
      const u = g * s;
      variance += u * u;
    }
    if (plan.componentRepeats[c] === 1) {
      const merged = accumulator();
      for (let k = 0; k < slots.length; k++) merged.add(slots[k] as number, gradient[k] as number, 1);
      variance = merged.propagatedVariance(siStandardDeviations);
      merged.reset();
    } else if (!anyGiven) variance = Number.NaN;
    componentStandardDeviation[c] = Number.isNaN(variance) ? Number.NaN : Math.sqrt(variance);
  }
  if (issues.length > 0) return { ok: false, issues };

  // Second pass: statement gross sequestration, then the amortised project-component shares.
  const amortised = amortiseProjectComponents(prepared, componentValues, siMagnitudes);
  const shareGradients =
    propagate && policies.amortisedShareInPropagation === 'propagated' && prepared.amortisations.length > 0
      ? shareGradientsOf(prepared, amortised, componentValues, gradients, slotStart)
      : null;

  const monteCarlo = options.monteCarlo === undefined ? undefined : runMonteCarlo(prepared, options.monteCarlo, amortised.shares);

  // Three passes over the entries: the numbers, the credits, then the result objects. The credits'
  // decimals are garbage the moment they are read; made before any result object exists, they are
  // collected with nothing else young to copy, instead of dragging 100,000s of component results
  // through every scavenge.
  const entryCount = prepared.entries.length;
  const { entryNet, entryStandardDeviation, credits } = scratch;

  // 1. Each entry's net and merged sensitivities, kept for its budget. The merge plan gives every
  // derivative its place; only an entry whose amortised share adds derivatives of its own (policy
  // `propagated`) merges through the accumulator.
  const budgets = plan === null ? null : new BudgetTerms(prepared, plan);
  // Written at the plan's positions; a new array for every evaluation, so zero to begin with.
  const termCoefficients = budgets === null ? NO_TERMS : budgets.coefficients;
  const reusedOfAppended = new Map<number, ReusedDatapoint[]>();
  for (let e = 0; e < entryCount; e++) {
    const entry = prepared.entries[e]!;
    let net = 0;
    const planned = budgets !== null && plan !== null && (shareGradients === null || plan.hasShareSlot[e] === 0);
    // Planned merge: entry e's terms are at `termAt` onwards, each derivative added at its place.
    const termAt = planned ? (plan.termStart[e] as number) : 0;
    let scatterAt = planned ? (plan.scatterStart[e] as number) : 0;
    for (const attribution of entry.attributions) {
      const c = attribution.component;
      const v = componentValues[c] as number;
      const coefficient = attribution.sign * attributionFactor(attribution, siMagnitudes, amortised.shares);
      net += coefficient * v;
      if (planned) {
        const base = slotStart[c] as number;
        const end = slotStart[c + 1] as number;
        const scatter = plan.scatter;
        for (let k = base; k < end; k++) {
          const j = termAt + (scatter[scatterAt++] as number);
          termCoefficients[j] = (termCoefficients[j] as number) + coefficient * (gradients[k] as number);
        }
        if (attribution.factorDatapoint >= 0) {
          const j = termAt + (scatter[scatterAt++] as number);
          termCoefficients[j] = (termCoefficients[j] as number) + attribution.sign * v;
        }
      } else if (propagate) {
        const base = slotStart[c] as number;
        const { slots, slotUses } = components[c]!;
        const merged = accumulator();
        for (let k = 0; k < slots.length; k++) merged.add(slots[k] as number, coefficient * (gradients[base + k] as number), slotUses[k] as number);
        if (attribution.factorDatapoint >= 0) merged.add(attribution.factorDatapoint, attribution.sign * v, 1);
        const shareGradient = shareGradients === null || attribution.shareSlot === undefined ? null : shareGradients[attribution.shareSlot];
        if (shareGradient !== null && shareGradient !== undefined) {
          const scale = (attribution.sign * v) / (attribution.divisor ?? 1);
          for (const [d, g] of shareGradient) merged.add(d, scale * g, 1);
        }
      }
    }
    entryNet[e] = net;
    // NaN stands for null: a variance that is not NaN has a square root that is not NaN.
    let standardDeviation = Number.NaN;
    if (budgets !== null) {
      let variance: number;
      if (planned) {
        // The same sum as the accumulator's, in the same order (unused datapoints add 0 at the end).
        variance = 0;
        let anyGiven = false;
        const { termDatapoint } = plan;
        for (let j = termAt; j < (plan.termStart[e + 1] as number); j++) {
          const s = siStandardDeviations[termDatapoint[j] as number] as number;
          if (Number.isNaN(s)) continue;
          anyGiven = true;
          const u = (termCoefficients[j] as number) * s;
          variance += u * u;
        }
        if (!anyGiven) variance = Number.NaN;
        budgets.endPlannedEntry(e, variance);
      } else {
        const merged = accumulator();
        variance = merged.propagatedVariance(siStandardDeviations);
        // The merged terms in the order first reached; the budget lines are made from them when read.
        const reused: ReusedDatapoint[] = [];
        for (let k = 0; k < merged.size; k++) {
          const d = merged.touchedIndex(k);
          const uses = merged.uses(d);
          if (uses === 0) continue;
          if (uses > 1) reused.push({ datapoint_id: prepared.datapointIds[d] as string, uses });
          budgets.push(d, merged.coefficient(d));
        }
        merged.reset();
        if (reused.length > 1) reused.sort((a, b) => compareStrings(a.datapoint_id, b.datapoint_id));
        reusedOfAppended.set(e, reused);
        budgets.endAppendedEntry(e, variance);
      }
      if (!Number.isNaN(variance)) standardDeviation = Math.sqrt(variance);
      else if (policies.standardDeviationWithoutInputs === 'zero') standardDeviation = 0;
    }
    entryStandardDeviation[e] = standardDeviation;
  }

  // 2. The credits of every entry, in exact decimals.
  for (let e = 0; e < entryCount; e++) {
    const standardDeviation = entryStandardDeviation[e] as number;
    const discount = Number.isNaN(standardDeviation) ? 0 : standardDeviation * policies.discountCoverageFactor;
    creditsOfNetInto((entryNet[e] as number) - discount, prepared.entries[e]!.riskOfReversalPercentage, policies, credits, e);
  }

  // 3. The result objects.
  // Arrays made at their final length: pushing 20 components grows a backing store of 17 slots into
  // one of 41, which the copy and the slack make twice the memory of the exact array.
  const results = new Array<GhgEntryResult>(entryCount);
  for (let e = 0; e < entryCount; e++) {
    const entry = prepared.entries[e]!;
    const { attributions } = entry;
    const componentResults = new Array<ComponentResult>(attributions.length);
    for (let a = 0; a < attributions.length; a++) {
      const attribution = attributions[a]!;
      const c = attribution.component;
      const component = components[c]!;
      const v = componentValues[c] as number;
      const factor = attributionFactor(attribution, siMagnitudes, amortised.shares);
      const sd = componentStandardDeviation[c] as number;
      const componentResult: ComponentResult = {
        component_id: component.id,
        type: component.blueprint.type,
        attribution_factor: factor,
        co2e_kg: v * factor + 0, // + 0 turns -0 into 0
        contribution_kg: attribution.sign * factor * v + 0,
        standard_deviation_kg: !propagate || Number.isNaN(sd) ? null : sd * factor,
      };
      // Spread only for the rare statement or project attribution: a spread in the literal costs a
      // runtime call for each of 100,000s of results.
      componentResults[a] =
        attribution.scope === undefined || attribution.scope === 'REMOVAL' ? componentResult : { ...componentResult, attribution_scope: attribution.scope };
    }
    const reused = plan === null ? [] : (reusedOfAppended.get(e) ?? plannedReusedDatapoints(prepared, plan, e));
    const net = entryNet[e] as number;
    const standardDeviation = entryStandardDeviation[e] as number;
    const discount = Number.isNaN(standardDeviation) ? 0 : standardDeviation * policies.discountCoverageFactor;
    const result = {
      id: entry.id,
      co2e_net_removed_kg: net - discount,
      co2e_net_removed_without_discount_kg: net,
      co2e_net_removed_standard_deviation_kg: Number.isNaN(standardDeviation) ? null : standardDeviation,
      risk_of_reversal_percentage: entry.riskOfReversalPercentage,
      issuable_kg: credits.issuable[e] as number,
      credit_allocation:
        entry.riskOfReversalPercentage === null
          ? null
          : { buffer_pool_contribution_kg: credits.buffer[e] as number, supplier_allocation_kg: credits.supplier[e] as number },
      components: componentResults,
      reused_datapoints: reused,
    } as Omit<Mutable<GhgEntryResult>, 'uncertainty_budget'> as Mutable<GhgEntryResult>;
    if (budgets === null) result.uncertainty_budget = [];
    else attachBudget(result, budgets, e);
    if (monteCarlo !== undefined) result.monte_carlo = monteCarlo[e] as MonteCarloSummary;
    results[e] = result;
  }
  if (prepared.graph.ghg_statements === undefined) return { ok: true, result: { ghg_entries: results } };
  return { ok: true, result: { ghg_entries: results, ghg_statements: statementResults(prepared, results, amortised) } };
}

/** Each statement's totals and its shares of the project's amortised components. */
function statementResults(prepared: PreparedGraph, entries: readonly GhgEntryResult[], amortised: AmortisedShares): GhgStatementResult[] {
  return prepared.statements.map((statement, s) => {
    const members = Array.from(statement.entries, (e) => entries[e] as GhgEntryResult);
    const totals = totalGhgStatementEntries(members, prepared.policies);
    const shares: ProjectComponentShareResult[] = [];
    for (const amortisation of prepared.amortisations) {
      for (const slot of amortisation.slots) {
        if (slot.statement !== s) continue;
        const state = amortised.state[slot.slot];
        if (state === SHARE_STATE.none) continue;
        const raw = amortised.raw[slot.slot] as number;
        shares.push({
          component_id: amortisation.componentId,
          allocation_strategy: amortisation.strategy,
          share: amortised.shares[slot.slot] as number,
          share_before_cap: Number.isNaN(raw) ? null : raw,
          capped: state === SHARE_STATE.capped,
          frozen: state === SHARE_STATE.fixed,
        });
      }
    }
    const ids = members.map((m) => m.id);
    return {
      id: statement.id,
      project_id: statement.projectId,
      status: statement.status,
      reporting_period_start_at: statement.reportingPeriodStart,
      reporting_period_end_at: statement.reportingPeriodEnd,
      ghg_entry_ids: ids,
      removal_ids: ids,
      gross_sequestration_kg: amortised.gross[s] as number,
      total_co2e_removed_kg: totals.total_co2e_removed_kg,
      issuable_kg: totals.issuable_kg,
      credit_allocation: totals.credit_allocation,
      ghg_entries: totals.ghg_entries,
      project_component_shares: shares,
    };
  });
}

/** Entry e's datapoints used more than once, as the merge plan lists them (by id). */
function plannedReusedDatapoints(prepared: PreparedGraph, plan: MergePlan, e: number): ReusedDatapoint[] {
  const from = plan.reusedStart[e] as number;
  const reused = new Array<ReusedDatapoint>((plan.reusedStart[e + 1] as number) - from);
  for (let r = 0; r < reused.length; r++) {
    reused[r] = { datapoint_id: prepared.datapointIds[plan.reusedDatapoint[from + r] as number] as string, uses: plan.reusedUses[from + r] as number };
  }
  return reused;
}

const NO_TERMS = new Float64Array(0);
const NO_SLOTS = new Int32Array(1);

/**
 * Derivatives of the tonnage shares (policy `propagated`): a share under the cap is the statement's
 * gross sequestration over the project tonnage; a capped share is what earlier shares left, so its
 * derivative is minus theirs. Sparse, keyed by datapoint index; null where the share is constant.
 */
function shareGradientsOf(
  prepared: PreparedGraph,
  amortised: AmortisedShares,
  componentValues: Float64Array,
  gradients: Float64Array,
  slotStart: Int32Array,
): (Map<number, number> | null)[] {
  const noShares = new Float64Array(0);
  const grossGradients = prepared.statements.map((statement) => {
    const g = new Map<number, number>();
    for (const e of statement.entries) {
      for (const attribution of prepared.entries[e]?.attributions ?? []) {
        if (!countsAsGrossSequestration(prepared, attribution)) continue;
        const factor = attributionFactor(attribution, prepared.siMagnitudes, noShares);
        const component = prepared.components[attribution.component]!;
        const base = slotStart[attribution.component] as number;
        component.slots.forEach((d, k) => g.set(d, (g.get(d) ?? 0) + factor * (gradients[base + k] as number)));
        const fd = attribution.factorDatapoint;
        if (fd >= 0) g.set(fd, (g.get(fd) ?? 0) + (componentValues[attribution.component] as number));
      }
    }
    return g;
  });
  const out = new Array<Map<number, number> | null>(prepared.shareSlotCount).fill(null);
  for (const amortisation of prepared.amortisations) {
    if (amortisation.strategy !== 'ESTIMATED_PROJECT_TONNAGE') continue;
    const cumulative = new Map<number, number>();
    for (const slot of amortisation.slots) {
      if (!((amortised.shares[slot.slot] as number) > 0)) continue;
      const state = amortised.state[slot.slot];
      let g: Map<number, number> | null = null;
      if (state === SHARE_STATE.computed) {
        g = new Map<number, number>();
        for (const [d, c] of grossGradients[slot.statement] ?? []) g.set(d, c / amortisation.estimatedGrossTonnageKg);
      } else if (state === SHARE_STATE.capped) {
        g = new Map<number, number>();
        for (const [d, c] of cumulative) g.set(d, -c);
      }
      if (g === null) continue;
      out[slot.slot] = g;
      for (const [d, c] of g) cumulative.set(d, (cumulative.get(d) ?? 0) + c);
    }
  }
  return out;
}

/**
 * Samples every datapoint with a standard deviation from a normal distribution (SI), evaluates
 * every component without gradients, and summarises each entry's net without discount.
 */
function runMonteCarlo(prepared: PreparedGraph, options: NonNullable<EvaluateOptions['monteCarlo']>, shares: Float64Array): MonteCarloSummary[] {
  const { samples, seed, histogramBins } = options;
  const { components, siMagnitudes, siStandardDeviations, entries } = prepared;
  const normal = createNormalSource(createRandomSource(seed));
  const sampled = packedDoubles(siMagnitudes.length);
  const values = new Float64Array(prepared.maxSlots);
  const componentValues = new Float64Array(components.length);
  const netSamples = entries.map(() => new Float64Array(samples));
  for (let s = 0; s < samples; s++) {
    for (let d = 0; d < sampled.length; d++) {
      const sd = siStandardDeviations[d] as number;
      sampled[d] = Number.isNaN(sd) || sd === 0 ? (siMagnitudes[d] as number) : (siMagnitudes[d] as number) + sd * normal();
    }
    for (let c = 0; c < components.length; c++) {
      const component = components[c]!;
      const { slots } = component;
      for (let k = 0; k < slots.length; k++) values[k] = sampled[slots[k] as number] as number;
      componentValues[c] = component.blueprint.evaluate(values, component.inputStart, null);
    }
    for (let e = 0; e < entries.length; e++) {
      let net = 0;
      for (const attribution of entries[e]!.attributions) {
        // Amortised shares keep their evaluated values: the samples vary the datapoints only.
        const factor = attributionFactor(attribution, sampled, shares);
        net += attribution.sign * factor * (componentValues[attribution.component] as number);
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
