// What the HTML report asks of the engine: Monte Carlo histograms and a sensitivity analysis
// scoped to some entries or statements.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyseSensitivity, evaluateGraph, safeEvaluateGraph } from '../../src';
import example from '../../examples/biochar-statement.json';
import { statementGraph } from '../statements/helpers';

describe('Monte Carlo histogram (monteCarlo.histogramBins)', () => {
  it('counts every sample once, from the smallest to the largest', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 400 }), fc.integer({ min: 1, max: 60 }), fc.integer(), (samples, bins, seed) => {
        const [entry] = evaluateGraph(example, { monteCarlo: { samples, seed, histogramBins: bins } }).ghg_entries;
        const h = entry!.monte_carlo!.histogram!;
        expect(h.counts).toHaveLength(bins);
        expect(h.counts.reduce((a, b) => a + b, 0)).toBe(samples);
        expect(h.start_kg).toBeLessThanOrEqual(entry!.monte_carlo!.percentile_16_kg);
        expect(h.start_kg + bins * h.bin_width_kg).toBeGreaterThanOrEqual(entry!.monte_carlo!.percentile_16_kg);
      }),
      { numRuns: 25 },
    );
  });
  it('is absent unless asked for, and the bin count is checked', () => {
    expect(evaluateGraph(example, { monteCarlo: { samples: 10, seed: 1 } }).ghg_entries[0]!.monte_carlo).not.toHaveProperty('histogram');
    for (const bins of [0, 1.5, 1001]) {
      const outcome = safeEvaluateGraph(example, { monteCarlo: { samples: 10, seed: 1, histogramBins: bins } });
      expect(outcome.ok ? [] : outcome.issues.map((i) => i.path.join('.'))).toEqual(['options.monteCarlo.histogramBins']);
    }
  });
  it('puts every sample in one bin when they are all equal', () => {
    const graph = statementGraph([5]);
    const h = evaluateGraph(graph, { monteCarlo: { samples: 20, seed: 3, histogramBins: 4 } }).ghg_entries[0]!.monte_carlo!.histogram!;
    expect(h).toEqual({ start_kg: 5000, bin_width_kg: 0, counts: [20, 0, 0, 0] });
  });
});

describe('sensitivity analysis scoped with `only`', () => {
  it('gives the same lines as the whole analysis for the entries and statements named, and nothing else', () => {
    const whole = analyseSensitivity(example);
    const entry = analyseSensitivity(example, { only: { ghgEntryIds: ['rmv_01JA0BATCHB000000000'] } });
    const statement = analyseSensitivity(example, { only: { ghgStatementIds: ['ggs_01JA0STATEMENT2026H1'] } });
    if (!whole.ok || !entry.ok || !statement.ok) throw new Error('analysis failed');
    expect(entry.analysis.ghg_entries).toEqual([whole.analysis.ghg_entries[1]]);
    expect(entry.analysis.ghg_statements).toEqual([]);
    expect(statement.analysis.ghg_entries).toEqual([]);
    expect(statement.analysis.ghg_statements).toEqual(whole.analysis.ghg_statements);
  });
  it('names an unknown id', () => {
    const outcome = analyseSensitivity(example, { only: { ghgEntryIds: ['rmv_nope'], ghgStatementIds: ['ggs_nope'] } });
    expect(outcome.ok ? [] : outcome.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      "options.only.ghgEntryIds: the document has no GHG entry 'rmv_nope'",
      "options.only.ghgStatementIds: the document has no GHG statement 'ggs_nope'",
    ]);
  });
});
