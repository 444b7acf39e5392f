/**
 * A key written twice in one JSON object. `JSON.parse` keeps the last of two equal keys, so the
 * figure such a document gives would depend on the order its text is written in: the commands
 * refuse it instead, naming the key and both places (docs/cli.md, "Exit codes and messages"). The
 * in-memory service keeps the last, as the real service's decoder does (docs/service.md).
 *
 * The scan reads bytes that `JSON.parse` accepts (or will be asked to: a text it refuses is reported
 * as not JSON, whatever this scan says). Keys are compared as `JSON.parse` reads them: `"a"` and
 * `"\u0061"` are one key.
 *
 * Owns: duplicateKeyIn and the KeyScan under it. May import: json-bytes.ts (and node:buffer's Buffer).
 */
import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, COMMA, OPEN_BRACE, OPEN_BRACKET, QUOTE, stringEnd } from './json-bytes';

/** A key written twice in one object: the key, and the offsets of both (at their opening quotes). */
export interface DuplicateKey {
  readonly key: string;
  readonly firstByteOffset: number;
  readonly byteOffset: number;
}

/**
 * Up to this many keys an object's new key is compared with each earlier one (no string made);
 * past it, with a Map of the keys as strings, so that an object of many keys costs no more than
 * its keys.
 */
const COMPARED_KEYS = 16;

/**
 * The first key written twice in one object among the JSON values in `bytes[from, to)` (one value,
 * or the items of an array without its brackets), or null. Offsets are counted from `origin` (where
 * `bytes[0]` is in the whole text).
 */
export function duplicateKeyIn(bytes: Uint8Array, from = 0, to = bytes.length, origin = 0): DuplicateKey | null {
  const scan = new KeyScan();
  scan.reset(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), to);
  scan.run(from, false);
  return scan.duplicate === null ? null : fromOrigin(scan.duplicate, origin);
}

/** A duplicate's offsets counted from `origin`. */
export function fromOrigin(duplicate: DuplicateKey, origin: number): DuplicateKey {
  return { ...duplicate, firstByteOffset: duplicate.firstByteOffset + origin, byteOffset: duplicate.byteOffset + origin };
}

/** What a byte outside strings is to the scan (KINDS): most bytes are OTHER and cost one look-up. */
const OTHER = 0;
const STRING = 1;
const OBJECT = 2;
const ARRAY = 3;
const CLOSE = 4;
const SEPARATOR = 5;
const KINDS = new Uint8Array(256);
KINDS[QUOTE] = STRING;
KINDS[OPEN_BRACE] = OBJECT;
KINDS[OPEN_BRACKET] = ARRAY;
KINDS[CLOSE_BRACE] = CLOSE;
KINDS[CLOSE_BRACKET] = CLOSE;
KINDS[COMMA] = SEPARATOR;

/** A growable stack of numbers, its length kept apart (setting an array's length is a slow call). */
class Stack {
  values = new Int32Array(64);
  length = 0;

  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Int32Array(2 * this.length);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }
}

/**
 * One scan: the keys of every open object in one pool (their opening quotes, ends and plainness),
 * innermost last, and for each open container where its keys start in the pool.
 */
export class KeyScan {
  private buffer: Buffer = Buffer.alloc(0);
  private to = 0;
  /** Opening quote, end (after the closing quote) and plainness (1: neither an escape nor a byte past ASCII) of each key. */
  private readonly starts = new Stack();
  private readonly ends = new Stack();
  private readonly plain = new Stack();
  /** For each open container: where its keys start in the pool (-1: an array). */
  private readonly bases = new Stack();
  /** For each open object of more than COMPARED_KEYS keys (by depth): its keys as strings, at their offsets. */
  private readonly maps: (Map<string, number> | null)[] = [];
  private lastPlain = 1;
  /** The first key written twice that the last run found (offsets in its buffer), or null. */
  duplicate: DuplicateKey | null = null;

  /** Starts over on `buffer[..., to)`. */
  reset(buffer: Buffer, to: number): void {
    this.buffer = buffer;
    this.to = to;
    this.starts.length = 0;
    this.ends.length = 0;
    this.plain.length = 0;
    this.bases.length = 0;
    this.duplicate = null;
  }

  /**
   * Scans from `from`, noting the first key written twice in {@link KeyScan.duplicate}. With `one`,
   * the value opening at `from` (an object or an array) only: returns where it ends, or -1 when
   * `to` comes first. Else every value up to `to` (stopping at a duplicate): returns `to`.
   */
  run(from: number, one: boolean): number {
    const { buffer, to, bases } = this;
    let expectKey = false;
    for (let i = from; i < to; i++) {
      const kind = KINDS[buffer[i] as number] as number;
      if (kind === OTHER) continue;
      if (kind === STRING) {
        const end = expectKey ? this.keyEnd(i) : stringEnd(buffer, i, to);
        if (end === -1) break;
        if (expectKey) {
          this.addKey(i, end);
          if (this.duplicate !== null && !one) break;
          expectKey = false;
        }
        i = end - 1;
      } else if (kind === OBJECT) {
        this.open(this.starts.length);
        expectKey = true;
      } else if (kind === ARRAY) this.open(-1);
      else if (kind === CLOSE) {
        const base = bases.values[--bases.length] as number;
        if (base !== -1) this.truncate(base);
        if (one && bases.length === 0) return i + 1;
        expectKey = false;
      } else expectKey = bases.length > 0 && bases.values[bases.length - 1] !== -1; // a comma
    }
    return one ? -1 : to;
  }

  private open(base: number): void {
    this.bases.push(base);
    this.maps[this.bases.length - 1] = null;
  }

  /** Where the key opening at `at` ends (after its closing quote), or -1; notes whether it is plain. */
  private keyEnd(at: number): number {
    const { buffer, to } = this;
    let plain = 1;
    for (let i = at + 1; i < to; i++) {
      const byte = buffer[i] as number;
      if (byte === QUOTE) {
        this.lastPlain = plain;
        return i + 1;
      }
      if (byte === BACKSLASH) {
        plain = 0;
        i++;
      } else if (byte >= 0x80) plain = 0;
    }
    return -1;
  }

  /** Adds the key at `[start, end)` to the innermost object, or notes the duplicate it makes (the first one only). */
  private addKey(start: number, end: number): void {
    if (this.duplicate !== null) return;
    const { starts, bases } = this;
    const depth = bases.length - 1;
    const base = bases.values[depth] as number;
    const map = this.maps[depth] as Map<string, number> | null;
    if (map !== null) {
      const key = this.keyAt(start, end, this.lastPlain);
      const first = map.get(key);
      if (first === undefined) map.set(key, start);
      else this.duplicate = { key, firstByteOffset: first, byteOffset: start };
      return;
    }
    for (let k = base; k < starts.length; k++) {
      if (this.equal(k, start, end)) {
        this.duplicate = { key: this.keyAt(start, end, this.lastPlain), firstByteOffset: starts.values[k] as number, byteOffset: start };
        return;
      }
    }
    starts.push(start);
    this.ends.push(end);
    this.plain.push(this.lastPlain);
    if (starts.length - base > COMPARED_KEYS) this.maps[depth] = this.mapOf(base);
  }

  /** Whether the pool's key `k` equals the key at `[start, end)` (whose plainness is `lastPlain`). */
  private equal(k: number, start: number, end: number): boolean {
    const otherStart = this.starts.values[k] as number;
    const otherEnd = this.ends.values[k] as number;
    const otherPlain = this.plain.values[k] as number;
    if (otherPlain === 1 && this.lastPlain === 1) {
      if (otherEnd - otherStart !== end - start) return false;
      const { buffer } = this;
      for (let i = 1; i < end - start - 1; i++) if (buffer[otherStart + i] !== buffer[start + i]) return false;
      return true;
    }
    return this.keyAt(otherStart, otherEnd, otherPlain) === this.keyAt(start, end, this.lastPlain);
  }

  /** The keys of the object whose keys start at `base`, as strings at their offsets; the pool keeps none of them. */
  private mapOf(base: number): Map<string, number> {
    const map = new Map<string, number>();
    const { starts, ends, plain } = this;
    for (let k = base; k < starts.length; k++) {
      const start = starts.values[k] as number;
      map.set(this.keyAt(start, ends.values[k] as number, plain.values[k] as number), start);
    }
    this.truncate(base);
    return map;
  }

  /** The key at `[start, end)` as `JSON.parse` reads it. */
  private keyAt(start: number, end: number, plain: number): string {
    if (plain === 1) return this.buffer.toString('latin1', start + 1, end - 1);
    try {
      return JSON.parse(this.buffer.toString('utf8', start, end)) as string;
    } catch {
      // Not a JSON string: the stream scans items before JSON.parse refuses them, and a duplicate then is never reported.
      return `\u0000 not a key, at ${start}`;
    }
  }

  private truncate(base: number): void {
    this.starts.length = base;
    this.ends.length = base;
    this.plain.length = base;
  }
}
