/**
 * Long-lived columns of doubles as plain arrays. Internal to accounting; imports nothing.
 *
 * Why not Float64Array: typed-array memory lives outside the JS heap, and V8 starts a full
 * collection of the whole heap whenever that memory has grown by about 64 MB, however large the
 * heap is. A caller holding a 200 MB document paid such a collection every second
 * `evaluateGraph` at 300,000 datapoints. A plain array of doubles takes the same 8 bytes per
 * element inside the heap, where collections are paced by the heap's own growth.
 */

/**
 * `length` NaNs in a packed array of doubles: V8 stores it as unboxed doubles without holes, as a
 * Float64Array would be. `new Array(n).fill(NaN)` would be holey (every read checks for a hole),
 * and pushing 300,000 NaNs one by one takes 5 ms; doubling by `concat` copies whole blocks and
 * takes half of that. A copy of the result (`slice()`) is packed too, and cheaper still.
 */
export function packedDoubles(length: number): number[] {
  if (length === 0) return [];
  let array = [Number.NaN];
  while (2 * array.length <= length) array = array.concat(array);
  return array.length === length ? array : array.concat(array.slice(0, length - array.length));
}
