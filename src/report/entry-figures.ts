/**
 * The figures of a report on one GHG entry, taken from the engine's evaluation, calculation report
 * and sensitivity analysis: the waterfall's steps (each from a figure the engine reports), the
 * budget lines with the datapoints they stand for, the tornado's lines and the Monte Carlo summary.
 */
import type { CalculationReport, GhgEntryResult, GhgEntrySensitivity, SensitivityAnalysis } from '../accounting';
import type { ComponentType } from '../model';
import type { BudgetFigure, EntryReportFigures, MonteCarloFigures, TornadoFigures, WaterfallStep } from './figures';

/** How many budget lines and tornado lines a chart draws. */
export const CHART_LINES = 15;
/** Above this many components, the waterfall draws one bar per type. */
export const WATERFALL_COMPONENTS = 30;

/** Types in the order the waterfall draws them: what adds first, then what takes away. */
const TYPE_ORDER: readonly ComponentType[] = [
  'SEQUESTRATION',
  'REDUCTION',
  'ADJUSTMENT',
  'ACTIVITY',
  'COUNTERFACTUAL',
  'LOSS',
  'UNCERTAINTY_DISCOUNT',
];

/** What the entry figures are built from. */
export interface EntrySources {
  readonly result: GhgEntryResult;
  readonly calculation: CalculationReport;
  readonly sensitivity: GhgEntrySensitivity;
  readonly analysis: Pick<SensitivityAnalysis, 'variation' | 'threshold'>;
  /** The display name of a datapoint, or null. */
  readonly nameOf: (datapointId: string) => string | null;
  readonly monteCarloSeed: number | null;
}

/** The figures of an entry report. */
export function entryFigures(sources: EntrySources): EntryReportFigures {
  const { result, calculation } = sources;
  const { steps, grouped } = waterfall(calculation);
  const withDeviation = calculation.propagation.filter((line) => line.standard_deviation !== null);
  const datapoints = new Map(calculation.datapoints.map((d) => [d.datapoint_id, d]));
  const budget: BudgetFigure[] = withDeviation.slice(0, CHART_LINES).map((line) => {
    const datapoint = datapoints.get(line.datapoint_id);
    return {
      datapoint_id: line.datapoint_id,
      display_name: datapoint?.display_name ?? null,
      magnitude: datapoint?.magnitude ?? Number.NaN,
      unit: line.unit,
      standard_deviation: line.standard_deviation,
      sensitivity: line.sensitivity,
      variance_share: line.variance_share,
      uses: line.uses,
    };
  });
  return {
    kind: 'ghg_entry',
    result,
    rounded_co2e_net_removed_kg: calculation.rounded_co2e_net_removed_kg,
    waterfall: steps,
    waterfall_grouped: grouped,
    budget,
    budget_lines: withDeviation.length,
    sensitivity: tornadoFigures(sources.sensitivity, sources.analysis, sources.nameOf),
    monte_carlo: monteCarloFigures(result, sources.monteCarloSeed),
    calculation,
    warnings: result.warnings,
  };
}

/** The tornado's figures of one net's sensitivity analysis. */
export function tornadoFigures(
  sensitivity: Omit<GhgEntrySensitivity, 'ghg_entry_id'>,
  analysis: Pick<SensitivityAnalysis, 'variation' | 'threshold'>,
  nameOf: (datapointId: string) => string | null,
): TornadoFigures {
  return {
    co2e_net_kg: sensitivity.co2e_net_kg,
    variation: analysis.variation,
    threshold: analysis.threshold,
    datapoints: sensitivity.datapoints.slice(0, CHART_LINES).map((line) => ({ ...line, display_name: nameOf(line.datapoint_id) })),
    analysed: sensitivity.datapoints.length,
    sensitive_datapoint_ids: sensitivity.sensitive_datapoint_ids,
    unjustified_datapoint_ids: sensitivity.unjustified_datapoint_ids,
  };
}

function monteCarloFigures(result: GhgEntryResult, seed: number | null): MonteCarloFigures | null {
  if (result.monte_carlo === undefined || seed === null) return null;
  return {
    ...result.monte_carlo,
    seed,
    normal_mean_kg: result.co2e_net_removed_without_discount_kg,
    normal_standard_deviation_kg: result.co2e_net_removed_standard_deviation_kg,
    normal_percentile_16_kg: result.uncertainty_discount?.first_order_co2e_net_removed_kg ?? result.co2e_net_removed_kg,
  };
}

/**
 * The steps from the components to the supplier's credits. Component bars run from the running
 * sum to the running sum plus their contribution; every total is drawn from the figure the engine
 * reports, and every later step starts at the total before it.
 */
function waterfall(report: CalculationReport): { steps: WaterfallStep[]; grouped: boolean } {
  const steps: WaterfallStep[] = [];
  let at = 0;
  const component = (label: string, component_id: string | null, type: ComponentType, amount: number) => {
    steps.push({ label, kind: 'component', component_id, type, amount_kg: amount, start_kg: at, end_kg: at + amount });
    at += amount;
  };
  const total = (label: string, value: number) => {
    steps.push({ label, kind: 'total', component_id: null, type: null, amount_kg: value, start_kg: 0, end_kg: value });
  };
  const step = (label: string, from: number, to: number, amount: number) => {
    steps.push({ label, kind: 'step', component_id: null, type: null, amount_kg: amount, start_kg: from, end_kg: to });
  };
  const ordered = [...report.components].sort((a, b) => TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type));
  const grouped = ordered.length > WATERFALL_COMPONENTS;
  if (grouped) {
    for (const type of TYPE_ORDER) {
      const members = ordered.filter((c) => c.type === type);
      if (members.length === 0) continue;
      let sum = 0;
      for (const c of members) sum += c.contribution_kg;
      component(`${type.toLowerCase()} (${members.length} component${members.length === 1 ? '' : 's'})`, null, type, sum);
    }
  } else {
    for (const c of ordered) component(c.display_name ?? c.component_id, c.component_id, c.type, c.contribution_kg);
  }
  const withoutDiscount = report.co2e_net_removed_without_discount_kg;
  total('net without discount', withoutDiscount);
  step('uncertainty discount', withoutDiscount, report.co2e_net_removed_kg, -report.discount_kg);
  total('net after discount', report.co2e_net_removed_kg);
  step(
    'rounding',
    report.co2e_net_removed_kg,
    report.rounded_co2e_net_removed_kg,
    report.rounded_co2e_net_removed_kg - report.co2e_net_removed_kg,
  );
  if (report.issuable_kg !== report.rounded_co2e_net_removed_kg) {
    step('issuable floor', report.rounded_co2e_net_removed_kg, report.issuable_kg, report.issuable_kg - report.rounded_co2e_net_removed_kg);
  }
  total('issuable', report.issuable_kg);
  if (report.credit_allocation !== null) {
    const { buffer_pool_contribution_kg: buffer, supplier_allocation_kg: supplier } = report.credit_allocation;
    step('buffer pool', report.issuable_kg, supplier, -buffer);
    total('supplier', supplier);
  }
  return { steps, grouped };
}
