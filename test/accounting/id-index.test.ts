import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdIndex } from '../../src/accounting/prepare/id-index';

/** What IdIndex must answer: the first position of each id, as a Map filled with `has` and `set`. */
function reference(ids: readonly string[]): Map<string, number> {
  const first = new Map<string, number>();
  ids.forEach((id, i) => {
    if (!first.has(id)) first.set(id, i);
  });
  return first;
}

describe('IdIndex', () => {
  it('answers like a Map of first positions, for any strings, sized right or far too small', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.constantFrom('', 'a', 'dtp_1', 'dtp_2', '\u0000', '\ud800')), {
          maxLength: 200,
        }),
        fc.array(fc.string(), { maxLength: 20 }),
        fc.boolean(),
        (ids, others, undersized) => {
          const index = new IdIndex(undersized ? 0 : ids.length);
          const first = reference(ids);
          ids.forEach((id, i) => {
            const known = first.get(id) as number;
            expect(index.add(id, i)).toBe(known === i ? -1 : known);
          });
          expect(index.size).toBe(first.size);
          for (const id of [...ids, ...others]) expect(index.get(id)).toBe(first.get(id) ?? -1);
          // A hint never changes the answer: not a duplicate's position, nor one out of range.
          ids.forEach((id, i) => {
            for (const hint of [i, i + 1, i - 1, 0, ids.length]) expect(index.getNear(id, hint)).toBe(first.get(id) as number);
          });
          for (const id of others) expect(index.getNear(id, 0)).toBe(first.get(id) ?? -1);
        },
      ),
      { seed: 4242, numRuns: 500 },
    );
  });

  it('keeps 100,000 ids of one long prefix apart, and grows past its expected size', () => {
    const ids = Array.from({ length: 100_000 }, (_, i) => `dtp_BENCH${String(i).padStart(21, '0')}`);
    const index = new IdIndex(1000);
    expect(ids.filter((id, i) => index.add(id, i) !== -1)).toEqual([]);
    expect(index.size).toBe(ids.length);
    expect(ids.filter((id, i) => index.get(id) !== i)).toEqual([]);
    expect(index.get('dtp_BENCH' + '9'.repeat(21))).toBe(-1);
    // A second occurrence answers the first position and is not recorded.
    expect(index.add(ids[500]!, 123_456)).toBe(500);
    expect(index.get(ids[500]!)).toBe(500);
    // The same text in another string object is the same id.
    expect(index.get(JSON.parse(JSON.stringify(ids[77_777])) as string)).toBe(77_777);
  });
});
