/**
 * An entry's Monte Carlo warnings beside its own (src/accounting/evaluate/entry-results.ts): the
 * first-order warning of a run comes after the entry's own warnings, and the policy
 * `silencedWarnings` leaves out exactly the codes it lists, sampled or not.
 */
import { describe, expect, it } from 'vitest';
import { evaluateGraph, type EvaluateOptions, type RemovalGraphInput } from '../../src';
import { blueprint, component, controlCorrectionBlueprint, datapoint, entry, stationaryGraph } from './fixtures';

const NOT_CONSERVATIVE = 'first_order_discount_not_conservative';

/**
 * stationaryGraph with warnings of its own: its mass written as 20 Mt, beyond the realistic range of
 * `mass` (its zero dimensionless terms no longer warn: docs/units.md, signed kinds).
 */
function warnedGraph(): RemovalGraphInput {
  const graph = stationaryGraph();
  return {
    ...graph,
    datapoints: graph.datapoints.map((d) => (d.quantity.unit === 'kg' ? { ...d, quantity: { ...d.quantity, magnitude: 2e10 } } : d)),
  };
}

function codes(options: EvaluateOptions): string[] {
  const [e] = evaluateGraph(warnedGraph(), { monteCarlo: { samples: 4_000, seed: 3 }, ...options }).ghg_entries;
  return (e?.warnings ?? []).map((w) => w.code);
}

describe("an entry's sampled warnings", () => {
  it("come after the entry's own", () => {
    const own = (evaluateGraph(warnedGraph()).ghg_entries[0]?.warnings ?? []).map((w) => w.code);
    expect(own.length).toBeGreaterThan(0);
    expect(own).not.toContain(NOT_CONSERVATIVE);
    expect(codes({})).toEqual([...own, NOT_CONSERVATIVE]);
  });

  it('are left out when silenced, and kept when only the own ones are', () => {
    const own = (evaluateGraph(warnedGraph()).ghg_entries[0]?.warnings ?? []).map((w) => w.code);
    expect(codes({ policies: { silencedWarnings: [NOT_CONSERVATIVE] } })).toEqual(own);
    const ownCodes = [...new Set(own)] as never[];
    expect(codes({ policies: { silencedWarnings: ownCodes } })).toEqual([NOT_CONSERVATIVE]);
  });
});

/** Entries 'first' and 'second', each the sum `{a} + {a}` of its own datapoint used twice. */
function twiceGraph(): RemovalGraphInput {
  const twice = (key: string) => blueprint({ key, template: '{a} + {a}', inputs: { a: { kind: 'mass', unit: 'kg' } } });
  return {
    component_blueprints: [twice('p'), twice('q')],
    datapoints: [datapoint('a', 10, 'kg', 1), datapoint('b', 20, 'kg', 2)],
    components: [component('p', 'p', { a: 'a' }), component('q', 'q', { a: 'b' })],
    ghg_entries: [entry('first', { p: 1 }, null), entry('second', { q: 1 }, null)],
  };
}

describe("an entry's reused datapoints and zero components", () => {
  it('lists each entry its own datapoints used twice, the later entries included', () => {
    const [first, second] = evaluateGraph(twiceGraph()).ghg_entries;
    expect(first?.reused_datapoints.map((r) => r.uses)).toEqual([2]);
    expect(second?.reused_datapoints.map((r) => r.uses)).toEqual([2]);
    expect(second?.reused_datapoints[0]?.datapoint_id).not.toBe(first?.reused_datapoints[0]?.datapoint_id);
  });

  it('writes a component worth minus zero as 0', () => {
    const graph: RemovalGraphInput = {
      component_blueprints: [blueprint({ key: 'neg', template: '-{m}', inputs: { m: { kind: 'mass', unit: 'kg' } } })],
      datapoints: [datapoint('m', 0, 'kg', 1)],
      components: [component('neg', 'neg', { m: 'm' })],
      ghg_entries: [entry('one', { neg: 1 }, null)],
    };
    const c = evaluateGraph(graph).ghg_entries[0]?.components[0];
    expect(Object.is(c?.co2e_kg, 0)).toBe(true);
  });
});

/** m - (c > 2 s ? c : 0) as components 'near' (c = 12 against 10, sd 2: warns; m = 0 +- 1 kg warns too) and 'far' (c = 30). */
function branchGraph(): RemovalGraphInput {
  return {
    component_blueprints: [controlCorrectionBlueprint()],
    datapoints: [
      datapoint('big', 0, 'kg', 1),
      datapoint('m', 100, 'kg', 1),
      datapoint('near', 12, 'kg', 2),
      datapoint('far', 30, 'kg', 2),
      datapoint('s', 5, 'kg', null),
    ],
    components: [
      component('near', 'corrected', { m: 'big', c: 'near', s: 's' }),
      component('far', 'corrected', { m: 'm', c: 'far', s: 's' }),
    ],
    ghg_entries: [entry('plain', { far: 0.5 }, null), entry('warned', { near: 0.5 }, null), entry('both', { far: 0.5, near: 0.5 }, null)],
  };
}

describe("an entry's component warnings", () => {
  it("join the entry's own, only in the entries that attribute the component", () => {
    const [plain, warned, both] = evaluateGraph(branchGraph()).ghg_entries.map((e) => e.warnings.map((w) => w.code));
    expect(plain).not.toContain('branch_near_threshold');
    expect(warned).toContain('branch_near_threshold');
    // The 0 kg +- 1 datapoint's own warning stays beside it.
    expect(warned).toContain('standard_deviation_exceeds_magnitude');
    expect(both?.filter((c) => c === 'branch_near_threshold')).toHaveLength(1);
    expect(both).toContain('standard_deviation_exceeds_magnitude');
  });
});
