/**
 * Long-lived columns of doubles as plain arrays. Internal to accounting; imports nothing.
 *
 * Why not Float64Array: typed-array memory lives outside the JS heap, and V8 starts a full
 * collection of the whole heap whenever that memory has grown by about 64 MB, however large the
 * heap is. A caller holding a 200 MB document paid such a collection every second
 * `evaluateGraph` at 300,000 datapoints. A plain array of doubles takes the same 8 bytes per
 * element inside the heap, where collections are paced by the heap's own growth.
 */

/** Length of the block of NaNs doubled in the young generation (64 kB), before the blocks are joined. */
const SMALL_BLOCK = 8192;
/** Most blocks joined by one `concat` (its arguments): a longer array doubles its block further first. */
const MAX_BLOCKS = 1024;

/**
 * `length` NaNs in a packed array of doubles: V8 stores it as unboxed doubles without holes, as a
 * Float64Array would be. `new Array(n).fill(NaN)` would be holey (every read checks for a hole),
 * and pushing 300,000 NaNs one by one takes 5 ms. A block of NaNs is doubled by `concat` while it
 * is small, then the blocks are joined by one `concat`: one large allocation, copied in blocks
 * (issue 36, eighth pass: doubling up to the whole length allocated every power of two below it,
 * 2x the result in fresh large-object pages, and took 2.7x the time at 218,000). A copy of the
 * result (`slice()`) is packed too, and cheaper still.
 */
export function packedDoubles(length: number): number[] {
  if (length === 0) return [];
  let block = [Number.NaN];
  while (2 * block.length <= length && (block.length < SMALL_BLOCK || length > MAX_BLOCKS * block.length)) block = block.concat(block);
  const blocks: number[][] = [];
  let filled = 0;
  for (; filled + block.length <= length; filled += block.length) blocks.push(block);
  if (filled < length) blocks.push(block.slice(0, length - filled));
  return blocks.length === 1 ? block : ([] as number[]).concat(...blocks);
}
