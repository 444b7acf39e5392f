/**
 * Plain-text rendering of an evaluation for the terminal: a summary table of every entry (kg with
 * thousands separators), then the detail of the first entries (components, reused datapoints,
 * largest budget lines) or of as many as asked. Entries are read a chunk at a time and only the
 * summary's cells and the detailed entries are kept. Pure: the text goes to `write`.
 */
import type { EvaluationWarning, GhgEntryResult } from '../accounting';
import { type StreamedEvaluation, WarningCollector } from './evaluation-output';
import { formatDefault, formatTwoDecimals } from './number-format';

/** Entries shown in detail unless asked otherwise (`--entries`). */
export const DEFAULT_DETAILED_ENTRIES = 10;

const kg = (v: number | null): string => (v === null ? '-' : formatTwoDecimals(v));

function table(headers: readonly string[], rows: readonly (readonly string[])[], rightAligned: ReadonlySet<number>): string {
  const widths = headers.map((h) => h.length);
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  const line = (cells: readonly string[]) =>
    cells.map((c, i) => (rightAligned.has(i) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join('  ').trimEnd();
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

function entryDetail(entry: GhgEntryResult): string {
  const parts: string[] = [];
  parts.push(`GHG entry ${entry.id}`);
  parts.push(
    table(
      ['component', 'type', 'factor', 'CO2e kg', 'sd kg', 'contribution kg'],
      entry.components.map((c) => [c.component_id, c.type, String(c.attribution_factor), kg(c.co2e_kg), kg(c.standard_deviation_kg), kg(c.contribution_kg)]),
      new Set([2, 3, 4, 5]),
    ),
  );
  if (entry.reused_datapoints.length > 0) {
    parts.push(`reused datapoints (one variable each): ${entry.reused_datapoints.map((r) => `${r.datapoint_id} x${r.uses}`).join(', ')}`);
  }
  const budget = entry.uncertainty_budget.filter((b) => b.variance_share > 0).slice(0, 5);
  if (budget.length > 0) {
    parts.push('largest shares of the variance:');
    parts.push(
      table(
        ['datapoint', 'sensitivity', 'per unit', 'sd', 'share'],
        budget.map((b) => [b.datapoint_id, b.sensitivity.toPrecision(6), b.unit, b.standard_deviation === null ? '-' : String(b.standard_deviation), `${(b.variance_share * 100).toFixed(1)} %`]),
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
    formatDefault(e.issuable_kg),
    e.credit_allocation === null ? '-' : formatDefault(e.credit_allocation.buffer_pool_contribution_kg),
    e.credit_allocation === null ? '-' : formatDefault(e.credit_allocation.supplier_allocation_kg),
  ];
}

/**
 * Writes the evaluation as readable tables: a summary of every entry, then the detail of the first
 * `detailed` entries (all of them for Infinity) and, when some are left out, a line saying so.
 * `afterChunk` is called after each chunk of entries is read. Returns the result's warnings.
 */
export function writeEvaluationTable(evaluation: StreamedEvaluation, write: (text: string) => void, detailed: number, afterChunk: () => void = () => {}): readonly EvaluationWarning[] {
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
  const summary = table(['GHG entry', 'without discount kg', 'sd kg', 'net kg', 'issuable kg', 'buffer kg', 'supplier kg'], rows, new Set([1, 2, 3, 4, 5, 6]));
  const omitted = rows.length - details.length;
  const note = omitted > 0 ? [`(${formatDefault(omitted)} more entries not shown in detail; --entries all shows every entry)`] : [];
  write(`${[summary, ...details, ...note].join('\n\n')}\n`);
  return warnings.all();
}
