import { describe, expect, it } from 'vitest';
import { BoundedCache } from '../../src/accounting/bounded-cache';

describe('BoundedCache', () => {
  it('computes a key once, keeps null values, and starts again once it holds its limit', () => {
    const cache = new BoundedCache<number, number | null>(3);
    const computed: number[] = [];
    const compute = (key: number): number | null => {
      computed.push(key);
      return key === 0 ? null : 2 * key;
    };
    expect([0, 1, 2, 0, 1, 2].map((k) => cache.obtain(k, compute))).toEqual([null, 2, 4, null, 2, 4]);
    expect(computed).toEqual([0, 1, 2]);
    // A fourth key empties the cache first: what was kept is computed again when asked.
    expect(cache.obtain(3, compute)).toBe(6);
    expect(cache.obtain(3, compute)).toBe(6);
    expect(cache.obtain(0, compute)).toBeNull();
    expect(computed).toEqual([0, 1, 2, 3, 0]);
  });
});
