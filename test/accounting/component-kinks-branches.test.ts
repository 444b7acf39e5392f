// The components' phase (src/accounting/evaluate/components.ts, branch-warnings.ts) at its less trodden places, by known
// answers on one-component graphs: the branch a component takes at a kink for its own standard deviation (the larger
// variance, then the positive one at the first datapoint by id; docs/result.md "Kinks"), and branch_near_threshold's
// whole message, a difference with no spread at all, and correlations declared between other datapoints.
import { describe, expect, it } from 'vitest';
import { evaluateGraph, explainGhgEntry, type RemovalGraphInput } from '../../src';
import { blueprint, component, controlCorrectionBlueprint, datapoint, dtp, entry, rmv } from './fixtures';

const mass = { kind: 'mass', unit: 't' };

/** One entry of component `c` of blueprint `template` over mass inputs a and b (datapoints a and b). */
function kinked(template: string, datapoints: unknown[]): RemovalGraphInput {
  return {
    component_blueprints: [blueprint({ key: 'q', template, inputs: { a: mass, b: mass } })],
    datapoints,
    components: [component('c', 'q', { a: 'a', b: 'b' })],
    ghg_entries: [entry('e', { c: 1 })],
  } as RemovalGraphInput;
}

const ownSd = (graph: RemovalGraphInput) => evaluateGraph(graph).ghg_entries[0]!.components[0]!.standard_deviation_kg;

/** The component's partial derivatives as the calculation report shows them (its own branch at a kink). */
function partials(graph: RemovalGraphInput): Record<string, number> {
  const outcome = explainGhgEntry(graph, rmv('e'));
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.issues));
  const found = outcome.report.components[0]!.partial_derivatives;
  return Object.fromEntries(found.map((p) => [p.datapoint_id, p.si_derivative]));
}

describe("a component's own branch at a kink", () => {
  // a = b = 2 t: max has the candidates d/da = 1 or d/db = 1; u_a = 0.1 t, u_b = 0.3 t.
  const tie = [datapoint('a', 2, 't', 0.1), datapoint('b', 2, 't', 0.3)];

  it('takes the candidate of larger variance whatever the argument order: sd 300 kg, not 100 kg', () => {
    expect(ownSd(kinked('max({a}, {b})', tie))).toBeCloseTo(300, 9);
    expect(ownSd(kinked('max({b}, {a})', tie))).toBeCloseTo(300, 9);
    expect(ownSd(kinked('min({a}, {b})', tie))).toBeCloseTo(300, 9);
    expect(partials(kinked('max({a}, {b})', tie))).toEqual({ [dtp('a')]: 0, [dtp('b')]: 1 });
  });

  it('weighs each candidate by its derivative: max(3 a, b) at 3 a = b takes 3 u_a = 0.6 t over u_b = 0.5 t', () => {
    // The candidates are d/da = 3 (variance 0.36 t^2) and d/db = 1 (variance 0.25 t^2).
    const graph = (template: string) => kinked(template, [datapoint('a', 2, 't', 0.2), datapoint('b', 6, 't', 0.5)]);
    expect(ownSd(graph('max(3 * {a}, {b})'))).toBeCloseTo(600, 9);
    expect(ownSd(graph('max({b}, 3 * {a})'))).toBeCloseTo(600, 9);
    expect(partials(graph('max({b}, 3 * {a})'))).toEqual({ [dtp('a')]: 3, [dtp('b')]: 0 });
  });

  it('equal variances: the candidate positive at the first datapoint by id (abs(a - b) at a = b: +1 for a, -1 for b)', () => {
    const equal = [datapoint('a', 2, 't', 0.1), datapoint('b', 2, 't', 0.1)];
    expect(partials(kinked('abs({a} - {b})', equal))).toEqual({ [dtp('a')]: 1, [dtp('b')]: -1 });
    expect(partials(kinked('abs({b} - {a})', equal))).toEqual({ [dtp('a')]: 1, [dtp('b')]: -1 });
    expect(ownSd(kinked('abs({a} - {b})', equal))).toBeCloseTo(100 * Math.SQRT2, 9);
  });
});

/** m - (c > 2 s ? c : 0) in kg, as branch-warnings-edges.test.ts, with datapoints m, c, s and any others. */
function corrected(
  c: number,
  cSd: number | null,
  s: number,
  sSd: number | null,
  extra: Record<string, unknown> = {},
  more: unknown[] = [],
) {
  return {
    component_blueprints: [controlCorrectionBlueprint()],
    datapoints: [datapoint('m', 100, 'kg', 1), datapoint('c', c, 'kg', cSd), datapoint('s', s, 'kg', sSd), ...more],
    components: [component('a', 'corrected', { m: 'm', c: 'c', s: 's' })],
    ghg_entries: [entry('e', { a: 1 })],
    ...extra,
  };
}

const nearWarnings = (document: unknown) =>
  evaluateGraph(document).ghg_entries[0]!.warnings.filter((w) => w.code === 'branch_near_threshold');

describe('branch_near_threshold', () => {
  it('says in full which comparison, how near, and what each method does', () => {
    const [warning] = nearWarnings(corrected(12, 2, 5, 1));
    expect(warning).toEqual({
      path: 'components[0]',
      code: 'branch_near_threshold',
      message:
        "component 'cmp_a000000000000000' (blueprint 'corrected'), expression 'result': the two sides of {c} > 2 * {s} differ by 2 (SI), " +
        'within 2 first-order standard deviations (2.82843) of each other: the branch could go either way; the first order takes ' +
        'the branch at the magnitudes, Monte Carlo decides per draw',
    });
  });

  it('a difference with no spread (r = 1 cancels it) warns of nothing, even with the sides equal', () => {
    // c = 10 kg +- 2, s = 5 kg +- 1, r = 1: the variance of c - 2 s is 4 + 4 - 2 x 2 x 2 = 0, and the sides differ by 0.
    const correlations = [{ datapoint_ids: [dtp('c'), dtp('s')], coefficient: 1 }];
    expect(nearWarnings(corrected(10, 2, 5, 1, { correlations }))).toEqual([]);
    // Neither side uncertain: no standard deviation, no warning.
    expect(nearWarnings(corrected(10, null, 5, null))).toEqual([]);
  });

  it('correlations declared between other datapoints leave the difference as it is (sd 2.82843)', () => {
    const correlations = [{ datapoint_ids: [dtp('m'), dtp('x')], coefficient: 0.5 }];
    const graph = corrected(12, 2, 5, 1, { correlations }, [datapoint('x', 1, 'kg', 1)]);
    expect(nearWarnings(graph).map((w) => w.message.match(/differ by (\S+) \(SI\).*\((\S+)\) of each other/)?.slice(1))).toEqual([
      ['2', '2.82843'],
    ]);
  });
});

describe('a component reaching one datapoint twice, after a larger component and before another', () => {
  it('merges only its own slots: 2 u_y, whatever the components beside it', () => {
    // a = p + q + r over three datapoints (derivatives 1, 1, 1), b = y + y, c = w alone; each with a standard deviation.
    const three = { p: mass, q: mass, r: mass };
    const graph = {
      component_blueprints: [
        blueprint({ key: 'three', template: '{p} + {q} + {r}', inputs: three }),
        blueprint({ key: 'two', template: '{p} + {q}', inputs: { p: mass, q: mass } }),
        blueprint({ key: 'one', template: '{p}', inputs: { p: mass } }),
      ],
      datapoints: [
        datapoint('p', 1, 't', 0.1),
        datapoint('q', 1, 't', 0.1),
        datapoint('r', 1, 't', 0.1),
        datapoint('y', 2, 't', 0.2),
        datapoint('w', 3, 't', 0.5),
      ],
      components: [
        component('a', 'three', { p: 'p', q: 'q', r: 'r' }),
        component('b', 'two', { p: 'y', q: 'y' }),
        component('c', 'one', { p: 'w' }),
      ],
      ghg_entries: [entry('e', { a: 1, b: 1, c: 1 })],
    } as RemovalGraphInput;
    const sds = Object.fromEntries(evaluateGraph(graph).ghg_entries[0]!.components.map((c) => [c.component_id, c.standard_deviation_kg]));
    expect(sds['cmp_a000000000000000']).toBeCloseTo(100 * Math.sqrt(3), 9);
    expect(sds['cmp_b000000000000000']).toBeCloseTo(400, 9);
    expect(sds['cmp_c000000000000000']).toBeCloseTo(500, 9);
  });
});
