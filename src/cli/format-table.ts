/**
 * Plain-text rendering of an evaluation for the terminal: a title naming the document, a summary
 * table of every entry and a three-line legend of its columns (read from the policies the figures
 * were computed with), the statements, then the detail of the first entries (components, reused
 * datapoints, largest budget lines) or of as many as asked, and the command that explains an entry.
 * One number format per column: kilograms as whole numbers with thousands separators; factors,
 * sensitivities and standard deviations to four significant digits. Entries are read a chunk at a
 * time and only the summary's cells and the detailed entries are kept. Pure: the text goes to `write`.
 */
import type { AccountingPolicies, EvaluationWarning, GhgEntryResult, GhgStatementResult } from '../accounting';
import { type StreamedEvaluation, WarningCollector } from './evaluation-output';
import { formatDefault, formatKilograms, formatSignificant } from './number-format';
import { terminalText } from './terminal-text';

/** Entries shown in detail unless asked otherwise (`--entries`). */
export const DEFAULT_DETAILED_ENTRIES = 10;

/** What the table says about where its figures come from. */
export interface TableContext {
  /** The document as the title names it (`examples/biochar-project.json`, `standard input`). */
  readonly title: string;
  /** The file to name in the `cdr-engine explain` hint (`<file>` for standard input). */
  readonly explainFile: string;
  /** The policies the figures were computed with: the legend states them. */
  readonly policies: Pick<
    AccountingPolicies,
    | 'discountMethod'
    | 'discountPercentile'
    | 'discountCoverageFactor'
    | 'roundingIncrementKg'
    | 'roundingTies'
    | 'issuableFloorKg'
    | 'bufferPoolRounding'
  >;
}

const kg = (v: number | null): string => (v === null ? '-' : formatKilograms(v));
const significant = (v: number | null): string => (v === null ? '-' : formatSignificant(v));

/** A table of cells, each on one line whatever the document's ids hold (terminal-text.ts), aligned once escaped. */
function table(headers: readonly string[], written: readonly (readonly string[])[], rightAligned: ReadonlySet<number>): string {
  const rows = written.map((row) => row.map(terminalText));
  const widths = headers.map((h) => h.length);
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (rightAligned.has(i) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

function entryDetail(entry: GhgEntryResult): string {
  const parts: string[] = [];
  parts.push(`GHG entry ${terminalText(entry.id)}`);
  parts.push(
    table(
      ['component', 'type', 'factor', 'CO2e kg', 'sd kg', 'contribution kg'],
      entry.components.map((c) => [
        c.component_id,
        c.type,
        significant(c.attribution_factor),
        kg(c.co2e_kg),
        kg(c.standard_deviation_kg),
        kg(c.contribution_kg),
      ]),
      new Set([2, 3, 4, 5]),
    ),
  );
  if (entry.reused_datapoints.length > 0) {
    parts.push(
      `reused datapoints (one variable each): ${entry.reused_datapoints.map((r) => `${terminalText(r.datapoint_id)} x${r.uses}`).join(', ')}`,
    );
  }
  const budget = entry.uncertainty_budget.filter((b) => b.variance_share > 0).slice(0, 5);
  if (budget.length > 0) {
    parts.push('largest shares of the variance (sensitivity: kg of net per unit of the datapoint):');
    parts.push(
      table(
        ['datapoint', 'sensitivity', 'per unit', 'sd', 'share'],
        budget.map((b) => [
          b.datapoint_id,
          significant(b.sensitivity),
          b.unit,
          significant(b.standard_deviation),
          `${(b.variance_share * 100).toFixed(1)} %`,
        ]),
        new Set([1, 3, 4]),
      ),
    );
  }
  return parts.join('\n');
}

/** The summary row of one entry. */
function summaryRow(e: GhgEntryResult): string[] {
  return [
    e.id,
    kg(e.co2e_net_removed_without_discount_kg),
    kg(e.co2e_net_removed_standard_deviation_kg),
    kg(e.co2e_net_removed_kg),
    kg(e.issuable_kg),
    e.credit_allocation === null ? '-' : kg(e.credit_allocation.buffer_pool_contribution_kg),
    e.credit_allocation === null ? '-' : kg(e.credit_allocation.supplier_allocation_kg),
  ];
}

const TIES: Readonly<Record<AccountingPolicies['roundingTies'], string>> = {
  away_from_zero: 'ties away from zero',
  half_even: 'ties to even',
  toward_zero: 'ties toward zero',
};
const BUFFER_ROUNDING: Readonly<Record<AccountingPolicies['bufferPoolRounding'], string>> = {
  ceil: 'rounded up',
  floor: 'rounded down',
  half_up: 'rounded',
};

/** The three lines that say what the summary's computed columns are, from the policies in force. */
export function legend(policies: TableContext['policies']): string {
  const floor = policies.issuableFloorKg === null ? '' : `, at least ${formatDefault(policies.issuableFloorKg)} kg`;
  return [
    `  net         = ${discounted(policies)} (the uncertainty discount)`,
    `  issuable    = net rounded to ${formatDefault(policies.roundingIncrementKg)} kg (${TIES[policies.roundingTies]}${floor}), as the policy sets`,
    `  buffer      = the risk-of-reversal share of issuable, held in the buffer pool (${BUFFER_ROUNDING[policies.bufferPoolRounding]} to whole kg); supplier = issuable - buffer`,
  ].join('\n');
}

/** How the net follows from the net without discount: k sd below it, or a Monte Carlo percentile (docs/result.md). */
function discounted(policies: TableContext['policies']): string {
  if (policies.discountMethod === 'monte_carlo')
    return `percentile ${formatDefault(policies.discountPercentile)} of the Monte Carlo draws of the net, at most without discount`;
  return `without discount - ${formatDefault(policies.discountCoverageFactor)} sd`;
}

function statementTable(statements: readonly GhgStatementResult[]): string {
  const rows = statements.map((s) => [
    s.id,
    s.status,
    `${s.reporting_period_start_at} to ${s.reporting_period_end_at}`,
    formatDefault(s.ghg_entry_ids.length),
    kg(s.total_co2e_removed_kg),
    kg(s.issuable_kg),
    s.credit_allocation === null ? '-' : kg(s.credit_allocation.buffer_pool_contribution_kg),
    s.credit_allocation === null ? '-' : kg(s.credit_allocation.supplier_allocation_kg),
  ]);
  return table(
    ['GHG statement', 'status', 'reporting period', 'entries', 'net kg', 'issuable kg', 'buffer kg', 'supplier kg'],
    rows,
    new Set([3, 4, 5, 6, 7]),
  );
}

const count = (n: number, one: string, many: string): string => `${formatDefault(n)} ${n === 1 ? one : many}`;

/**
 * Writes the evaluation as readable tables (see the module comment): the detail of the first
 * `detailed` entries (all of them for Infinity) and, when some are left out, a line saying so.
 * `afterChunk` is called after each chunk of entries is read. Returns the result's warnings.
 */
export function writeEvaluationTable(
  evaluation: StreamedEvaluation,
  write: (text: string) => void,
  detailed: number,
  context: TableContext,
  afterChunk: () => void = () => {},
): readonly EvaluationWarning[] {
  const rows: string[][] = [];
  const details: string[] = [];
  const warnings = new WarningCollector(evaluation.documentWarnings);
  for (let chunk = evaluation.entries.nextChunk(); chunk !== null; chunk = evaluation.entries.nextChunk()) {
    for (const entry of chunk) {
      warnings.add(entry);
      rows.push(summaryRow(entry));
      if (details.length < detailed) details.push(entryDetail(entry));
    }
    afterChunk();
  }
  const statements = evaluation.statementResults() ?? [];
  const counts = [
    count(rows.length, 'GHG entry', 'GHG entries'),
    ...(statements.length > 0 ? [count(statements.length, 'GHG statement', 'GHG statements')] : []),
  ];
  const title = `cdr-engine evaluate ${terminalText(context.title)}: ${counts.join(', ')}`;
  const summary = table(
    ['GHG entry', 'without discount kg', 'sd kg', 'net kg', 'issuable kg', 'buffer kg', 'supplier kg'],
    rows,
    new Set([1, 2, 3, 4, 5, 6]),
  );
  const omitted = rows.length - details.length;
  const note = omitted > 0 ? [`(${formatDefault(omitted)} more entries not shown in detail; --entries all shows every entry)`] : [];
  const firstId = terminalText(rows[0]?.[0] ?? '<id>');
  const file = terminalText(context.explainFile);
  const hint = `how an entry was calculated, step by step: cdr-engine explain ${file} <id>   (e.g. cdr-engine explain ${file} ${firstId})`;
  const sections = [
    `${title}\n${'='.repeat(Math.min(title.length, 100))}`,
    `${summary}\n${legend(context.policies)}`,
    ...(statements.length > 0 ? [statementTable(statements)] : []),
    ...refusedSection(evaluation),
    ...details,
    ...note,
    hint,
  ];
  write(`${sections.join('\n\n')}\n`);
  return warnings.all();
}

/** The refused entries and statements, one line each with its problems (docs/result.md, "Refused entries"); none when none. */
function refusedSection(evaluation: StreamedEvaluation): string[] {
  const refused = [...(evaluation.refused?.refused_entries ?? []), ...(evaluation.refused?.refused_statements ?? [])];
  if (refused.length === 0) return [];
  const lines = refused.map(
    (item) => `  ${terminalText(`${item.id}: ${item.issues.map((issue) => `${issue.message} [${issue.code}]`).join('; ')}`)}`,
  );
  return [`Refused (not evaluated, not in the tables above):\n${lines.join('\n')}`];
}
