/**
 * The shapes of the calculation report of one GHG entry (see report.ts): datapoints, components
 * with their worked expressions, attribution and partial derivatives, propagation lines, the
 * policies that shaped the figures, and the report itself. Types only; imports the model's types,
 * the credit allocation and the evaluation results.
 */
import type { ComponentType, GraphIssue, ProjectComponentAllocationStrategy } from '../../model';
import type { CreditAllocation } from '../credits/credits';
import type { AccountingPolicies, BufferPoolRounding, RoundingTies } from '../policies';
import type { AttributionScope } from '../prepare/statement-parts';
import type { EvaluationWarning, GhgStatementResult, MonteCarloSummary } from '../result';

/**
 * A datapoint as the report shows it: as given and converted to SI.
 * @public
 */
export interface ReportDatapoint {
  /** The datapoint's id. */
  readonly datapoint_id: string;
  /** The datapoint's `display_name`, when the document gives one. */
  readonly display_name: string | null;
  /** Its magnitude, as given. */
  readonly magnitude: number;
  /** Its unit, as given. */
  readonly unit: string;
  /** Standard deviation in `unit`; null when it has none. */
  readonly standard_deviation: number | null;
  /** The magnitude in SI (`magnitude * scale + offset`), the value the formulas use. */
  readonly si_magnitude: number;
  /** The SI unit of the datapoint's dimension, e.g. `kg`, `kg·m^-1`, `1`. */
  readonly si_unit: string;
  /** The standard deviation in SI (scale only); null when it has none. */
  readonly si_standard_deviation: number | null;
  /** The datapoint's `uncertainty_justification`, or null. */
  readonly uncertainty_justification: string | null;
  /**
   * Its Monte Carlo input distribution as declared (`lognormal`, `trapezoidal (beta 0.5)`, ...);
   * `normal` when it declares none; null when it has no standard deviation (it is not drawn).
   */
  readonly distribution: string | null;
}

/**
 * One expression of a component with its values.
 * @public
 */
export interface ReportExpression {
  /** The expression's key. */
  readonly key: string;
  /** The normalised template, variables written `{name}`. */
  readonly template: string;
  /** The template with each variable replaced by its SI value (a list as `[a, b]`). */
  readonly substituted: string;
  /** The expression's value in SI (kg for the result). */
  readonly value: number;
  /** Whether this is the expression whose value is the component's. */
  readonly is_result: boolean;
}

/**
 * How an attribution factor was reached.
 * @public
 */
export interface ReportAttribution {
  /** Where the attribution comes from. */
  readonly scope: AttributionScope;
  /** The factor applied to the component's value. */
  readonly factor: number;
  /** A sentence giving the arithmetic of the factor. */
  readonly basis: string;
  /** The share of the statement (before the split over its entries), for statement and amortised project components. */
  readonly share: number | null;
  /** The number of entries the share is split over, for statement and amortised project components. */
  readonly divisor: number | null;
  /** The project component's allocation strategy, for project components. */
  readonly allocation_strategy: ProjectComponentAllocationStrategy | null;
}

/**
 * d(component value)/d(datapoint), and what it adds to the entry's sensitivity.
 * @public
 */
export interface ReportPartialDerivative {
  /** The datapoint's id. */
  readonly datapoint_id: string;
  /** d(value in kg)/d(SI magnitude). */
  readonly si_derivative: number;
  /** `sign * factor * si_derivative * scale`: kg of the entry's net per unit of the datapoint as given. */
  readonly sensitivity: number;
  /** The datapoint's unit as given. */
  readonly unit: string;
}

/**
 * One attributed component, worked out.
 * @public
 */
export interface ReportComponent {
  /** The component's id. */
  readonly component_id: string;
  /** Its `display_name`, when the document gives one. */
  readonly display_name: string | null;
  /** Its blueprint's key. */
  readonly blueprint_key: string;
  /** Its blueprint's type. */
  readonly type: ComponentType;
  /** +1 or -1: how the type enters the net. */
  readonly sign: 1 | -1;
  /** The datapoints of each blueprint input. */
  readonly inputs: readonly { readonly input_key: string; readonly datapoint_ids: readonly string[] }[];
  /** Every expression, in blueprint order, with its value. */
  readonly expressions: readonly ReportExpression[];
  /** The component's value, kg CO2e. */
  readonly value_kg: number;
  /** How the attribution factor was reached. */
  readonly attribution: ReportAttribution;
  /** `value_kg * factor`. */
  readonly attributed_kg: number;
  /** `sign * attributed_kg`: its term in the signed sum. */
  readonly contribution_kg: number;
  /** Standard deviation of `attributed_kg` from the component's own datapoints; null when none has one. */
  readonly standard_deviation_kg: number | null;
  /** Partial derivatives with respect to each datapoint the component reads. */
  readonly partial_derivatives: readonly ReportPartialDerivative[];
}

/**
 * One datapoint's line of the propagation.
 * @public
 */
export interface ReportPropagationLine {
  /** The datapoint's id. */
  readonly datapoint_id: string;
  /** c_j: the sum of the components' partial derivatives, kg per unit as given. */
  readonly sensitivity: number;
  /** The unit `sensitivity` and `standard_deviation` are in. */
  readonly unit: string;
  /** s_j, in the unit as given; null when it has none (it then adds nothing). */
  readonly standard_deviation: number | null;
  /** `c_j * s_j`, kg (0 without a standard deviation). */
  readonly contribution_kg: number;
  /** `(c_j * s_j)^2`, kg². */
  readonly variance_kg2: number;
  /** Its share of the variance. */
  readonly variance_share: number;
  /** How many times its value enters the net (more than 1: one variable, derivatives added first). */
  readonly uses: number;
}

/**
 * The policies a calculation report's figures depend on.
 * @public
 */
export interface CalculationReportPolicies {
  /** The rounding increment, kg. */
  readonly rounding_increment_kg: number;
  /** How ties round to the increment. */
  readonly rounding_ties: RoundingTies;
  /** The discount in standard deviations. */
  readonly discount_coverage_factor: number;
  /** The floor of the issuable amount, kg; null for none. */
  readonly issuable_floor_kg: number | null;
  /** How the buffer-pool contribution rounds to whole kg. */
  readonly buffer_pool_rounding: BufferPoolRounding;
  /** How amortised tonnage shares enter the propagation. */
  readonly amortised_share_in_propagation: AccountingPolicies['amortisedShareInPropagation'];
  /** How the discount was made (policy `discountMethod`). */
  readonly discount_method: AccountingPolicies['discountMethod'];
}

/**
 * The worked calculation of one GHG entry.
 * @public
 */
export interface CalculationReport {
  /** The entry's id. */
  readonly ghg_entry_id: string;
  /** The entry's statement and its totals, or null when it is in none. */
  readonly ghg_statement: GhgStatementResult | null;
  /** The policies that decide the figures below. */
  readonly policies: CalculationReportPolicies;
  /** Every datapoint the entry reads, by id. */
  readonly datapoints: readonly ReportDatapoint[];
  /** Every attributed component, in attribution order. */
  readonly components: readonly ReportComponent[];
  /** The signed sum of the contributions. */
  readonly co2e_net_removed_without_discount_kg: number;
  /** The propagation, per datapoint, largest share first. */
  readonly propagation: readonly ReportPropagationLine[];
  /** `sum (c_j s_j)^2`; null when no datapoint has a standard deviation. */
  readonly variance_kg2: number | null;
  /** sqrt(variance); null when no datapoint has one. */
  readonly co2e_net_removed_standard_deviation_kg: number | null;
  /** The discount applied: net without discount less net after discount (see `discount`). */
  readonly discount_kg: number;
  /** Net after discount, kg. */
  readonly co2e_net_removed_kg: number;
  /** The net rounded to the increment. */
  readonly rounded_co2e_net_removed_kg: number;
  /** The rounded net floored: the credits (kg) the entry could issue. */
  readonly issuable_kg: number;
  /** Risk of reversal in percent, or null. */
  readonly risk_of_reversal_percentage: number | null;
  /** Split of `issuable_kg`; null without a risk of reversal. */
  readonly credit_allocation: CreditAllocation | null;
  /** The entry's Monte Carlo summary when one ran (the discount method or a cross-check); null otherwise. */
  readonly monte_carlo: MonteCarloSummary | null;
  /** The first-order net after discount, beside the Monte Carlo one (equal to `co2e_net_removed_kg` under the first-order method). */
  readonly first_order_co2e_net_removed_kg: number;
  /**
   * How the uncertainty discount was made, with the first-order figures beside: the one explanation
   * that `formatCalculationReport` and the HTML report both print.
   */
  readonly discount: {
    /** The method applied (policy `discountMethod`). */
    readonly method: AccountingPolicies['discountMethod'];
    /** The first-order coverage factor (standard deviations). */
    readonly coverage_factor: number;
    /** The percentile of the simulated net credited under `monte_carlo`; null under `first_order`. */
    readonly percentile: number | null;
    /** The Monte Carlo draws, when a Monte Carlo evaluation ran; null otherwise. */
    readonly draws: number | null;
    /** Each datapoint with a standard deviation and its input distribution as declared. */
    readonly distributions: readonly { readonly datapoint_id: string; readonly distribution: string }[];
    /** The discount applied: net without discount less net after discount, kg. */
    readonly discount_kg: number;
    /** The first-order discount (coverage factor times standard deviation), kg. */
    readonly first_order_discount_kg: number;
    /** The first-order net after discount, kg. */
    readonly first_order_co2e_net_removed_kg: number;
    /** The explanation in sentences (plain text, numbers to 12 significant digits). */
    readonly sentences: readonly string[];
  };
  /**
   * How sample sets, branches, lognormals by their median and difference inputs shaped the figures
   * (semantics 3b): the one explanation that `formatCalculationReport` and the HTML report both print.
   * Every list is empty, and so are the sentences, when the entry uses none of them.
   */
  readonly features: {
    /** Each sample-set column with a datapoint the entry reads: where those datapoints' standard uncertainty comes from. */
    readonly sample_sets: readonly {
      readonly sample_set_id: string;
      readonly column: string;
      /** The set's number of rows n. */
      readonly rows: number;
      /** The column's datapoints the entry reads. */
      readonly datapoint_ids: readonly string[];
      /** The column's sample standard deviation (n - 1), in `unit`. */
      readonly standard_deviation: number;
      /** The unit of the column's first row. */
      readonly unit: string;
      /** The Pearson correlation of the column's rows with each other column's, which the first order uses for same-row pairs. */
      readonly correlations: readonly { readonly column: string; readonly coefficient: number }[];
    }[];
    /** Each deciding comparison of the entry's components at the magnitudes, with the branch taken. */
    readonly branches: readonly {
      readonly component_id: string;
      /** Key of the expression the comparison is written in. */
      readonly expression: string;
      /** The comparison, normalised. */
      readonly comparison: string;
      /** Left side less right side, SI. */
      readonly difference: number;
      /** Whether the comparison holds: true takes the first branch of the conditional. */
      readonly holds: boolean;
      /** Whether the entry carries a `branch_near_threshold` warning for it. */
      readonly near_threshold: boolean;
    }[];
    /** Each datapoint read that declares a lognormal by its median, as declared and with its first-order standard deviation. */
    readonly lognormal_medians: readonly {
      readonly datapoint_id: string;
      /** The median: the datapoint's magnitude. */
      readonly median: number;
      /** sigma of ln X. */
      readonly log_standard_deviation: number;
      readonly unit: string;
      /** median e^(sigma^2/2) sqrt(e^(sigma^2) - 1), in `unit`. */
      readonly first_order_standard_deviation: number;
    }[];
    /** Each input of the entry's components declared `difference: true`, with its datapoints. */
    readonly difference_inputs: readonly {
      readonly component_id: string;
      readonly input_key: string;
      readonly datapoint_ids: readonly string[];
    }[];
    /** The explanation in sentences (plain text, numbers to 12 significant digits). */
    readonly sentences: readonly string[];
  };
  /** The entry's warnings (its `warnings` in the evaluation result), shown first; empty when none. */
  readonly warnings: readonly EvaluationWarning[];
}

/**
 * Outcome of the explain functions.
 * @public
 */
export type CalculationReportOutcome =
  | { readonly ok: true; readonly report: CalculationReport }
  | { readonly ok: false; readonly issues: readonly GraphIssue[] };
