/**
 * Line and column of byte offsets into a UTF-8 text, for messages about a document read as bytes
 * (a key written twice, duplicate-keys.ts): counted as document.ts's `lineAndColumn` counts them in
 * a string (a column in UTF-16 code units, a byte order mark not counted), from the bytes in memory
 * or from the file, read again a chunk at a time up to the last offset asked for.
 *
 * Owns: bytePositions, bytePositionsInFile. May import: nothing (node:fs).
 */
import { open } from 'node:fs/promises';

/** A byte order mark's bytes in UTF-8. */
const MARK = [0xef, 0xbb, 0xbf];

/** A line and a column, both from 1. */
export interface TextPosition {
  readonly line: number;
  readonly column: number;
}

/** Counts lines and columns over a text's bytes, fed in order; notes the position of each offset asked for as it passes it. */
class PositionCounter {
  private line = 1;
  private column = 1;
  private at = 0;
  /** Whether the bytes so far begin a byte order mark (MARK). */
  private marked = true;
  readonly found: (TextPosition | undefined)[];
  /** The last offset asked for: counting stops there. */
  private readonly last: number;

  constructor(private readonly offsets: readonly number[]) {
    this.found = offsets.map(() => undefined);
    this.last = Math.max(...offsets);
  }

  /** Whether every offset has been passed. */
  get done(): boolean {
    return this.found.every((p) => p !== undefined);
  }

  feed(bytes: Uint8Array): void {
    for (let i = 0; i < bytes.length && this.at + i <= this.last; i++) {
      const offset = this.at + i;
      this.note(offset);
      const byte = bytes[i] as number;
      if (offset < 3) this.marked = this.marked && byte === MARK[offset];
      if (byte === 0x0a) {
        this.line++;
        this.column = 1;
      } else if ((byte & 0xc0) !== 0x80) this.column += byte >= 0xf0 ? 2 : 1; // a character's first byte; four bytes make two code units
      if (offset === 2 && this.marked) this.column = 1; // a byte order mark is not a character of the text
    }
    this.at += bytes.length;
  }

  private note(offset: number): void {
    for (let k = 0; k < this.offsets.length; k++) if (this.offsets[k] === offset) this.found[k] = { line: this.line, column: this.column };
  }

  /** The positions, an offset past the text's end at its end. */
  positions(): TextPosition[] {
    return this.found.map((p) => p ?? { line: this.line, column: this.column });
  }
}

/** The positions of `offsets` in the text whose bytes are `chunks`, in order. */
export function bytePositions(chunks: Iterable<Uint8Array>, offsets: readonly number[]): TextPosition[] {
  const counter = new PositionCounter(offsets);
  for (const chunk of chunks) {
    if (counter.done) break;
    counter.feed(chunk);
  }
  return counter.positions();
}

/** The positions of `offsets` in the text of the file `source`, read again up to the last of them. */
export async function bytePositionsInFile(source: string | URL, offsets: readonly number[], chunkBytes = 2 ** 20): Promise<TextPosition[]> {
  const counter = new PositionCounter(offsets);
  const file = await open(source, 'r');
  try {
    const chunk = Buffer.allocUnsafe(chunkBytes);
    while (!counter.done) {
      const { bytesRead } = await file.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      counter.feed(chunk.subarray(0, bytesRead));
    }
  } finally {
    await file.close();
  }
  return counter.positions();
}
