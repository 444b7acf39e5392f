/**
 * An entry's Monte Carlo warnings beside its own (src/accounting/evaluate/entry-results.ts): the
 * first-order warning of a run comes after the entry's own warnings, and the policy
 * `silencedWarnings` leaves out exactly the codes it lists, sampled or not.
 */
import { describe, expect, it } from 'vitest';
import { evaluateGraph, type EvaluateOptions, type RemovalGraphInput } from '../../src';
import { blueprint, component, datapoint, entry } from './fixtures';

/** A loss at a stationary point (JCGM 101 9.4, x1 = x2 = 0): first order sees no spread, Monte Carlo does. */
function stationaryGraph(): RemovalGraphInput {
  return {
    component_blueprints: [
      blueprint({
        key: 'loss',
        type: 'LOSS',
        template: '({x1} ^ 2 + {x2} ^ 2) * {m}',
        inputs: { x1: { kind: 'dimensionless', unit: '' }, x2: { kind: 'dimensionless', unit: '' }, m: { kind: 'mass', unit: 'kg' } },
      }),
    ],
    datapoints: [datapoint('x1', 0, '', 0.005), datapoint('x2', 0, '', 0.005), datapoint('m', 1e6, 'kg')],
    components: [component('loss', 'loss', { x1: 'x1', x2: 'x2', m: 'm' })],
    ghg_entries: [entry('one', { loss: 1 }, null)],
  };
}

const NOT_CONSERVATIVE = 'first_order_discount_not_conservative';

function codes(options: EvaluateOptions): string[] {
  const [e] = evaluateGraph(stationaryGraph(), { monteCarlo: { samples: 4_000, seed: 3 }, ...options }).ghg_entries;
  return (e?.warnings ?? []).map((w) => w.code);
}

describe("an entry's sampled warnings", () => {
  it("come after the entry's own", () => {
    const own = (evaluateGraph(stationaryGraph()).ghg_entries[0]?.warnings ?? []).map((w) => w.code);
    expect(own.length).toBeGreaterThan(0);
    expect(own).not.toContain(NOT_CONSERVATIVE);
    expect(codes({})).toEqual([...own, NOT_CONSERVATIVE]);
  });

  it('are left out when silenced, and kept when only the own ones are', () => {
    const own = (evaluateGraph(stationaryGraph()).ghg_entries[0]?.warnings ?? []).map((w) => w.code);
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
