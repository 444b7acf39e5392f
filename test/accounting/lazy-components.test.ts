// An entry result's `components`, made when first read (src/accounting/evaluate/lazy-entry-fields.ts):
// an ordinary enumerable property at its place among the keys, for every way a caller reads it,
// with or without propagation, and the same figures as the component results of the same document
// read at once.
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { evaluateGraph, type GhgEntryResult } from '../../src';
import { transportGraph } from './fixtures';

const KEYS_WITHOUT_OPTIONS = [
  'id',
  'co2e_net_removed_kg',
  'co2e_net_removed_without_discount_kg',
  'co2e_net_removed_standard_deviation_kg',
  'risk_of_reversal_percentage',
  'issuable_kg',
  'credit_allocation',
  'components',
  'reused_datapoints',
  'uncertainty_budget',
  'warnings',
];

describe('components of an entry result, made when first read', () => {
  const evaluateOne = (propagate = true): GhgEntryResult => evaluateGraph(transportGraph(), { propagate }).ghg_entries[0]!;

  it('is enumerable, in its place after credit_allocation, and the same array on every read', () => {
    for (const propagate of [true, false]) {
      const e = evaluateOne(propagate);
      expect(Object.keys(e)).toEqual(KEYS_WITHOUT_OPTIONS);
      expect(Object.getOwnPropertyDescriptor(e, 'components')?.enumerable).toBe(true);
      expect(typeof Object.getOwnPropertyDescriptor(e, 'components')?.get).toBe('function');
      expect(e.components).toBe(e.components);
      expect(e.components).toHaveLength(1);
    }
  });

  it('gives the worked figures of the transport example', () => {
    const e = evaluateOne();
    // 10 t x 100 km x 0.1 kgCO2e/(t km) = 100 kg of sequestration (sign +1), factor 1;
    // standard deviation sqrt((0.5 / 10)^2 + (0.01 / 0.1)^2) x 100 kg = sqrt(125) kg.
    const [transport] = e.components;
    expect(transport).toMatchObject({ component_id: 'cmp_transport0000000', type: 'SEQUESTRATION', attribution_factor: 1 });
    expect(transport!.co2e_kg).toBeCloseTo(100, 9);
    expect(transport!.contribution_kg).toBeCloseTo(100, 9);
    expect(transport!.standard_deviation_kg).toBeCloseTo(Math.sqrt(125), 9);
    const sum = e.components.reduce((total, c) => total + c.contribution_kg, 0);
    expect(sum).toBeCloseTo(e.co2e_net_removed_without_discount_kg, 9);
  });

  it('reads the same through JSON, spread, structuredClone, equality and the order of reading', () => {
    const e = evaluateOne();
    const json = JSON.stringify(e);
    // The text names the components where the key order puts them.
    expect(Object.keys(JSON.parse(json) as object)).toEqual(KEYS_WITHOUT_OPTIONS);
    expect(JSON.stringify(evaluateOne())).toBe(json);
    // Reading the budget or the components first changes nothing.
    const budgetFirst = evaluateOne();
    void budgetFirst.uncertainty_budget;
    expect(JSON.stringify(budgetFirst)).toBe(json);
    const components = JSON.parse(json).components as unknown;
    expect({ ...evaluateOne() }.components).toEqual(components);
    expect(structuredClone(evaluateOne()).components).toEqual(components);
    expect(evaluateOne()).toEqual(JSON.parse(json));
  });

  it('is read from every entry of a whole result once the evaluation is over', () => {
    const result = evaluateGraph(transportGraph());
    const again = JSON.parse(JSON.stringify(evaluateGraph(transportGraph()))) as typeof result;
    expect(result.ghg_entries.map((e) => e.components)).toEqual(again.ghg_entries.map((e) => e.components));
  });

  it('shows its items in console.log and util.inspect, not [Getter/Setter], with or without a budget', () => {
    for (const propagate of [true, false]) {
      const e = evaluateOne(propagate);
      const shown = inspect(e, { depth: 4 });
      expect(shown).not.toContain('[Getter');
      expect(shown).toMatch(/components: \[\s+\{\s+component_id: '/);
      expect(inspect(e)).toBe(inspect(JSON.parse(JSON.stringify(e))));
      expect(Object.keys(e)).not.toContain('nodejs.util.inspect.custom');
    }
  });

  it('can be replaced like any property', () => {
    const e = evaluateOne() as { components: unknown };
    e.components = [];
    expect(e.components).toEqual([]);
    // A plain data property, as on any object: written again, listed by Object.keys, deleted.
    expect(Object.getOwnPropertyDescriptor(e, 'components')).toEqual({ value: [], writable: true, enumerable: true, configurable: true });
    e.components = ['again'];
    expect(e.components).toEqual(['again']);
    expect(Object.keys(e)).toContain('components');
    expect(delete e.components).toBe(true);
    expect('components' in e).toBe(false);
  });

  it('refuses a getter moved to another object, naming its field', () => {
    for (const field of ['components', 'uncertainty_budget'] as const) {
      const getter = Object.getOwnPropertyDescriptor(evaluateOne(), field)!.get!;
      expect(() => getter.call({})).toThrow(new TypeError(`${field}: the getter was called on an object that is not an evaluation result`));
    }
  });
});
