/**
 * A sequence: ids in creation order, each with the creation sequence number the store gave its
 * row. A table keeps one for its whole order and each index one per key (the datapoints of an
 * owner, the attributions of a GHG entry, ...), so that a list page is found by binary search on
 * sequence numbers instead of by filtering a table.
 *
 * New rows come last (their number is the largest yet), so adding one is a push; a row put back by
 * a rollback, or removed, is spliced at its place.
 */

/** First index in `sorted` whose value is greater than `value` (`sorted` ascending). */
export function upperBound(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index in `sorted` whose value is at least `value`. */
export function lowerBound(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** What readers of a sequence may do with it. */
export type ReadonlySequence = Pick<Sequence, 'size' | 'idAt' | 'seqAt' | 'countBelow' | 'countAtMost' | 'ids'>;

/** Ids ordered by their sequence numbers (parallel arrays, ascending). */
export class Sequence {
  readonly #ids: string[];
  readonly #seqs: number[];

  /** A sequence of `ids` numbered `seqs` (ascending, same length; kept, not copied): empty by default. */
  constructor(ids: string[] = [], seqs: number[] = []) {
    this.#ids = ids;
    this.#seqs = seqs;
  }

  get size(): number {
    return this.#ids.length;
  }

  /** The id at `index` (0 is the oldest). */
  idAt(index: number): string {
    return this.#ids[index] as string;
  }

  /** The sequence number at `index`. */
  seqAt(index: number): number {
    return this.#seqs[index] as number;
  }

  /** How many ids have a sequence number below `seq`. */
  countBelow(seq: number): number {
    return lowerBound(this.#seqs, seq);
  }

  /** How many ids have a sequence number of at most `seq`. */
  countAtMost(seq: number): number {
    return upperBound(this.#seqs, seq);
  }

  /** Adds `id` at the place of `seq` (at the end for a new row). */
  add(id: string, seq: number): void {
    const n = this.#seqs.length;
    if (n === 0 || (this.#seqs[n - 1] as number) < seq) {
      this.#ids.push(id);
      this.#seqs.push(seq);
      return;
    }
    const at = upperBound(this.#seqs, seq);
    this.#ids.splice(at, 0, id);
    this.#seqs.splice(at, 0, seq);
  }

  /** Removes the id of `seq`; nothing when it is not here. */
  remove(seq: number): void {
    const at = lowerBound(this.#seqs, seq);
    if (at >= this.#seqs.length || this.#seqs[at] !== seq) return;
    if (at === this.#seqs.length - 1) {
      this.#ids.pop();
      this.#seqs.pop();
      return;
    }
    this.#ids.splice(at, 1);
    this.#seqs.splice(at, 1);
  }

  /** Every id, oldest first (a copy). */
  ids(): string[] {
    return [...this.#ids];
  }
}
