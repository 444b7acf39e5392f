// A kinked entry above 1,024 combinations of branches (src/accounting/evaluate/entry-sensitivities.ts chooseBranches,
// kink-choice.ts preferredCombination): the coordinate search starts from each component's own preferred branch
// (components.ts ownPreferred), so an entry summing eleven |x - y_i| at x = y_i takes +1 for x in every one (the
// positive candidate at the first datapoint by id), whichever way round each formula is written.
import { describe, expect, it } from 'vitest';
import { evaluateGraph, type RemovalGraphInput } from '../../src';
import { blueprint, component, datapoint, dtp, entry } from './fixtures';

const mass = { kind: 'mass', unit: 't' };
const names = Array.from({ length: 11 }, (_, i) => `y${String(i + 1).padStart(2, '0')}`);

/**
 * Entry e = sum of eleven |x - y_i| at x = y_i = 5 t (u_x = 1 t, u_y = 0.1 t), nine of them written |x - y_i| and two
 * |y_i - x| when `xFirst`, the other way round otherwise: either way, a start away from x's positive branch would
 * lead the search to the other optimum, x negative in all eleven.
 */
function elevenKinks(xFirst: boolean): RemovalGraphInput {
  return {
    component_blueprints: [blueprint({ key: 'gap', template: 'abs({p} - {q})', inputs: { p: mass, q: mass } })],
    datapoints: [datapoint('a', 5, 't', 1), ...names.map((n) => datapoint(n, 5, 't', 0.1))],
    components: names.map((n, i) => component(`k${n}`, 'gap', i < 9 === xFirst ? { p: 'a', q: n } : { p: n, q: 'a' })),
    ghg_entries: [entry('e', Object.fromEntries(names.map((n) => [`k${n}`, 1])))],
  } as RemovalGraphInput;
}

describe('an entry of 2^11 kink combinations', () => {
  it.each([true, false])('takes the positive sign for x in every component (x first in nine: %s): sensitivity +11 t/t', (xFirst) => {
    const [e] = evaluateGraph(elevenKinks(xFirst)).ghg_entries;
    expect(e!.co2e_net_removed_standard_deviation_kg).toBeCloseTo(Math.sqrt(121.11) * 1000, 6);
    const line = e!.uncertainty_budget.find((l) => l.datapoint_id === dtp('a'))!;
    expect(line.sensitivity).toBeCloseTo(11 * 1000, 6);
  });
});
