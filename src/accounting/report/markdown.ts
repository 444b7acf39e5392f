/**
 * The calculation report of one GHG entry as Markdown (see report.ts): numbered sections a
 * verifier can follow top to bottom, one function per section. Imports the report's types and how
 * it prints numbers.
 */
import type { MonteCarloSummary } from '../result';
import type { BufferPoolRounding, RoundingTies } from '../policies';
import { num } from './numbers';
import type { CalculationReport, ReportComponent } from './types';

/** A table cell: pipes escaped, line breaks flattened. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** One Markdown table row. */
function row(cells: readonly string[]): string {
  return `| ${cells.map(cell).join(' | ')} |`;
}

/** A Markdown table: header, rule, rows. */
function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  return [row(headers), row(headers.map(() => '---')), ...rows.map(row)].join('\n');
}

/** A number, or `-` for null. */
const orDash = (v: number | null): string => (v === null ? '-' : num(v));

const TIES: Readonly<Record<RoundingTies, string>> = {
  away_from_zero: 'ties away from zero',
  half_even: 'ties to even',
  toward_zero: 'ties toward zero',
};

const BUFFER: Readonly<Record<BufferPoolRounding, string>> = {
  ceil: 'ceil',
  floor: 'floor',
  half_up: 'round half up',
};

/**
 * Renders a calculation report as Markdown: numbered sections a verifier can follow top to bottom,
 * numbers printed to 12 significant digits.
 * @public
 */
export function formatCalculationReport(report: CalculationReport): string {
  const lines: string[] = [...heading(report), ...warningsSection(report)];
  lines.push('## 1. Datapoints', '', datapointsTable(report), '');
  lines.push('## 2. Components', '');
  report.components.forEach((c, k) => lines.push(...componentSection(c, k)));
  lines.push(...featuresSection(report));
  lines.push(...signedSumSection(report), ...propagationSection(report), ...discountSection(report), ...roundingSection(report));
  if (report.ghg_statement !== null) lines.push(...statementSection(report.ghg_statement));
  return `${lines.join('\n').trimEnd()}\n`;
}

/** The title, the entry's statement and the note on units. */
function heading(report: CalculationReport): string[] {
  const s = report.ghg_statement;
  return [
    `# Calculation report: GHG entry ${report.ghg_entry_id}`,
    '',
    s === null
      ? 'Not part of a GHG statement.'
      : `GHG statement ${s.id} (${s.status}), project ${s.project_id}, reporting period ${s.reporting_period_start_at} to ${s.reporting_period_end_at}, ${s.ghg_entry_ids.length} entries.`,
    '',
    'All formulas are evaluated in SI units (kg, m, s, J = kg·m^2·s^-2, ...); component results are kg CO2e.',
    '',
  ];
}

/** The entry's warnings, before every section: a reader sees what is suspicious first. */
function warningsSection(report: CalculationReport): string[] {
  if (report.warnings.length === 0) return [];
  return [
    '## Warnings',
    '',
    'Suspicious but possible; no figure below is changed by them.',
    '',
    ...report.warnings.map((w) => `- \`${w.path}\` (${w.code}): ${w.message}`),
    '',
  ];
}

/** Section 1: each datapoint as given and in SI. */
function datapointsTable(report: CalculationReport): string {
  return table(
    [
      'datapoint',
      'name',
      'magnitude',
      'unit',
      'standard deviation',
      'SI magnitude',
      'SI unit',
      'SI standard deviation',
      'distribution',
      'uncertainty justification',
    ],
    report.datapoints.map((d) => [
      d.datapoint_id,
      d.display_name ?? '',
      num(d.magnitude),
      d.unit,
      orDash(d.standard_deviation),
      num(d.si_magnitude),
      d.si_unit,
      orDash(d.si_standard_deviation),
      d.distribution ?? '-',
      d.uncertainty_justification ?? '-',
    ]),
  );
}

/** Section 2.k: one component worked through. */
function componentSection(c: ReportComponent, k: number): string[] {
  const lines = [
    `### 2.${k + 1} ${c.component_id}${c.display_name === null ? '' : ` (${c.display_name})`}`,
    '',
    `Blueprint \`${c.blueprint_key}\`, type ${c.type} (sign ${c.sign > 0 ? '+' : '-'}).`,
    '',
    `Inputs: ${c.inputs.map((i) => `${i.input_key} = ${i.datapoint_ids.join(', ') || '(none)'}`).join('; ') || '(none)'}.`,
    '',
    table(
      ['expression', 'formula', 'with values (SI)', 'value (SI)'],
      c.expressions.map((x) => [x.is_result ? `${x.key} (result)` : x.key, x.template, x.substituted, num(x.value)]),
    ),
    '',
    `Value: ${num(c.value_kg)} kg CO2e.`,
    '',
    `Attribution (${c.attribution.scope}): ${c.attribution.basis}.`,
    '',
    `Attributed: ${num(c.value_kg)} kg x ${num(c.attribution.factor)} = ${num(c.attributed_kg)} kg; contribution to the net: ${c.sign > 0 ? '+' : '-'}1 x ${num(c.attributed_kg)} = ${num(c.contribution_kg)} kg.`,
    '',
  ];
  if (c.partial_derivatives.length > 0) {
    lines.push(
      table(
        ['datapoint', 'd(value)/d(SI magnitude)', 'sign x factor x derivative x scale', 'per unit'],
        c.partial_derivatives.map((d) => [d.datapoint_id, num(d.si_derivative), num(d.sensitivity), `kg per ${d.unit}`]),
      ),
      '',
    );
  }
  return lines;
}

/** Section 3: the signed sum of the attributed components. */
function signedSumSection(report: CalculationReport): string[] {
  return [
    '## 3. Net removal before discount (signed sum)',
    '',
    table(
      ['component', 'type', 'value kg', 'factor', 'attributed kg', 'sign', 'contribution kg'],
      [
        ...report.components.map((c) => [
          c.component_id,
          c.type,
          num(c.value_kg),
          num(c.attribution.factor),
          num(c.attributed_kg),
          c.sign > 0 ? '+' : '-',
          num(c.contribution_kg),
        ]),
        ['**net without discount**', '', '', '', '', '', `**${num(report.co2e_net_removed_without_discount_kg)}**`],
      ],
    ),
    '',
  ];
}

/** Section 4: each datapoint's merged sensitivity and share of the variance. */
function propagationSection(report: CalculationReport): string[] {
  const propagated = report.policies.amortised_share_in_propagation === 'propagated';
  return [
    '## 4. Uncertainty propagation',
    '',
    'Each datapoint is one variable: c_j is the sum of the partial derivatives of section 2 over every use, s_j its standard deviation; variance = sum (c_j s_j)^2.' +
      (propagated ? ' Amortised tonnage shares are propagated too (their derivatives are added to c_j).' : ''),
    '',
    table(
      ['datapoint', 'c_j (kg per unit)', 'unit', 's_j', 'c_j s_j (kg)', '(c_j s_j)^2 (kg^2)', 'share of variance', 'uses'],
      report.propagation.map((l) => [
        l.datapoint_id,
        num(l.sensitivity),
        l.unit,
        orDash(l.standard_deviation),
        num(l.contribution_kg),
        num(l.variance_kg2),
        num(l.variance_share),
        String(l.uses),
      ]),
    ),
    '',
    report.co2e_net_removed_standard_deviation_kg === null
      ? 'No datapoint of the entry has a standard deviation: the standard deviation is null and no discount applies.'
      : `Variance: ${num(report.variance_kg2 ?? 0)} kg^2; standard deviation: sqrt(${num(report.variance_kg2 ?? 0)}) = ${num(report.co2e_net_removed_standard_deviation_kg)} kg.`,
    '',
  ];
}

/** Section 5: the uncertainty discount, as the report's one explanation of it words it. */
/** After the components: sample sets, branches taken, lognormals by median and difference inputs, as the report's one explanation words them. */
function featuresSection(report: CalculationReport): string[] {
  const sentences = report.features.sentences;
  if (sentences.length === 0) return [];
  return ['## Sample sets, branches and declared inputs', '', ...sentences.flatMap((sentence) => [sentence, ''])];
}

function discountSection(report: CalculationReport): string[] {
  const lines = ['## 5. Uncertainty discount', ''];
  for (const sentence of report.discount.sentences) lines.push(sentence, '');
  const mc = report.monte_carlo;
  return mc === null ? lines : [...lines, ...distributionLines(report, mc)];
}

/** The distribution of the net as a text histogram, the bins holding either discount marked. */
function distributionLines(report: CalculationReport, mc: MonteCarloSummary): string[] {
  const h = mc.histogram;
  if (h === undefined) return [];
  const most = Math.max(...h.counts);
  const binOf = (x: number): number =>
    h.bin_width_kg > 0 ? Math.min(h.counts.length - 1, Math.floor((x - h.start_kg) / h.bin_width_kg)) : 0;
  const firstOrder = binOf(report.first_order_co2e_net_removed_kg);
  const monteCarlo = binOf(mc.percentile_kg);
  const rows = h.counts.map((count, i) => {
    const marks = [i === firstOrder ? 'first order' : '', i === monteCarlo ? `Monte Carlo P${num(mc.percentile)}` : '']
      .filter((m) => m !== '')
      .join(', ');
    const bar = '#'.repeat(Math.round((40 * count) / Math.max(1, most)));
    return `${num(h.start_kg + i * h.bin_width_kg).padStart(14)} | ${bar}${marks === '' ? '' : `  <- ${marks}`}`;
  });
  return ['Distribution of the net without discount (kg, bins from the lower edge):', '', '```', ...rows, '```', ''];
}

/** Section 6: rounding, the issuable floor and the credit allocation. */
function roundingSection(report: CalculationReport): string[] {
  const p = report.policies;
  const a = report.credit_allocation;
  return [
    '## 6. Rounding and credits',
    '',
    `Rounded to the nearest ${num(p.rounding_increment_kg)} kg (${TIES[p.rounding_ties]}): ${num(report.co2e_net_removed_kg)} -> ${num(report.rounded_co2e_net_removed_kg)} kg.`,
    '',
    p.issuable_floor_kg === null
      ? `Issuable (no floor): ${num(report.issuable_kg)} kg.`
      : `Issuable = max(${num(p.issuable_floor_kg)}, ${num(report.rounded_co2e_net_removed_kg)}) = ${num(report.issuable_kg)} kg.`,
    '',
    a === null || report.risk_of_reversal_percentage === null
      ? 'No risk of reversal is set: no credit allocation.'
      : `Buffer pool = ${BUFFER[p.buffer_pool_rounding]}(${num(report.issuable_kg)} x ${num(report.risk_of_reversal_percentage)} / 100) = ${num(a.buffer_pool_contribution_kg)} kg; ` +
        `supplier = ${num(report.issuable_kg)} - ${num(a.buffer_pool_contribution_kg)} = ${num(a.supplier_allocation_kg)} kg.`,
    '',
  ];
}

/** Section 7: the entries of the statement and its totals. */
function statementSection(s: NonNullable<CalculationReport['ghg_statement']>): string[] {
  return [
    '## 7. GHG statement',
    '',
    table(
      ['GHG entry', 'net kg', 'rounded kg', 'issuable kg', 'buffer pool kg', 'supplier kg'],
      [
        ...s.ghg_entries.map((e) => [
          e.ghg_entry_id,
          num(e.co2e_net_removed_kg),
          num(e.rounded_co2e_net_removed_kg),
          num(e.issuable_kg),
          orDash(e.credit_allocation?.buffer_pool_contribution_kg ?? null),
          orDash(e.credit_allocation?.supplier_allocation_kg ?? null),
        ]),
        [
          '**total**',
          '',
          `**${num(s.total_co2e_removed_kg)}**`,
          `**${num(s.issuable_kg)}**`,
          orDash(s.credit_allocation?.buffer_pool_contribution_kg ?? null),
          orDash(s.credit_allocation?.supplier_allocation_kg ?? null),
        ],
      ],
    ),
    '',
    `Gross sequestration of the statement: ${num(s.gross_sequestration_kg)} kg.${s.credit_allocation === null ? ' The statement has no allocation because an entry has none.' : ''}`,
    '',
  ];
}
