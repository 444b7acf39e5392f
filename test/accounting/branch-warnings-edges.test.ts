// branch_near_threshold at its edges (src/accounting/evaluate/branch-warnings.ts, docs/rules.md "Branches"): exactly two
// standard deviations apart, the standard deviation of the difference with a correlation, and with one datapoint on
// both sides (its derivatives add before squaring). m - (c > 2 s ? c : 0), in kg.
import { describe, expect, it } from 'vitest';
import { evaluateGraph } from '../../src';
import { component, controlCorrectionBlueprint, datapoint, dtp, entry } from './fixtures';

function graph(c: number, cSd: number, s: number, sSd: number | null, extra: Record<string, unknown> = {}, sFrom = 's') {
  return {
    component_blueprints: [controlCorrectionBlueprint()],
    datapoints: [datapoint('m', 100, 'kg', 1), datapoint('c', c, 'kg', cSd), datapoint('s', s, 'kg', sSd)],
    components: [component('a', 'corrected', { m: 'm', c: 'c', s: sFrom })],
    ghg_entries: [entry('e', { a: 1 })],
    ...extra,
  };
}

const near = (document: unknown) =>
  evaluateGraph(document)
    .ghg_entries[0]!.warnings.filter((w) => w.code === 'branch_near_threshold')
    .map((w) => w.message.match(/differ by (\S+) \(SI\), within 2 first-order standard deviations \((\S+)\)/)?.slice(1));

describe('branch_near_threshold', () => {
  it('warns at exactly two standard deviations (c = 14 against 2 s = 10, sd 2), not past them', () => {
    expect(near(graph(14, 2, 5, null))).toEqual([['4', '2']]);
    expect(near(graph(14.001, 2, 5, null))).toEqual([]);
    expect(near(graph(5.999, 2, 5, null))).toEqual([]);
    expect(near(graph(6, 2, 5, null))).toEqual([['-4', '2']]);
  });

  it('the difference c - 2 s has the standard deviation of both sides: sqrt(2^2 + (2 x 1)^2)', () => {
    expect(near(graph(12, 2, 5, 1))).toEqual([['2', '2.82843']]);
  });

  it('with the declared correlation: + 2 r (1 x 2)(-2 x 1), r = 0.5 gives sd 2', () => {
    const correlations = [{ datapoint_ids: [dtp('c'), dtp('s')], coefficient: 0.5 }];
    expect(near(graph(12, 2, 5, 1, { correlations }))).toEqual([['2', '2']]);
    // r = 1: variance 8 - 8 = 0, no warning however near.
    expect(near(graph(12, 2, 5, 1, { correlations: [{ ...correlations[0], coefficient: 1 }] }))).toEqual([]);
  });

  it('one datapoint on both sides (c > 2 c): derivatives 1 - 2 add first, sd 1 x u_c, not sqrt(5) u_c', () => {
    expect(near(graph(1, 2, 5, null, {}, 'c'))).toEqual([['-1', '2']]);
  });
});
