// The HTML reports of every bundled example (each entry, each statement) opened in Debian's
// Chromium: no console error, no request, every chart drawn with the marks its data calls for,
// the page's figures equal to evaluateGraph's, the collapsed parts shown on paper. Screenshots
// (screen and print) go to artifacts/screenshots/ for review. Run by `npm run test:browser`.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseSensitivity, evaluateGraph, explainGhgEntry, type GhgEntryResult, type NetSensitivity } from 'cdr-engine';
import { renderHtmlReport } from 'cdr-engine/report';
import { launchChromium } from '../../scripts/chromium.mjs';

/** The little of the DOM the checks read in the page (the project compiles without the DOM library; casts only, the functions run in the browser). */
type DomNode = {
  readonly dataset: Record<string, string | undefined>;
  querySelectorAll(selector: string): { readonly length: number };
  querySelector(selector: string): DomNode | null;
  getBoundingClientRect(): { readonly width: number; readonly height: number };
};

const SAMPLES = 20_000;
const SCREENSHOTS = 'artifacts/screenshots';
const LINES = 15; // budget and tornado lines a chart draws

type Target = { readonly example: string; readonly document: unknown; readonly kind: 'entry' | 'statement'; readonly id: string };

const targets: Target[] = readdirSync('examples')
  .filter((f) => f.endsWith('.json'))
  .sort()
  .flatMap((file) => {
    const document = JSON.parse(readFileSync(join('examples', file), 'utf8')) as {
      ghg_entries?: { id: string }[];
      ghg_statements?: { id: string }[];
    };
    const example = file.replace(/\.json$/, '');
    return [
      ...(document.ghg_entries ?? []).map((e) => ({ example, document, kind: 'entry' as const, id: e.id })),
      ...(document.ghg_statements ?? []).map((s) => ({ example, document, kind: 'statement' as const, id: s.id })),
    ];
  });

let browser: Awaited<ReturnType<typeof launchChromium>>;
const pages = mkdtempSync(join(tmpdir(), 'cdr-engine-reports-'));

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  rmSync(pages, { recursive: true, force: true });
});

/** Bars the tornado draws for an analysis: both moves of the first lines, where the net is finite. */
const tornadoBars = (s: NetSensitivity) =>
  s.datapoints.slice(0, LINES).reduce((n, d) => n + (d.net_kg_decreased === null ? 0 : 1) + (d.net_kg_increased === null ? 0 : 1), 0);

function entryExpectations(t: Target) {
  const entry = evaluateGraph(t.document, { monteCarlo: { samples: SAMPLES, seed: 1, histogramBins: 40 } }).ghg_entries.find(
    (e) => e.id === t.id,
  ) as GhgEntryResult;
  const explained = explainGhgEntry(t.document, t.id);
  if (!explained.ok) throw new Error('explain failed');
  const r = explained.report;
  const sensitivity = analyseSensitivity(t.document);
  if (!sensitivity.ok) throw new Error('sensitivity failed');
  const steps = 3 + 1 + (r.issuable_kg === r.rounded_co2e_net_removed_kg ? 0 : 1) + 1 + (entry.credit_allocation === null ? 0 : 2);
  return {
    result: entry,
    cards: {
      co2e_net_removed_kg: entry.co2e_net_removed_kg,
      co2e_net_removed_without_discount_kg: entry.co2e_net_removed_without_discount_kg,
      co2e_net_removed_standard_deviation_kg: entry.co2e_net_removed_standard_deviation_kg,
      rounded_co2e_net_removed_kg: r.rounded_co2e_net_removed_kg,
      issuable_kg: entry.issuable_kg,
      risk_of_reversal_percentage: entry.risk_of_reversal_percentage,
      buffer_pool_contribution_kg: entry.credit_allocation?.buffer_pool_contribution_kg ?? null,
      supplier_allocation_kg: entry.credit_allocation?.supplier_allocation_kg ?? null,
    } as Record<string, number | null>,
    marks: {
      waterfall: entry.components.length + steps,
      budget: Math.min(LINES, entry.uncertainty_budget.filter((l) => l.standard_deviation !== null).length),
      tornado: tornadoBars(sensitivity.analysis.ghg_entries.find((e) => e.ghg_entry_id === t.id)!),
      'monte-carlo': 40,
    } as Record<string, number>,
  };
}

function statementExpectations(t: Target) {
  const result = evaluateGraph(t.document);
  const statement = result.ghg_statements!.find((s) => s.id === t.id)!;
  const sensitivity = analyseSensitivity(t.document);
  if (!sensitivity.ok) throw new Error('sensitivity failed');
  return {
    result: statement,
    cards: {
      total_co2e_removed_kg: statement.total_co2e_removed_kg,
      gross_sequestration_kg: statement.gross_sequestration_kg,
      issuable_kg: statement.issuable_kg,
      buffer_pool_contribution_kg: statement.credit_allocation?.buffer_pool_contribution_kg ?? null,
      supplier_allocation_kg: statement.credit_allocation?.supplier_allocation_kg ?? null,
      entries: statement.ghg_entry_ids.length,
    } as Record<string, number | null>,
    marks: {
      entries: statement.ghg_entries.reduce((n, e) => n + (e.credit_allocation === null ? 1 : 2), 0),
      tornado: tornadoBars(sensitivity.analysis.ghg_statements.find((s) => s.ghg_statement_id === t.id)!),
    } as Record<string, number>,
  };
}

describe.each(targets)('report of $example, $kind $id', (t) => {
  it('opens without errors or requests, draws what its data calls for, shows the engine’s figures and prints', async () => {
    const outcome = await renderHtmlReport(
      t.document,
      t.kind === 'entry' ? { ghgEntryId: t.id, monteCarlo: { samples: SAMPLES } } : { ghgStatementId: t.id },
    );
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.issues));
    const name = `${t.example}.${t.id}`;
    const file = join(pages, `${name}.html`);
    writeFileSync(file, outcome.html);
    const url = pathToFileURL(file).href;

    const page = await browser.context.newPage();
    const errors: string[] = [];
    const requests: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('request', (r) => {
      if (r.url() !== url) requests.push(r.url());
    });
    await page.goto(url, { waitUntil: 'load' });

    const expected = t.kind === 'entry' ? entryExpectations(t) : statementExpectations(t);
    const embedded = JSON.parse((await page.locator('#cdr-report-data').textContent()) ?? 'null') as { result: unknown };
    expect(embedded.result).toEqual(JSON.parse(JSON.stringify(expected.result)));
    const cards = await page.$$eval('[data-figure]', (els) =>
      els.map((el) => [(el as unknown as DomNode).dataset['figure'], (el as unknown as DomNode).dataset['value']] as const),
    );
    expect(Object.fromEntries(cards.map(([k, v]) => [k, v === 'null' ? null : Number(v)]))).toEqual(expected.cards);

    const charts = await page.$$eval('figure[data-chart]', (figures) =>
      figures.map((f) => {
        const el = f as unknown as DomNode;
        return {
          id: el.dataset['chart'] as string,
          declared: el.dataset['marks'] === undefined ? null : Number(el.dataset['marks']),
          drawn: el.querySelectorAll(`svg g.role-mark.${el.dataset['markName']}_marks > *`).length,
          width: el.querySelector('svg')?.getBoundingClientRect().width ?? 0,
        };
      }),
    );
    expect(charts.map((c) => c.id).sort()).toEqual(Object.keys(expected.marks).sort());
    for (const chart of charts) {
      expect({ chart: chart.id, drawn: chart.drawn, declared: chart.declared }).toEqual({
        chart: chart.id,
        drawn: expected.marks[chart.id],
        declared: expected.marks[chart.id],
      });
      expect(chart.width).toBeGreaterThan(200);
    }
    if (t.kind === 'entry') {
      // The Monte Carlo chart carries the first-order normal and both 16th percentiles.
      expect(await page.locator('figure[data-chart="monte-carlo"] g.role-mark.normal_curve_marks > path').count()).toBe(1);
      expect(await page.locator('figure[data-chart="monte-carlo"] g.role-mark.percentile_rules_marks > *').count()).toBe(2);
    }

    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
    // On paper every collapsed part is shown.
    await page.emulateMedia({ media: 'print' });
    const hidden = await page.$$eval(
      'details .details-body',
      (bodies) => bodies.filter((b) => (b as unknown as DomNode).getBoundingClientRect().height === 0).length,
    );
    expect(hidden).toBe(0);
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.print.png`), fullPage: true });
    await page.close();

    expect(errors).toEqual([]);
    expect(requests).toEqual([]);
  });
});
