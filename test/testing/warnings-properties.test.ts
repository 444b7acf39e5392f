// Warnings never change a figure, and the generators stay inside the physical bounds (so a
// generated graph is never refused for an impossible value and never warns).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type EvaluationResult, evaluateGraph, type RemovalGraphInput, safeEvaluateGraph } from 'cdr-engine';
import { isWithinPhysicalBounds, QUANTITY_KINDS, toSI } from 'cdr-engine/units';
import { graphOf, quantityOf } from 'cdr-engine/testing';
import { BIOCHAR, WEATHERING } from './helpers';

/** The result without its warnings (what the figures are). */
function figures(result: EvaluationResult): unknown {
  return JSON.parse(
    JSON.stringify({ ...result, warnings: undefined, ghg_entries: result.ghg_entries.map((e) => ({ ...e, warnings: undefined })) }),
  );
}

const graphs = fc.oneof(graphOf(BIOCHAR.component_blueprints), graphOf(WEATHERING.component_blueprints));

describe('warnings', () => {
  it('never change a figure: scaling datapoints far out of their realistic range, or risks of reversal below 1 %, under every physicalBounds policy', () => {
    const scaled = fc.tuple(graphs, fc.array(fc.nat(), { maxLength: 4 }), fc.constantFrom(1e-9, 1e6, -1), fc.boolean());
    fc.assert(
      fc.property(scaled, ([graph, picks, factor, fractionRisk]) => {
        const document: RemovalGraphInput = {
          ...graph,
          datapoints: graph.datapoints.map((d, i) =>
            picks.some((p) => p % graph.datapoints.length === i)
              ? { ...d, quantity: { ...d.quantity, magnitude: d.quantity.magnitude * factor } }
              : d,
          ),
          ghg_entries: graph.ghg_entries.map((e) => (fractionRisk ? { ...e, risk_of_reversal_percentage: 0.05 } : e)),
        };
        const off = safeEvaluateGraph(document, { policies: { physicalBounds: 'off' } });
        const warned = safeEvaluateGraph(document, { policies: { physicalBounds: 'warning' } });
        expect(warned.ok).toBe(off.ok);
        if (!off.ok || !warned.ok) return;
        expect(figures(warned.result)).toEqual(figures(off.result));
        // every entry's warning is in the result's, once
        const top = new Set(warned.result.warnings.map((w) => `${w.path} ${w.code}`));
        expect(top.size).toBe(warned.result.warnings.length);
        for (const entry of warned.result.ghg_entries) for (const w of entry.warnings) expect(top.has(`${w.path} ${w.code}`)).toBe(true);
        if (fractionRisk) expect(warned.result.warnings.some((w) => w.code === 'risk_of_reversal_fraction_suspected')).toBe(true);
      }),
      { numRuns: 60, seed: 23 },
    );
  });
});

describe('generators within the physical bounds', () => {
  it('quantityOf draws every kind inside its physical bounds', () => {
    for (const kind of QUANTITY_KINDS) {
      for (const q of fc.sample(quantityOf(kind), { numRuns: 30, seed: 7 })) {
        expect(isWithinPhysicalBounds(kind, toSI(q.magnitude, null, q.unit).magnitude), `${kind}: ${q.magnitude} ${q.unit}`).toBe(true);
      }
    }
  });

  it('refuses a range that reaches outside the physical bounds, naming the kind', () => {
    expect(() => quantityOf('mass', { magnitude: { min: -1, max: 2, unit: 't' } })).toThrow(/physical bounds of 'mass'/);
    expect(() => quantityOf('mass_fraction', { magnitude: { min: 0, max: 98, unit: '' } })).toThrow(/'mass_fraction'/);
  });

  it('graphOf documents evaluate without a warning', () => {
    for (const graph of fc.sample(graphs, { numRuns: 40, seed: 8 })) expect(evaluateGraph(graph).warnings).toEqual([]);
  });
});
