/**
 * Large Int32Arrays that preparation needs only for a while (id tables, per-datapoint and
 * per-component working arrays), kept for the next preparation instead of allocated again.
 * Typed-array memory lives outside the JS heap and V8 starts a full collection whenever it has
 * grown by about 64 MB since the last one; at 300,000 datapoints these temporaries were 14 MB of
 * every preparation, and a preparation lasts long enough for them to count. Held weakly, so the
 * collector can still take them when memory is wanted elsewhere.
 */

const pool: WeakRef<Int32Array>[] = [];
/** Enough for the id tables and the working arrays of one preparation. */
const POOL_SIZE = 8;
/** Smaller arrays are cheap to allocate and not worth keeping. */
const SMALLEST_POOLED = 1 << 14;

/** An Int32Array of exactly `length` elements, every one set to `fill`. */
export function acquireInt32Array(length: number, fill = 0): Int32Array {
  if (length >= SMALLEST_POOLED) {
    for (let i = 0; i < pool.length; i++) {
      const array = pool[i]!.deref();
      if (array === undefined || array.length !== length) continue;
      pool.splice(i, 1);
      return array.fill(fill);
    }
  }
  const array = new Int32Array(length);
  return fill === 0 ? array : array.fill(fill);
}

/** Gives an array back once nothing reads it any more; the next acquire of its length may reuse it. */
export function releaseInt32Array(array: Int32Array): void {
  if (array.length < SMALLEST_POOLED) return;
  for (let i = pool.length - 1; i >= 0; i--) if (pool[i]!.deref() === undefined) pool.splice(i, 1);
  if (pool.length >= POOL_SIZE) pool.shift();
  pool.push(new WeakRef(array));
}
