/**
 * Plain-text rendering of an evaluation result for the terminal: fixed-width tables, kg with
 * thousands separators. Pure: returns a string.
 */
import type { EvaluationResult, GhgEntryResult } from '../accounting';

const kg = (v: number | null): string =>
  v === null ? '-' : v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function table(headers: readonly string[], rows: readonly (readonly string[])[], rightAligned: ReadonlySet<number>): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
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

/**
 * Renders an evaluation result as readable tables: a summary per entry, then each entry's
 * components, reused datapoints and largest budget lines.
 */
export function formatEvaluationTable(result: EvaluationResult): string {
  const summary = table(
    ['GHG entry', 'without discount kg', 'sd kg', 'net kg', 'issuable kg', 'buffer kg', 'supplier kg'],
    result.ghg_entries.map((e) => [
      e.id,
      kg(e.co2e_net_removed_without_discount_kg),
      kg(e.co2e_net_removed_standard_deviation_kg),
      kg(e.co2e_net_removed_kg),
      e.issuable_kg.toLocaleString('en-US'),
      e.credit_allocation === null ? '-' : e.credit_allocation.buffer_pool_contribution_kg.toLocaleString('en-US'),
      e.credit_allocation === null ? '-' : e.credit_allocation.supplier_allocation_kg.toLocaleString('en-US'),
    ]),
    new Set([1, 2, 3, 4, 5, 6]),
  );
  return [summary, ...result.ghg_entries.map(entryDetail)].join('\n\n') + '\n';
}
