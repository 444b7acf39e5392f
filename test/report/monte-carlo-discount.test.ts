// The HTML report under discountMethod 'monte_carlo' with lognormal and rectangular inputs tells
// what explainGhgEntry tells: the percentile credited, the draws, the distributions as declared,
// the applied discount's true arithmetic and the first-order figures beside it (issue 35).
import { describe, expect, it } from 'vitest';
import { explainGhgEntry, formatCalculationReport } from 'cdr-engine';
import { renderHtmlReport, type EntryReportFigures } from 'cdr-engine/report';
import project from '../../examples/biochar-project.json';

const A = 'rmv_01JA0BATCHA000000000';
const LOGNORMAL = ['dtp_01JA0CHARMASSA000000', 'dtp_01JA0CARBONA1000000', 'dtp_01JA0GRIDFACTOR00000'];
const RECTANGULAR = ['dtp_01JA0ENERGYA00000000', 'dtp_01JA0PERMANENCE00000'];

/** The example with three lognormal and two rectangular inputs. */
const document = {
  ...project,
  datapoints: project.datapoints.map((d) =>
    LOGNORMAL.includes(d.id)
      ? { ...d, distribution: { type: 'lognormal' } }
      : RECTANGULAR.includes(d.id)
        ? { ...d, distribution: { type: 'rectangular' } }
        : d,
  ),
};
const options = { policies: { discountMethod: 'monte_carlo' as const }, monteCarlo: { samples: 4000, seed: 3 } };

/** The page's text without tags, entities decoded, spaces collapsed. */
function text(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/\s+/g, ' ');
}

describe('the entry report under the Monte Carlo discount', async () => {
  const outcome = await renderHtmlReport(document, { ghgEntryId: A, ...options });
  const explained = explainGhgEntry(document, A, options);
  if (!outcome.ok || !explained.ok) throw new Error('engine failed');
  const page = text(outcome.html);
  const report = explained.report;
  const f = outcome.figures as EntryReportFigures;

  it('explains the discount as explainGhgEntry does: the same data and the same sentences', () => {
    expect(f.calculation.discount).toEqual(report.discount);
    expect(report.discount.method).toBe('monte_carlo');
    expect(report.discount.percentile).toBe(16);
    expect(report.discount.draws).toBe(4000);
    const markdown = formatCalculationReport(report);
    for (const sentence of report.discount.sentences) {
      expect(markdown).toContain(sentence);
      expect(page).toContain(sentence);
    }
  });

  it('names the percentile credited, the draws and the distributions as declared', () => {
    const declared = Object.fromEntries(report.discount.distributions.map((d) => [d.datapoint_id, d.distribution]));
    for (const id of LOGNORMAL) expect(declared[id]).toBe('lognormal');
    for (const id of RECTANGULAR) expect(declared[id]).toBe('rectangular');
    expect(declared['dtp_01JA0FEEDMASSA000000']).toBe('normal');
    expect(declared['dtp_01JA0DIESELFACTOR000']).toBeUndefined();
    expect(page).toContain('the 16th percentile of 4,000 draws credited');
    expect(page).toContain('3 lognormal');
    expect(page).toContain('2 rectangular');
    expect(page).toMatch(/drawn from 3 lognormal \([^)]*dtp_01JA0CARBONA1000000/);
    expect(page).not.toMatch(/standard deviation\)/);
    expect(page).not.toContain('drawn from its normal distribution');
  });

  it('does true arithmetic: the applied discount is the net without discount less the percentile', () => {
    const mc = report.monte_carlo!;
    expect(report.co2e_net_removed_kg).toBe(Math.min(mc.percentile_kg, report.co2e_net_removed_without_discount_kg));
    expect(report.discount.discount_kg).toBe(report.co2e_net_removed_without_discount_kg - report.co2e_net_removed_kg);
    expect(report.discount.discount_kg).toBe(report.discount_kg);
    const sd = report.co2e_net_removed_standard_deviation_kg!;
    expect(report.discount.first_order_discount_kg).toBeCloseTo(sd * report.policies.discount_coverage_factor, 9);
    expect(report.discount.first_order_co2e_net_removed_kg).toBe(report.first_order_co2e_net_removed_kg);
    // No sentence multiplies the coverage factor by the standard deviation and calls it the Monte Carlo discount.
    for (const sentence of report.discount.sentences.filter((s) => s.includes(' x '))) {
      const [, k, s, product] = /discount (\S+) x (\S+) = (\S+) kg/.exec(sentence)!;
      expect(Number(k) * Number(s)).toBeCloseTo(Number(product), 6);
    }
  });

  it('shows the first-order figures beside the simulated ones', () => {
    expect(f.monte_carlo?.normal_percentile_16_kg).toBe(report.first_order_co2e_net_removed_kg);
    expect(page).toContain('16th percentile (credited)');
    expect(page).toMatch(/Beside it, first order: discount 1 x/);
  });
});
