// An entry result's `reused_datapoints`, made when first read (src/accounting/evaluate/lazy-entry-fields.ts):
// an ordinary enumerable property at its place among the keys, the same list whatever is read first,
// and read after later evaluations of the same prepared graph, the list of its own evaluation.
import { describe, expect, it } from 'vitest';
import { evaluateGraph, evaluatePreparedGraph, type GhgEntryResult, prepareGraph, type RemovalGraphInput } from '../../src';
import { blueprint, component, datapoint, dtp, entry } from './fixtures';

/** Two entries: the first reaches x twice (x * x), the second reaches x and y once each. */
function graph(): RemovalGraphInput {
  return {
    component_blueprints: [
      blueprint({
        key: 'sq',
        template: '{x} * {x} * {m}',
        inputs: { x: { kind: 'dimensionless', unit: '' }, m: { kind: 'mass', unit: 'kg' } },
      }),
      blueprint({
        key: 'pr',
        template: '{x} * {y} * {m}',
        inputs: { x: { kind: 'dimensionless', unit: '' }, y: { kind: 'dimensionless', unit: '' }, m: { kind: 'mass', unit: 'kg' } },
      }),
    ],
    datapoints: [datapoint('x', 3, '', 0.25), datapoint('y', 2, '', 0.5), datapoint('unit', 1, 'kg', null)],
    components: [component('c', 'sq', { x: 'x', m: 'unit' }), component('d', 'pr', { x: 'x', y: 'y', m: 'unit' })],
    ghg_entries: [entry('e', { c: 1 }), entry('f', { d: 1 })],
  } as RemovalGraphInput;
}

const TWICE = [{ datapoint_id: dtp('x'), uses: 2 }];

describe('reused_datapoints of an entry result, made when first read', () => {
  it('is an enumerable accessor after components, the same array on every read, with the entry`s list', () => {
    const [e, f] = evaluateGraph(graph()).ghg_entries as [GhgEntryResult, GhgEntryResult];
    const descriptor = Object.getOwnPropertyDescriptor(e, 'reused_datapoints');
    expect(descriptor?.enumerable).toBe(true);
    expect(typeof descriptor?.get).toBe('function');
    const keys = Object.keys(e);
    expect(keys.indexOf('reused_datapoints')).toBe(keys.indexOf('components') + 1);
    expect(e.reused_datapoints).toBe(e.reused_datapoints);
    expect(e.reused_datapoints).toEqual(TWICE);
    expect(f.reused_datapoints).toEqual([]);
    // Without propagation no datapoint is listed.
    expect(evaluateGraph(graph(), { propagate: false }).ghg_entries[0]!.reused_datapoints).toEqual([]);
  });

  it('gives the same JSON whichever lazy field is read first', () => {
    const json = JSON.stringify(evaluateGraph(graph()).ghg_entries);
    const orders: ((e: GhgEntryResult) => void)[] = [
      (e) => void [e.reused_datapoints, e.components],
      (e) => void [e.components, e.reused_datapoints],
      (e) => void [e.uncertainty_budget, e.reused_datapoints],
    ];
    for (const read of orders) {
      const entries = evaluateGraph(graph()).ghg_entries;
      for (const e of entries) read(e);
      expect(JSON.stringify(entries)).toBe(json);
    }
    expect(JSON.parse(json)[0].reused_datapoints).toEqual(TWICE);
  });

  it('read after two more evaluations of the same prepared graph, is its own evaluation`s list', () => {
    const prepared = prepareGraph(graph());
    if (!prepared.ok) throw new Error('the graph prepares');
    const first = evaluatePreparedGraph(prepared.prepared, {});
    if (!first.ok) throw new Error('the graph evaluates');
    evaluatePreparedGraph(prepared.prepared, { propagate: false });
    evaluatePreparedGraph(prepared.prepared, {});
    expect(first.result.ghg_entries.map((e) => e.reused_datapoints)).toEqual([TWICE, []]);
  });

  it('can be replaced like any property, and its getter refuses another object', () => {
    const e = evaluateGraph(graph()).ghg_entries[0] as { reused_datapoints: unknown };
    const getter = Object.getOwnPropertyDescriptor(e, 'reused_datapoints')!.get!;
    e.reused_datapoints = ['mine'];
    expect(Object.getOwnPropertyDescriptor(e, 'reused_datapoints')).toEqual({
      value: ['mine'],
      writable: true,
      enumerable: true,
      configurable: true,
    });
    expect(() => getter.call({})).toThrow(
      new TypeError('reused_datapoints: the getter was called on an object that is not an evaluation result'),
    );
  });
});
