/**
 * The page of an entry report: summary, waterfall, uncertainty budget, sensitivity tornado, the
 * Monte Carlo distribution when present, and the collapsible calculation.
 */
import { calculationSection, table } from './calculation';
import { budgetChart, monteCarloChart, tornadoChart, waterfallChart, type Chart } from './charts';
import type { CalculationReport } from '../accounting';
import type { EntryReportFigures, TornadoFigures } from './figures';
import { escapeHtml as e, formatNumber as n, formatPercent } from './format';
import { chartFigure, page, section, summary, warningsSection, type SummaryItem } from './page';
import { renderSvg } from './svg';

/** Renders the charts of a page, in order. */
export async function rendered(charts: readonly (Chart | null)[]): Promise<Map<string, { chart: Chart; svg: string }>> {
  const out = new Map<string, { chart: Chart; svg: string }>();
  for (const chart of charts) if (chart !== null) out.set(chart.id, { chart, svg: await renderSvg(chart.spec) });
  return out;
}

/** The HTML page of an entry report. */
export async function entryPage(f: EntryReportFigures): Promise<string> {
  const r = f.result;
  const c = f.calculation;
  const charts = await rendered([
    waterfallChart(f.waterfall),
    f.budget.length > 0 ? budgetChart(f.budget) : null,
    f.sensitivity.datapoints.length > 0 ? tornadoChart(f.sensitivity) : null,
    f.monte_carlo === null ? null : monteCarloChart(f.monte_carlo),
  ]);
  const figure = (id: string, caption: string) => {
    const chart = charts.get(id);
    return chart === undefined ? '' : chartFigure(chart.chart, chart.svg, caption);
  };
  const statement =
    c.ghg_statement === null
      ? 'not part of a GHG statement'
      : `GHG statement <code>${e(c.ghg_statement.id)}</code> (${e(c.ghg_statement.status)}), project <code>${e(c.ghg_statement.project_id)}</code>, ${e(c.ghg_statement.reporting_period_start_at)} to ${e(c.ghg_statement.reporting_period_end_at)}`;
  const items: SummaryItem[] = [
    { figure: 'co2e_net_removed_kg', label: 'Net removed (after discount)', value: r.co2e_net_removed_kg, unit: 'kg CO2e', key: true },
    {
      figure: 'co2e_net_removed_without_discount_kg',
      label: 'Net without discount',
      value: r.co2e_net_removed_without_discount_kg,
      unit: 'kg CO2e',
    },
    {
      figure: 'co2e_net_removed_standard_deviation_kg',
      label: 'Standard deviation',
      value: r.co2e_net_removed_standard_deviation_kg,
      unit: 'kg CO2e',
    },
    {
      figure: 'rounded_co2e_net_removed_kg',
      label: `Rounded to ${n(c.policies.rounding_increment_kg)} kg`,
      value: f.rounded_co2e_net_removed_kg,
      unit: 'kg CO2e',
    },
    { figure: 'issuable_kg', label: 'Issuable credits', value: r.issuable_kg, unit: 'kg', key: true },
    { figure: 'risk_of_reversal_percentage', label: 'Risk of reversal', value: r.risk_of_reversal_percentage, unit: '%' },
    {
      figure: 'buffer_pool_contribution_kg',
      label: 'Buffer pool',
      value: r.credit_allocation?.buffer_pool_contribution_kg ?? null,
      unit: 'kg',
    },
    {
      figure: 'supplier_allocation_kg',
      label: 'Supplier',
      value: r.credit_allocation?.supplier_allocation_kg ?? null,
      unit: 'kg',
      key: true,
    },
  ];
  const sections = [
    ...warningsSection(f.warnings),
    section(
      'summary',
      'Summary',
      `${summary(items)}${r.credit_allocation === null ? '<p class="muted">No risk of reversal is set: the issuable credits are not split.</p>' : ''}`,
    ),
    section(
      'waterfall',
      'From the components to the credits',
      figure(
        'waterfall',
        `Each component's signed, attributed contribution (${f.waterfall_grouped ? 'summed by type: the entry has many components' : 'grouped by type'}), the net without discount, the uncertainty discount (${discountCaption(c)}), the rounding to ${n(c.policies.rounding_increment_kg)} kg${r.credit_allocation === null ? '' : ', then the buffer pool and the supplier’s share'}.`,
      ),
    ),
    section('budget', 'Uncertainty budget', budgetBody(f, figure)),
    section('sensitivity', 'Sensitivity analysis', tornadoBody(f.sensitivity, figure)),
    ...(f.monte_carlo === null ? [] : [section('monte-carlo', 'Monte Carlo check', monteCarloBody(f, figure))]),
    section(
      'calculation',
      'Calculation, formula by formula',
      `<p class="muted">Every formula with its values substituted (SI units), as <code>cdr-engine explain</code> prints it. Click a part to open it.</p>${calculationSection(c, false)}`,
    ),
  ];
  return page(
    {
      kicker: 'GHG entry calculation report',
      title: r.id,
      meta: `${statement}. ${c.components.length} components, ${c.datapoints.length} datapoints.`,
    },
    sections,
    f,
  );
}

type FigureOf = (id: string, caption: string) => string;

/** The discount as the waterfall's caption names it: the percentile credited, or the coverage factor. */
function discountCaption(c: CalculationReport): string {
  const d = c.discount;
  if (d.method === 'monte_carlo' && d.percentile !== null)
    return `Monte Carlo: the ${ordinal(d.percentile)} percentile of ${n(d.draws)} draws credited`;
  return `${n(d.coverage_factor)} standard deviation${d.coverage_factor === 1 ? '' : 's'}`;
}

/** `16th`, `5th`, `2.5th`. */
function ordinal(p: number): string {
  const text = n(p);
  if (!Number.isInteger(p)) return `${text}th`;
  const tens = p % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][p % 10] ?? 'th');
  return `${text}${suffix}`;
}

/** Which distributions the draws came from, as declared: `drawn from 2 lognormal (a, b), 1 rectangular (c)`. */
function drawnFrom(c: CalculationReport): string {
  const byType = new Map<string, number>();
  for (const d of c.discount.distributions) byType.set(d.distribution, (byType.get(d.distribution) ?? 0) + 1);
  if (byType.size === 0) return 'no datapoint drawn';
  const parts = [...byType].sort(([a], [b]) => (a < b ? -1 : 1)).map(([type, count]) => `${count} ${type}`);
  return `the datapoints with a standard deviation drawn from their declared distributions: ${parts.join(', ')}`;
}

function budgetBody(f: EntryReportFigures, figure: FigureOf): string {
  if (f.budget.length === 0)
    return '<p>No datapoint of the entry has a standard deviation: the net has no uncertainty and no discount.</p>';
  const shown =
    f.budget.length < f.budget_lines
      ? `The ${f.budget.length} largest of ${f.budget_lines} datapoints with a standard deviation.`
      : `All ${f.budget_lines} datapoints with a standard deviation.`;
  return (
    figure(
      'budget',
      `${shown} Bars: share of the variance of the net, (c<sub>j</sub> s<sub>j</sub>)² / variance; labels: value ± standard deviation as given.`,
    ) +
    table(
      ['datapoint', 'value', 'standard deviation', 'c_j (kg per unit)', 'share', 'uses'],
      f.budget.map((b) => [
        b.display_name ?? b.datapoint_id,
        `${n(b.magnitude)} ${b.unit}`,
        n(b.standard_deviation),
        n(b.sensitivity),
        formatPercent(b.variance_share),
        String(b.uses),
      ]),
      [1, 2, 3, 4, 5],
    )
  );
}

/** The tornado with the sensitive datapoints and those lacking a justification. */
export function tornadoBody(t: TornadoFigures, figure: FigureOf): string {
  const percent = `${Math.round(t.variation * 100)} %`;
  const flagged =
    t.unjustified_datapoint_ids.length === 0
      ? `<p class="callout ok">Every sensitive datapoint (${t.sensitive_datapoint_ids.length}) has an uncertainty justification.</p>`
      : `<div class="callout" data-unjustified="${t.unjustified_datapoint_ids.length}"><strong>${t.unjustified_datapoint_ids.length} sensitive datapoint(s) lack an <code>uncertainty_justification</code>:</strong> ${t.unjustified_datapoint_ids.map((id) => `<code>${e(id)}</code>`).join(', ')}</div>`;
  if (t.datapoints.length === 0) return `<p>The net reads no datapoint.</p>`;
  const shown =
    t.datapoints.length < t.analysed
      ? `the ${t.datapoints.length} of ${t.analysed} datapoints that move it most`
      : `all ${t.analysed} datapoints`;
  return (
    figure(
      'tornado',
      `The net (${n(t.co2e_net_kg)} kg, black line) with each datapoint moved by ±${percent}, ${shown}. Solid bars: sensitive (the net moves by more than ${formatPercent(t.threshold)}); ● sensitive and justified, ⚠ sensitive without an uncertainty justification.`,
    ) +
    flagged +
    table(
      ['datapoint', `net at −${percent}`, `net at +${percent}`, 'largest change', 'sensitive', 'justification'],
      t.datapoints.map((d) => [
        d.display_name ?? d.datapoint_id,
        n(d.net_kg_decreased),
        n(d.net_kg_increased),
        formatPercent(d.largest_relative_change),
        d.sensitive ? 'yes' : 'no',
        d.sensitive && d.uncertainty_justification === null
          ? { html: '<strong class="warn">missing</strong>' }
          : (d.uncertainty_justification ?? '–'),
      ]),
      [1, 2, 3],
    )
  );
}

function monteCarloBody(f: EntryReportFigures, figure: FigureOf): string {
  const mc = f.monte_carlo!;
  const rows = [
    ['mean of the net without discount', n(mc.normal_mean_kg), n(mc.mean_kg)],
    ['standard deviation', n(mc.normal_standard_deviation_kg), n(mc.standard_deviation_kg)],
    ['16th percentile', n(mc.normal_percentile_16_kg), n(mc.percentile_16_kg)],
  ];
  const d = f.calculation.discount;
  if (d.method === 'monte_carlo' && d.percentile !== null) {
    rows.push([`${ordinal(d.percentile)} percentile (credited)`, '–', n(mc.percentile_kg)]);
    rows.push(['net after discount', n(d.first_order_co2e_net_removed_kg), n(f.result.co2e_net_removed_kg)]);
  }
  return (
    figure(
      'monte-carlo',
      `${n(mc.samples)} samples (seed ${mc.seed}), ${e(drawnFrom(f.calculation))}. Line: the first-order normal (mean ${n(mc.normal_mean_kg)} kg, standard deviation ${n(mc.normal_standard_deviation_kg)} kg) the first-order discount assumes.`,
    ) +
    table(['kg CO2e', 'first order (linear)', 'simulated'], rows, [1, 2]) +
    d.sentences.map((sentence) => `<p data-discount-method="${e(d.method)}">${e(sentence)}</p>`).join('') +
    `<p class="muted">Standard error of the simulated mean: ${n(mc.standard_error_of_mean_kg)} kg.</p>`
  );
}
