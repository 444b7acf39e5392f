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

/** Active batches in retirement order. */
export class Holding {
  readonly #batches: BatchRecord[] = [];

  get size(): number {
    return this.#batches.length;
  }

  /** First position whose batch does not come before `batch`. */
  #lowerBound(batch: BatchRecord): number {
    let lo = 0;
    let hi = this.#batches.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(this.#batches[mid] as BatchRecord, batch)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Adds `batch` at its place (a new batch is usually the newest: a push). */
  add(batch: BatchRecord): void {
    const last = this.#batches[this.#batches.length - 1];
    if (last === undefined || before(last, batch)) {
      this.#batches.push(batch);
      return;
    }
    const at = this.#lowerBound(batch);
    if (this.#batches[at] !== batch) this.#batches.splice(at, 0, batch);
  }

  /** Removes `batch`; whether it was here. */
  delete(batch: BatchRecord): boolean {
    const at = this.#lowerBound(batch);
    if (this.#batches[at] !== batch) return false;
    this.#batches.splice(at, 1);
    return true;
  }

  /** The batches oldest first (a live view: do not change the holding while iterating). */
  [Symbol.iterator](): Iterator<BatchRecord> {
    return this.#batches[Symbol.iterator]();
  }
}
