/**
 * The position of each id of a large collection (datapoints, components, GHG entries), first
 * occurrence wins. Internal to preparation.
 *
 * Not a `Map`: at 300,000 ids, a `Map<string, number>` costs three times as much per lookup as at
 * 20,000 (each probe of its chains reads the compared key strings, scattered over the heap), and
 * its growing tables are garbage on the JS heap. This is an open-addressing table of (position + 1,
 * 32-bit hash) pairs in one Int32Array: a probe reads one pair and compares a string only when the
 * hashes match, and the table lives outside the JS heap. Against the same build with a `Map`
 * inside, preparing issue 16's graph takes 0.72x to 0.77x the time (bench/RESULTS.md). The hash
 * is seeded per process, so that crafted ids cannot make every probe collide; results never depend
 * on it, only the probe lengths.
 */

const HASH_SEED = (Math.random() * 0x1_0000_0000) | 0;
/** Largest share of slots in use before the table doubles. */
const MAX_LOAD = 0.6;

/** 32-bit hash of a string's UTF-16 code units: FNV-1a with a seed, then the murmur3 finaliser. */
function hashId(id: string): number {
  let h = HASH_SEED ^ 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** Read access to an {@link IdIndex}. */
export interface IdLookup {
  /** The position recorded for `id`, or -1 when there is none. */
  get(id: string): number;
}

/** Positions of ids, first occurrence wins (see the module comment). */
export class IdIndex implements IdLookup {
  /** Pairs (position + 1, hash); position + 1 is 0 in an empty slot. */
  private table: Int32Array;
  private mask: number;
  private limit: number;
  private count = 0;
  /** The id recorded at each position (holes at positions not recorded). */
  private readonly ids: string[];

  /** `expected`: how many ids will be recorded (the table grows if there are more). */
  constructor(expected: number) {
    let capacity = 16;
    while (capacity * MAX_LOAD < expected) capacity *= 2;
    this.table = new Int32Array(2 * capacity);
    this.mask = capacity - 1;
    this.limit = Math.floor(capacity * MAX_LOAD);
    this.ids = new Array<string>(expected);
  }

  /** Number of ids recorded. */
  get size(): number {
    return this.count;
  }

  get(id: string): number {
    const hash = hashId(id);
    const table = this.table;
    const mask = this.mask;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const stored = table[2 * slot] as number;
      if (stored === 0) return -1;
      if (table[2 * slot + 1] === hash && this.ids[stored - 1] === id) return stored - 1;
    }
  }

  /**
   * The same as {@link IdIndex.get}, but first compares `id` with the id recorded at position
   * `hint`. Documents list references mostly in the order their targets are defined (in issue
   * 16's graph, 95 % of the component references and 46 % of the datapoint references name the
   * item after the one named before), and one string compare at a neighbouring position costs
   * less than a hash and a probe at a random one.
   */
  getNear(id: string, hint: number): number {
    return this.ids[hint] === id ? hint : this.get(id);
  }

  /**
   * Records `id` at `position` (a non-negative integer) unless the id is recorded already. Returns
   * -1 when it was recorded now, else the position recorded first.
   */
  add(id: string, position: number): number {
    if (this.count >= this.limit) this.grow();
    const hash = hashId(id);
    const table = this.table;
    const mask = this.mask;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const stored = table[2 * slot] as number;
      if (stored === 0) {
        table[2 * slot] = position + 1;
        table[2 * slot + 1] = hash;
        this.ids[position] = id;
        this.count++;
        return -1;
      }
      if (table[2 * slot + 1] === hash && this.ids[stored - 1] === id) return stored - 1;
    }
  }

  /** Doubles the table, placing each pair again by its stored hash. */
  private grow(): void {
    const old = this.table;
    const capacity = 2 * (this.mask + 1);
    const table = new Int32Array(2 * capacity);
    const mask = capacity - 1;
    for (let s = 0; s < old.length; s += 2) {
      const stored = old[s] as number;
      if (stored === 0) continue;
      const hash = old[s + 1] as number;
      let slot = hash & mask;
      while (table[2 * slot] !== 0) slot = (slot + 1) & mask;
      table[2 * slot] = stored;
      table[2 * slot + 1] = hash;
    }
    this.table = table;
    this.mask = mask;
    this.limit = Math.floor(capacity * MAX_LOAD);
  }
}
