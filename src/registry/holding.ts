/**
 * The active batches one organisation holds of one supplier, kept oldest first (`issued_at`, then
 * id): the order in which a retirement from the oldest credits takes them. Kept sorted as batches
 * come and go, so that such a retirement reads the few oldest batches it needs instead of sorting
 * every batch held (its cost does not grow with the holding). Not part of the public API.
 */
import type { BatchRecord } from './records';

/** Whether batch `a` comes before batch `b`: older, or as old with the smaller id. */
function before(a: BatchRecord, b: BatchRecord): boolean {
  return a.origin.issuedAtMs !== b.origin.issuedAtMs ? a.origin.issuedAtMs < b.origin.issuedAtMs : a.id < b.id;
}

/** Most batches in one chunk before it is split in two. */
const CHUNK = 512;

/**
 * Active batches in retirement order: sorted chunks of at most {@link CHUNK} batches, so that a
 * batch is placed or removed by two binary searches and a splice of one chunk, whatever the size
 * of the holding (a split puts a batch back in the middle: one sorted array would move them all).
 */
export class Holding {
  readonly #chunks: BatchRecord[][] = [];
  #size = 0;

  get size(): number {
    return this.#size;
  }

  /** The chunk `batch` belongs in: the first whose last batch does not come before it (else the last). */
  #chunkOf(batch: BatchRecord): number {
    let lo = 0;
    let hi = this.#chunks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const chunk = this.#chunks[mid] as BatchRecord[];
      if (before(chunk[chunk.length - 1] as BatchRecord, batch)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Adds `batch` at its place. */
  add(batch: BatchRecord): void {
    if (this.#chunks.length === 0) {
      this.#chunks.push([batch]);
      this.#size = 1;
      return;
    }
    const c = this.#chunkOf(batch);
    const chunk = this.#chunks[c] as BatchRecord[];
    const at = lowerBound(chunk, batch);
    if (chunk[at] === batch) return;
    chunk.splice(at, 0, batch);
    this.#size += 1;
    if (chunk.length > CHUNK) this.#chunks.splice(c + 1, 0, chunk.splice(chunk.length >>> 1));
  }

  /** Removes `batch`; whether it was here. */
  delete(batch: BatchRecord): boolean {
    if (this.#chunks.length === 0) return false;
    const c = this.#chunkOf(batch);
    const chunk = this.#chunks[c] as BatchRecord[];
    const at = lowerBound(chunk, batch);
    if (chunk[at] !== batch) return false;
    chunk.splice(at, 1);
    this.#size -= 1;
    if (chunk.length === 0) this.#chunks.splice(c, 1);
    return true;
  }

  /** The batches oldest first (do not change the holding while iterating). */
  *[Symbol.iterator](): Iterator<BatchRecord> {
    for (const chunk of this.#chunks) yield* chunk;
  }
}

/** First position in the sorted `chunk` whose batch does not come before `batch`. */
function lowerBound(chunk: readonly BatchRecord[], batch: BatchRecord): number {
  let lo = 0;
  let hi = chunk.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(chunk[mid] as BatchRecord, batch)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
