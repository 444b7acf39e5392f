/**
 * The branch choice at kinks (src/accounting/evaluate/kink-choice.ts, docs/result.md "Kinks") on
 * its own: the tie rules that decide between candidates of equal variance, the relative tie
 * tolerance, and the coordinate search used beyond 1,024 combinations of branches.
 */
import { describe, expect, it } from 'vitest';
import {
  isPreferred,
  MAX_ENTRY_KINK_COMBINATIONS,
  preferredCombination,
  varianceOfTerms,
  type KinkCandidate,
} from '../../src/accounting/evaluate/kink-choice';

const candidate = (variance: number, terms: Record<number, number> = {}): KinkCandidate => ({
  variance,
  terms: new Map(Object.entries(terms).map(([d, c]) => [Number(d), c])),
});

describe('isPreferred', () => {
  const ids = ['dtp_a', 'dtp_b'];

  it('prefers the larger variance, a missing one (NaN) counting as 0', () => {
    expect(isPreferred(candidate(2), candidate(1), ids)).toBe(true);
    expect(isPreferred(candidate(1), candidate(2), ids)).toBe(false);
    expect(isPreferred(candidate(1), candidate(Number.NaN), ids)).toBe(true);
    expect(isPreferred(candidate(Number.NaN), candidate(1), ids)).toBe(false);
    // NaN and 0 tie: the coefficients decide.
    expect(isPreferred(candidate(Number.NaN, { 0: 2 }), candidate(0, { 0: 1 }), ids)).toBe(true);
    expect(isPreferred(candidate(0, { 0: 1 }), candidate(Number.NaN, { 0: 2 }), ids)).toBe(false);
  });

  it('counts variances within a relative 1e-12 as equal, and further apart as different', () => {
    const small = { 0: 1 };
    const large = { 0: 3 };
    // Within the tolerance the coefficients decide (3 beats 1) ...
    expect(isPreferred(candidate(1 + 1e-13, small), candidate(1, large), ids)).toBe(false);
    expect(isPreferred(candidate(1, large), candidate(1 + 1e-13, small), ids)).toBe(true);
    expect(isPreferred(candidate(1e20, large), candidate(1e20 * (1 + 5e-13), small), ids)).toBe(true);
    // ... beyond it the variance does.
    expect(isPreferred(candidate(1 + 1e-11, small), candidate(1, large), ids)).toBe(true);
    expect(isPreferred(candidate(1, large), candidate(1 + 1e-11, small), ids)).toBe(false);
    expect(isPreferred(candidate(1e-20 * (1 + 1e-11), small), candidate(1e-20, large), ids)).toBe(true);
  });

  it('at equal variances takes the larger magnitude at the first datapoint, by id, whose coefficients differ', () => {
    expect(isPreferred(candidate(4, { 0: -3 }), candidate(4, { 0: 2 }), ids)).toBe(true);
    expect(isPreferred(candidate(4, { 0: 2 }), candidate(4, { 0: -3 }), ids)).toBe(false);
    // Index 0 is dtp_z, index 1 dtp_a: dtp_a is compared first, whatever the indexes.
    const reordered = ['dtp_z', 'dtp_a'];
    const bigA = candidate(4, { 0: 1, 1: 5 });
    const bigZ = candidate(4, { 0: 5, 1: 1 });
    expect(isPreferred(bigA, bigZ, reordered)).toBe(true);
    expect(isPreferred(bigZ, bigA, reordered)).toBe(false);
    expect(isPreferred(bigZ, bigA, ids)).toBe(true);
    // A datapoint one candidate lacks has coefficient 0 there.
    expect(isPreferred(candidate(4, { 1: 2 }), candidate(4, { 0: 2 }), ids)).toBe(false);
    expect(isPreferred(candidate(4, { 0: 2 }), candidate(4, { 1: 2 }), ids)).toBe(true);
    // Equal at the first datapoint: the second decides.
    expect(isPreferred(candidate(4, { 0: 1, 1: 2 }), candidate(4, { 0: 1, 1: 1 }), ids)).toBe(true);
  });

  it('then, at equal magnitudes, the positive coefficient', () => {
    expect(isPreferred(candidate(4, { 0: 2 }), candidate(4, { 0: -2 }), ids)).toBe(true);
    expect(isPreferred(candidate(4, { 0: -2 }), candidate(4, { 0: 2 }), ids)).toBe(false);
    expect(isPreferred(candidate(4, { 0: 2, 1: -1 }), candidate(4, { 0: 2, 1: 1 }), ids)).toBe(false);
  });

  it('counts coefficients within a relative 1e-12 as equal, and prefers neither of two equal candidates', () => {
    expect(isPreferred(candidate(4, { 0: 2 + 1e-12 }), candidate(4, { 0: 2 }), ids)).toBe(false);
    expect(isPreferred(candidate(4, { 0: 2 }), candidate(4, { 0: 2 + 1e-12 }), ids)).toBe(false);
    expect(isPreferred(candidate(4, { 0: 2 + 1e-10 }), candidate(4, { 0: 2 }), ids)).toBe(true);
    expect(isPreferred(candidate(4, { 0: 2, 1: 3 }), candidate(4, { 0: 2, 1: 3 }), ids)).toBe(false);
    expect(isPreferred(candidate(0), candidate(0), ids)).toBe(false);
  });
});

describe('varianceOfTerms', () => {
  it('sums (c s)^2 over the datapoints with a standard deviation; NaN when none has one', () => {
    expect(
      varianceOfTerms(
        new Map([
          [0, 2],
          [1, 3],
        ]),
        [1, 1],
      ),
    ).toBe(13);
    expect(
      varianceOfTerms(
        new Map([
          [0, 2],
          [1, 3],
        ]),
        [0.5, Number.NaN],
      ),
    ).toBe(1);
    expect(
      varianceOfTerms(
        new Map([
          [0, 2],
          [1, -3],
        ]),
        [2, 2],
      ),
    ).toBe(52);
    expect(varianceOfTerms(new Map([[1, 3]]), [0.5, Number.NaN])).toBeNaN();
    expect(varianceOfTerms(new Map(), [1])).toBeNaN();
    expect(varianceOfTerms(new Map([[0, 3]]), [0])).toBe(0);
  });
});

/** An evaluation that counts its calls, from a function of the choice to a variance. */
function counted(variance: (choice: readonly number[]) => number): {
  calls: number;
  evaluate: (choice: readonly number[]) => KinkCandidate;
} {
  const state = {
    calls: 0,
    evaluate: (choice: readonly number[]): KinkCandidate => {
      state.calls += 1;
      return candidate(variance(choice));
    },
  };
  return state;
}

const ids = ['dtp_a'];

describe('preferredCombination up to 1,024 combinations', () => {
  it('evaluates every combination once (and the start) and returns the best', () => {
    const run = counted(([i, j]) => (i === 1 && j === 2 ? 10 : (i ?? 0) + (j ?? 0)));
    expect(preferredCombination([2, 3], [0, 0], run.evaluate, ids)).toEqual([1, 2]);
    expect(run.calls).toBe(1 + 6);
    // A best that is not separable: the exhaustive search finds it.
    const trap = counted(([i, j]) => (i === 0 && j === 0 ? 9 : i === 2 && j === 2 ? 8 : (i ?? 0) + (j ?? 0)));
    expect(preferredCombination([3, 3], [1, 1], trap.evaluate, ids)).toEqual([0, 0]);
  });

  it('keeps the start when no combination is preferred to it', () => {
    const run = counted(() => 1);
    expect(preferredCombination([2, 2], [1, 0], run.evaluate, ids)).toEqual([1, 0]);
  });

  it('enumerates exactly 1,024 combinations, and searches by coordinates beyond', () => {
    expect(MAX_ENTRY_KINK_COMBINATIONS).toBe(1024);
    const ten = counted((choice) => choice.reduce((s, c) => s + c, 0));
    expect(preferredCombination(Array(10).fill(2), Array(10).fill(0), ten.evaluate, ids)).toEqual(Array(10).fill(1));
    expect(ten.calls).toBe(1 + 1024);
    const eleven = counted((choice) => choice.reduce((s, c) => s + c, 0));
    expect(preferredCombination(Array(11).fill(2), Array(11).fill(0), eleven.evaluate, ids)).toEqual(Array(11).fill(1));
    // Round 1 moves each component once; round 2 changes nothing and stops: 1 + 2 x 11 calls.
    expect(eleven.calls).toBe(1 + 2 * 11);
  });
});

describe('preferredCombination beyond 1,024 combinations (coordinate ascent)', () => {
  it('takes each component in turn to its preferred branch with the others fixed', () => {
    // Separable: the best of each component on its own (weights favour a different branch each).
    const weights = [
      [1, 5, 2],
      [7, 0, 3],
      [0, 0, 4],
      [2, 9, 1],
      [3, 3, 8],
      [6, 1, 1],
      [0, 2, 0],
    ];
    const run = counted((choice) => choice.reduce((s, c, i) => s + (weights[i]?.[c] ?? 0), 0));
    expect(preferredCombination(Array(7).fill(3), Array(7).fill(0), run.evaluate, ids)).toEqual([1, 0, 2, 1, 2, 0, 1]);
    expect(run.calls).toBe(1 + 2 * 7 * 2);
  });

  it('stops after 8 rounds even when a further round would still improve', () => {
    // A staircase: only (i, j) with |i - j| <= 1 count, rising along the diagonal, so each round
    // moves both components two steps up it; 8 rounds end far below the top at (49, 49).
    const run = counted(([i = 0, j = 0]) => (Math.abs(i - j) <= 1 ? i + j : 0));
    const best = preferredCombination([50, 50], [0, 0], run.evaluate, ids);
    expect(best).toEqual([15, 16]);
    expect(run.calls).toBe(1 + 8 * 2 * 49);
  });
});
