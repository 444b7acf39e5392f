import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateGraph, prepareGraph, safeEvaluateGraph, type RemovalGraphInput } from '../../src';
import { divisionBlueprint, cmp, component, datapoint, dtp, entry, rmv } from './fixtures';

/** Entries e0..e(n-1), each its own component {m} / ({r} - 1); `bad` entries get r = 1 (a division by zero). */
function graphOf(magnitudes: readonly number[], bad: ReadonlySet<number>, statements = false): RemovalGraphInput {
  const graph: RemovalGraphInput = {
    component_blueprints: [divisionBlueprint()],
    datapoints: magnitudes.flatMap((m, i) => [
      datapoint(`m${i}`, m, 'kg', m / 10),
      datapoint(`r${i}`, bad.has(i) ? 1 : 3, 'dimensionless'),
    ]),
    components: magnitudes.map((_, i) => component(`q${i}`, 'q', { m: `m${i}`, r: `r${i}` })),
    ghg_entries: magnitudes.map((_, i) => entry(`e${i}`, { [`q${i}`]: 1 })),
  };
  if (!statements) return graph;
  // Statement s0 holds e0 and e1, s1 holds the rest.
  const ids = magnitudes.map((_, i) => rmv(`e${i}`));
  const period = { project_id: 'prj_1', reporting_period_start_at: '2025-01-01', reporting_period_end_at: '2025-12-31' };
  return {
    ...graph,
    ghg_statements: [
      { id: 'ggs_0', ...period, ghg_entry_ids: ids.slice(0, 2) },
      { id: 'ggs_1', ...period, ghg_entry_ids: ids.slice(2) },
    ],
  };
}

/** The graph without the given entries, as a person would write it. */
function without(graph: RemovalGraphInput, indices: readonly number[]): RemovalGraphInput {
  const ids = new Set(indices.map((i) => rmv(`e${i}`)));
  return {
    ...graph,
    ghg_entries: graph.ghg_entries.filter((e) => !ids.has(e.id)),
    ...(graph.ghg_statements === undefined
      ? {}
      : {
          ghg_statements: graph.ghg_statements.map((s) => ({ ...s, ghg_entry_ids: (s.ghg_entry_ids ?? []).filter((id) => !ids.has(id)) })),
        }),
  };
}

describe('one bad entry refuses that entry, not the graph (docs/result.md, "Refused entries")', () => {
  it('known answer: the other entry is evaluated as in the document without the bad one', () => {
    const graph = graphOf([8, 6], new Set([1]));
    const result = evaluateGraph(graph);
    expect(result.ghg_entries.map((e) => e.id)).toEqual([rmv('e0')]);
    // 8 kg / (3 - 1) = 4 kg, sd 0.8 / 2 = 0.4 kg.
    expect(result.ghg_entries[0]!.co2e_net_removed_without_discount_kg).toBeCloseTo(4, 12);
    expect(result.ghg_entries[0]!.co2e_net_removed_standard_deviation_kg).toBeCloseTo(0.4, 12);
    expect(result.refused_entries).toEqual([
      {
        id: rmv('e1'),
        issues: [expect.objectContaining({ code: 'not_finite', path: ['components', 1] })],
      },
    ]);
    const message = result.refused_entries![0]!.issues[0]!.message;
    expect(message).toContain(cmp('q1'));
    expect(message).toContain("blueprint 'q'");
    expect(message).toContain("expression 'result' is Infinity");
    const { refused_entries: _, ...rest } = result;
    expect(rest).toEqual(evaluateGraph(without(graph, [1])));
  });

  it('a good document has no refused_entries key: its result is unchanged', () => {
    const result = evaluateGraph(graphOf([8, 6], new Set()));
    expect(Object.keys(result)).toEqual(['ghg_entries', 'warnings']);
  });

  it('every entry refused: an empty result listing them all, not an error', () => {
    const outcome = safeEvaluateGraph(graphOf([8, 6], new Set([0, 1])));
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.result.ghg_entries).toEqual([]);
    expect(outcome.result.refused_entries!.map((r) => r.id)).toEqual([rmv('e0'), rmv('e1')]);
  });

  it('a statement holding a refused entry is refused with it; the other statement is totalled', () => {
    const graph = graphOf([8, 6, 10], new Set([1]), true);
    const result = evaluateGraph(graph);
    expect(result.ghg_statements!.map((s) => s.id)).toEqual(['ggs_1']);
    expect(result.refused_statements).toEqual([
      { id: 'ggs_0', issues: [expect.objectContaining({ code: 'statement_refused', path: ['ghg_statements', 0] })] },
    ]);
    expect(result.refused_statements![0]!.issues[0]!.message).toContain(rmv('e1'));
    // e0 (in the refused statement) and e2 are evaluated, as in the document without e1.
    const reference = evaluateGraph(without(graph, [1]));
    expect(result.ghg_entries).toEqual(reference.ghg_entries);
    expect(result.ghg_statements).toEqual(reference.ghg_statements!.filter((s) => s.id === 'ggs_1'));
  });

  it('a statement-level component that is not finite refuses every entry of its statement', () => {
    const graph = graphOf([8, 6, 10], new Set([2]), true);
    const bad = graph.ghg_entries[2]!.component_attributions[0]!.component_id;
    graph.ghg_entries[2]!.component_attributions = [];
    graph.ghg_entries[2]!.component_attributions.push({ component_id: cmp('q0'), attribution_factor: 0.5 });
    graph.ghg_entries[0]!.component_attributions[0]!.attribution_factor = 0.5;
    graph.ghg_statements![0]!.component_ids = [bad];
    const result = evaluateGraph(graph);
    expect(result.refused_entries!.map((r) => r.id)).toEqual([rmv('e0'), rmv('e1')]);
    expect(result.refused_statements!.map((r) => r.id)).toEqual(['ggs_0']);
    expect(result.ghg_entries.map((e) => e.id)).toEqual([rmv('e2')]);
  });

  it('Monte Carlo: the refused entry is out of the run; the other figures are those of the document without it', () => {
    const graph = graphOf([8, 6, 10], new Set([1]));
    const options = { monteCarlo: { samples: 2000, seed: 7 } };
    const { refused_entries: refused, ...rest } = evaluateGraph(graph, options);
    expect(refused!.map((r) => r.id)).toEqual([rmv('e1')]);
    expect(rest).toEqual(evaluateGraph(without(graph, [1]), options));
    expect(rest.ghg_entries[0]!.monte_carlo!.mean_kg).toBeCloseTo(4, 1);
  });

  it('a document out of bounds is still refused whole', () => {
    const graph = graphOf([8, -6], new Set([1]));
    const outcome = safeEvaluateGraph(graph);
    expect(outcome.ok).toBe(false);
  });

  it('the prepared graph of a document with a refused entry evaluates the others, every time alike', () => {
    const prepared = prepareGraph(graphOf([8, 6], new Set([0])));
    expect(prepared.ok).toBe(true);
    if (!prepared.ok) return;
    expect(prepared.prepared.refusedEntries!.map((r) => r.id)).toEqual([rmv('e0')]);
    expect(prepared.prepared.graph.datapoints.some((d) => d.id === dtp('r0'))).toBe(true);
  });

  it('property: with any bad entries, every figure of the others is that of the document without them (first order and Monte Carlo)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.5, max: 1000, noNaN: true }), { minLength: 3, maxLength: 6 }),
        fc.array(fc.nat(5), { minLength: 1, maxLength: 2 }),
        fc.boolean(),
        (magnitudes, badIndices, statements) => {
          const bad = new Set(badIndices.filter((i) => i < magnitudes.length));
          const graph = graphOf(magnitudes, bad, statements);
          const options = { monteCarlo: { samples: 200, seed: 11 } };
          const result = evaluateGraph(graph, options);
          const reference = evaluateGraph(without(graph, [...bad]), options);
          expect(result.ghg_entries).toEqual(reference.ghg_entries);
          expect(result.warnings).toEqual(reference.warnings);
          expect((result.refused_entries ?? []).map((r) => r.id)).toEqual([...bad].sort((a, b) => a - b).map((i) => rmv(`e${i}`)));
        },
      ),
      { numRuns: 25 },
    );
  });
});
