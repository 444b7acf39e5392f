// The uncertainty budget of an entry: its order (largest share first, then datapoint id), and the
// lines created on first read behaving as an ordinary property for every way a caller reads it.
import { inspect } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateGraph, type GhgEntryResult, type RemovalGraphInput, type UncertaintyBudgetLine } from '../../src';
import { blueprint, component, datapoint, entry, transportGraph } from './fixtures';

/** One entry summing a list of mass datapoints: every sensitivity is 1, shares are sd^2 / sum sd^2. */
function listGraph(points: readonly { readonly name: string; readonly sd: number | null }[]): RemovalGraphInput {
  return {
    component_blueprints: [blueprint({ key: 'sum', template: 'sum({m})', inputs: { m: { kind: 'mass', unit: 'kg', shape: 'LIST' } } })],
    datapoints: points.map((p, i) => datapoint(p.name, 10 + i, 'kg', p.sd)),
    components: [component('all', 'sum', { m: points.map((p) => p.name) })],
    ghg_entries: [entry('list', { all: 1 })],
  };
}

/** The order the budget promises, by a plain comparator sort of the lines. */
function expectedOrder(lines: readonly UncertaintyBudgetLine[]): string[] {
  return [...lines]
    .sort((a, b) => b.variance_share - a.variance_share || (a.datapoint_id < b.datapoint_id ? -1 : a.datapoint_id > b.datapoint_id ? 1 : 0))
    .map((l) => l.datapoint_id);
}

describe('uncertainty budget order', () => {
  it('is largest share first, then datapoint id, with many equal shares (zero and repeated)', () => {
    const points = fc.uniqueArray(
      fc.record({
        name: fc.stringMatching(/^[A-Z0-9]{6}$/),
        // Few distinct standard deviations, so that equal shares are common.
        sd: fc.constantFrom(null, 0, 1, 2, 2, 3),
      }),
      { minLength: 1, maxLength: 40, selector: (p) => p.name },
    );
    fc.assert(
      fc.property(points, (ps) => {
        const [result] = evaluateGraph(listGraph(ps)).ghg_entries;
        const lines = result!.uncertainty_budget;
        expect(lines).toHaveLength(ps.length);
        expect(lines.map((l) => l.datapoint_id)).toEqual(expectedOrder(lines));
      }),
      { seed: 7, numRuns: 100 },
    );
  });

  it('gives the published shares of the transport example, largest first', () => {
    const [e] = evaluateGraph(transportGraph()).ghg_entries;
    const shares = e!.uncertainty_budget.map((l) => l.variance_share);
    expect(shares).toEqual([...shares].sort((a, b) => b - a));
    expect(shares.reduce((s, x) => s + x, 0)).toBeCloseTo(1, 12);
    // 10 t +- 0.5 (share 0.2) and 0.1 +- 0.01 kgCO2e/(t km) (share 0.8): variance 25 + 100.
    expect(shares).toEqual([expect.closeTo(0.8, 12), expect.closeTo(0.2, 12), 0]);
  });
});

describe('uncertainty budget as a property', () => {
  const evaluateOne = (): GhgEntryResult => evaluateGraph(transportGraph()).ghg_entries[0]!;

  it('is enumerable, in place after reused_datapoints, and the same array on every read', () => {
    const e = evaluateOne();
    expect(Object.keys(e).slice(-3)).toEqual(['reused_datapoints', 'uncertainty_budget', 'warnings']);
    expect(Object.getOwnPropertyDescriptor(e, 'uncertainty_budget')?.enumerable).toBe(true);
    expect(e.uncertainty_budget).toBe(e.uncertainty_budget);
  });

  it('reads the same through JSON, spread, structuredClone and equality', () => {
    const e = evaluateOne();
    const lines = JSON.parse(JSON.stringify(evaluateOne().uncertainty_budget)) as unknown;
    expect((JSON.parse(JSON.stringify(e)) as GhgEntryResult).uncertainty_budget).toEqual(lines);
    expect({ ...evaluateOne() }.uncertainty_budget).toEqual(lines);
    expect(structuredClone(evaluateOne()).uncertainty_budget).toEqual(lines);
    expect(evaluateOne()).toEqual(JSON.parse(JSON.stringify(e)));
  });

  it('shows its lines in console.log and util.inspect, not [Getter/Setter], and stays an accessor', () => {
    const e = evaluateOne();
    expect(typeof Object.getOwnPropertyDescriptor(e, 'uncertainty_budget')?.get).toBe('function');
    const shown = inspect(e, { depth: 4 });
    expect(shown).not.toContain('[Getter');
    expect(shown).toMatch(/uncertainty_budget: \[\s+\{\s+datapoint_id: '/);
    expect(shown).toContain(`datapoint_id: '${e.uncertainty_budget[0]!.datapoint_id}'`);
    // Exactly what a plain object of the same members shows, at any depth.
    expect(inspect(e)).toBe(inspect(JSON.parse(JSON.stringify(e))));
    expect(inspect([e], { depth: 1 })).toBe(inspect([JSON.parse(JSON.stringify(e))], { depth: 1 }));
    expect(Object.keys(e)).not.toContain('nodejs.util.inspect.custom');
    expect(typeof Object.getOwnPropertyDescriptor(e, 'uncertainty_budget')?.get).toBe('function');
  });

  it('can be replaced like any property', () => {
    const e = evaluateOne() as { uncertainty_budget: unknown };
    e.uncertainty_budget = [];
    expect(e.uncertainty_budget).toEqual([]);
    expect(Object.getOwnPropertyDescriptor(e, 'uncertainty_budget')?.value).toEqual([]);
  });

  it('is a plain empty array without propagation', () => {
    const [e] = evaluateGraph(transportGraph(), { propagate: false }).ghg_entries;
    expect(Object.getOwnPropertyDescriptor(e, 'uncertainty_budget')?.value).toEqual([]);
  });

  it('comes before monte_carlo in the key order', () => {
    const [e] = evaluateGraph(transportGraph(), { monteCarlo: { samples: 10, seed: 1 } }).ghg_entries;
    expect(Object.keys(e!).slice(-4)).toEqual(['reused_datapoints', 'uncertainty_budget', 'monte_carlo', 'warnings']);
  });
});
