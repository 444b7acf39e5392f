// Issue 33: explain and the HTML report say where a sample-set datapoint's standard uncertainty
// comes from, which branch each deciding comparison took, how a lognormal by its median was
// declared, and which inputs are differences; both print the calculation report's one explanation.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluateGraph, explainGhgEntry, formatCalculationReport } from 'cdr-engine';
import { renderHtmlReport } from 'cdr-engine/report';

const ENTRY = 'rmv_EW_TRACER_F1_2025';
const tracer = (): Record<string, unknown> & { datapoints: { id: string; quantity: Record<string, unknown>; distribution?: unknown }[] } =>
  JSON.parse(readFileSync(new URL('../../examples/enhanced-weathering-tracer.json', import.meta.url), 'utf8'));

function explained(document: unknown) {
  const outcome = explainGhgEntry(document, ENTRY);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.issues));
  return outcome.report;
}

async function html(document: unknown): Promise<string> {
  const outcome = await renderHtmlReport(document, { ghgEntryId: ENTRY });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.issues));
  return outcome.html;
}

const escaped = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The sample standard deviation (n - 1) of a column's magnitudes, computed here from the document. */
function sampleSd(values: readonly number[]): number {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length - 1));
}

describe('features in explain and the HTML report', () => {
  it('the tracer example: the sample set with its sd and row correlation, the branch taken, the difference input', async () => {
    const document = tracer();
    const report = explained(document);
    const ti = document.datapoints.filter((d) => d.id.startsWith('dtp_ti_L')).map((d) => d.quantity['magnitude'] as number);
    const column = report.features.sample_sets.find((c) => c.column === 'ti')!;
    expect(column).toMatchObject({ sample_set_id: 'mixed_layer_cores', rows: 24, unit: 'mg/kg' });
    expect(column.datapoint_ids).toHaveLength(24);
    expect(column.standard_deviation).toBeCloseTo(sampleSd(ti), 9);
    // The datapoints table shows the same sd for each member.
    expect(report.datapoints.find((d) => d.datapoint_id === 'dtp_ti_L01')!.standard_deviation).toBeCloseTo(sampleSd(ti), 9);
    expect(column.correlations).toHaveLength(1);
    expect(column.correlations[0]!.column).toBe('ca');
    expect(column.correlations[0]!.coefficient).toBeGreaterThan(0.9);

    expect(report.features.branches).toEqual([
      expect.objectContaining({
        component_id: 'cmp_ew_tracer_field',
        expression: 'control_correction',
        holds: true,
        near_threshold: false,
      }),
    ]);
    expect(report.features.branches[0]!.difference).toBeCloseTo(0.02 - 0.05, 12);
    expect(report.features.difference_inputs).toEqual([
      { component_id: 'cmp_ew_tracer_field', input_key: 'control_change', datapoint_ids: ['dtp_control_change'] },
    ]);

    const markdown = formatCalculationReport(report);
    const page = await html(document);
    expect(report.features.sentences.length).toBe(4);
    for (const sentence of report.features.sentences) {
      expect(markdown).toContain(sentence);
      expect(page).toContain(escaped(sentence));
    }
    expect(markdown).toContain('Sample set mixed_layer_cores, column ti (24 rows)');
    expect(markdown).toContain('so the first branch is taken');
    // Equal figures: the report's are the evaluation's (net 62,032 kg before the discount, issue 33b).
    const entry = evaluateGraph(document).ghg_entries[0]!;
    expect(report.co2e_net_removed_without_discount_kg).toBe(entry.co2e_net_removed_without_discount_kg);
    expect(report.co2e_net_removed_without_discount_kg).toBeCloseTo(62032, -1);
    expect(report.co2e_net_removed_kg).toBe(entry.co2e_net_removed_kg);
  });

  it('the other branch, near its threshold, with its warning; a lognormal by its median', async () => {
    const document = tracer();
    const p = document.datapoints.find((d) => d.id === 'dtp_control_p_value')!;
    p.quantity = { magnitude: 0.06, unit: 'dimensionless', standard_deviation: 0.01 };
    const distance = document.datapoints.find((d) => d.id === 'dtp_distance')!;
    distance.quantity = { magnitude: 40, unit: 'km', standard_deviation: null };
    distance.distribution = { type: 'lognormal', log_standard_deviation: 0.05 };
    const report = explained(document);
    expect(report.features.branches).toEqual([expect.objectContaining({ holds: false, near_threshold: true })]);
    expect(report.warnings.map((w) => w.code)).toContain('branch_near_threshold');
    const sd = 40 * Math.exp(0.05 ** 2 / 2) * Math.sqrt(Math.exp(0.05 ** 2) - 1);
    expect(report.features.lognormal_medians).toEqual([
      expect.objectContaining({ datapoint_id: 'dtp_distance', median: 40, log_standard_deviation: 0.05, unit: 'km' }),
    ]);
    expect(report.features.lognormal_medians[0]!.first_order_standard_deviation).toBeCloseTo(sd, 12);
    expect(report.datapoints.find((d) => d.datapoint_id === 'dtp_distance')!.distribution).toBe(
      'lognormal (median, log standard deviation 0.05)',
    );
    const markdown = formatCalculationReport(report);
    expect(markdown).toContain('so the second branch is taken; near the threshold (warning branch_near_threshold)');
    expect(markdown).toContain('lognormal declared by its median 40 km and log standard deviation 0.05');
    const page = await html(document);
    for (const sentence of report.features.sentences) expect(page).toContain(escaped(sentence));
  });

  it('says nothing of features an entry does not use', () => {
    const project = JSON.parse(readFileSync(new URL('../../examples/biochar-project.json', import.meta.url), 'utf8'));
    const outcome = explainGhgEntry(project, 'rmv_01JA0BATCHA000000000');
    if (!outcome.ok) throw new Error('invalid');
    expect(outcome.report.features).toEqual({ sample_sets: [], branches: [], lognormal_medians: [], difference_inputs: [], sentences: [] });
    expect(formatCalculationReport(outcome.report)).not.toContain('Sample sets, branches');
  });
});
