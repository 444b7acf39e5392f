// The budget lines and figures budget.ts makes from an entry's merged sensitivities, by known
// answers on tiny graphs: each line's fields, the order past the reused scratch's first size, the
// covariance lines and their order, the Welch-Satterthwaite degrees of freedom, entries merged
// through the accumulator (a statement split by the entries' own uncertain tonnage) checked against
// finite differences, and the getter refusing an object that is not a result.
import { describe, expect, it } from 'vitest';
import { evaluateGraph, type GhgEntryResult, type RemovalGraphInput, type UncertaintyBudgetLine } from '../../src';
import { blueprint, component, datapoint, dtp, entry } from './fixtures';
import { BLUEPRINTS, datapoint as tonnes, massComponent, twoEntriesSharingProjectEmission } from '../statements/helpers';

/** One entry summing the named datapoints (magnitude 10 + i in `unit`, the given standard deviations). */
function sumGraph(sds: readonly (number | null)[], unit = 'kg', name = (i: number) => `p${String(i).padStart(3, '0')}`): RemovalGraphInput {
  return {
    component_blueprints: [blueprint({ key: 'sum', template: 'sum({m})', inputs: { m: { kind: 'mass', unit, shape: 'LIST' } } })],
    datapoints: sds.map((sd, i) => datapoint(name(i), 10 + i, unit, sd)),
    components: [component('all', 'sum', { m: sds.map((_, i) => name(i)) })],
    ghg_entries: [entry('list', { all: 1 }, null)],
  };
}

const budgetOf = (g: RemovalGraphInput, options = {}): readonly UncertaintyBudgetLine[] =>
  evaluateGraph(g, options).ghg_entries[0]!.uncertainty_budget;

describe('budget lines', () => {
  it('give each datapoint its id, sensitivity per its own unit, unit, standard deviation (null without) and share', () => {
    // Sum of 2 t +- 0.3 and 3 t without: the sensitivity per tonne is 1000 kg.
    const lines = budgetOf(sumGraph([0.3, null], 't'));
    expect(lines).toEqual([
      { datapoint_id: dtp('p000'), sensitivity: 1000, unit: 't', standard_deviation: 0.3, variance_share: 1 },
      { datapoint_id: dtp('p001'), sensitivity: 1000, unit: 't', standard_deviation: null, variance_share: 0 },
    ]);
  });

  it('give every share 0 when no datapoint has a standard deviation', () => {
    expect(budgetOf(sumGraph([null, null])).map((l) => l.variance_share)).toEqual([0, 0]);
  });

  it('order 70 lines (more than the first scratch) by share, then id, and a smaller budget after them alike', () => {
    // Standard deviations 1..5 repeating and every seventh without: shares sd^2 / sum sd^2, many equal.
    const sds = Array.from({ length: 70 }, (_, i) => (i % 7 === 3 ? null : 1 + (i % 5)));
    const total = sds.reduce<number>((s, x) => s + (x ?? 0) ** 2, 0);
    const expected = sds
      .map((sd, i) => ({ id: dtp(`p${String(i).padStart(3, '0')}`), share: (sd ?? 0) ** 2 / total }))
      .sort((a, b) => b.share - a.share || (a.id < b.id ? -1 : 1));
    const lines = budgetOf(sumGraph(sds));
    expect(lines.map((l) => l.datapoint_id)).toEqual(expected.map((e) => e.id));
    lines.forEach((l, j) => expect(l.variance_share).toBeCloseTo(expected[j]!.share, 14));
    // Then three lines, the larger scratch reused: 3 +- 1, 1 +- 2, 2 +- 2 (shares 1/9, 4/9, 4/9).
    const small = budgetOf(sumGraph([1, 2, 2]));
    expect(small.map((l) => [l.datapoint_id, l.variance_share])).toEqual([
      [dtp('p001'), 4 / 9],
      [dtp('p002'), 4 / 9],
      [dtp('p000'), 1 / 9],
    ]);
  });

  it('keep datapoint id order among equal shares whatever the order of the datapoints in the document', () => {
    const g = sumGraph([2, 1, 2, 1], 'kg', (i) => ['d', 'c', 'b', 'a'][i]!);
    expect(budgetOf(g).map((l) => l.datapoint_id)).toEqual([dtp('b'), dtp('d'), dtp('a'), dtp('c')]);
  });

  it('keep the shares NaN and the lines in id order when the variance overflows', () => {
    // (1e200)^2 overflows: every contribution and the variance are infinite, the shares NaN.
    const lines = budgetOf(sumGraph([1e200, 1e200, 1e200], 'kg', (i) => ['z', 'y', 'x'][i]!));
    expect(lines.map((l) => l.datapoint_id)).toEqual([dtp('x'), dtp('y'), dtp('z')]);
    for (const l of lines) expect(l.variance_share).toBeNaN();
  });
});

describe('covariance lines', () => {
  /** a = 10 +- 1, b = 5 +- 2, c = 3 +- 3, d = 1 +- 4 kg, summed by one entry, with the given correlations. */
  function correlated(correlations: [string, string, number][], sds = [1, 2, 3, 4]): RemovalGraphInput {
    return {
      ...sumGraph(sds, 'kg', (i) => ['a', 'b', 'c', 'd'][i]!),
      correlations: correlations.map(([x, y, coefficient]) => ({ datapoint_ids: [dtp(x), dtp(y)], coefficient })),
    } as RemovalGraphInput;
  }
  const covariancesOf = (g: RemovalGraphInput) => evaluateGraph(g).ghg_entries[0]!.uncertainty_budget_covariances;

  it('are ordered by the magnitude of their share, then by their ids, each pair in id order', () => {
    // Terms 2 r s_x s_y: (a, b) 2 x 0.5 x 2 = 2, (a, d) 2 x 0.25 x 4 = 2, (c, d) 2 x -0.5 x 12 = -12; variance 30 + 2 + 2 - 12 = 22.
    const lines = covariancesOf(
      correlated([
        ['d', 'a', 0.25],
        ['b', 'a', 0.5],
        ['d', 'c', -0.5],
      ]),
    );
    expect(lines).toEqual([
      { datapoint_ids: [dtp('c'), dtp('d')], correlation: -0.5, variance_share: -12 / 22 },
      { datapoint_ids: [dtp('a'), dtp('b')], correlation: 0.5, variance_share: 2 / 22 },
      { datapoint_ids: [dtp('a'), dtp('d')], correlation: 0.25, variance_share: 2 / 22 },
    ]);
  });

  it('have share 0, not NaN, when the variance is 0', () => {
    expect(covariancesOf(correlated([['a', 'b', 0.5]], [0, 0, 0, 0]))).toEqual([
      { datapoint_ids: [dtp('a'), dtp('b')], correlation: 0.5, variance_share: 0 },
    ]);
  });
});

describe('effective degrees of freedom', () => {
  it("are u^4 / sum (c_i u_i)^4 / nu_i over the Student's t datapoints only", () => {
    // a: sd 1, t(4); b: sd 2, t(10); c: sd 2, normal. u^2 = 9, so 81 / (1/4 + 16/10) = 43.78...
    const g = sumGraph([1, 2, 2]);
    (g.datapoints[0] as Record<string, unknown>)['distribution'] = { type: 'student_t', degrees_of_freedom: 4 };
    (g.datapoints[1] as Record<string, unknown>)['distribution'] = { type: 'student_t', degrees_of_freedom: 10 };
    const [e] = evaluateGraph(g, { coverageProbability: 0.95 }).ghg_entries;
    expect(e!.coverage_interval!.effective_degrees_of_freedom).toBeCloseTo(81 / 1.85, 10);
  });
});

describe('entries merged through the accumulator (a project share propagated through the statement)', () => {
  const id = (prefix: string, name: string) => `${prefix}_${name.padEnd(16, '_')}`;
  const names = (e: number) => Array.from({ length: 20 }, (_, i) => `e${e}m${String(i).padStart(2, '0')}`);
  const ALL = [...names(0), ...names(1), 'x'];
  const PROPAGATED = { policies: { amortisedShareInPropagation: 'propagated' } } as const;

  /**
   * Two entries of 20 datapoints each (more than the appended arrays' first 16) in one statement, and
   * a 30 t +- 2 emission of the project shared by the statement's gross sequestration over the
   * project's 800 t: with the share's derivative propagated, each entry's net depends on the other
   * entry's datapoints too.
   */
  function splitGraph(magnitudes: Record<string, number> = {}): RemovalGraphInput {
    const mass = (n: string, i: number) => tonnes(n, magnitudes[n] ?? 5 + i, 't', 0.1 * (1 + (i % 4)));
    const sum = (e: number) => ({
      id: id('cmp', `s${e}`),
      blueprint_key: 'sum',
      inputs: [{ input_key: 'm', datapoint_ids: names(e).map((n) => id('dtp', n)) }],
    });
    return {
      component_blueprints: [
        ...BLUEPRINTS,
        blueprint({ key: 'sum', template: 'sum({m})', inputs: { m: { kind: 'mass', unit: 't', shape: 'LIST' } } }),
      ],
      datapoints: [...names(0).map(mass), ...names(1).map(mass), tonnes('x', magnitudes['x'] ?? 30, 't', 2)],
      components: [sum(0), sum(1), massComponent('x', 'emit')],
      ...twoEntriesSharingProjectEmission(),
    } as RemovalGraphInput;
  }
  const netsOf = (magnitudes: Record<string, number>) =>
    evaluateGraph(splitGraph(magnitudes), PROPAGATED).ghg_entries.map((e) => e.co2e_net_removed_without_discount_kg);

  it('give each datapoint the finite-difference sensitivity, shares that add up to 1, and the variance they add up to', () => {
    const base = evaluateGraph(splitGraph(), PROPAGATED);
    const points = splitGraph().datapoints;
    const h = 1e-3;
    // Finite differences for a few datapoints of each kind (the lines of the others are checked by the
    // shares and the variance below): each entry's first, its 17th (an appended term past the first 16), and x.
    const probed = ['e0m00', 'e0m16', 'e1m00', 'e1m16', 'x'];
    const differences = probed.map((n) => {
      const m = points.find((d) => d.id === id('dtp', n))!.quantity.magnitude as number;
      const up = netsOf({ [n]: m + h });
      const down = netsOf({ [n]: m - h });
      return [0, 1].map((e) => (up[e]! - down[e]!) / (2 * h));
    });
    for (const e of [0, 1]) {
      const result: GhgEntryResult = base.ghg_entries[e]!;
      const lines = result.uncertainty_budget;
      // The entry's own 20, the other's 20 through the share, and the emission, each with a sensitivity.
      expect(lines.map((l) => l.datapoint_id).sort()).toEqual(ALL.map((n) => id('dtp', n)).sort());
      for (const d of differences) expect(Math.abs(d[e]!)).toBeGreaterThan(1e-6);
      const sd = result.co2e_net_removed_standard_deviation_kg!;
      let variance = 0;
      for (const line of lines) {
        const k = probed.indexOf(line.datapoint_id.slice(4).replace(/_+$/, ''));
        if (k >= 0) expect(line.sensitivity).toBeCloseTo(differences[k]![e]!, 3);
        expect(line.sensitivity).not.toBe(0);
        const u = line.sensitivity * (line.standard_deviation as number);
        expect(line.variance_share).toBeCloseTo((u * u) / (sd * sd), 12);
        variance += u * u;
      }
      expect(Math.sqrt(variance)).toBeCloseTo(sd, 9);
      expect(lines.reduce((s, l) => s + l.variance_share, 0)).toBeCloseTo(1, 12);
    }
  });

  it("give each entry's degrees of freedom from its own terms", () => {
    const g = splitGraph();
    (g.datapoints[40] as Record<string, unknown>)['distribution'] = { type: 'student_t', degrees_of_freedom: 5 };
    const result = evaluateGraph(g, { ...PROPAGATED, coverageProbability: 0.95 });
    for (const e of result.ghg_entries) {
      const x = e.uncertainty_budget.find((l) => l.datapoint_id === id('dtp', 'x'))!;
      const u = e.co2e_net_removed_standard_deviation_kg!;
      const ux = x.sensitivity * 2;
      expect(e.coverage_interval!.effective_degrees_of_freedom).toBeCloseTo(u ** 4 / (ux ** 4 / 5), 6);
    }
  });
});

describe('the budget getter', () => {
  it('refuses an object that is not an evaluation result', () => {
    const e = evaluateGraph(sumGraph([1])).ghg_entries[0]!;
    const getter = Object.getOwnPropertyDescriptor(e, 'uncertainty_budget')!.get!;
    expect(() => getter.call({})).toThrow(
      new TypeError('uncertainty_budget: the getter was called on an object that is not an evaluation result'),
    );
  });
});
