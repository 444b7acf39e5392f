/** The holding of a retirement from the oldest credits: always oldest first, whatever the order of changes. */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { Holding } from '../../src/registry/holding';
import type { BatchRecord } from '../../src/registry/records';
import { heldBatch as batch } from './fixtures';

describe('Holding', () => {
  test('iterates by issued_at then id after any sequence of adds and deletes', () => {
    const change = fc.record({ add: fc.boolean(), id: fc.integer({ min: 0, max: 40 }), at: fc.integer({ min: 0, max: 5 }) });
    fc.assert(
      fc.property(fc.array(change, { maxLength: 200 }), (changes) => {
        const holding = new Holding();
        const byId = new Map<string, BatchRecord>();
        for (const c of changes) {
          const id = `ctb_${String(c.id).padStart(3, '0')}`;
          const existing = byId.get(id);
          if (c.add && existing === undefined) {
            const b = batch(id, c.at);
            byId.set(id, b);
            holding.add(b);
          } else if (!c.add && existing !== undefined) {
            expect(holding.delete(existing)).toBe(true);
            byId.delete(id);
          }
        }
        const expected = [...byId.values()].sort((a, b) => a.origin.issuedAtMs - b.origin.issuedAtMs || (a.id < b.id ? -1 : 1));
        expect([...holding]).toEqual(expected);
        expect(holding.size).toBe(expected.length);
      }),
    );
  });

  test('thousands of batches (many chunks), added in any order and half deleted, still oldest first', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        let x = seed;
        const next = (n: number): number => (x = (Math.imul(x, 48271) % 2147483647) >>> 0) % n;
        const holding = new Holding();
        const all = Array.from({ length: 3_000 }, (_, i) => batch(`ctb_${String(i).padStart(5, '0')}`, next(50)));
        for (let i = all.length - 1; i > 0; i--) {
          const j = next(i + 1);
          [all[i], all[j]] = [all[j] as BatchRecord, all[i] as BatchRecord];
        }
        for (const b of all) holding.add(b);
        const kept = all.filter((b, i) => (i % 2 === 0 ? true : !holding.delete(b)));
        kept.sort((a, b) => a.origin.issuedAtMs - b.origin.issuedAtMs || (a.id < b.id ? -1 : 1));
        expect([...holding]).toEqual(kept);
        expect(holding.size).toBe(kept.length);
      }),
      { numRuns: 20 },
    );
  });

  test('deleting a batch that is not held changes nothing', () => {
    const holding = new Holding();
    const a = batch('ctb_a', 1);
    holding.add(a);
    expect(holding.delete(batch('ctb_a', 1))).toBe(false); // same key, another record
    expect([...holding]).toEqual([a]);
  });
});
