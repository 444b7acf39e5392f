/**
 * report: the HTML calculation report of a GHG entry or statement, charts drawn with Vega-Lite
 * (loaded on the first chart) and inlined as SVG. Owns the report's figures, charts and page.
 * May import: accounting, model, units, version.ts (and vega, vega-lite). Nothing imports it but
 * the CLI and the `cdr-engine/report` entry.
 */
export { renderHtmlReport, type HtmlReportOptions, type HtmlReportOutcome } from './render';
export type {
  AllocationFigure,
  BudgetFigure,
  EntryReportFigures,
  MonteCarloFigures,
  ReportFigures,
  StatementEntryFigure,
  StatementReportFigures,
  TornadoFigures,
  WaterfallStep,
} from './figures';
