/**
 * The position of each id of a large collection (datapoints, components, GHG entries), first
 * occurrence wins. Internal to preparation.
 *
 * Not a `Map`: at 300,000 ids, a `Map<string, number>` costs three times as much per lookup as at
 * 20,000 (each probe of its chains reads the compared key strings, scattered over the heap), and
 * its growing tables are garbage on the JS heap. This is an open-addressing table kept outside the
 * JS heap (against the same build with a `Map` inside, preparing issue 16's graph took 0.72x to
 * 0.77x the time, bench/RESULTS.md), in two arrays: a byte per slot, 0 when the slot is empty and
 * else 8 bits of the id's 32-bit hash (never 0), and the position + 1 of the slot's id. A probe
 * reads the small byte array, the positions and the id only when the bytes match (1 in 255 for
 * another id): at 218,000 ids the bytes are 512 kB, where pairs of (position + 1, hash) were 4 MB
 * of fresh pages to fault in and of cache misses (issue 36, eighth pass: adding issue 16's ids and
 * looking up its references in 0.57x the time). The hash is seeded per process, so that crafted ids
 * cannot make every probe collide; results never depend on it, only the probe lengths.
 */

const HASH_SEED = (Math.random() * 0x1_0000_0000) | 0;
/** Largest share of slots in use before the table doubles. */
const MAX_LOAD = 0.6;

/**
 * 32-bit hash of a string's UTF-16 code units: FNV-1a over the even and the odd code units as two
 * independent chains (half the latency of one chain of multiplies), mixed with the length, then
 * the murmur3 finaliser.
 */
function hashId(id: string): number {
  let even = HASH_SEED ^ 0x811c9dc5;
  let odd = HASH_SEED ^ 0x9e3779b9;
  const n = id.length;
  let i = 0;
  for (; i + 1 < n; i += 2) {
    even = Math.imul(even ^ id.charCodeAt(i), 0x01000193);
    odd = Math.imul(odd ^ id.charCodeAt(i + 1), 0x01000193);
  }
  if (i < n) even = Math.imul(even ^ id.charCodeAt(i), 0x01000193);
  let h = even ^ Math.imul(odd ^ n, 0x85ebca6b);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** The byte a hash leaves in its slot: its top 8 bits (the slot comes from the low bits), never 0. */
function tagOf(hash: number): number {
  return hash >>> 24 || 1;
}

/** Read access to an {@link IdIndex}. */
export interface IdLookup {
  /** The position recorded for `id`, or -1 when there is none. */
  get(id: string): number;
  /** The ids recorded, by position (holes where none is): the candidates of a "did you mean" (hints.ts). */
  names(): readonly (string | undefined)[];
}

/** Positions of ids, first occurrence wins (see the module comment). */
export class IdIndex implements IdLookup {
  /** Per slot: 0 when empty, else the tag of its id's hash. */
  private tags: Uint8Array;
  /** Per slot: the position + 1 of its id (read only where `tags` is not 0). */
  private positions: Int32Array;
  private mask: number;
  private limit: number;
  private count = 0;
  /** Whether an id was added twice: then a position's id in `ids` may be a duplicate's (see the constructor). */
  private duplicated = false;
  /** The id recorded at each position (holes at positions not recorded). */
  private readonly ids: string[];

  /**
   * `expected`: how many ids will be recorded (the table grows if there are more). `ids`: the array
   * to keep the recorded ids in, by position, when the caller keeps the same (the datapoint ids: one
   * array of 100,000s less); the caller may also write there, at a position whose id was a
   * duplicate, that id.
   */
  constructor(expected: number, ids: string[] = new Array<string>(expected)) {
    let capacity = 16;
    while (capacity * MAX_LOAD < expected) capacity *= 2;
    this.tags = new Uint8Array(capacity);
    this.positions = new Int32Array(capacity);
    this.mask = capacity - 1;
    this.limit = Math.floor(capacity * MAX_LOAD);
    this.ids = ids;
  }

  /** Number of ids recorded. */
  get size(): number {
    return this.count;
  }

  get(id: string): number {
    const hash = hashId(id);
    const tag = tagOf(hash);
    const tags = this.tags;
    const mask = this.mask;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const stored = tags[slot] as number;
      if (stored === 0) return -1;
      if (stored === tag) {
        const position = (this.positions[slot] as number) - 1;
        if (this.ids[position] === id) return position;
      }
    }
  }

  names(): readonly (string | undefined)[] {
    return this.ids;
  }

  /**
   * The same as {@link IdIndex.get}, but first compares `id` with the id recorded at position
   * `hint`. Documents list references mostly in the order their targets are defined (in issue
   * 16's graph, 95 % of the component references and 46 % of the datapoint references name the
   * item after the one named before), and one string compare at a neighbouring position costs
   * less than a hash and a probe at a random one.
   */
  getNear(id: string, hint: number): number {
    return !this.duplicated && this.ids[hint] === id ? hint : this.get(id);
  }

  /**
   * Records `id` at `position` (a non-negative integer) unless the id is recorded already. Returns
   * -1 when it was recorded now, else the position recorded first.
   */
  add(id: string, position: number): number {
    if (this.count >= this.limit) this.grow();
    const hash = hashId(id);
    const tag = tagOf(hash);
    const tags = this.tags;
    const mask = this.mask;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const stored = tags[slot] as number;
      if (stored === 0) {
        tags[slot] = tag;
        this.positions[slot] = position + 1;
        this.ids[position] = id;
        this.count++;
        return -1;
      }
      if (stored === tag) {
        const first = (this.positions[slot] as number) - 1;
        if (this.ids[first] === id) {
          this.duplicated = true;
          return first;
        }
      }
    }
  }

  /** Doubles the table, placing each id again by its hash (computed again: the table keeps 8 bits of it). */
  private grow(): void {
    const oldTags = this.tags;
    const oldPositions = this.positions;
    const capacity = 2 * (this.mask + 1);
    const tags = new Uint8Array(capacity);
    const positions = new Int32Array(capacity);
    const mask = capacity - 1;
    for (let s = 0; s < oldTags.length; s++) {
      if (oldTags[s] === 0) continue;
      const stored = oldPositions[s] as number;
      let slot = hashId(this.ids[stored - 1] as string) & mask;
      while (tags[slot] !== 0) slot = (slot + 1) & mask;
      tags[slot] = oldTags[s] as number;
      positions[slot] = stored;
    }
    this.tags = tags;
    this.positions = positions;
    this.mask = mask;
    this.limit = Math.floor(capacity * MAX_LOAD);
  }
}
