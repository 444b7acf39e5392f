/**
 * The edges of a holding (src/registry/holding.ts) that the ledger's own use never reaches but
 * the class promises: adding a batch held already, deleting from an empty holding, and a chunk
 * emptied among others (every batch of the oldest chunk retired), after which it still places
 * and finds batches oldest first.
 */
import { describe, expect, test } from 'vitest';
import { Holding } from '../../src/registry/holding';
import type { BatchRecord } from '../../src/registry/records';
import { heldBatch as batch } from './fixtures';

const ids = (holding: Holding) => [...holding].map((b) => b.id);

describe('Holding edges', () => {
  test('adding a batch it holds already changes nothing', () => {
    const holding = new Holding();
    const a = batch('ctb_a', 1);
    const b = batch('ctb_b', 2);
    holding.add(a);
    holding.add(b);
    holding.add(a);
    holding.add(b);
    expect(holding.size).toBe(2);
    expect(ids(holding)).toEqual(['ctb_a', 'ctb_b']);
  });

  test('an empty holding deletes nothing', () => {
    const holding = new Holding();
    expect(holding.delete(batch('ctb_a', 1))).toBe(false);
    expect(holding.size).toBe(0);
    const a = batch('ctb_a', 1);
    holding.add(a);
    expect(holding.delete(a)).toBe(true);
    expect(holding.delete(a)).toBe(false);
    expect(holding.size).toBe(0);
    expect(ids(holding)).toEqual([]);
  });

  test('a chunk emptied among others is dropped: batches are still placed and found oldest first', () => {
    const holding = new Holding();
    const all = Array.from({ length: 2_000 }, (_, i) => batch(`ctb_${String(i).padStart(5, '0')}`, 10 + i));
    for (const b of all) holding.add(b);
    // The oldest 1,200 go: the first chunks empty while later ones stay.
    for (const b of all.slice(0, 1_200)) expect(holding.delete(b)).toBe(true);
    const older = batch('ctb_old', 0);
    const middle = batch('ctb_mid', 1_500);
    holding.add(older);
    holding.add(middle);
    expect(holding.size).toBe(802);
    const order = ids(holding);
    expect(order[0]).toBe('ctb_old');
    expect(order.indexOf('ctb_mid')).toBe(1 + (1_490 - 1_200) + 1);
    expect(holding.delete(all[1_999] as BatchRecord)).toBe(true);
    expect(holding.delete(older)).toBe(true);
    expect(ids(holding)[0]).toBe('ctb_01200');
  });
});
