/**
 * The page around the sections: one self-contained HTML document (inline style, inline SVG, the
 * figures as an inline JSON block, a content security policy that allows no request), readable on
 * screen and on paper.
 */
import { VERSION } from '../version';
import type { ReportFigures } from './figures';
import type { EvaluationWarning } from '../accounting';
import { dataValue, escapeHtml as e, formatNumber } from './format';

const STYLE = `
:root { --ink: #1d2433; --muted: #5b6475; --line: #dde2ea; --accent: #1f3b73; --warn: #b3261e; --bg: #f6f7f9; }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; font: 15px/1.5 -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: var(--ink); background: var(--bg); }
header, main, footer { max-width: 1120px; margin: 0 auto; padding: 0 24px; }
header { padding-top: 28px; }
h1 { font-size: 26px; margin: 0 0 4px; letter-spacing: -0.01em; }
h1 small { display: block; font-size: 14px; font-weight: 500; color: var(--muted); letter-spacing: 0; text-transform: uppercase; }
h2 { font-size: 19px; margin: 0 0 6px; }
p { margin: 6px 0; }
code { font: 12.5px/1.4 ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; background: #eef1f5; padding: 1px 4px; border-radius: 3px; word-break: break-all; }
.muted { color: var(--muted); font-weight: normal; }
.warn { color: var(--warn); font-weight: 600; }
.meta { color: var(--muted); margin: 0 0 18px; }
section { background: white; border: 1px solid var(--line); border-radius: 8px; padding: 18px 22px; margin: 0 0 18px; }
.summary { display: grid; grid-template-columns: repeat(auto-fill, minmax(190px, 1fr)); gap: 10px; margin: 0; }
.summary div { border: 1px solid var(--line); border-radius: 6px; padding: 10px 12px; background: #fbfcfd; }
.summary dt { font-size: 12px; color: var(--muted); text-transform: uppercase; letter-spacing: 0.03em; }
.summary dd { margin: 2px 0 0; font-size: 20px; font-weight: 600; font-variant-numeric: tabular-nums; }
.summary dd small { font-size: 12px; font-weight: normal; color: var(--muted); }
.summary .key { border-color: var(--accent); background: #f1f4fa; }
figure.chart { margin: 10px 0 4px; overflow-x: auto; }
figure.chart svg { max-width: 100%; height: auto; display: block; }
figcaption { color: var(--muted); font-size: 13px; margin-top: 4px; }
.callout { border-left: 4px solid var(--warn); background: #fdf3f2; padding: 8px 12px; margin: 10px 0; border-radius: 0 6px 6px 0; }
.callout.ok { border-color: #2e7d32; background: #f1f8f1; }
.table { overflow-x: auto; margin: 8px 0; }
table { border-collapse: collapse; width: 100%; font-size: 13px; }
th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-weight: 600; color: var(--muted); background: #fafbfc; }
td.n, th.n, table.figures td + td, table.figures th + th { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr.total td { font-weight: 600; border-top: 2px solid var(--ink); }
details { border: 1px solid var(--line); border-radius: 6px; margin: 6px 0; background: white; }
summary { cursor: pointer; padding: 7px 12px; font-weight: 600; }
summary .muted { margin-left: 6px; }
.details-body { padding: 0 12px 10px; }
footer { color: var(--muted); font-size: 12px; padding-bottom: 28px; }
@media print {
  @page { size: A4; margin: 14mm 12mm; }
  body { background: white; font-size: 11pt; }
  header, main, footer { max-width: none; padding: 0; }
  section { border: none; padding: 0; margin: 0 0 14px; break-inside: auto; }
  h2 { break-after: avoid; border-bottom: 1px solid var(--line); padding-bottom: 2px; }
  figure.chart, .summary div, tr { break-inside: avoid; }
  figure.chart { overflow: visible; }
  .table { overflow: visible; }
  details { border: none; }
  details > summary { list-style: none; padding-left: 0; }
  details::details-content { content-visibility: visible; display: block; }
  .summary { grid-template-columns: repeat(4, 1fr); }
  .summary dd { font-size: 14pt; }
}
`;

// Paper shows every collapsed part: opened for printing, closed again after.
const PRINT_SCRIPT = `addEventListener('beforeprint',()=>{for(const d of document.querySelectorAll('details:not([open])')){d.open=true;d.dataset.printOpened=''}});addEventListener('afterprint',()=>{for(const d of document.querySelectorAll('details[data-print-opened]')){d.open=false;delete d.dataset.printOpened}});`;

/** What the page shows above its sections. */
export interface PageHead {
  readonly title: string;
  readonly kicker: string;
  readonly meta: string;
}

/** The whole document. */
export function page(head: PageHead, sections: readonly string[], figures: ReportFigures): string {
  // The JSON block cannot close its script element: '<' is written as an escape.
  const json = JSON.stringify(figures).replace(/</g, '\\u003c');
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="generator" content="cdr-engine ${VERSION}">`,
    `<title>${e(head.title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    `<body data-report="${figures.kind}">`,
    `<header><h1><small>${e(head.kicker)}</small>${e(head.title)}</h1><p class="meta">${head.meta}</p></header>`,
    '<main>',
    ...sections,
    '</main>',
    `<footer>Written by cdr-engine ${VERSION}. Every figure is the engine's own (evaluation, calculation report, sensitivity analysis, Monte Carlo); the page's figures are embedded as JSON in <code>#cdr-report-data</code>.</footer>`,
    `<script type="application/json" id="cdr-report-data">${json}</script>`,
    `<script>${PRINT_SCRIPT}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** A section with a heading. */
export function section(id: string, title: string, body: string): string {
  return `<section id="${id}"><h2>${e(title)}</h2>\n${body}\n</section>`;
}

/** The warnings, as the first section of a page (nothing when there are none). */
export function warningsSection(warnings: readonly EvaluationWarning[]): string[] {
  if (warnings.length === 0) return [];
  const items = warnings.map((w) => `<li><code>${e(w.path)}</code> <span class="muted">${e(w.code)}</span>: ${e(w.message)}</li>`).join('');
  return [
    section(
      'warnings',
      'Warnings',
      `<p class="warn">Suspicious but possible: check these before the figures. No figure below is changed by them.</p><ul>${items}</ul>`,
    ),
  ];
}

/** One figure of the summary: label, value for people, and the exact value for machines. */
export interface SummaryItem {
  readonly figure: string;
  readonly label: string;
  readonly value: number | null;
  readonly unit?: string;
  readonly key?: boolean;
}

/** The summary cards; each carries `data-figure` and the exact `data-value`. */
export function summary(items: readonly SummaryItem[]): string {
  const cards = items.map((item) => {
    const unit = item.value === null || item.unit === undefined ? '' : ` <small>${e(item.unit)}</small>`;
    return `<div${item.key === true ? ' class="key"' : ''} data-figure="${e(item.figure)}" data-value="${dataValue(item.value)}"><dt>${e(item.label)}</dt><dd>${formatNumber(item.value)}${unit}</dd></div>`;
  });
  return `<dl class="summary">${cards.join('')}</dl>`;
}

/** A rendered chart in its figure, with the marks its data calls for. */
export function chartFigure(
  chart: { readonly id: string; readonly description: string; readonly markName: string; readonly marks: number },
  svg: string,
  caption: string,
): string {
  const marks = chart.marks >= 0 ? ` data-marks="${chart.marks}"` : '';
  const labelled = svg.replace(/^<svg /, `<svg aria-label="${e(chart.description)}" `);
  return `<figure class="chart" data-chart="${chart.id}" data-mark-name="${chart.markName}"${marks}>${labelled}<figcaption>${caption}</figcaption></figure>`;
}
