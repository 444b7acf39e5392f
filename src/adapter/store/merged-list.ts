/**
 * A list made of disjoint sequences of one table's rows (the datapoints a caller owns, and those
 * a submitted statement exposes to it), read in creation order without being materialised: counts
 * are sums of binary searches, and a slice merges the sequences from the slice's first item on.
 * A page of such a list costs O(parts × log n + page size), wherever it is.
 */
import type { OrderedList } from './pagination';
import type { ReadonlySequence } from './sequence';
import type { Row, Sequenced, Table } from './store';

/** The rows of `parts` (no id in two of them) as one list in creation order. */
export function mergedList<T extends Row>(table: Table<T>, parts: readonly ReadonlySequence[]): OrderedList<T> {
  const used = parts.filter((part) => part.size > 0);
  const rowAt = (part: ReadonlySequence, index: number): Sequenced<T> => {
    const entry = table.entry(part.idAt(index));
    if (entry === undefined) throw new Error(`merged list: ${table.kind} ${part.idAt(index)} is indexed but not stored`);
    return entry;
  };
  const countBelow = (seq: number): number => used.reduce((sum, part) => sum + part.countBelow(seq), 0);
  const countAtMost = (seq: number): number => used.reduce((sum, part) => sum + part.countAtMost(seq), 0);
  return {
    size: used.reduce((sum, part) => sum + part.size, 0),
    countBelow,
    countAtMost,
    slice(from: number, upTo: number): Sequenced<T>[] {
      const out: Sequenced<T>[] = [];
      const to = Math.min(
        upTo,
        used.reduce((sum, part) => sum + part.size, 0),
      );
      if (from >= to) return out;
      if (used.length === 1) {
        const part = used[0] as ReadonlySequence;
        for (let i = from; i < to; i++) out.push(rowAt(part, i));
        return out;
      }
      // The sequence number of the item at position `from`: the least s with countAtMost(s) > from.
      let lo = Math.min(...used.map((part) => part.seqAt(0)));
      let hi = Math.max(...used.map((part) => part.seqAt(part.size - 1)));
      while (lo < hi) {
        const mid = lo + Math.floor((hi - lo) / 2);
        if (countAtMost(mid) > from) hi = mid;
        else lo = mid + 1;
      }
      const next = used.map((part) => part.countBelow(lo));
      while (out.length < to - from) {
        let best = -1;
        let bestSeq = Infinity;
        used.forEach((part, k) => {
          const i = next[k] as number;
          if (i < part.size && part.seqAt(i) < bestSeq) {
            best = k;
            bestSeq = part.seqAt(i);
          }
        });
        if (best < 0) break;
        out.push(rowAt(used[best] as ReadonlySequence, next[best] as number));
        next[best] = (next[best] as number) + 1;
      }
      return out;
    },
  };
}

/** A whole table as a list in creation order. */
export function tableList<T extends Row>(table: Table<T>): OrderedList<T> {
  return mergedList(table, [table.order]);
}
