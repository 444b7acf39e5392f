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
 * `length` NaNs in a packed array of doubles. Pushed one by one: a pushed NaN makes V8 store the
 * array as unboxed doubles without holes from the start, whereas `new Array(n)` would be holey
 * (every read checks for a hole) and `fill(0)` would store small integers and copy the whole array
 * when the first fraction is written.
 */
export function packedDoubles(length: number): number[] {
  const array: number[] = [];
  for (let i = 0; i < length; i++) array.push(Number.NaN);
  return array;
}
