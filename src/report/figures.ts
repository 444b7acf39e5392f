/**
 * The figures an HTML report shows, as data: what the page embeds as JSON (so a browser test or a
 * reader's script can check it) and what its charts are drawn from. Every number is copied from the
 * engine's results (evaluation, calculation report, sensitivity analysis, Monte Carlo option);
 * the only arithmetic here is the layout of the waterfall (where each step starts and ends).
 */
import type {
  CalculationReport,
  DatapointSensitivity,
  EvaluationWarning,
  GhgEntryResult,
  GhgStatementResult,
  MonteCarloSummary,
} from '../accounting';
import type { ComponentType } from '../model';

/**
 * One step of the waterfall from the components to the supplier's credits.
 * @public
 */
export interface WaterfallStep {
  /** What the bar shows: a component's name, or a total or step such as `discount`. */
  readonly label: string;
  /** `component` (signed, attributed term), `total` (a bar from 0) or `step` (discount, rounding, floor, buffer pool). */
  readonly kind: 'component' | 'total' | 'step';
  /** The component's id, for component steps. */
  readonly component_id: string | null;
  /** The component's type, for component steps. */
  readonly type: ComponentType | null;
  /** The amount of the step (signed), or the total, kg. */
  readonly amount_kg: number;
  /** Where the bar starts, kg. */
  readonly start_kg: number;
  /** Where the bar ends, kg. */
  readonly end_kg: number;
}

/**
 * One datapoint of the uncertainty budget, with what it is.
 * @public
 */
export interface BudgetFigure {
  /** The datapoint's id. */
  readonly datapoint_id: string;
  /** Its display name, or null. */
  readonly display_name: string | null;
  /** Its magnitude as given. */
  readonly magnitude: number;
  /** Its unit as given. */
  readonly unit: string;
  /** Its standard deviation in `unit`. */
  readonly standard_deviation: number | null;
  /** c_j, kg of net per unit. */
  readonly sensitivity: number;
  /** Its share of the variance. */
  readonly variance_share: number;
  /** How many times it enters the net. */
  readonly uses: number;
}

/**
 * The sensitivity analysis of one net, as the tornado shows it.
 * @public
 */
export interface TornadoFigures {
  /** The net the moves are compared with, kg. */
  readonly co2e_net_kg: number;
  /** The relative move of each datapoint (0.2 = ±20 %). */
  readonly variation: number;
  /** The relative change above which a datapoint is sensitive. */
  readonly threshold: number;
  /** The datapoints drawn (largest change first), with their display names. */
  readonly datapoints: readonly (DatapointSensitivity & { readonly display_name: string | null })[];
  /** How many datapoints the analysis covered (the tornado draws the first ones). */
  readonly analysed: number;
  /** Every sensitive datapoint, by id. */
  readonly sensitive_datapoint_ids: readonly string[];
  /** Sensitive datapoints without an uncertainty justification, by id. */
  readonly unjustified_datapoint_ids: readonly string[];
}

/**
 * The Monte Carlo cross-check of one entry beside its first-order normal.
 * @public
 */
export interface MonteCarloFigures extends MonteCarloSummary {
  /** The seed the samples were drawn with. */
  readonly seed: number;
  /** Mean of the first-order normal: the net without discount, kg. */
  readonly normal_mean_kg: number;
  /** Standard deviation of the first-order normal, kg. */
  readonly normal_standard_deviation_kg: number | null;
  /** The first-order 16th percentile: the net after discount, kg. */
  readonly normal_percentile_16_kg: number;
}

/**
 * The figures of a report on one GHG entry.
 * @public
 */
export interface EntryReportFigures {
  /** `ghg_entry`. */
  readonly kind: 'ghg_entry';
  /** The entry's evaluation, as `evaluateGraph` returns it (uncertainty budget included). */
  readonly result: GhgEntryResult;
  /** The net rounded to the increment, kg. */
  readonly rounded_co2e_net_removed_kg: number;
  /** The waterfall, in drawing order. */
  readonly waterfall: readonly WaterfallStep[];
  /** Whether components were drawn one bar per type (an entry with many components). */
  readonly waterfall_grouped: boolean;
  /** The budget lines drawn: the datapoints with a standard deviation, largest share first. */
  readonly budget: readonly BudgetFigure[];
  /** How many budget lines have a standard deviation (the chart draws the first ones). */
  readonly budget_lines: number;
  /** The entry's sensitivity analysis. */
  readonly sensitivity: TornadoFigures;
  /** The Monte Carlo cross-check, when asked for. */
  readonly monte_carlo: MonteCarloFigures | null;
  /** The calculation report: every formula with its values. */
  readonly calculation: CalculationReport;
  /** The entry's warnings (as its result carries them), shown first; empty when none. */
  readonly warnings: readonly EvaluationWarning[];
}

/**
 * A component attributed at statement or project level, as a statement report lists it.
 * @public
 */
export interface AllocationFigure {
  /** The component's id. */
  readonly component_id: string;
  /** `GHG_STATEMENT` or `PROJECT`. */
  readonly scope: 'GHG_STATEMENT' | 'PROJECT';
  /** Its type. */
  readonly type: ComponentType;
  /** The project component's allocation strategy, or null for a statement component. */
  readonly allocation_strategy: string | null;
  /** The statement's share of the project component (null for a statement component or MANUAL). */
  readonly share: number | null;
  /** Whether the 100 % cap cut the share. */
  readonly capped: boolean;
  /** Whether the share was frozen on the statement. */
  readonly frozen: boolean;
  /** The attribution factor of each entry receiving it, by entry id. */
  readonly entries: readonly {
    readonly ghg_entry_id: string;
    readonly attribution_factor: number;
    readonly co2e_kg: number;
    readonly contribution_kg: number;
  }[];
}

/**
 * What a statement report adds to an entry's totals (`result.ghg_entries`): the net before the
 * discount, its standard deviation and the simulated 16th percentile.
 * @public
 */
export interface StatementEntryFigure {
  /** The entry's id. */
  readonly ghg_entry_id: string;
  /** Net before discount, kg. */
  readonly co2e_net_removed_without_discount_kg: number;
  /** Standard deviation, kg, or null. */
  readonly co2e_net_removed_standard_deviation_kg: number | null;
  /** The simulated 16th percentile, kg, when Monte Carlo was asked for. */
  readonly monte_carlo_percentile_16_kg: number | null;
}

/**
 * The figures of a report on one GHG statement.
 * @public
 */
export interface StatementReportFigures {
  /** `ghg_statement`. */
  readonly kind: 'ghg_statement';
  /** The statement's totals, as `evaluateGraph` returns them. */
  readonly result: GhgStatementResult;
  /** Each entry's figures beside its totals, in the statement's order (the order of `result.ghg_entries`). */
  readonly entries: readonly StatementEntryFigure[];
  /** Whether the entries chart draws one bar per entry (false: a histogram of the entries' nets). */
  readonly entries_chart_per_entry: boolean;
  /** The warnings of the statement's entries, each once, in order; shown first; empty when none. */
  readonly warnings: readonly EvaluationWarning[];
  /** Components attributed at statement level and project components shared by the statement. */
  readonly allocations: readonly AllocationFigure[];
  /** The statement's sensitivity analysis; null when the statement is too large to re-evaluate per datapoint. */
  readonly sensitivity: TornadoFigures | null;
  /** The entries whose calculation is included (all of a small statement, none of a large one). */
  readonly calculations: readonly CalculationReport[];
}

/**
 * The figures of a report, as the page embeds them.
 * @public
 */
export type ReportFigures = EntryReportFigures | StatementReportFigures;
