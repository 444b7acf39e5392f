// renderHtmlReport without a browser: the page is self-contained, its embedded figures are the
// engine's, each chart declares the marks its data calls for, a large entry is summarised, and
// bad options come back as problems.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyseSensitivity, evaluateGraph, explainGhgEntry } from 'cdr-engine';
import { renderHtmlReport, type EntryReportFigures, type StatementReportFigures } from 'cdr-engine/report';
import project from '../../examples/biochar-project.json';
import statementExample from '../../examples/biochar-statement.json';
import { statementGraph } from '../statements/helpers';

const A = 'rmv_01JA0BATCHA000000000';
const STATEMENT = 'ggs_01JA0STATEMENT2026H1';

async function render(document: unknown, options: Parameters<typeof renderHtmlReport>[1]) {
  const outcome = await renderHtmlReport(document, options);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.issues));
  return outcome;
}

const embedded = (html: string): unknown =>
  JSON.parse(/<script type="application\/json" id="cdr-report-data">([\s\S]*?)<\/script>/.exec(html)![1]!);
const declaredMarks = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/data-chart="([^"]+)" data-mark-name="[^"]+" data-marks="(\d+)"/g)].map((m) => [m[1], Number(m[2])]),
  );

describe('an entry report', () => {
  it('is one self-contained page: no URL is loaded, a policy forbids every request', async () => {
    const { html } = await render(project, { ghgEntryId: A });
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain(`content="default-src 'none'`);
    expect(html).not.toMatch(/<(script|img|link|iframe)[^>]+(src|href)=/i);
    expect(html).not.toMatch(/url\(/);
    expect(html).not.toMatch(/@import|@font-face/);
    expect((html.match(/<svg /g) ?? []).length).toBe(3);
  });

  it('embeds the figures of evaluateGraph, explainGhgEntry and the sensitivity analysis', async () => {
    const { html, figures } = await render(statementExample, { ghgEntryId: A, monteCarlo: { samples: 2000, seed: 7 } });
    const entry = evaluateGraph(statementExample, { monteCarlo: { samples: 2000, seed: 7, histogramBins: 40 } }).ghg_entries.find(
      (e) => e.id === A,
    )!;
    // The calculation shows the same Monte Carlo run (its own 20 bins).
    const explained = explainGhgEntry(statementExample, A, { monteCarlo: { samples: 2000, seed: 7 } });
    const sensitivity = analyseSensitivity(statementExample);
    if (!explained.ok || !sensitivity.ok) throw new Error('engine failed');
    const f = embedded(html) as EntryReportFigures;
    expect(f).toEqual(JSON.parse(JSON.stringify(figures)));
    expect(f.result).toEqual(JSON.parse(JSON.stringify(entry)));
    expect(f.calculation).toEqual(JSON.parse(JSON.stringify(explained.report)));
    const analysed = sensitivity.analysis.ghg_entries.find((e) => e.ghg_entry_id === A)!;
    expect(f.sensitivity.unjustified_datapoint_ids).toEqual(analysed.unjustified_datapoint_ids);
    expect(f.sensitivity.datapoints.map((d) => d.net_kg_increased)).toEqual(
      analysed.datapoints.slice(0, 15).map((d) => d.net_kg_increased),
    );
    expect(f.monte_carlo).toMatchObject({ ...entry.monte_carlo, seed: 7, normal_percentile_16_kg: entry.co2e_net_removed_kg });
    expect(f.budget.map((b) => b.variance_share)).toEqual(
      entry.uncertainty_budget
        .filter((l) => l.standard_deviation !== null)
        .slice(0, 15)
        .map((l) => l.variance_share),
    );
  });

  it('its waterfall starts each total at 0 with the engine’s figure and ends at the supplier’s credits', async () => {
    const { figures } = await render(project, { ghgEntryId: A });
    const f = figures as EntryReportFigures;
    const entry = evaluateGraph(project).ghg_entries[0]!;
    const totals = f.waterfall.filter((s) => s.kind === 'total');
    expect(totals.map((s) => [s.label, s.end_kg])).toEqual([
      ['net without discount', entry.co2e_net_removed_without_discount_kg],
      ['net after discount', entry.co2e_net_removed_kg],
      ['issuable', entry.issuable_kg],
      ['supplier', entry.credit_allocation!.supplier_allocation_kg],
    ]);
    expect(
      f.waterfall
        .filter((s) => s.kind === 'component')
        .map((s) => s.component_id)
        .sort(),
    ).toEqual(entry.components.map((c) => c.component_id).sort());
    const components = f.waterfall.filter((s) => s.kind === 'component');
    expect(components.at(-1)!.end_kg).toBeCloseTo(entry.co2e_net_removed_without_discount_kg, 6);
    expect(f.waterfall.find((s) => s.label === 'buffer pool')!.amount_kg).toBe(-entry.credit_allocation!.buffer_pool_contribution_kg);
  });

  it('declares one bar per step, budget line, tornado move and histogram bin', async () => {
    const { html, figures } = await render(project, { ghgEntryId: A, monteCarlo: { samples: 1000 } });
    const f = figures as EntryReportFigures;
    const marks = declaredMarks(html);
    expect(marks).toEqual({
      waterfall: f.waterfall.length,
      budget: f.budget.length,
      tornado: f.sensitivity.datapoints.length * 2,
      'monte-carlo': 40,
    });
    const section = (id: string) =>
      html.slice(html.indexOf(`data-chart="${id}"`), html.indexOf('</figure>', html.indexOf(`data-chart="${id}"`)));
    const drawn = (id: string, name: string) =>
      (
        section(id)
          .match(new RegExp(`role-mark ${name}_marks"[^>]*>((?:<path[^>]*/>)+)`))?.[1]
          ?.match(/<path/g) ?? []
      ).length;
    expect(drawn('budget', 'budget_bars')).toBe(f.budget.length);
    expect(drawn('monte-carlo', 'histogram_bars')).toBe(40);
  });

  it('summarises an entry of many components by type and keeps the page small', async () => {
    const sizes = Array.from({ length: 1 }, () => 5);
    const graph = statementGraph(sizes) as unknown as {
      components: unknown[];
      datapoints: unknown[];
      ghg_entries: { component_attributions: unknown[] }[];
    };
    for (let i = 0; i < 40; i++) {
      graph.datapoints.push({
        id: `dtp_extra${String(i).padStart(12, '0')}`,
        quantity: { magnitude: 0.01, unit: 't', standard_deviation: 0.001 },
      });
      graph.components.push({
        id: `cmp_extra${String(i).padStart(12, '0')}`,
        blueprint_key: 'emit',
        inputs: [{ input_key: 'mass', datapoint_ids: [`dtp_extra${String(i).padStart(12, '0')}`] }],
      });
      graph.ghg_entries[0]!.component_attributions.push({ component_id: `cmp_extra${String(i).padStart(12, '0')}`, attribution_factor: 1 });
    }
    const { figures } = await render(graph, {});
    const f = figures as EntryReportFigures;
    expect(f.waterfall_grouped).toBe(true);
    expect(f.waterfall.filter((s) => s.kind === 'component').map((s) => s.label)).toEqual([
      'sequestration (1 component)',
      'activity (40 components)',
    ]);
    expect(f.budget).toHaveLength(15);
    expect(f.budget_lines).toBe(40); // the sequestration's datapoint has no standard deviation
  });
});

describe('a statement report', () => {
  it('embeds the statement’s totals, its entries and its allocations as the evaluation gives them', async () => {
    const { html, figures } = await render(statementExample, { ghgStatementId: STATEMENT });
    const result = evaluateGraph(statementExample);
    const statement = result.ghg_statements![0]!;
    const f = embedded(html) as StatementReportFigures;
    expect(f).toEqual(JSON.parse(JSON.stringify(figures)));
    expect(f.result).toEqual(JSON.parse(JSON.stringify(statement)));
    expect(
      f.entries.map((e) => [e.ghg_entry_id, e.co2e_net_removed_without_discount_kg, e.co2e_net_removed_standard_deviation_kg]),
    ).toEqual(result.ghg_entries.map((e) => [e.id, e.co2e_net_removed_without_discount_kg, e.co2e_net_removed_standard_deviation_kg]));
    expect(f.allocations.map((a) => [a.component_id, a.scope, a.allocation_strategy, a.share])).toEqual([
      ['cmp_01JA0SITEMACHINERY00', 'GHG_STATEMENT', null, null],
      ['cmp_01JA0PLANTBUILD00000', 'PROJECT', 'ESTIMATED_PROJECT_TONNAGE', statement.project_component_shares[0]!.share],
    ]);
    expect(f.allocations[0]!.entries.map((e) => e.attribution_factor)).toEqual([0.5, 0.5]);
    expect(f.calculations.map((c) => c.ghg_entry_id)).toEqual(statement.ghg_entry_ids);
    expect(declaredMarks(html)).toEqual({ entries: 4, tornado: f.sensitivity!.datapoints.length * 2 });
  });

  it('summarises a statement of many entries: a histogram and no per-entry calculation', async () => {
    const sizes = Array.from({ length: 500 }, (_, i) => 1 + (i % 17));
    const { html, figures } = await render(statementGraph(sizes), { ghgStatementId: 'ggs_a_______________' });
    const f = figures as StatementReportFigures;
    expect(f.entries).toHaveLength(500);
    expect(f.entries_chart_per_entry).toBe(false);
    expect(f.calculations).toEqual([]);
    expect(html).toContain('data-chart="entries" data-mark-name="entries_histogram"');
    expect(f.sensitivity).not.toBeNull();
    expect(html.length).toBeLessThan(1_000_000);
  });
});

describe('bad options', () => {
  it('come back as problems naming what is wrong', async () => {
    const problems = async (document: unknown, options: Parameters<typeof renderHtmlReport>[1]) => {
      const outcome = await renderHtmlReport(document, options);
      expect(outcome.ok).toBe(false);
      return outcome.ok ? [] : outcome.issues.map((i) => `${i.code}: ${i.message}`);
    };
    expect(await problems(project, {})).toEqual([
      expect.stringMatching(/^missing_option: the document has 2 GHG entries: name the entry or the statement .*rmv_01JA0BATCHA000000000/),
    ]);
    expect(await problems(project, { ghgEntryId: 'rmv_nope' })).toEqual([
      expect.stringMatching(/^unknown_entry: the document has no GHG entry 'rmv_nope'/),
    ]);
    expect(await problems(project, { ghgStatementId: 'ggs_nope' })).toEqual([
      "unknown_statement: the document has no GHG statement 'ggs_nope'; it has none",
    ]);
    expect(await problems(project, { ghgEntryId: A, ghgStatementId: STATEMENT })).toEqual([
      'invalid_option: name a GHG entry or a GHG statement, not both',
    ]);
    expect(await problems(project, { ghgEntryId: A, monteCarlo: { samples: 1 } })).toEqual([
      "invalid_option: option 'monteCarlo.samples' must be an integer >= 2 and <= 10000000; got 1",
    ]);
    expect(await problems(project, { ghgEntryId: A, monteCarlo: { samples: 10, sede: 2 } as never })).toEqual([
      "unknown_option: unknown key 'sede' at options.monteCarlo; did you mean 'seed'?",
    ]);
    expect(await problems({ ...project, datapoints: 3 }, { ghgEntryId: A })).not.toEqual([]);
  });
});

describe('the committed example reports', () => {
  const reports = readdirSync('examples/reports').filter((f) => f.endsWith('.html'));
  it('cover every entry and statement of every example', () => {
    const expected = readdirSync('examples')
      .filter((f) => f.endsWith('.json'))
      .flatMap((file) => {
        const document = JSON.parse(readFileSync(join('examples', file), 'utf8')) as {
          ghg_entries?: { id: string }[];
          ghg_statements?: { id: string }[];
        };
        return [...(document.ghg_entries ?? []), ...(document.ghg_statements ?? [])].map(
          (x) => `${file.replace(/\.json$/, '')}.${x.id}.html`,
        );
      });
    expect(reports.sort()).toEqual(expected.sort());
  });
  it.each(reports)('%s shows the figures the engine gives today', (name) => {
    const [example, id] = name.replace(/\.html$/, '').split('.') as [string, string];
    const document = JSON.parse(readFileSync(join('examples', `${example}.json`), 'utf8')) as unknown;
    const f = embedded(readFileSync(join('examples/reports', name), 'utf8')) as EntryReportFigures | StatementReportFigures;
    const result = evaluateGraph(document);
    if (f.kind === 'ghg_entry') {
      const { monte_carlo: _, ...rest } = f.result;
      expect(rest).toEqual(JSON.parse(JSON.stringify(result.ghg_entries.find((e) => e.id === id))));
    } else {
      expect(f.result).toEqual(JSON.parse(JSON.stringify(result.ghg_statements!.find((s) => s.id === id))));
    }
  });
});

describe('who loads the charting libraries', () => {
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
      d.isDirectory() ? sources(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
    );
  const files = sources('src').map((file) => ({ file, text: readFileSync(file, 'utf8') }));
  it('only src/report/svg.ts loads vega and vega-lite, with import() (the others import their types only)', () => {
    const loaders = files
      .filter((f) => /^import (?!type )[^;]*from '(vega|vega-lite)'|import\('(vega|vega-lite)'\)/m.test(f.text))
      .map((f) => f.file);
    expect(loaders).toEqual([join('src', 'report', 'svg.ts')]);
    expect(files.filter((f) => /from '(vega|vega-lite)'/.test(f.text)).every((f) => f.file.startsWith(join('src', 'report')))).toBe(true);
    expect(files.find((f) => f.file === join('src', 'report', 'svg.ts'))!.text).not.toMatch(/^import (?!type )[^;]*from 'vega/m);
  });
  it('nothing imports src/report but the report entry and the report command', () => {
    const importers = files
      .filter((f) => !f.file.startsWith(join('src', 'report')) && /from '(\.\.\/)+report'|import\('(\.\.\/)+report'\)/.test(f.text))
      .map((f) => f.file);
    expect(importers.sort()).toEqual([join('src', 'cli', 'report.ts'), join('src', 'entry', 'report.ts')]);
  });
});
