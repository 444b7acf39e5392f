/**
 * The evaluation result (docs/result.md), in the service's field names.
 */
import type { ComponentType, EvaluationWarningCode, GraphIssue, GhgStatementStatus, ProjectComponentAllocationStrategy } from '../model';
import type { CreditAllocation } from './credits/credits';
import type { AttributionScope } from './prepare/statement-parts';

/**
 * Something suspicious but possible in a document or its evaluation. A warning never changes a
 * figure; the codes are listed in docs/errors.md.
 * @public
 */
export interface EvaluationWarning {
  /** Where it is, as a path into the document (`datapoints[3].quantity.magnitude`, `ghg_entries[0]`). */
  readonly path: string;
  /** A stable code, e.g. `value_outside_realistic_range` (docs/errors.md, "Warning codes"). */
  readonly code: EvaluationWarningCode;
  /** What is suspicious and why, for a person. */
  readonly message: string;
}

/**
 * One component's part in a GHG entry.
 * @public
 */
export interface ComponentResult {
  /** The component's id. */
  readonly component_id: string;
  /** Its blueprint's type (decides the sign). */
  readonly type: ComponentType;
  /** The share attributed to this entry (a legacy factor datapoint's value when one is used). */
  readonly attribution_factor: number;
  /** CO2e attributed to the entry: the component's value times the attribution factor, in kg, unsigned. */
  readonly co2e_kg: number;
  /** What it adds to the entry's net: `co2e_kg` with the sign of its type. */
  readonly contribution_kg: number;
  /** Standard deviation of `co2e_kg` from the component's own datapoints; null when none has one. */
  readonly standard_deviation_kg: number | null;
  /**
   * Present for a component attributed at GHG-statement level (factor 1/n over the statement's n
   * entries) or at project level (the statement's share divided by n, or a manual factor); absent
   * for the entry's own attributions.
   */
  readonly attribution_scope?: Exclude<AttributionScope, 'REMOVAL'>;
  /**
   * With the option `expressionValues`: every expression of the component's blueprint at the
   * magnitudes (blueprint order), in SI with the SI unit of its dimension.
   */
  readonly expression_values?: readonly {
    /** The expression's key. */
    readonly key: string;
    /** Its value in SI. */
    readonly value: number;
    /** The SI unit of its dimension, as the unit reader reads it (`kg*m^-3`; `""` for a pure number). */
    readonly unit: string;
  }[];
}

/**
 * One expression's value at the magnitudes (option `expressionValues`). Written inline in
 * {@link ComponentResult} so that the root entry's report names no type it does not export.
 */
export type ExpressionValue = NonNullable<ComponentResult['expression_values']>[number];

/**
 * A datapoint used more than once in one GHG entry's calculation (treated as one variable).
 * @public
 */
export interface ReusedDatapoint {
  /** The datapoint's id. */
  readonly datapoint_id: string;
  /** How many times its value enters the entry's net (formula occurrences across components and inputs). */
  readonly uses: number;
}

/**
 * One line of an uncertainty budget.
 * @public
 */
export interface UncertaintyBudgetLine {
  /** The datapoint's id. */
  readonly datapoint_id: string;
  /** Partial derivative of the net with respect to the datapoint, in kg per unit of the datapoint's own unit. */
  readonly sensitivity: number;
  /** The datapoint's unit, the unit `sensitivity` is per. */
  readonly unit: string;
  /** The datapoint's standard deviation in its own unit; null when it has none. */
  readonly standard_deviation: number | null;
  /** Its share of the entry's variance, `(c_j s_j)^2 / variance`; shares sum to 1 when the variance is positive. */
  readonly variance_share: number;
}

/**
 * The Monte Carlo evaluation of one entry (docs/result.md, "Monte Carlo"): the summaries of its
 * sampled net without discount, draws whose net is not finite left out.
 * @public
 */
export interface MonteCarloSummary {
  /** Number of draws made (valid and invalid). */
  readonly samples: number;
  /** Draws in which a component's value or the net was not finite: counted, left out of every figure below. */
  readonly invalid_draws: number;
  /** Mean of the sampled net without discount, kg. */
  readonly mean_kg: number;
  /** Standard deviation of the sampled net, kg. */
  readonly standard_deviation_kg: number;
  /** Standard error of the sampled mean, kg. */
  readonly standard_error_of_mean_kg: number;
  /** The 16th percentile of the sampled net, kg (compare with `co2e_net_removed_kg`). */
  readonly percentile_16_kg: number;
  /** The percentile reported in `percentile_kg` (policy `discountPercentile`, default 16). */
  readonly percentile: number;
  /** That percentile of the sampled net, kg: the net after discount under `discountMethod: 'monte_carlo'` (capped at the net). */
  readonly percentile_kg: number;
  /** A 95 % confidence interval of that percentile from order statistics, kg: `[low, high]`. */
  readonly percentile_confidence_interval_kg: readonly [number, number];
  /** The probabilistically symmetric coverage interval of the sampled net. */
  readonly coverage_interval: {
    /** The coverage probability p (option `coverageProbability`, default 0.95). */
    readonly probability: number;
    /** Lower end, kg. */
    readonly lower_kg: number;
    /** Upper end, kg. */
    readonly upper_kg: number;
  };
  /** The sampled nets counted in equal bins; present when `monteCarlo.histogramBins` was given. */
  readonly histogram?: {
    /** Lower edge of the first bin, kg (the smallest sample). */
    readonly start_kg: number;
    /** Width of every bin, kg (0 when every sample is equal: one bin holds them all). */
    readonly bin_width_kg: number;
    /** Samples per bin; bin `i` is `[start + i w, start + (i + 1) w)`, the last one closed. */
    readonly counts: readonly number[];
  };
}

/**
 * The sampled nets of one entry counted in equal bins from the smallest sample to the largest.
 * Written inline in {@link MonteCarloSummary} so that the root entry's report names no type it does not export.
 */
export type MonteCarloHistogram = NonNullable<MonteCarloSummary['histogram']>;

/**
 * The evaluation of one GHG entry.
 * @public
 */
export interface GhgEntryResult {
  /** The entry's id. */
  readonly id: string;
  /** Net CO2e removed after the uncertainty discount, kg (full precision). */
  readonly co2e_net_removed_kg: number;
  /** Net CO2e removed before the discount: the signed sum of attributed components, kg. */
  readonly co2e_net_removed_without_discount_kg: number;
  /** Standard deviation of the net (the discount); null when no datapoint of the entry has one. */
  readonly co2e_net_removed_standard_deviation_kg: number | null;
  /** Risk of reversal in percent, or null. */
  readonly risk_of_reversal_percentage: number | null;
  /** The net rounded to the increment and floored: the credits (kg) the entry could issue. */
  readonly issuable_kg: number;
  /** Split of `issuable_kg` between buffer pool and supplier; null when the risk of reversal is not set. */
  readonly credit_allocation: CreditAllocation | null;
  /** Each attributed component's part, in attribution order. */
  readonly components: readonly ComponentResult[];
  /** Datapoints used more than once in this entry, by id. */
  readonly reused_datapoints: readonly ReusedDatapoint[];
  /**
   * Per datapoint with a sensitivity: largest variance share first, then by id. The lines are
   * created when the property is first read (an enumerable property like the others: JSON, spread
   * and structured clone include it) and the same array is returned afterwards, so an evaluation
   * of many entries does not build budgets that are never read.
   */
  readonly uncertainty_budget: readonly UncertaintyBudgetLine[];
  /**
   * Present when two correlated datapoints (the document's `correlations`) both enter the entry:
   * their covariance terms, so that these shares and the budget's add up to 1.
   */
  readonly uncertainty_budget_covariances?: readonly {
    /** The two datapoints, ordered by id. */
    readonly datapoint_ids: readonly [string, string];
    /** Their declared correlation coefficient. */
    readonly correlation: number;
    /** `2 c_a c_b r s_a s_b / variance`: negative when the correlation reduces the variance. */
    readonly variance_share: number;
  }[];
  /** Present when the option `coverageProbability` is given and the entry has a standard deviation. */
  readonly coverage_interval?: {
    /** The coverage probability p. */
    readonly probability: number;
    /** Lower end, kg. */
    readonly lower_kg: number;
    /** Upper end, kg. */
    readonly upper_kg: number;
    /** k: the (1 + p)/2 quantile of Student's t at the effective degrees of freedom. */
    readonly coverage_factor: number;
    /** Welch-Satterthwaite effective degrees of freedom; null when infinite (no datapoint has a t distribution). */
    readonly effective_degrees_of_freedom: number | null;
  };
  /** Present when a Monte Carlo cross-check was requested or the discount method is `monte_carlo`. */
  readonly monte_carlo?: MonteCarloSummary;
  /** Present when the discount method is `monte_carlo`: the method, percentile and first-order figures. */
  readonly uncertainty_discount?: {
    /** The discount method (policy `discountMethod`). */
    readonly method: 'monte_carlo';
    /** The percentile credited. */
    readonly percentile: number;
    /** The discount applied: the net without discount less the net after discount, kg. */
    readonly discount_kg: number;
    /** What the first-order rule would have credited (the net less the coverage factor times the standard deviation), kg. */
    readonly first_order_co2e_net_removed_kg: number;
    /** The first-order discount, kg. */
    readonly first_order_discount_kg: number;
  };
  /** The warnings of this entry: of the datapoints it uses, of the entry itself and of its Monte Carlo run (empty when none). */
  readonly warnings: readonly EvaluationWarning[];
}

/**
 * The result of evaluating a removal graph.
 * @public
 */
export interface EvaluationResult {
  /** One result per GHG entry, in document order. */
  readonly ghg_entries: readonly GhgEntryResult[];
  /** Present when the document has `ghg_statements`: one total per statement, in document order. */
  readonly ghg_statements?: readonly GhgStatementResult[];
  /**
   * The document's warnings plus every entry's, each once, ordered by path then code (empty when
   * none). A warning never changes a figure.
   */
  readonly warnings: readonly EvaluationWarning[];
  /**
   * Present when an entry was refused alone (docs/result.md, "Refused entries"): its net is not
   * finite at the magnitudes (a division by zero, the logarithm of 0 in its data). It is left out
   * of `ghg_entries`, of its statement and of the Monte Carlo run: every other figure is the one
   * of the document without the refused entries. In document order.
   */
  readonly refused_entries?: readonly {
    /** The entry's id. */
    readonly id: string;
    /**
     * Each component of its net that is not finite (code `not_finite`, path to the component; the
     * message names the component, its blueprint, the first expression that is not finite and its value).
     */
    readonly issues: readonly GraphIssue[];
  }[];
  /**
   * Present when a statement holds a refused entry: the statement is refused with it (left out of
   * `ghg_statements`); its other entries are in `ghg_entries`, evaluated without the refused ones.
   * In document order.
   */
  readonly refused_statements?: readonly {
    /** The statement's id. */
    readonly id: string;
    /** One `statement_refused` problem naming its refused entries. */
    readonly issues: readonly GraphIssue[];
  }[];
}

/** A refused entry or statement of {@link EvaluationResult} (docs/result.md, "Refused entries"). */
export type RefusedItem = NonNullable<EvaluationResult['refused_entries']>[number];

/**
 * One entry's figures as a statement totals them: the net rounded to the increment.
 * @public
 */
export interface GhgStatementEntryTotal {
  /** The entry's id. */
  readonly ghg_entry_id: string;
  /** The same id, in the older spelling. */
  readonly removal_id: string;
  /** Net after discount at full precision, kg. */
  readonly co2e_net_removed_kg: number;
  /** The net rounded to the increment (default 10 kg, ties away from zero): what a submission freezes. */
  readonly rounded_co2e_net_removed_kg: number;
  /** The rounded net floored (default at 0): the credits the entry could issue, kg. */
  readonly issuable_kg: number;
  /** Risk of reversal in percent, or null. */
  readonly risk_of_reversal_percentage: number | null;
  /** Split of `issuable_kg`; null when the risk of reversal is not set. */
  readonly credit_allocation: CreditAllocation | null;
}

/**
 * A statement's share of one project component.
 * @public
 */
export interface ProjectComponentShareResult {
  /** The project component's id. */
  readonly component_id: string;
  /** Its allocation strategy. */
  readonly allocation_strategy: ProjectComponentAllocationStrategy;
  /** The share this statement received (split evenly over its entries). */
  readonly share: number;
  /** The share the strategy gave before the 100 % cap; null when the share was frozen on the statement. */
  readonly share_before_cap: number | null;
  /** Whether the cap cut this share (the component's 100 % was reached). */
  readonly capped: boolean;
  /** Whether the share was frozen on the statement (`project_component_shares`). */
  readonly frozen: boolean;
}

/**
 * The totals of one GHG statement.
 * @public
 */
export interface GhgStatementResult {
  /** The statement's id. */
  readonly id: string;
  /** Its project. */
  readonly project_id: string;
  /** Its status. */
  readonly status: GhgStatementStatus;
  /** First day of the reporting period. */
  readonly reporting_period_start_at: string;
  /** Last day of the reporting period (inclusive). */
  readonly reporting_period_end_at: string;
  /** Its entries' ids. */
  readonly ghg_entry_ids: readonly string[];
  /** The same ids, in the older spelling. */
  readonly removal_ids: readonly string[];
  /** Sum of the SEQUESTRATION parts of its entries (own and statement-level attributions), kg. */
  readonly gross_sequestration_kg: number;
  /** Exact sum of the entries' rounded nets, kg. */
  readonly total_co2e_removed_kg: number;
  /** Exact sum of the entries' issuable amounts, kg. */
  readonly issuable_kg: number;
  /** Exact sum of the entries' allocations; null when any entry's is null. */
  readonly credit_allocation: CreditAllocation | null;
  /** Each entry's rounded figures, in the statement's order. */
  readonly ghg_entries: readonly GhgStatementEntryTotal[];
  /** Its share of each amortised project component of its project (automatic strategies). */
  readonly project_component_shares: readonly ProjectComponentShareResult[];
}
