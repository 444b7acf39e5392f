/**
 * The paired bootstrap of a sample set (docs/result.md, "Monte Carlo"): each draw resamples the
 * set's n rows with replacement, one draw of row indices shared by all its columns, and the
 * datapoint of row j of a column takes that column's value at the j-th drawn row. The indices come
 * from the set's own counter-based stream, draw-major (a shorter block is a prefix), whichever
 * members the entries need. Internal to accounting.
 */
import { type BlockStream, streamKey } from '../../uncertainty/random-streams';
import type { PreparedSampleSet } from '../prepare/sample-sets';

/**
 * The 64-bit key of a sample set's streams: the key of its id with the high word mixed by a
 * constant, so that a set and a datapoint of the same id draw from different streams.
 */
export function sampleSetStreamKey(id: string): readonly [number, number] {
  const [low, high] = streamKey(id);
  return [low, (high ^ 0x5bd1e995) >>> 0];
}

/**
 * Draws `size` bootstrap resamples of `set` from `random` into `buffers[d]` of each member d that
 * has a buffer; `rows` is scratch of at least size * n.
 */
export function drawSampleSet(
  set: PreparedSampleSet,
  random: BlockStream,
  size: number,
  buffers: readonly (Float64Array | null)[],
  rows: Int32Array,
): void {
  const n = set.rows;
  for (let k = 0; k < size * n; k++) rows[k] = Math.floor(random.uniform() * n);
  for (const column of set.columns) {
    const { members, values } = column;
    for (let j = 0; j < n; j++) {
      const out = buffers[members[j] as number];
      if (out === null || out === undefined) continue;
      for (let i = 0; i < size; i++) out[i] = values[rows[i * n + j] as number] as number;
    }
  }
}
