/** The holding of a retirement from the oldest credits: always oldest first, whatever the order of changes. */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { Holding } from '../../src/registry/holding';
import { BatchRecord, type Origin } from '../../src/registry/records';

function batch(id: string, issuedAtMs: number): BatchRecord {
  return new BatchRecord(id, { issuedAtMs } as unknown as Origin, 0n, 1n, 'org', null, null, null, null);
}

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

  test('deleting a batch that is not held changes nothing', () => {
    const holding = new Holding();
    const a = batch('ctb_a', 1);
    holding.add(a);
    expect(holding.delete(batch('ctb_a', 1))).toBe(false); // same key, another record
    expect([...holding]).toEqual([a]);
  });
});
