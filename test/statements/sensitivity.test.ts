import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  analysePreparedSensitivity,
  analyseSensitivity,
  evaluateGraph,
  prepareGraph,
  type RemovalGraphInput,
  type SensitivityAnalysis,
} from '../../src';
import { BLUEPRINTS, datapoint, dtp, entry, massComponent, rmv, statement } from './helpers';

function analysis(graph: unknown, policies = {}): SensitivityAnalysis {
  const outcome = analyseSensitivity(graph, { policies });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.issues));
  return outcome.analysis;
}

// net = 1100 t - 45 t - 55 t = 1000 t. Moving A (45 t) by 20 % moves the net by 9 t = 0.9 %,
// moving B (55 t) by 11 t = 1.1 %, the sequestration (1100 t) by 220 t = 22 %.
const linear: RemovalGraphInput = {
  component_blueprints: BLUEPRINTS,
  datapoints: [datapoint('seq', 1100, 't', 10, 'weighbridge, calibrated'), datapoint('a', 45, 't'), datapoint('b', 55000, 'kg')],
  components: [massComponent('seq', 'seq'), massComponent('a', 'emit'), massComponent('b', 'emit')],
  ghg_entries: [entry('e', { seq: 1, a: 1, b: 1 })],
};

describe('sensitivity analysis', () => {
  it('flags 1.1 % but not 0.9 %, and lists sensitive datapoints without justification', () => {
    const [e] = analysis(linear).ghg_entries;
    expect(e!.co2e_net_kg).toBeCloseTo(1_000_000, 6);
    const byId = Object.fromEntries(e!.datapoints.map((d) => [d.datapoint_id, d]));
    expect(byId[dtp('a')]!.largest_relative_change).toBeCloseTo(0.009, 12);
    expect(byId[dtp('a')]!.sensitive).toBe(false);
    expect(byId[dtp('b')]!.largest_relative_change).toBeCloseTo(0.011, 12);
    expect(byId[dtp('b')]).toMatchObject({ sensitive: true, magnitude: 55000, unit: 'kg', uncertainty_justification: null });
    expect(byId[dtp('b')]!.net_kg_increased).toBeCloseTo(1_000_000 - 11_000, 6);
    expect(byId[dtp('b')]!.relative_change_increased).toBeCloseTo(-0.011, 12);
    expect(byId[dtp('seq')]!.relative_change_decreased).toBeCloseTo(-0.22, 12);
    expect(e!.datapoints.map((d) => d.datapoint_id)).toEqual([dtp('seq'), dtp('b'), dtp('a')]);
    expect(e!.sensitive_datapoint_ids).toEqual([dtp('b'), dtp('seq')]);
    expect(e!.unjustified_datapoint_ids).toEqual([dtp('b')]);
  });

  it('reads variation and threshold from the policies', () => {
    const tenPercent = analysis(linear, { sensitivityVariation: 0.1 }).ghg_entries[0]!;
    expect(tenPercent.sensitive_datapoint_ids).toEqual([dtp('seq')]);
    const loose = analysis(linear, { sensitivityThreshold: 0.005 }).ghg_entries[0]!;
    expect(loose.sensitive_datapoint_ids).toEqual([dtp('a'), dtp('b'), dtp('seq')]);
    const prepared = prepareGraph(linear);
    if (!prepared.ok) throw new Error('invalid');
    const bad = analysePreparedSensitivity(prepared.prepared, { policies: { sensitivityVariation: -1 } });
    expect(bad.ok).toBe(false);
  });

  it('a linear model: flags match the hand computation', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ tonnes: fc.integer({ min: 1, max: 10_000 }), emits: fc.boolean() }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 100_000 }),
        (parts, seqTonnes) => {
          const graph: RemovalGraphInput = {
            component_blueprints: BLUEPRINTS,
            datapoints: [datapoint('q', seqTonnes), ...parts.map((p, i) => datapoint(`p${i}`, p.tonnes))],
            components: [massComponent('q', 'seq'), ...parts.map((p, i) => massComponent(`p${i}`, p.emits ? 'emit' : 'seq'))],
            ghg_entries: [entry('e', Object.fromEntries([['q', 1], ...parts.map((_, i) => [`p${i}`, 1])]))],
          };
          const net = seqTonnes + parts.reduce((s, p) => s + (p.emits ? -p.tonnes : p.tonnes), 0);
          const [e] = analysis(graph).ghg_entries;
          const hand = [{ id: dtp('q'), t: seqTonnes }, ...parts.map((p, i) => ({ id: dtp(`p${i}`), t: p.tonnes }))];
          for (const h of hand) {
            const line = e!.datapoints.find((d) => d.datapoint_id === h.id)!;
            if (net === 0) {
              expect(line.sensitive).toBe(true);
              continue;
            }
            const change = (0.2 * h.t) / Math.abs(net);
            if (Math.abs(change - 0.01) < 1e-9) continue; // on the threshold itself: rounding decides
            expect(line.largest_relative_change).toBeCloseTo(change, 9);
            expect(line.sensitive).toBe(change > 0.01);
          }
        },
      ),
      { seed: 20260404, numRuns: 150 },
    );
  });

  it('statements: the sum of their entries, every datapoint of every entry', () => {
    const graph = {
      ...linear,
      datapoints: [...linear.datapoints, datapoint('other', 100_000, 't')],
      components: [...linear.components, massComponent('other', 'seq')],
      ghg_entries: [...linear.ghg_entries, entry('f', { other: 1 })],
      ghg_statements: [statement('s', ['e', 'f'])],
    };
    const result = analysis(graph);
    const s = result.ghg_statements[0]!;
    expect(s.co2e_net_kg).toBeCloseTo(101_000_000, 3);
    expect(s.datapoints).toHaveLength(4);
    // 20 % of 1100 t is 0.22 % of 101000 t: no longer sensitive at statement level.
    expect(s.sensitive_datapoint_ids).toEqual([dtp('other')]);
    expect(result.ghg_entries[1]!.datapoints.map((d) => d.datapoint_id)).toEqual([dtp('other')]);
  });

  it('sees the tonnage share move with the sequestration', () => {
    // P = 1000 t amortised by tonnage over 2000 t: the share is S / 2000 t, net = S - P * S / 2000 t.
    const graph = {
      component_blueprints: BLUEPRINTS,
      datapoints: [datapoint('s', 1000), datapoint('x', 1000)],
      components: [massComponent('s', 'seq'), massComponent('x', 'emit')],
      ghg_entries: [entry('e', { s: 1 })],
      ghg_statements: [statement('a', ['e'])],
      projects: [
        {
          id: statement('a', []).project_id,
          estimated_gross_tonnage_kg: 2_000_000,
          components: [{ component_id: massComponent('x', 'emit').id, allocation_strategy: 'ESTIMATED_PROJECT_TONNAGE' }],
        },
      ],
    };
    const line = analysis(graph).ghg_entries[0]!.datapoints.find((d) => d.datapoint_id === dtp('s'))!;
    // net(1.2 S) = 1200 t - 1000 t * 1200 / 2000 = 600 t, against 500 t at S.
    const moved = structuredClone(graph);
    moved.datapoints[0]!.quantity.magnitude = 1200;
    expect(line.net_kg_increased).toBeCloseTo(evaluateGraph(moved).ghg_entries[0]!.co2e_net_removed_without_discount_kg, 6);
    expect(line.net_kg_increased).toBeCloseTo(600_000, 6);
    expect(line.relative_change_increased).toBeCloseTo(0.2, 12);
  });

  it('matches direct re-evaluation of the bundled example, both measures', () => {
    const example = JSON.parse(readFileSync(new URL('../../examples/biochar-project.json', import.meta.url), 'utf8')) as RemovalGraphInput;
    for (const measure of ['net_without_discount', 'net_after_discount'] as const) {
      const result = analysis(example, { sensitivityMeasure: measure });
      expect(result.measure).toBe(measure);
      const field = measure === 'net_without_discount' ? 'co2e_net_removed_without_discount_kg' : 'co2e_net_removed_kg';
      for (const [e, entryResult] of result.ghg_entries.entries()) {
        for (const line of entryResult.datapoints) {
          const d = example.datapoints.findIndex((x) => x.id === line.datapoint_id);
          for (const [factor, got] of [
            [0.8, line.net_kg_decreased],
            [1.2, line.net_kg_increased],
          ] as const) {
            const moved = structuredClone(example);
            moved.datapoints[d]!.quantity.magnitude *= factor;
            expect(got).toBeCloseTo(evaluateGraph(moved).ghg_entries[e]![field], 6);
          }
        }
        expect(entryResult.ghg_entry_id).toBe(example.ghg_entries[e]!.id);
      }
    }
    // Batch A: the sequestration inputs are sensitive, the diesel factor (no justification) too.
    const a = analysis(example).ghg_entries[0]!;
    expect(a.sensitive_datapoint_ids).toContain('dtp_01JA0CHARMASSA000000');
    expect(a.unjustified_datapoint_ids).not.toContain('dtp_01JA0CHARMASSA000000');
    expect(a.unjustified_datapoint_ids).toContain('dtp_01JA0PERMANENCE00000');
  });

  it('reports invalid graphs as problems, not exceptions', () => {
    const outcome = analyseSensitivity({ ...linear, ghg_entries: [entry('e', { nope: 1 })] });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.issues.map((i) => i.code)).toEqual(['unknown_component']);
    expect(analyseSensitivity('not a graph').ok).toBe(false);
  });

  it('a net of 0: any change is sensitive', () => {
    const zero = { ...linear, datapoints: [datapoint('seq', 100, 't'), datapoint('a', 45, 't'), datapoint('b', 55, 't')] };
    const [e] = analysis(zero).ghg_entries;
    expect(e!.co2e_net_kg).toBe(0);
    expect(e!.datapoints.every((d) => d.sensitive && d.relative_change_increased === null)).toBe(true);
    expect(e!.ghg_entry_id).toBe(rmv('e'));
  });
});
