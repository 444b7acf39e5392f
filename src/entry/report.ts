/**
 * Entry point `cdr-engine/report`: `renderHtmlReport`, the self-contained HTML calculation report
 * of a GHG entry or statement with its charts. Its charting libraries (vega, vega-lite) load with
 * this entry's first chart, never with `cdr-engine`.
 *
 * @packageDocumentation
 */
export * from '../report';
// The types of the evaluation and its report (the root entry's), so that the entry's report names none it does not export.
export * from '../evaluation-types';
