/**
 * The worked calculation of one entry as collapsible HTML: the same content as `explain`'s
 * Markdown (datapoints, each component's formulas with the values substituted, attribution,
 * partial derivatives, the propagation), each part in a `<details>` element.
 */
import type { CalculationReport, ReportComponent } from '../accounting';
import { escapeHtml as e, formatNumber as n, formatPercent } from './format';

type Cell = string | { readonly html: string; readonly className?: string };

/** An HTML table; string cells are escaped, numbers right-aligned by the caller's class. */
export function table(headers: readonly string[], rows: readonly (readonly Cell[])[], numeric: readonly number[] = []): string {
  const isNumeric = new Set(numeric);
  const cell = (c: Cell, i: number, tag: 'td' | 'th') => {
    const className = typeof c === 'string' ? (isNumeric.has(i) ? 'n' : '') : (c.className ?? (isNumeric.has(i) ? 'n' : ''));
    const content = typeof c === 'string' ? e(c) : c.html;
    return `<${tag}${className === '' ? '' : ` class="${className}"`}>${content}</${tag}>`;
  };
  const head = `<tr>${headers.map((h, i) => cell(h, i, 'th')).join('')}</tr>`;
  return `<div class="table"><table><thead>${head}</thead><tbody>${rows.map((r) => `<tr>${r.map((c, i) => cell(c, i, 'td')).join('')}</tr>`).join('')}</tbody></table></div>`;
}

/** The calculation of one entry: every formula with its substituted values, collapsible. */
export function calculationSection(report: CalculationReport, open: boolean): string {
  const parts = [
    details(
      'Datapoints',
      table(
        ['datapoint', 'name', 'value', 'unit', 'standard deviation', 'SI value', 'SI unit', 'distribution', 'uncertainty justification'],
        report.datapoints.map((d) => [
          d.datapoint_id,
          d.display_name ?? '',
          n(d.magnitude),
          d.unit,
          n(d.standard_deviation),
          n(d.si_magnitude),
          d.si_unit,
          d.distribution ?? '–',
          d.uncertainty_justification ?? '–',
        ]),
        [2, 4, 5],
      ),
    ),
    ...featuresDetails(report),
    ...report.components.map((c, k) =>
      details(
        `${k + 1}. ${e(c.display_name ?? c.component_id)} <span class="muted">${e(c.type)}, ${n(c.contribution_kg, { signed: true })} kg</span>`,
        component(c),
        true,
      ),
    ),
    details(
      'Signed sum, propagation and discount',
      [
        table(
          ['component', 'type', 'value kg', 'factor', 'attributed kg', 'contribution kg'],
          [
            ...report.components.map((c) => [
              c.component_id,
              c.type,
              n(c.value_kg),
              n(c.attribution.factor),
              n(c.attributed_kg),
              n(c.contribution_kg, { signed: true }),
            ]),
            [
              { html: '<strong>net without discount</strong>' },
              '',
              '',
              '',
              '',
              { html: `<strong>${n(report.co2e_net_removed_without_discount_kg)}</strong>`, className: 'n' },
            ],
          ],
          [2, 3, 4, 5],
        ),
        '<p>Each datapoint is one variable: c<sub>j</sub> adds the partial derivatives of every use, s<sub>j</sub> is its standard deviation; variance = Σ (c<sub>j</sub> s<sub>j</sub>)².</p>',
        table(
          ['datapoint', 'c_j (kg per unit)', 'unit', 's_j', 'c_j s_j (kg)', 'share of variance', 'uses'],
          report.propagation.map((l) => [
            l.datapoint_id,
            n(l.sensitivity),
            l.unit,
            n(l.standard_deviation),
            n(l.contribution_kg),
            formatPercent(l.variance_share),
            String(l.uses),
          ]),
          [1, 3, 4, 5, 6],
        ),
        ...report.discount.sentences.map((sentence) => `<p data-discount-method="${e(report.discount.method)}">${e(sentence)}</p>`),
        `<p>${roundingSentence(report)}</p>`,
      ].join('\n'),
    ),
  ];
  return `<div class="calculation"${open ? ' data-open' : ''}>${parts.join('\n')}</div>`;
}

/** Sample sets, branches taken, lognormals by median and difference inputs, as the report's one explanation words them. */
function featuresDetails(report: CalculationReport): string[] {
  const sentences = report.features.sentences;
  if (sentences.length === 0) return [];
  return [
    details('Sample sets, branches and declared inputs', sentences.map((sentence) => `<p data-features>${e(sentence)}</p>`).join('\n')),
  ];
}

function details(summaryHtml: string, body: string, plainSummary = false): string {
  const summary = plainSummary ? summaryHtml : e(summaryHtml);
  return `<details><summary>${summary}</summary><div class="details-body">${body}</div></details>`;
}

function component(c: ReportComponent): string {
  const inputs = c.inputs
    .map((i) => `${e(i.input_key)} = ${i.datapoint_ids.map((d) => `<code>${e(d)}</code>`).join(', ') || '(none)'}`)
    .join('; ');
  const formulas = table(
    ['expression', 'formula', 'with values (SI)', 'value (SI)'],
    c.expressions.map((x) => [
      x.is_result ? `${x.key} (result)` : x.key,
      { html: `<code>${e(x.template)}</code>` },
      { html: `<code>${e(x.substituted)}</code>` },
      n(x.value),
    ]),
    [3],
  );
  const derivatives =
    c.partial_derivatives.length === 0
      ? ''
      : table(
          ['datapoint', 'd(value)/d(SI value)', 'kg of net per unit', 'unit'],
          c.partial_derivatives.map((d) => [d.datapoint_id, n(d.si_derivative), n(d.sensitivity), d.unit]),
          [1, 2],
        );
  return [
    `<p>Component <code>${e(c.component_id)}</code>, blueprint <code>${e(c.blueprint_key)}</code>, type ${e(c.type)} (sign ${c.sign > 0 ? '+' : '−'}). Inputs: ${inputs || '(none)'}.</p>`,
    formulas,
    `<p>Value ${n(c.value_kg)} kg CO2e. Attribution (${e(c.attribution.scope)}): ${e(c.attribution.basis)}. Attributed ${n(c.value_kg)} × ${n(c.attribution.factor)} = ${n(c.attributed_kg)} kg; contribution ${n(c.contribution_kg, { signed: true })} kg.</p>`,
    derivatives,
  ].join('\n');
}

function roundingSentence(r: CalculationReport): string {
  const p = r.policies;
  const rounding = `Rounded to ${n(p.rounding_increment_kg)} kg (${p.rounding_ties.replace(/_/g, ' ')}): ${n(r.co2e_net_removed_kg)} → ${n(r.rounded_co2e_net_removed_kg)} kg; issuable ${n(r.issuable_kg)} kg.`;
  if (r.credit_allocation === null || r.risk_of_reversal_percentage === null)
    return `${rounding} No risk of reversal: no credit allocation.`;
  const a = r.credit_allocation;
  return `${rounding} Buffer pool ${p.buffer_pool_rounding}(${n(r.issuable_kg)} × ${n(r.risk_of_reversal_percentage)} %) = ${n(a.buffer_pool_contribution_kg)} kg; supplier ${n(r.issuable_kg)} − ${n(a.buffer_pool_contribution_kg)} = ${n(a.supplier_allocation_kg)} kg.`;
}
