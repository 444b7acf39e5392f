// A component's own figures (src/accounting/evaluate/components.ts) on one-component graphs with known answers: its
// standard deviation when it reaches each datapoint once, one datapoint in two slots, correlated datapoints, none
// with a standard deviation; and a component that is not finite, read by an entry or by none.
import { describe, expect, it } from 'vitest';
import { evaluateGraph, safeEvaluateGraph, type RemovalGraphInput } from '../../src';
import { blueprint, component, datapoint, dtp, entry } from './fixtures';

const mass = { kind: 'mass', unit: 't' };

/** One entry of one component `c` of blueprint `template` over inputs a and b, with the given datapoints. */
function oneComponent(template: string, inputs: Record<string, string | string[]>, datapoints: unknown[], extra = {}): RemovalGraphInput {
  const spec = Object.fromEntries(Object.keys(inputs).map((k) => [k, mass]));
  return {
    component_blueprints: [blueprint({ key: 'q', template, inputs: spec })],
    datapoints,
    components: [component('c', 'q', inputs)],
    ghg_entries: [entry('e', { c: 1 })],
    ...extra,
  } as RemovalGraphInput;
}

const own = (graph: RemovalGraphInput, options = {}) => evaluateGraph(graph, options).ghg_entries[0]!.components[0]!;

describe("a component's standard deviation", () => {
  it('reaching each datapoint once: the root of the sum of squares, (3 u_a)^2 + (2 u_b)^2', () => {
    // a = 2 t +- 0.1 t, b = 3 t +- 0.2 t, c = 1 t exactly: a * b / c = 6 t, derivatives 3 and 2.
    const datapoints = [datapoint('a', 2, 't', 0.1), datapoint('b', 3, 't', 0.2), datapoint('c', 1, 't')];
    const part = own(oneComponent('{a} * {b} / {c}', { a: 'a', b: 'b', c: 'c' }, datapoints));
    expect(part.co2e_kg).toBeCloseTo(6000, 9);
    expect(part.standard_deviation_kg).toBeCloseTo(500, 9);
  });

  it('one datapoint in two slots: its derivatives add before squaring (2 x u), not sqrt(2) x u', () => {
    const part = own(oneComponent('{a} + {b}', { a: 'a', b: 'a' }, [datapoint('a', 2, 't', 0.1)]));
    expect(part.co2e_kg).toBe(4000);
    expect(part.standard_deviation_kg).toBeCloseTo(200, 9);
  });

  it('correlated datapoints: + 2 r u_a u_b (r = 0.5 gives sqrt(0.01 + 0.04 + 0.02) t)', () => {
    const datapoints = [datapoint('a', 2, 't', 0.1), datapoint('b', 3, 't', 0.2)];
    const correlations = [{ datapoint_ids: [dtp('a'), dtp('b')], coefficient: 0.5 }];
    const part = own(oneComponent('{a} + {b}', { a: 'a', b: 'b' }, datapoints, { correlations }));
    expect(part.standard_deviation_kg).toBeCloseTo(Math.sqrt(0.07) * 1000, 6);
    const against = own(
      oneComponent('{a} + {b}', { a: 'a', b: 'b' }, datapoints, { correlations: [{ ...correlations[0], coefficient: -1 }] }),
    );
    expect(against.standard_deviation_kg).toBeCloseTo(100, 6);
  });

  it('none of its datapoints with a standard deviation: null; one of two: that one alone', () => {
    expect(
      own(oneComponent('{a} + {b}', { a: 'a', b: 'b' }, [datapoint('a', 2, 't'), datapoint('b', 3, 't')])).standard_deviation_kg,
    ).toBeNull();
    expect(
      own(oneComponent('{a} + {b}', { a: 'a', b: 'b' }, [datapoint('a', 2, 't'), datapoint('b', 3, 't', 0.2)])).standard_deviation_kg,
    ).toBeCloseTo(200, 9);
    expect(own(oneComponent('{a} + {b}', { a: 'a', b: 'a' }, [datapoint('a', 2, 't')])).standard_deviation_kg).toBeNull();
  });

  it('without propagation: none, and the same value', () => {
    const datapoints = [datapoint('a', 2, 't', 0.1), datapoint('b', 3, 't', 0.2), datapoint('c', 1, 't')];
    const graph = oneComponent('{a} * {b} / {c}', { a: 'a', b: 'b', c: 'c' }, datapoints);
    const part = own(graph, { propagate: false });
    expect(part.standard_deviation_kg).toBeNull();
    expect(part.co2e_kg).toBe(own(graph).co2e_kg);
  });
});

describe('a component that is not finite', () => {
  it('refuses the entry that reads it, naming the component, its value and its blueprint', () => {
    const outcome = safeEvaluateGraph(
      oneComponent('{a} * {a} / {b}', { a: 'a', b: 'b' }, [datapoint('a', 2, 't'), datapoint('b', 0, 't')]),
    );
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const issue = outcome.result.refused_entries![0]!.issues[0]!;
    expect(issue).toMatchObject({ code: 'not_finite', path: ['components', 0] });
    expect(issue.message).toContain("component 'cmp_c000000000000000' evaluates to Infinity with its datapoints (blueprint 'q'");
    expect(issue.message).toContain('check for division by zero or the logarithm or square root of a negative value');
  });

  it('read by no entry: refuses nothing', () => {
    const graph = oneComponent('{a} * {a} / {b}', { a: 'a', b: 'b' }, [
      datapoint('a', 2, 't'),
      datapoint('b', 0, 't'),
      datapoint('x', 5, 't'),
    ]);
    graph.components.push(component('d', 'q', { a: 'x', b: 'x' }));
    graph.ghg_entries = [entry('e', { d: 1 })];
    const result = evaluateGraph(graph);
    expect(result).not.toHaveProperty('refused_entries');
    expect(result.ghg_entries[0]!.co2e_net_removed_without_discount_kg).toBe(5000);
  });
});
