/**
 * accounting/report: the calculation report of one GHG entry (report.ts) as structured data
 * (types.ts, built by explain-entry.ts) and as Markdown (markdown.ts). Not src/report, the HTML
 * report, which reads this one.
 *
 * Owns: the report's shapes and its text. May import: expressions, units, model, prepare/,
 * evaluate/, credits/, and the accounting's shared leaves.
 */
export * from './report';
