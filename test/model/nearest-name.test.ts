import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editDistance, nearestName } from '../../src/model/nearest-name';

/** Reference: the textbook dynamic programme, without early exit. */
function reference(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

describe('editDistance', () => {
  it('equals the textbook optimal string alignment distance, and is capped above the limit', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), fc.nat(6), (a, b, limit) => {
        const exact = reference(a, b);
        expect(editDistance(a, b)).toBe(exact);
        expect(editDistance(a, b, limit)).toBe(exact <= limit ? exact : limit + 1);
      }),
    );
  });

  it('equals the textbook distance on strings of two letters, where matches and transpositions are dense (the band of each limit)', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b'), maxLength: 14 });
    fc.assert(
      fc.property(word, word, fc.nat(8), (a, b, limit) => {
        const exact = reference(a, b);
        expect(editDistance(a, b, limit)).toBe(exact <= limit ? exact : limit + 1);
        expect(editDistance(b, a)).toBe(exact);
      }),
      { seed: 20260611, numRuns: 2000 },
    );
  });

  it('counts a transposition of neighbours as one edit', () => {
    expect(editDistance('standard_devaition', 'standard_deviation')).toBe(1);
  });
});

describe('nearestName', () => {
  const keys = ['magnitude', 'unit', 'standard_deviation'];

  it('names the key a misspelling was meant to be', () => {
    expect(nearestName('standard_devation', keys)).toBe('standard_deviation');
    expect(nearestName('unti', keys)).toBe('unit');
    expect(nearestName('magnitud', keys)).toBe('magnitude');
    expect(nearestName('risk_of_reversal', ['risk_of_reversal_percentage', 'id'])).toBe('risk_of_reversal_percentage');
    expect(nearestName('data', ['datapoint_ids', 'datapoint_id'])).toBeUndefined();
  });

  it('skips the holes of a sparse array of candidates (an id index by position)', () => {
    const ids = new Array<string>(5);
    ids[1] = 'dtp_mass';
    ids[3] = 'dtp_moisture';
    expect(nearestName('dtp_mas', ids)).toBe('dtp_mass');
    expect(nearestName('dtp_moistrue', ids)).toBe('dtp_moisture');
  });

  it('suggests nothing for a name far from every candidate, or for an exact one', () => {
    expect(nearestName('banana', keys)).toBeUndefined();
    expect(nearestName('unit', keys)).toBeUndefined();
  });
});
