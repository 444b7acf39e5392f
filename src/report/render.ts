/**
 * `renderHtmlReport`: validates a graph document once, runs the engine (evaluation with the
 * optional Monte Carlo check, the calculation report, the sensitivity analysis of the entry or
 * statement reported on) and writes the HTML page from their results. No I/O: the caller writes
 * the string where it wants.
 */
import {
  ACCOUNTING_POLICY_CHECKS,
  MONTE_CARLO_DRAW_CHECKS,
  analysePreparedSensitivity,
  evaluatePreparedGraph,
  explainPreparedGhgEntry,
  prepareGraph,
  refusedIssue,
  type AccountingPolicies,
  type CalculationReport,
  type EvaluationResult,
  type GhgStatementSensitivity,
  type PreparedGraph,
} from '../accounting';
import type { GraphIssue, GraphIssueCode } from '../model';
import { optionIssues, shapeOf, STRING, type ShapeCheck } from '../model/strict-options';
import { entryFigures } from './entry-figures';
import { entryPage } from './entry-page';
import type { ReportFigures } from './figures';
import { ENTRY_CALCULATIONS, statementFigures } from './statement-figures';
import { statementPage } from './statement-page';

/**
 * Options of {@link renderHtmlReport}. Name at most one of `ghgEntryId` and `ghgStatementId`; with
 * neither, a document of exactly one entry is reported on.
 * @public
 */
export interface HtmlReportOptions {
  /** The GHG entry to report on. */
  readonly ghgEntryId?: string;
  /** The GHG statement to report on. */
  readonly ghgStatementId?: string;
  /**
   * Adds the Monte Carlo evaluation (the `monteCarlo` option of `evaluateGraph`); it also runs,
   * with adaptive draws, under the policy `discountMethod` set to `monte_carlo`. The entry report shows the simulated distribution with both discounts marked,
   * the statement report each entry's simulated 16th percentile.
   */
  readonly monteCarlo?: {
    /** A fixed number of draws (2 to 10,000,000); without it, adaptive draws. */
    readonly samples?: number;
    /** Adaptive draws: the percentile's widest 95 % interval in kg and the most draws. */
    readonly adaptive?: { readonly toleranceKg?: number; readonly maxSamples?: number };
    /** The seed (default 1). */
    readonly seed?: number;
  };
  /** Accounting policies to override. */
  readonly policies?: Partial<AccountingPolicies>;
}

/** The known keys of {@link HtmlReportOptions} and the check of each (docs/policies.md: options are strict). */
export const HTML_REPORT_OPTION_CHECKS: ShapeCheck = shapeOf<HtmlReportOptions>({
  ghgEntryId: STRING,
  ghgStatementId: STRING,
  monteCarlo: shapeOf<NonNullable<HtmlReportOptions['monteCarlo']>>(MONTE_CARLO_DRAW_CHECKS),
  policies: ACCOUNTING_POLICY_CHECKS,
});

/**
 * A report written, or the problems of the document or the options.
 * @public
 */
export type HtmlReportOutcome =
  | { readonly ok: true; readonly html: string; readonly figures: ReportFigures }
  | { readonly ok: false; readonly issues: readonly GraphIssue[] };

/** Histogram bins of the Monte Carlo distribution. */
const HISTOGRAM_BINS = 40;
/**
 * The statement sensitivity re-evaluates every entry of the graph twice per datapoint of the
 * statement; above this many (datapoints x attributions) the report leaves it out.
 */
const SENSITIVITY_WORK = 2e7;

/**
 * Writes the HTML calculation report of one GHG entry or one GHG statement of a removal graph
 * document: one self-contained page (inline SVG charts drawn with Vega-Lite, no network) with the
 * summary, the waterfall, the uncertainty budget, the sensitivity tornado, the Monte Carlo
 * distribution when asked for, and every formula with its values. The page embeds its figures
 * as JSON (`script#cdr-report-data`), the same object as `figures`.
 * @public
 */
export async function renderHtmlReport(document: unknown, options: HtmlReportOptions = {}): Promise<HtmlReportOutcome> {
  const invalid = optionIssues(options, HTML_REPORT_OPTION_CHECKS, ['options']);
  if (invalid.length > 0) return { ok: false, issues: invalid };
  const prepared = prepareGraph(document, options.policies);
  if (!prepared.ok) return prepared;
  const graph = prepared.prepared;
  const target = targetOf(graph, options);
  if ('issues' in target) return { ok: false, issues: target.issues };
  const seed = options.monteCarlo?.seed ?? 1;
  const monteCarlo = options.monteCarlo ?? (graph.policies.discountMethod === 'monte_carlo' ? {} : undefined);
  const evaluation = evaluatePreparedGraph(
    graph,
    monteCarlo === undefined ? {} : { monteCarlo: { ...monteCarlo, seed, histogramBins: HISTOGRAM_BINS } },
  );
  if (!evaluation.ok) return evaluation;
  const mcSeed = monteCarlo === undefined ? null : seed;
  const mcOptions = monteCarlo === undefined ? undefined : { ...monteCarlo, seed };
  const outcome =
    target.kind === 'entry'
      ? entryReport(graph, evaluation.result, target.id, mcSeed, mcOptions)
      : statementReport(graph, evaluation.result, target.id);
  if (!outcome.ok) return outcome;
  const html = outcome.figures.kind === 'ghg_entry' ? await entryPage(outcome.figures) : await statementPage(outcome.figures);
  return { ok: true, html, figures: outcome.figures };
}

type Target = { readonly kind: 'entry' | 'statement'; readonly id: string } | { readonly issues: readonly GraphIssue[] };

function targetOf(graph: PreparedGraph, options: HtmlReportOptions): Target {
  const { ghgEntryId, ghgStatementId } = options;
  const problem = (path: string, code: GraphIssueCode, message: string): Target => ({
    issues: [{ path: ['options', path], code, message }],
  });
  if (ghgEntryId !== undefined && ghgStatementId !== undefined)
    return problem('ghgEntryId', 'invalid_option', 'name a GHG entry or a GHG statement, not both');
  const refused = refusedIssue(graph, ghgStatementId ?? ghgEntryId ?? '', [
    'options',
    ghgStatementId === undefined ? 'ghgEntryId' : 'ghgStatementId',
  ]);
  if (refused !== null) return { issues: [refused] };
  if (ghgStatementId !== undefined) {
    if (graph.statements.some((s) => s.id === ghgStatementId)) return { kind: 'statement', id: ghgStatementId };
    const known = graph.statements.map((s) => s.id);
    return problem(
      'ghgStatementId',
      'unknown_statement',
      `the document has no GHG statement '${ghgStatementId}'; it has ${known.length === 0 ? 'none' : known.join(', ')}`,
    );
  }
  // The document's entries are those evaluated and those refused alone (docs/result.md, "Refused entries").
  const refusedIds = (graph.refusedEntries ?? []).map((e) => e.id);
  const count = graph.entries.count + refusedIds.length;
  if (ghgEntryId !== undefined) {
    if (graph.entries.ids.includes(ghgEntryId)) return { kind: 'entry', id: ghgEntryId };
    return problem('ghgEntryId', 'unknown_entry', `the document has no GHG entry '${ghgEntryId}'${listed(graph.entries.ids, refusedIds)}`);
  }
  if (count === 1 && graph.entries.count === 1) return { kind: 'entry', id: graph.entries.ids[0] as string };
  // A document whose one entry is refused: why, rather than "0 entries".
  if (count === 1) return { issues: [refusedIssue(graph, refusedIds[0] as string, ['ghg_entries']) as GraphIssue] };
  const ofThem = refusedIds.length === 0 ? '' : ` (${refusedIds.length} refused)`;
  return problem(
    'ghgEntryId',
    'missing_option',
    `the document has ${count} GHG entries${ofThem}: name the entry or the statement to report on${listed(graph.entries.ids, refusedIds)}`,
  );
}

/** `; its entries: a, b, ... (refused: x)`: the first five evaluated entries and the first five refused ones. */
function listed(ids: readonly string[], refusedIds: readonly string[]): string {
  const some = (list: readonly string[]) => `${list.slice(0, 5).join(', ')}${list.length > 5 ? `, and ${list.length - 5} more` : ''}`;
  const refused = refusedIds.length === 0 ? '' : `${ids.length === 0 ? '' : ' '}(refused: ${some(refusedIds)})`;
  return ids.length + refusedIds.length === 0 ? '' : `; its entries: ${some(ids)}${refused}`;
}

type FiguresOutcome =
  | { readonly ok: true; readonly figures: ReportFigures }
  | { readonly ok: false; readonly issues: readonly GraphIssue[] };

function entryReport(
  graph: PreparedGraph,
  evaluation: EvaluationResult,
  id: string,
  seed: number | null,
  monteCarlo: HtmlReportOptions['monteCarlo'],
): FiguresOutcome {
  const calculation = explainPreparedGhgEntry(graph, id, monteCarlo === undefined ? {} : { monteCarlo });
  if (!calculation.ok) return calculation;
  const sensitivity = analysePreparedSensitivity(graph, { only: { ghgEntryIds: [id] } });
  if (!sensitivity.ok) return sensitivity;
  const result = evaluation.ghg_entries.find((e) => e.id === id)!;
  const figures = entryFigures({
    result,
    calculation: calculation.report,
    sensitivity: sensitivity.analysis.ghg_entries[0]!,
    analysis: sensitivity.analysis,
    nameOf: nameOf(graph),
    monteCarloSeed: seed,
  });
  return { ok: true, figures };
}

function statementReport(graph: PreparedGraph, evaluation: EvaluationResult, id: string): FiguresOutcome {
  const s = graph.statements.findIndex((x) => x.id === id);
  const statement = evaluation.ghg_statements!.find((x) => x.id === id)!;
  let sensitivity: GhgStatementSensitivity | null = null;
  let analysis = { variation: graph.policies.sensitivityVariation, threshold: graph.policies.sensitivityThreshold };
  if (sensitivityWork(graph, s) <= SENSITIVITY_WORK) {
    const outcome = analysePreparedSensitivity(graph, { only: { ghgStatementIds: [id] } });
    if (!outcome.ok) return outcome;
    sensitivity = outcome.analysis.ghg_statements[0]!;
    analysis = outcome.analysis;
  }
  const calculations: CalculationReport[] = [];
  if (statement.ghg_entry_ids.length <= ENTRY_CALCULATIONS) {
    for (const entryId of statement.ghg_entry_ids) {
      const outcome = explainPreparedGhgEntry(graph, entryId);
      if (!outcome.ok) return outcome;
      calculations.push(outcome.report);
    }
  }
  return { ok: true, figures: statementFigures({ statement, evaluation, sensitivity, analysis, nameOf: nameOf(graph), calculations }) };
}

/** Datapoints the statement's entries read times the attributions of the graph: the analysis's cost. */
function sensitivityWork(graph: PreparedGraph, s: number): number {
  const datapoints = new Set<number>();
  const { attributionStart, attributions } = graph.entries;
  const { slots, slotStart } = graph.components;
  for (const e of graph.statements[s]?.entries ?? []) {
    for (let a = attributionStart[e] as number; a < (attributionStart[e + 1] as number); a++) {
      const c = attributions.component[a] as number;
      for (let k = slotStart[c] as number; k < (slotStart[c + 1] as number); k++) datapoints.add(slots[k] as number);
    }
  }
  return datapoints.size * attributions.component.length;
}

function nameOf(graph: PreparedGraph): (datapointId: string) => string | null {
  return (id) => {
    const d = graph.datapointIds.indexOf(id);
    const name = d < 0 ? undefined : (graph.graph.datapoints[d] as { display_name?: unknown }).display_name;
    return typeof name === 'string' ? name : null;
  };
}
