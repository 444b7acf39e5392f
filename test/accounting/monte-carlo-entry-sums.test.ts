// The entry sums of the Monte Carlo sampler (src/accounting/monte-carlo/entry-sums.ts) are, bit for
// bit, a sum started at +0 and added term by term (sign * factor * value, or coefficient * value),
// made NaN where it is not finite: whatever the number of terms, -0, infinities and NaN included.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type EntryTerms, sumEntries } from '../../src/accounting/monte-carlo/entry-sums';

const SIZE = 5;
const value = fc.oneof(
  fc.double(),
  fc.constantFrom(0, -0, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN, Number.MAX_VALUE, -Number.MAX_VALUE),
);
const column = fc.array(value, { minLength: SIZE, maxLength: SIZE }).map((xs) => Float64Array.from(xs));
const term = fc.record({ values: column, factors: fc.option(column), coefficient: fc.oneof(fc.constantFrom(1, -1, 0, -0), fc.double()) });

/** The sum as the sampler wrote it before the terms: +0, then each term added, then NaN where not finite. */
function reference(terms: readonly { values: Float64Array; factors: Float64Array | null; coefficient: number }[]): Float64Array {
  const out = new Float64Array(SIZE);
  for (const t of terms)
    for (let i = 0; i < SIZE; i++)
      out[i] =
        (out[i] as number) +
        (t.factors === null ? t.coefficient * (t.values[i] as number) : t.coefficient * (t.factors[i] as number) * (t.values[i] as number));
  for (let i = 0; i < SIZE; i++) if (!Number.isFinite(out[i] as number)) out[i] = Number.NaN;
  return out;
}

describe('sumEntries', () => {
  it('gives the bits of a sum started at +0 and added term by term, NaN where not finite', () => {
    fc.assert(
      fc.property(fc.array(fc.array(term, { maxLength: 11 }), { minLength: 1, maxLength: 4 }), fc.nat(3), (entries, at) => {
        const flat = entries.flat();
        const start = Int32Array.from([0, ...entries.map((_, i) => entries.slice(0, i + 1).flat().length)]);
        const terms: EntryTerms = {
          start,
          values: flat.map((t) => t.values),
          factors: flat.map((t) => t.factors),
          coefficients: Float64Array.from(flat.map((t) => t.coefficient)),
        };
        // Stale values where the sums go: every place must be written.
        const out = entries.map(() => new Float64Array(at + SIZE).fill(Number.NaN));
        sumEntries(terms, SIZE, out, at);
        entries.forEach((entry, e) => {
          const expected = reference(entry);
          for (let i = 0; i < SIZE; i++) expect(Object.is((out[e] as Float64Array)[at + i], expected[i])).toBe(true);
        });
      }),
      { numRuns: 500 },
    );
  });

  it('writes +0, not -0, for a single term of -0, and 0 for an entry without terms', () => {
    const values = Float64Array.from([-0, 2, Number.POSITIVE_INFINITY, 0, 1]);
    const terms: EntryTerms = {
      start: Int32Array.from([0, 1, 1]),
      values: [values],
      factors: [null],
      coefficients: Float64Array.from([1]),
    };
    const out = [new Float64Array(SIZE).fill(-0), new Float64Array(SIZE).fill(7)];
    sumEntries(terms, SIZE, out, 0);
    expect(Array.from(out[0] as Float64Array).map((x) => Object.is(x, -0))).toEqual([false, false, false, false, false]);
    expect(Array.from(out[0] as Float64Array)).toEqual([0, 2, Number.NaN, 0, 1]);
    expect(Array.from(out[1] as Float64Array)).toEqual([0, 0, 0, 0, 0]);
  });
});
