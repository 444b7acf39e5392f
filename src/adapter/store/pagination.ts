/**
 * Cursor pagination (docs/rules.md#endpoints-and-limits rule 5, docs/rules.md#service-behaviour): `first`/`after` page forward,
 * `last`/`before` page backward, in creation order.
 *
 * A cursor carries the creation sequence number of its item and a tag binding it to the list it
 * came from and to this service instance, so a cursor that was not issued here (or was altered)
 * is refused. Locating a cursor is a binary search over sequence numbers: the cost of a page does
 * not grow with its position, and a cursor stays valid when items are inserted or deleted.
 *
 * A page is cut from an {@link OrderedList}: a materialised array, or a list that answers counts
 * and slices from sequences without materialising (see merged-list.ts), so that a page of a long
 * list costs the binary searches and the page itself.
 */
import { unprocessable } from '../http/failures';
import type { Sequenced } from './store';
import { lowerBound, upperBound } from './sequence';

/** Page size when neither `first` nor `last` is given (docs/rules.md#endpoints-and-limits). */
export const DEFAULT_PAGE_SIZE = 10;

/** The pagination parameters, already checked for type and bounds. */
export interface PageRequest {
  readonly first?: number | null;
  readonly last?: number | null;
  readonly after?: string | null;
  readonly before?: string | null;
}

/** PaginatedListResource (docs/rules.md#service-resources). */
export interface Page<T> {
  readonly nodes: T[];
  readonly page_info: {
    readonly has_previous_page: boolean;
    readonly start_cursor: string | null;
    readonly has_next_page: boolean;
    readonly end_cursor: string | null;
  };
  readonly total_count: number;
}

/** Items in creation order (ascending sequence numbers) that a page can be cut from. */
export interface OrderedList<T> {
  /** How many items there are (the page's `total_count`). */
  readonly size: number;
  /** How many items have a sequence number below `seq`. */
  countBelow(seq: number): number;
  /** How many items have a sequence number of at most `seq`. */
  countAtMost(seq: number): number;
  /** The items at positions `from` (included) to `to` (excluded). */
  slice(from: number, to: number): Sequenced<T>[];
}

/** An array of items in creation order as an {@link OrderedList}. */
export function listOf<T>(items: readonly Sequenced<T>[]): OrderedList<T> {
  let seqs: number[] | null = null;
  const sequenceNumbers = (): number[] => (seqs ??= items.map((item) => item.seq));
  return {
    size: items.length,
    countBelow: (seq) => lowerBound(sequenceNumbers(), seq),
    countAtMost: (seq) => upperBound(sequenceNumbers(), seq),
    slice: (from, to) => items.slice(from, to),
  };
}

/**
 * `list` from its last item to its first, each item numbered `base - seq` (so that cursors, which
 * hold non-negative numbers, still grow along the list). Reads the underlying list from the end:
 * a page costs what a page of `list` costs, not a copy of the whole list.
 */
export function reversedList<T>(list: OrderedList<T>, base: number): OrderedList<T> {
  const n = list.size;
  return {
    size: n,
    // Reversed numbers below s are the original numbers above base - s.
    countBelow: (seq) => n - list.countAtMost(base - seq),
    countAtMost: (seq) => n - list.countBelow(base - seq),
    slice(from, to) {
      const upTo = Math.min(to, n);
      if (from >= upTo) return [];
      return list
        .slice(n - upTo, n - from)
        .reverse()
        .map((item) => ({ seq: base - item.seq, row: item.row }));
    },
  };
}

/** 53-bit string hash (two interleaved 32-bit multiplicative hashes); not cryptographic, only a tamper check. */
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

const CURSOR = /^([0-9a-z]{1,11})\.([0-9a-z]{1,11})$/;

/** Issues and reads the cursors of one service instance. */
export class CursorCodec {
  constructor(private readonly secret: string) {}

  encode(list: string, seq: number): string {
    const position = seq.toString(36);
    return `${position}.${this.#tag(list, position)}`;
  }

  /** The sequence number a cursor of `list` carries, or undefined when it was not issued for it. */
  decode(list: string, cursor: string): number | undefined {
    const match = CURSOR.exec(cursor);
    if (match === null) return undefined;
    const [, position = '', tag = ''] = match;
    if (this.#tag(list, position) !== tag) return undefined;
    const seq = Number.parseInt(position, 36);
    return Number.isSafeInteger(seq) ? seq : undefined;
  }

  #tag(list: string, position: string): string {
    return hash53(`${this.secret}\u0000${list}\u0000${position}`).toString(36);
  }
}

function cursorItem(parameter: 'after' | 'before', cursor: string) {
  return {
    type: 'value_error',
    loc: ['query', parameter] as const,
    msg: 'Value error, not a cursor of this list: pass a start_cursor or end_cursor this list returned',
    input: cursor,
    ctx: { error: 'not a cursor of this list: pass a start_cursor or end_cursor this list returned' },
  };
}

/**
 * One page of `items` (in creation order). `list` names the list, so that a cursor of another
 * list is refused. Throws a 422 refusal for a foreign cursor.
 */
export function paginate<T, V>(
  source: OrderedList<T> | readonly Sequenced<T>[],
  page: PageRequest,
  list: string,
  codec: CursorCodec,
  view: (row: T) => V,
): Page<V> {
  const items = Array.isArray(source) ? listOf(source as readonly Sequenced<T>[]) : (source as OrderedList<T>);
  let start = 0;
  let end = items.size;
  const problems = [];
  let afterSeq: number | undefined;
  let beforeSeq: number | undefined;
  if (page.after !== undefined && page.after !== null) {
    afterSeq = codec.decode(list, page.after);
    if (afterSeq === undefined) problems.push(cursorItem('after', page.after));
  }
  if (page.before !== undefined && page.before !== null) {
    beforeSeq = codec.decode(list, page.before);
    if (beforeSeq === undefined) problems.push(cursorItem('before', page.before));
  }
  if (problems.length > 0) throw unprocessable(problems);
  if (afterSeq !== undefined) start = items.countAtMost(afterSeq);
  if (beforeSeq !== undefined) end = Math.max(start, items.countBelow(beforeSeq));

  const first = page.first ?? undefined;
  const last = page.last ?? undefined;
  // Backward when `last` is given, or when only `before` is: `last` then takes its default.
  const backward = last !== undefined || (first === undefined && beforeSeq !== undefined && afterSeq === undefined);
  let from: number;
  let to: number;
  if (backward) {
    to = end;
    from = Math.max(start, end - (last ?? DEFAULT_PAGE_SIZE));
  } else {
    from = start;
    to = Math.min(end, start + (first ?? DEFAULT_PAGE_SIZE));
  }
  const slice = items.slice(from, to);
  const firstItem = slice[0];
  const lastItem = slice[slice.length - 1];
  return {
    nodes: slice.map((item) => view(item.row)),
    page_info: {
      has_previous_page: from > 0,
      start_cursor: firstItem === undefined ? null : codec.encode(list, firstItem.seq),
      has_next_page: to < items.size,
      end_cursor: lastItem === undefined ? null : codec.encode(list, lastItem.seq),
    },
    total_count: items.size,
  };
}
