/**
 * The figures of a report on one GHG statement: its totals and entries as the evaluation gives them,
 * the components it shares at statement and project level (with each entry's factor), its
 * sensitivity analysis when the statement is small enough to re-evaluate per datapoint, and the
 * calculation of each entry of a small statement.
 */
import type { CalculationReport, EvaluationResult, GhgStatementResult, GhgStatementSensitivity, SensitivityAnalysis } from '../accounting';
import type { AllocationFigure, StatementEntryFigure, StatementReportFigures } from './figures';
import { tornadoFigures } from './entry-figures';
import { sortWarnings } from '../accounting/warnings';

/** Up to this many entries the entries chart draws one bar per entry. */
export const ENTRY_BARS = 60;
/** Up to this many entries the report includes each entry's calculation. */
export const ENTRY_CALCULATIONS = 10;

/** What the statement figures are built from. */
export interface StatementSources {
  readonly statement: GhgStatementResult;
  readonly evaluation: EvaluationResult;
  /** The statement's sensitivity, or null when it was not run. */
  readonly sensitivity: GhgStatementSensitivity | null;
  readonly analysis: Pick<SensitivityAnalysis, 'variation' | 'threshold'>;
  /** The display name of a datapoint, or null. */
  readonly nameOf: (datapointId: string) => string | null;
  readonly calculations: readonly CalculationReport[];
}

/** The figures of a statement report. */
export function statementFigures(sources: StatementSources): StatementReportFigures {
  const { statement, evaluation } = sources;
  const results = new Map(evaluation.ghg_entries.map((e) => [e.id, e]));
  const entries: StatementEntryFigure[] = statement.ghg_entries.map((total) => {
    const result = results.get(total.ghg_entry_id);
    return {
      ghg_entry_id: total.ghg_entry_id,
      co2e_net_removed_without_discount_kg: result?.co2e_net_removed_without_discount_kg ?? Number.NaN,
      co2e_net_removed_standard_deviation_kg: result?.co2e_net_removed_standard_deviation_kg ?? null,
      monte_carlo_percentile_16_kg: result?.monte_carlo?.percentile_16_kg ?? null,
    };
  });
  return {
    kind: 'ghg_statement',
    result: statement,
    entries,
    entries_chart_per_entry: entries.length <= ENTRY_BARS,
    warnings: sortWarnings(statement.ghg_entries.flatMap((total) => results.get(total.ghg_entry_id)?.warnings ?? [])),
    allocations: allocations(statement, evaluation),
    sensitivity: sources.sensitivity === null ? null : tornadoFigures(sources.sensitivity, sources.analysis, sources.nameOf),
    calculations: sources.calculations,
  };
}

/** The components the statement's entries receive at statement or project level, in first-seen order. */
function allocations(statement: GhgStatementResult, evaluation: EvaluationResult): AllocationFigure[] {
  const byComponent = new Map<
    string,
    { scope: AllocationFigure['scope']; type: AllocationFigure['type']; entries: AllocationFigure['entries'][number][] }
  >();
  const inStatement = new Set(statement.ghg_entry_ids);
  for (const entry of evaluation.ghg_entries) {
    if (!inStatement.has(entry.id)) continue;
    for (const part of entry.components) {
      if (part.attribution_scope === undefined) continue;
      let group = byComponent.get(part.component_id);
      if (group === undefined)
        byComponent.set(part.component_id, (group = { scope: part.attribution_scope, type: part.type, entries: [] }));
      group.entries.push({
        ghg_entry_id: entry.id,
        attribution_factor: part.attribution_factor,
        co2e_kg: part.co2e_kg,
        contribution_kg: part.contribution_kg,
      });
    }
  }
  return [...byComponent].map(([component_id, group]) => {
    const share = statement.project_component_shares.find((s) => s.component_id === component_id);
    return {
      component_id,
      scope: group.scope,
      type: group.type,
      allocation_strategy: group.scope === 'GHG_STATEMENT' ? null : (share?.allocation_strategy ?? 'MANUAL'),
      share: share?.share ?? null,
      capped: share?.capped ?? false,
      frozen: share?.frozen ?? false,
      entries: group.entries,
    };
  });
}
