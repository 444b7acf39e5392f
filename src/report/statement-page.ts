/**
 * The page of a statement report: the statement's totals, its entries as a chart and a table, the
 * components it shares at statement and project level, its sensitivity tornado, and the
 * calculation of each entry of a small statement. A large statement is summarised: a histogram
 * instead of one bar per entry, and no per-entry calculation.
 */
import { calculationSection, table } from './calculation';
import { entriesChart, tornadoChart } from './charts';
import { rendered, tornadoBody } from './entry-page';
import type { AllocationFigure, StatementReportFigures } from './figures';
import { escapeHtml as e, formatNumber as n, formatPercent } from './format';
import { chartFigure, page, section, summary, warningsSection, type SummaryItem } from './page';
import { ENTRY_CALCULATIONS } from './statement-figures';

/** Above this many entries the table of entries starts closed. */
const OPEN_TABLE_ROWS = 100;

/** The HTML page of a statement report. */
export async function statementPage(f: StatementReportFigures): Promise<string> {
  const s = f.result;
  const charts = await rendered([
    entriesChart(f.result.ghg_entries, f.entries_chart_per_entry),
    f.sensitivity === null || f.sensitivity.datapoints.length === 0 ? null : tornadoChart(f.sensitivity),
  ]);
  const figure = (id: string, caption: string) => {
    const chart = charts.get(id);
    return chart === undefined ? '' : chartFigure(chart.chart, chart.svg, caption);
  };
  const items: SummaryItem[] = [
    {
      figure: 'total_co2e_removed_kg',
      label: 'Total removed (rounded entries)',
      value: s.total_co2e_removed_kg,
      unit: 'kg CO2e',
      key: true,
    },
    { figure: 'gross_sequestration_kg', label: 'Gross sequestration', value: s.gross_sequestration_kg, unit: 'kg CO2e' },
    { figure: 'issuable_kg', label: 'Issuable credits', value: s.issuable_kg, unit: 'kg', key: true },
    {
      figure: 'buffer_pool_contribution_kg',
      label: 'Buffer pool',
      value: s.credit_allocation?.buffer_pool_contribution_kg ?? null,
      unit: 'kg',
    },
    {
      figure: 'supplier_allocation_kg',
      label: 'Supplier',
      value: s.credit_allocation?.supplier_allocation_kg ?? null,
      unit: 'kg',
      key: true,
    },
    { figure: 'entries', label: 'GHG entries', value: s.ghg_entry_ids.length },
  ];
  const entriesCaption = f.entries_chart_per_entry
    ? 'Issuable credits of each entry split between the supplier and the buffer pool; red tick: the entry’s net after discount.'
    : `The statement has ${f.entries.length} entries: the chart counts them by net after discount (one bar per range).`;
  const sections = [
    ...warningsSection(f.warnings),
    section(
      'summary',
      'Summary',
      `${summary(items)}${s.credit_allocation === null ? '<p class="muted">An entry has no risk of reversal: the statement’s credits are not split.</p>' : ''}`,
    ),
    section('entries', 'Entries', figure('entries', entriesCaption) + entriesTable(f)),
    section('allocations', 'Statement- and project-level allocations', allocationsBody(f)),
    section(
      'sensitivity',
      'Sensitivity of the statement’s net',
      f.sensitivity === null
        ? `<p>The statement has ${f.entries.length} entries: re-evaluating it twice per datapoint is left out of the report. Report on one entry (<code>--entry</code>) for its sensitivity, or run <code>analyseSensitivity</code>.</p>`
        : tornadoBody(f.sensitivity, figure),
    ),
    section('calculation', 'Calculations of the entries', calculationsBody(f)),
  ];
  const meta = `Project <code>${e(s.project_id)}</code>, reporting period ${e(s.reporting_period_start_at)} to ${e(s.reporting_period_end_at)}, status ${e(s.status)}, ${s.ghg_entry_ids.length} entries.`;
  return page({ kicker: 'GHG statement report', title: s.id, meta }, sections, f);
}

function entriesTable(f: StatementReportFigures): string {
  const mc = f.entries.some((x) => x.monte_carlo_percentile_16_kg !== null);
  const headers = [
    'GHG entry',
    'net without discount',
    'standard deviation',
    'net after discount',
    ...(mc ? ['simulated 16th percentile'] : []),
    'rounded',
    'issuable',
    'buffer pool',
    'supplier',
  ];
  // Written compactly (no class per cell: the table's class aligns the numbers); a statement may have 10,000s of entries.
  const cell = (v: number | null) => `<td>${n(v)}</td>`;
  const rows = f.result.ghg_entries.map((x, i) => {
    const more = f.entries[i]!;
    return `<tr><td>${e(x.ghg_entry_id)}</td>${cell(more.co2e_net_removed_without_discount_kg)}${cell(more.co2e_net_removed_standard_deviation_kg)}${cell(x.co2e_net_removed_kg)}${mc ? cell(more.monte_carlo_percentile_16_kg) : ''}${cell(x.rounded_co2e_net_removed_kg)}${cell(x.issuable_kg)}${cell(x.credit_allocation?.buffer_pool_contribution_kg ?? null)}${cell(x.credit_allocation?.supplier_allocation_kg ?? null)}</tr>`;
  });
  const s = f.result;
  const total = `<tr class="total"><td>total</td>${'<td></td>'.repeat(mc ? 4 : 3)}${cell(s.total_co2e_removed_kg)}${cell(s.issuable_kg)}${cell(s.credit_allocation?.buffer_pool_contribution_kg ?? null)}${cell(s.credit_allocation?.supplier_allocation_kg ?? null)}</tr>`;
  const body = `<div class="table"><table class="figures"><thead><tr>${headers.map((h) => `<th>${e(h)}</th>`).join('')}</tr></thead><tbody>${rows.join('\n')}${total}</tbody></table></div>`;
  const label = `All ${f.entries.length} entries, kg CO2e (the statement totals the rounded nets).`;
  return f.entries.length <= OPEN_TABLE_ROWS
    ? `<p class="muted">${label}</p>${body}`
    : `<details><summary>${label}</summary><div class="details-body">${body}</div></details>`;
}

function allocationsBody(f: StatementReportFigures): string {
  const s = f.result;
  const credit =
    s.credit_allocation === null
      ? '<p>Credits: no allocation (an entry has no risk of reversal).</p>'
      : `<p>Credits of the statement: ${n(s.issuable_kg)} kg issuable, of which ${n(s.credit_allocation.buffer_pool_contribution_kg)} kg to the buffer pool and ${n(s.credit_allocation.supplier_allocation_kg)} kg to the supplier (sums of the entries’ exact allocations).</p>`;
  if (f.allocations.length === 0) return `${credit}<p>No component is attributed at statement or project level.</p>`;
  const rows = f.allocations.map((a) => [
    a.component_id,
    a.scope === 'GHG_STATEMENT' ? 'statement' : 'project',
    a.type,
    a.allocation_strategy ?? 'split evenly',
    a.share === null ? '–' : `${formatPercent(a.share)}${a.capped ? ' (capped)' : ''}${a.frozen ? ' (frozen)' : ''}`,
    String(a.entries.length),
    range(a, (x) => x.attribution_factor),
    range(a, (x) => x.contribution_kg),
  ]);
  const shares =
    s.project_component_shares.length === 0
      ? ''
      : table(
          ['project component', 'strategy', 'share', 'share before the cap', 'capped', 'frozen'],
          s.project_component_shares.map((p) => [
            p.component_id,
            p.allocation_strategy,
            formatPercent(p.share),
            formatPercent(p.share_before_cap),
            p.capped ? 'yes' : 'no',
            p.frozen ? 'yes' : 'no',
          ]),
          [2, 3],
        );
  return `${credit}${table(['component', 'level', 'type', 'allocation', 'share', 'entries', 'factor / entry', 'kg / entry'], rows, [4, 5, 6, 7])}${shares === '' ? '' : `<p class="muted">Shares of the project’s amortised components, as the statement’s evaluation reports them.</p>${shares}`}`;
}

function range(a: AllocationFigure, of: (x: AllocationFigure['entries'][number]) => number): string {
  const values = a.entries.map(of);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return lo === hi ? n(lo) : `${n(lo)} to ${n(hi)}`;
}

function calculationsBody(f: StatementReportFigures): string {
  if (f.calculations.length === 0) {
    return `<p>The statement has more than ${ENTRY_CALCULATIONS} entries: report on one entry (<code>--entry</code>) for its formulas with their values.</p>`;
  }
  return f.calculations
    .map(
      (c) =>
        `<details><summary>${e(c.ghg_entry_id)} <span class="muted">${n(c.co2e_net_removed_kg)} kg after discount</span></summary><div class="details-body">${calculationSection(c, false)}</div></details>`,
    )
    .join('\n');
}
