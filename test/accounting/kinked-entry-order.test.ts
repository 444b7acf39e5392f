// Where the coordinate search above 1,024 kink combinations ends (src/accounting/evaluate/entry-sensitivities.ts
// chooseBranches, kink-choice.ts preferredCombination): from each component's own preferred branch, in component id
// order, each component in turn takes its preferred candidate. Two kinked components pulling x in opposite directions
// at the start have two optima of equal variance (x at +2 or -2 t/t); the search reaches the one of the first
// component by id, whatever the document order, while the enumeration of every combination (at most 1,024) takes the
// one the tie rule prefers (the positive coefficient at the first datapoint by id).
//
// By hand, at x = y = z = 5 t: A = |x - y| prefers +1 for y (y's id sorts before x's), so -1 for x; B = |z - x| + r
// prefers +1 for x. Each own branch is the second candidate, so a start at the first candidates is a saddle too.
// Together they start at x: 0, a saddle. Flipping A first gives x: +2, y: -1, z: -1; flipping B first gives
// x: -2, y: +1, z: +1; the same variance (4 u_x^2 + u_y^2 + u_z^2 plus the inert terms). The tie rule at y prefers +1.
import { describe, expect, it } from 'vitest';
import { evaluateGraph, type RemovalGraphInput } from '../../src';
import { blueprint, component, datapoint, dtp, entry } from './fixtures';

const mass = { kind: 'mass', unit: 't' };
const inert = (count: number) => Array.from({ length: count }, (_, i) => `i${String(i + 1).padStart(2, '0')}`);

/**
 * Entry e reads A = |x - y|, B = |z - x| + r (a third input whose derivative both branches share) and `inertCount`
 * components |p_i - q_i| of their own datapoints, each kinked and already at its preferred branch; `bFirst` attributes
 * B before A. When `next` is set a second entry follows whose first component is kinked too.
 */
function saddle(inertCount: number, bFirst: boolean, next = false): RemovalGraphInput {
  const names = inert(inertCount + (next ? 1 : 0));
  const own = names.slice(0, inertCount);
  const pair = bFirst ? { kB: 1, kA: 1 } : { kA: 1, kB: 1 };
  return {
    component_blueprints: [
      blueprint({ key: 'gap', template: 'abs({p} - {q})', inputs: { p: mass, q: mass } }),
      blueprint({ key: 'gap_plus', template: 'abs({p} - {q}) + {r}', inputs: { p: mass, q: mass, r: mass } }),
    ],
    datapoints: [
      datapoint('m', 5, 't', 1),
      datapoint('a', 5, 't', 0.1),
      datapoint('z', 5, 't', 0.1),
      datapoint('r', 2, 't', 0.1),
      ...names.flatMap((n) => [datapoint(`p${n}`, 3, 't', 0.2), datapoint(`q${n}`, 3, 't', 0.2)]),
    ],
    components: [
      component('kA', 'gap', { p: 'm', q: 'a' }),
      component('kB', 'gap_plus', { p: 'z', q: 'm', r: 'r' }),
      ...names.map((n) => component(`k${n}`, 'gap', { p: `p${n}`, q: `q${n}` })),
    ],
    ghg_entries: [
      entry('e', { ...pair, ...Object.fromEntries(own.map((n) => [`k${n}`, 1])) }),
      ...(next ? [entry('f', { [`k${names[inertCount]}`]: 1 })] : []),
    ],
  } as RemovalGraphInput;
}

/** The sensitivities (kg per t) of x, y and z in the first entry's budget. */
function sensitivities(graph: RemovalGraphInput): number[] {
  const [e] = evaluateGraph(graph).ghg_entries;
  return ['m', 'a', 'z'].map((n) => e!.uncertainty_budget.find((l) => l.datapoint_id === dtp(n))!.sensitivity);
}

describe('a kinked entry at a saddle of two components', () => {
  it.each([false, true])('above 1,024 combinations (B attributed first: %s) ends at the optimum A leads to: x +2, y -1, z -1', (bFirst) => {
    const s = sensitivities(saddle(9, bFirst));
    expect(s[0]).toBeCloseTo(2000, 6);
    expect(s[1]).toBeCloseTo(-1000, 6);
    expect(s[2]).toBeCloseTo(-1000, 6);
  });

  it('the standard deviation is that optimum: 4 u_x^2 + u_y^2 + u_z^2 + u_r^2 + the inert pairs', () => {
    const [e] = evaluateGraph(saddle(9, false)).ghg_entries;
    const variance = 4 * 1 + 0.01 + 0.01 + 0.01 + 9 * 2 * 0.04;
    expect(e!.co2e_net_removed_standard_deviation_kg).toBeCloseTo(Math.sqrt(variance) * 1000, 6);
  });

  it.each([false, true])('at 1,024 combinations every one is tried: the tie rule takes y +1, so x -2 (B first: %s)', (bFirst) => {
    const s = sensitivities(saddle(8, bFirst));
    expect(s).toHaveLength(3);
    expect(s[0]).toBeCloseTo(-2000, 6);
    expect(s[1]).toBeCloseTo(1000, 6);
    expect(s[2]).toBeCloseTo(1000, 6);
  });

  it("an entry's count of combinations is its own: a kinked component of the next entry adds none (still 1,024: x -2)", () => {
    const s = sensitivities(saddle(8, false, true));
    expect(s[0]).toBeCloseTo(-2000, 6);
    expect(s[1]).toBeCloseTo(1000, 6);
  });
});
