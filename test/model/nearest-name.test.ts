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

  it('suggests nothing for a name far from every candidate, or for an exact one', () => {
    expect(nearestName('banana', keys)).toBeUndefined();
    expect(nearestName('unit', keys)).toBeUndefined();
  });
});
