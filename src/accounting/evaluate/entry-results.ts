/**
 * The third pass over an entry: its result object (docs/result.md), from the figures of
 * the first two passes. Its budget lines are made when `uncertainty_budget` is first read
 * (lazy-entry-fields.ts, budget.ts). Internal to accounting.
 */
import { attributionFactor } from '../amortisation';
import type { BudgetTerms } from './budget';
import type { CreditColumns } from '../credits/credits';
import type { EntryInputs } from './entry-inputs';
import type { EntrySensitivities } from './entry-sensitivities';
import type { MergePlan } from '../prepare/merge-plan';
import type { CompiledBlueprint } from '../../expressions';
import { ATTRIBUTION_SCOPES, type PreparedGraph } from '../prepare/prepared-graph';
import type { AttributionScope } from '../prepare/statement-parts';
import type { ComponentResult, EvaluationWarning, GhgEntryResult, MonteCarloSummary, ReusedDatapoint } from '../result';
import { entryWarnings, sortWarnings } from '../warnings';
import type { MonteCarloRun } from '../monte-carlo/run';
import { firstOrderWarning } from '../monte-carlo/warnings';
import { firstOrderNetAfterDiscount } from './discount';
import { ExpressionValues } from './expression-values';
import { attachBudget, attachComponents, type ComponentResultsMaker } from './lazy-entry-fields';
import { attachInspect } from './lazy-fields';
import { normalQuantile, studentTQuantile } from '../../uncertainty';

/** A first-order coverage interval (docs/result.md). */
type CoverageInterval = NonNullable<GhgEntryResult['coverage_interval']>;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The figures of an entry from the first two passes (entries.ts), that its result reports. */
export interface EntryFigures {
  /** Its signed sum, without discount. */
  readonly net: number;
  /** That less its uncertainty discount. */
  readonly netAfterDiscount: number;
  /** Its first-order standard deviation, NaN for none. */
  readonly standardDeviation: number;
  /** The credits of the chunk being evaluated; the entry's are at row `row`. */
  readonly credits: CreditColumns;
  readonly row: number;
}

/** The first fields of an entry result, in their order (docs/result.md). */
type FirstFields = Pick<
  GhgEntryResult,
  | 'id'
  | 'co2e_net_removed_kg'
  | 'co2e_net_removed_without_discount_kg'
  | 'co2e_net_removed_standard_deviation_kg'
  | 'risk_of_reversal_percentage'
  | 'issuable_kg'
  | 'credit_allocation'
>;

/**
 * Makes a plain object (its prototype is Object.prototype, as a literal's) with an entry result's
 * first fields. Made by `new`, unlike a literal, it has room for the fields added next (the lazy
 * fields' accessors and private state, the rest of the result's keys) inside the object itself:
 * V8 sizes a constructor's objects by the properties its first objects end up with, where a
 * literal's hold its own keys only and the next ten go to a separate property array, grown (and
 * copied) three times per result. 130 bytes fewer allocated per entry (bench/RESULTS.md, issue
 * 36's ninth pass on the evaluate phase).
 */
function EntryResultFields(
  this: Mutable<FirstFields>,
  id: string,
  netAfterDiscount: number,
  net: number,
  standardDeviation: number | null,
  risk: number | null,
  issuable: number,
  allocation: GhgEntryResult['credit_allocation'],
): void {
  this.id = id;
  this.co2e_net_removed_kg = netAfterDiscount;
  this.co2e_net_removed_without_discount_kg = net;
  this.co2e_net_removed_standard_deviation_kg = standardDeviation;
  this.risk_of_reversal_percentage = risk;
  this.issuable_kg = issuable;
  this.credit_allocation = allocation;
}
EntryResultFields.prototype = Object.prototype;
const EntryResultObject = EntryResultFields as unknown as new (...args: Parameters<typeof EntryResultFields>) => FirstFields;

/** Makes the result objects of the entries of one evaluation. */
export class EntryResults implements ComponentResultsMaker {
  /** Each component's expression values, when the option asks for them. */
  private readonly expressionValues: ExpressionValues | null;

  constructor(
    private readonly inputs: EntryInputs,
    private readonly budgets: BudgetTerms | null,
    private readonly sensitivities: EntrySensitivities,
  ) {
    this.expressionValues = inputs.expressionValues === true ? new ExpressionValues(inputs.prepared) : null;
  }

  /** Entry e's risk of reversal, null when it has none. */
  riskOf(e: number): number | null {
    return this.inputs.prepared.entries.riskOfReversalPercentage[e] as number | null;
  }

  /** Entry e's result from its figures. */
  resultOf(e: number, figures: EntryFigures): GhgEntryResult {
    const { prepared, monteCarlo } = this.inputs;
    const { net, netAfterDiscount, standardDeviation, credits, row } = figures;
    const risk = this.riskOf(e);
    const result = new EntryResultObject(
      prepared.entries.ids[e] as string,
      netAfterDiscount,
      net,
      Number.isNaN(standardDeviation) ? null : standardDeviation,
      risk,
      credits.issuable[row] as number,
      risk === null
        ? null
        : { buffer_pool_contribution_kg: credits.buffer[row] as number, supplier_allocation_kg: credits.supplier[row] as number },
    ) as Mutable<GhgEntryResult>;
    // `components` and `reused_datapoints` next, made when first read (lazy-entry-fields.ts), then the rest in their order.
    attachComponents(result, this, this.budgets, e);
    if (this.budgets === null) {
      result.uncertainty_budget = [];
      attachInspect(result);
    } else {
      attachBudget(result);
      const covariances = this.budgets.covarianceLinesOf(e);
      if (covariances !== undefined) result.uncertainty_budget_covariances = covariances;
    }
    if (this.budgets !== null && this.inputs.coverageProbability !== undefined && !Number.isNaN(standardDeviation)) {
      result.coverage_interval = coverageIntervalOf(
        net,
        standardDeviation,
        this.budgets.effectiveDegreesOfFreedom(e),
        this.inputs.coverageProbability,
      );
    }
    // Warnings last, so that the figures come first in JSON.
    const own = withComponentWarnings(entryWarnings(prepared, e), this.inputs, e);
    const sampled = monteCarlo === undefined ? [] : this.addMonteCarlo(result, e, monteCarlo, figures);
    result.warnings = sampled.length === 0 ? own : [...own, ...sampled];
    return result;
  }

  /** Adds the Monte Carlo summary and the discount's figures under the Monte Carlo method; returns the Monte Carlo warnings. */
  private addMonteCarlo(result: Mutable<GhgEntryResult>, e: number, monteCarlo: MonteCarloRun, figures: EntryFigures): EvaluationWarning[] {
    const { prepared } = this.inputs;
    const { net, standardDeviation } = figures;
    const summary = monteCarlo.summaries[e] as MonteCarloSummary;
    result.monte_carlo = summary;
    const firstOrder = firstOrderNetAfterDiscount(net, standardDeviation, prepared.policies);
    if (prepared.policies.discountMethod === 'monte_carlo') {
      result.uncertainty_discount = {
        method: 'monte_carlo',
        percentile: summary.percentile,
        discount_kg: net - result.co2e_net_removed_kg,
        first_order_co2e_net_removed_kg: firstOrder,
        first_order_discount_kg: net - firstOrder,
      };
    }
    const warnings = [...(monteCarlo.warnings[e] ?? [])];
    const conservative = firstOrderWarning(prepared, e, firstOrder, summary.percentile_16_kg, monteCarlo.percentile16High[e] as number);
    if (conservative !== null) warnings.push(conservative);
    const silenced = prepared.policies.silencedWarnings;
    return silenced.length === 0 ? warnings : warnings.filter((w) => !silenced.includes(w.code));
  }

  /**
   * Entry e's datapoints used more than once, made when its result's `reused_datapoints` is first
   * read (lazy-entry-fields.ts): as the merge plan lists them, or as the accumulator found them for
   * an entry merged through it (entry-sensitivities.ts); none without propagation.
   */
  reusedDatapoints(e: number): ReusedDatapoint[] {
    const { prepared, plan } = this.inputs;
    return plan === null ? [] : (this.sensitivities.reusedOfAppended.get(e) ?? plannedReusedDatapoints(prepared, plan, e));
  }

  /**
   * Entry e's component results, made when its result's `components` is first read
   * (lazy-entry-fields.ts). The array is made at its final length: pushing 20 components grows a
   * backing store of 17 slots into one of 41, twice the memory of the exact array.
   */
  componentResults(e: number): ComponentResult[] {
    const { prepared, components, amortised, plan } = this.inputs;
    const propagate = plan !== null;
    const { attributionStart, attributions } = prepared.entries;
    const first = attributionStart[e] as number;
    const results = new Array<ComponentResult>((attributionStart[e + 1] as number) - first);
    for (let k = 0; k < results.length; k++) {
      const a = first + k;
      const c = attributions.component[a] as number;
      const v = components.values[c] as number;
      const factor = attributionFactor(attributions, a, prepared.siMagnitudes, amortised.shares);
      const sd = components.standardDeviations[c] as number;
      const result: ComponentResult = {
        component_id: prepared.components.ids[c] as string,
        type: (prepared.components.blueprint[c] as CompiledBlueprint).type,
        attribution_factor: factor,
        co2e_kg: v * factor + 0, // + 0 turns -0 into 0
        contribution_kg: (attributions.sign[a] as number) * factor * v + 0,
        standard_deviation_kg: !propagate || Number.isNaN(sd) ? null : sd * factor,
      };
      // Spread only for the rare statement or project attribution: a spread in the literal costs a
      // runtime call for each of 100,000s of results.
      const scope = attributions.scope[a] as number;
      const scoped: ComponentResult =
        scope === 0 ? result : { ...result, attribution_scope: ATTRIBUTION_SCOPES[scope] as Exclude<AttributionScope, 'REMOVAL'> };
      results[k] = this.expressionValues === null ? scoped : { ...scoped, expression_values: this.expressionValues.of(c) };
    }
    return results;
  }
}

/** An entry's warnings with those of the components it attributes at their magnitudes (`branch_near_threshold`). */
function withComponentWarnings(own: readonly EvaluationWarning[], inputs: EntryInputs, e: number): readonly EvaluationWarning[] {
  const { warnings } = inputs.components;
  if (warnings.size === 0) return own;
  const { attributionStart, attributions } = inputs.prepared.entries;
  let found: EvaluationWarning[] | null = null;
  for (let a = attributionStart[e] as number; a < (attributionStart[e + 1] as number); a++) {
    const w = warnings.get(attributions.component[a] as number);
    if (w !== undefined) (found ??= [...own]).push(...w);
  }
  return found === null ? own : sortWarnings(found);
}

/** Entry e's datapoints used more than once, as the merge plan lists them (by id). */
function plannedReusedDatapoints(prepared: PreparedGraph, plan: MergePlan, e: number): ReusedDatapoint[] {
  const from = plan.reusedStart[e] as number;
  const reused = new Array<ReusedDatapoint>((plan.reusedStart[e + 1] as number) - from);
  for (let r = 0; r < reused.length; r++) {
    reused[r] = {
      datapoint_id: prepared.datapointIds[plan.reusedDatapoint[from + r] as number] as string,
      uses: plan.reusedUses[from + r] as number,
    };
  }
  return reused;
}

/**
 * The first-order coverage interval of a net: k from Student's t at `nu` degrees of freedom
 * truncated to an integer, as GUM G.4.1 does (infinite: the normal).
 */
function coverageIntervalOf(net: number, standardDeviation: number, nu: number, probability: number): CoverageInterval {
  const q = (1 + probability) / 2;
  const k = Number.isFinite(nu) ? studentTQuantile(q, Math.max(1, Math.floor(nu))) : normalQuantile(q);
  return {
    probability,
    lower_kg: net - k * standardDeviation,
    upper_kg: net + k * standardDeviation,
    coverage_factor: k,
    effective_degrees_of_freedom: Number.isFinite(nu) ? nu : null,
  };
}
