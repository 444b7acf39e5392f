/**
 * A JSON document whose top level is an object, parsed from its bytes a chunk at a time: the value
 * of each top-level key is parsed on its own, and a top-level array item by item (a run of whole
 * items at once), so that no string ever holds the whole text. A graph document is then bounded by
 * memory instead of by V8's longest string (512 MB in Node.js 20), and the text is never in memory
 * beside its parsed objects (docs/scaling.md).
 *
 * The result is what `JSON.parse` gives for the same text: the same values, the same key order. The
 * scanner reads only the structure (braces, brackets, commas, colons, strings' quotes and escapes);
 * every value is parsed by `JSON.parse`. Any text it does not accept throws {@link JsonStreamError},
 * and the caller re-reads a text that fits one string with `JSON.parse` for its usual message with
 * line and column. A key written twice in one object throws {@link JsonDuplicateKeyError}
 * (duplicate-keys.ts: which of the two counts would depend on the order of the text).
 *
 * Owns: the chunked parse. May import: duplicate-keys.ts, json-bytes.ts (and node:buffer's Buffer).
 */
import { type DuplicateKey, duplicateKeyIn, KeyScan, fromOrigin } from './duplicate-keys';
import { CLOSE_BRACE, CLOSE_BRACKET, COLON, COMMA, isSpace, OPEN_BRACE, OPEN_BRACKET, QUOTE, stringEnd } from './json-bytes';

/**
 * At most about this many bytes of items are parsed by one `JSON.parse`: the objects of a run then
 * die young, once prepared, instead of filling the old generation (bench/RESULTS.md, stop 51).
 */
const RUN_BYTES = 1024 * 1024;

/** Bytes of a new chunk first joined to the pending end of the last one (scanAcross). */
const JOIN_BYTES = 64 * 1024;

/** Why a text cannot be read by the chunked parse, and near which byte. */
export class JsonStreamError extends Error {
  constructor(
    message: string,
    /** The offset, in bytes from the start of the text, the problem was found at. */
    readonly byteOffset: number,
  ) {
    super(`${message} at byte ${byteOffset}`);
    this.name = 'JsonStreamError';
  }
}

/** A key written twice in one object of a text that is otherwise JSON. */
export class JsonDuplicateKeyError extends JsonStreamError {
  constructor(readonly duplicate: DuplicateKey) {
    super(`the key ${JSON.stringify(duplicate.key)} is written twice in one object`, duplicate.byteOffset);
    this.name = 'JsonDuplicateKeyError';
  }
}

/**
 * Where the value starting at `at` ends, or -1 when the buffer ends first. Only the structure is
 * followed; the value's own text is checked by `JSON.parse`. A number or literal at the very end
 * of the text ends there (`last`).
 */
function valueEnd(buffer: Buffer, at: number, last: boolean): number {
  const first = buffer[at] as number;
  if (first === QUOTE) return stringEnd(buffer, at);
  if (first !== OPEN_BRACE && first !== OPEN_BRACKET) {
    for (let i = at; i < buffer.length; i++) {
      const byte = buffer[i] as number;
      if (byte === COMMA || byte === CLOSE_BRACE || byte === CLOSE_BRACKET || isSpace(byte)) return i;
    }
    return last ? buffer.length : -1;
  }
  let depth = 0;
  for (let i = at; i < buffer.length; i++) {
    const byte = buffer[i] as number;
    if (byte === QUOTE) {
      const end = stringEnd(buffer, i);
      if (end === -1) return -1;
      i = end - 1;
    } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) depth++;
    else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/** Where the scan is: what the next non-space byte may be. */
type Expect =
  | 'open'
  | 'key-or-close'
  | 'key'
  | 'colon'
  | 'value'
  | 'comma-or-close'
  | 'item-or-close'
  | 'item'
  | 'item-comma-or-close'
  | 'done';

/**
 * Called with each run of a top-level array's items as they are parsed (`key`: the array's key),
 * before they join the array: it may replace values inside the items by equal ones.
 */
export type ItemsParsed = (key: string, items: unknown[]) => void;

/**
 * What a stream does with the items of some top-level arrays instead of keeping them: `consumes`
 * says which arrays (by key); their items go to the `ItemsParsed` handler only, and the array in
 * the document stays empty. With `counted`, their items are not even parsed: only counted (a
 * first pass that sizes what a second one fills, docs/scaling.md).
 */
export interface ItemsConsumed {
  readonly consumes: (key: string) => boolean;
  readonly counted?: (key: string, count: number) => void;
}

/** The sizes a stream works in (tests make them small); each has its default. */
export interface StreamLimits {
  /** Bytes of a new chunk first joined to the pending end of the last one. */
  readonly joinBytes?: number;
  /** Bytes of items after which a run parsed by one `JSON.parse` ends (at the end of an item). */
  readonly runBytes?: number;
}

/** Parses a document fed as chunks of its UTF-8 bytes: {@link feed} each, then {@link end}. */
export class JsonObjectStream {
  private readonly root: Record<string, unknown> = {};
  /**
   * The last chunk's unfinished end: one key or value from its first byte (or the start of a byte
   * order mark), never empty; null when the chunk ended between tokens.
   */
  private pending: Buffer | null = null;
  /** Offset in the text of the pending bytes' first byte. */
  private offset = 0;
  private expect: Expect = 'open';
  private key = '';
  /** Offset in the text of the current top-level key, and of each top-level key read (a key written twice is refused). */
  private keyOffset = 0;
  private readonly keyOffsets = new Map<string, number>();
  /** The scan of the items' keys (duplicate-keys.ts), and the first key written twice in the run of items being read. */
  private readonly keys = new KeyScan();
  private runDuplicate: DuplicateKey | null = null;
  private array: unknown[] = [];

  /** Whether the current array's items are consumed (not kept: see {@link ItemsConsumed}). */
  private consuming = false;

  /** {@link StreamLimits}, with their defaults. */
  private readonly joinBytes: number;
  private readonly runBytes: number;

  constructor(
    private readonly itemsParsed?: ItemsParsed,
    private readonly consumed?: ItemsConsumed,
    limits: StreamLimits = {},
  ) {
    this.joinBytes = limits.joinBytes ?? JOIN_BYTES;
    this.runBytes = limits.runBytes ?? RUN_BYTES;
  }

  /** The document as parsed so far (a consumed array is empty). */
  get parsedSoFar(): Readonly<Record<string, unknown>> {
    return this.root;
  }

  /**
   * Reads the next chunk of the text. The caller may refill `chunk` once this returns (document.ts
   * reads a file into one buffer): what the parser keeps of it, an unfinished key or value at its
   * end, is copied.
   */
  feed(chunk: Buffer): void {
    this.scan(chunk, false);
  }

  /** The parsed document, once every chunk was fed. */
  end(): Record<string, unknown> {
    this.scan(Buffer.alloc(0), true);
    if (this.expect !== 'done') throw new JsonStreamError('the text ends before the document does', this.offset);
    return this.root;
  }

  private scan(chunk: Buffer, last: boolean): void {
    let at = 0;
    if (this.pending !== null) {
      at = this.scanAcross(chunk, last);
      if (at === -1) {
        if (last) throw new JsonStreamError('the text ends inside a value', this.offset);
        return;
      }
    }
    at = this.scanFrom(chunk, at, last);
    // What is left, an unfinished key or value, is copied: the caller may refill its chunk. (end()'s chunk is empty.)
    this.pending = at >= chunk.length ? null : Buffer.from(chunk.subarray(at));
    this.offset += at;
  }

  /**
   * Finishes the value the pending bytes begin, joined to as little of `chunk` as it takes (the
   * first `joinBytes`, then twice as much...) rather than to all of it: copying each chunk
   * whole behind a few pending bytes cost a tenth of a large document's read (bench/RESULTS.md,
   * stop 51). Returns where the scan goes on in `chunk`, or -1 when the value goes on past it
   * (then all of it is pending).
   */
  private scanAcross(chunk: Buffer, last: boolean): number {
    const pending = this.pending as Buffer;
    let take = Math.min(chunk.length, Math.max(this.joinBytes, pending.length));
    for (;;) {
      const whole = take === chunk.length;
      const joined = Buffer.concat([pending, chunk.subarray(0, take)]);
      // (`last` comes only with end()'s empty chunk, which is whole.)
      const at = this.scanFrom(joined, 0, last);
      if (at >= pending.length) {
        this.pending = null;
        this.offset += pending.length;
        return at - pending.length;
      }
      // Else the scan stopped where the pending value starts (it runs to the pending bytes' end): it goes on past this part.
      if (whole) {
        this.pending = joined;
        return -1;
      }
      take = Math.min(chunk.length, 2 * take);
    }
  }

  /** Scans `buffer` from `from`; returns where the scan stopped: the buffer's end, or the start of an unfinished key or value. */
  private scanFrom(buffer: Buffer, from: number, last: boolean): number {
    let at = from;
    // A byte order mark (which some editors write) is not part of the JSON text. (At offset 0 nothing is read yet: the scan starts there.)
    if (this.offset === 0 && buffer[0] === 0xef) {
      if (buffer.length < 3 && !last) return 0;
      if (buffer[1] === 0xbb && buffer[2] === 0xbf) at = 3;
    }
    for (;;) {
      while (at < buffer.length && isSpace(buffer[at] as number)) at++;
      if (at >= buffer.length) return at;
      const next = this.step(buffer, at, last);
      if (next === -1) return at; // an unfinished key or value: kept for the next chunk
      at = next;
    }
  }

  /** Reads what starts at `at` (not a space); returns where the scan goes on, or -1 to wait for more bytes. */
  private step(buffer: Buffer, at: number, last: boolean): number {
    const byte = buffer[at] as number;
    switch (this.expect) {
      case 'open':
        return this.expectByte(byte, OPEN_BRACE, at, 'key-or-close', 'the document is not a JSON object');
      case 'key-or-close':
      case 'key':
        if (byte === CLOSE_BRACE && this.expect === 'key-or-close') {
          this.expect = 'done';
          return at + 1;
        }
        return this.readKey(buffer, at);
      case 'colon':
        return this.expectByte(byte, COLON, at, 'value', "expected ':' after a key");
      case 'value':
        return this.readValue(buffer, at, last);
      case 'comma-or-close':
        if (byte === CLOSE_BRACE) {
          this.expect = 'done';
          return at + 1;
        }
        return this.expectByte(byte, COMMA, at, 'key', "expected ',' or '}' after a value");
      case 'item-or-close':
      case 'item-comma-or-close':
        if (byte === CLOSE_BRACKET) {
          this.expect = 'comma-or-close';
          return at + 1;
        }
        if (this.expect === 'item-comma-or-close') return this.expectByte(byte, COMMA, at, 'item', "expected ',' or ']' in an array");
        return this.readItems(buffer, at, last);
      case 'item':
        return this.readItems(buffer, at, last);
      default:
        throw new JsonStreamError('unexpected text after the document', this.offset + at);
    }
  }

  private expectByte(byte: number, wanted: number, at: number, then: Expect, message: string): number {
    if (byte !== wanted) throw new JsonStreamError(message, this.offset + at);
    this.expect = then;
    return at + 1;
  }

  private readKey(buffer: Buffer, at: number): number {
    if (buffer[at] !== QUOTE) throw new JsonStreamError('expected a key in double quotes', this.offset + at);
    const end = stringEnd(buffer, at);
    if (end === -1) return -1;
    this.key = this.parse(buffer, at, end) as string;
    this.keyOffset = this.offset + at;
    this.expect = 'colon';
    return end;
  }

  private readValue(buffer: Buffer, at: number, last: boolean): number {
    if (buffer[at] === OPEN_BRACKET) {
      this.array = [];
      this.consuming = this.consumed?.consumes(this.key) === true;
      this.set(this.array);
      this.expect = 'item-or-close';
      return at + 1;
    }
    const end = valueEnd(buffer, at, last);
    if (end === -1) return -1;
    this.set(this.parse(buffer, at, end));
    this.expect = 'comma-or-close';
    return end;
  }

  /** Reads the run of whole items starting at `at` with one `JSON.parse`; the last unfinished one waits. */
  private readItems(buffer: Buffer, at: number, last: boolean): number {
    let end = -1;
    let itemCount = 0;
    let i = at;
    const counted = this.consuming ? this.consumed?.counted : undefined; // items only counted are not parsed, nor read for keys
    this.runDuplicate = null;
    for (;;) {
      const itemEnd = this.itemEnd(buffer, i, last, counted === undefined);
      if (itemEnd === -1) break;
      if (itemEnd === i) throw new JsonStreamError('expected a value in an array', this.offset + i);
      end = itemEnd;
      itemCount++;
      if (end - at >= this.runBytes) break;
      i = itemEnd;
      while (i < buffer.length && isSpace(buffer[i] as number)) i++;
      if (i >= buffer.length || buffer[i] !== COMMA) break;
      i++;
      while (i < buffer.length && isSpace(buffer[i] as number)) i++;
      if (i >= buffer.length) break;
    }
    if (end === -1) return -1;
    if (counted !== undefined) {
      counted(this.key, itemCount);
      this.expect = 'item-comma-or-close';
      return end;
    }
    let items: unknown[];
    try {
      items = JSON.parse(`[${buffer.toString('utf8', at, end)}]`) as unknown[];
    } catch (error) {
      throw new JsonStreamError((error as Error).message, this.offset + at);
    }
    if (this.runDuplicate !== null) throw new JsonDuplicateKeyError(this.runDuplicate);
    this.itemsParsed?.(this.key, items);
    if (!this.consuming) for (let k = 0; k < items.length; k++) this.array.push(items[k]);
    this.expect = 'item-comma-or-close';
    return end;
  }

  /**
   * Where the item at `at` ends (-1: past the buffer), as valueEnd says. An object or array to be
   * parsed is read by the key scan instead, which finds its end and its keys in one pass over its
   * bytes (a second pass cost 3 % of the month document, bench/RESULTS.md, stop 52) and notes
   * the first key written twice in `runDuplicate`.
   */
  private itemEnd(buffer: Buffer, at: number, last: boolean, parsing: boolean): number {
    const first = buffer[at];
    if (!parsing || (first !== OPEN_BRACE && first !== OPEN_BRACKET)) return valueEnd(buffer, at, last);
    const { keys } = this;
    keys.reset(buffer, buffer.length);
    const end = keys.run(at, true);
    if (end !== -1 && this.runDuplicate === null && keys.duplicate !== null) this.runDuplicate = fromOrigin(keys.duplicate, this.offset);
    return end;
  }

  private parse(buffer: Buffer, from: number, to: number): unknown {
    let value: unknown;
    try {
      value = JSON.parse(buffer.toString('utf8', from, to));
    } catch (error) {
      throw new JsonStreamError((error as Error).message, this.offset + from);
    }
    if (buffer[from] === OPEN_BRACE) this.refuseDuplicateKey(buffer, from, to);
    return value;
  }

  /** Throws {@link JsonDuplicateKeyError} for a key written twice in one object of `buffer[from, to)` (JSON.parse accepted it). */
  private refuseDuplicateKey(buffer: Buffer, from: number, to: number): void {
    const duplicate = duplicateKeyIn(buffer, from, to, this.offset);
    if (duplicate !== null) throw new JsonDuplicateKeyError(duplicate);
  }

  /** Sets the current key as `JSON.parse` does (an own property, `__proto__` included), once: a key written twice is refused. */
  private set(value: unknown): void {
    const first = this.keyOffsets.get(this.key);
    if (first !== undefined) throw new JsonDuplicateKeyError({ key: this.key, firstByteOffset: first, byteOffset: this.keyOffset });
    this.keyOffsets.set(this.key, this.keyOffset);
    Object.defineProperty(this.root, this.key, { value, writable: true, enumerable: true, configurable: true });
  }
}
