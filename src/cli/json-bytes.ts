/**
 * The bytes of JSON's structure, shared by the scans that read a document's bytes without parsing
 * them (json-stream.ts: where values end; duplicate-keys.ts: which keys an object has).
 *
 * Owns: the structural byte values, isSpace, stringEnd. May import: nothing.
 */

export const OPEN_BRACE = 0x7b;
export const CLOSE_BRACE = 0x7d;
export const OPEN_BRACKET = 0x5b;
export const CLOSE_BRACKET = 0x5d;
export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const COMMA = 0x2c;
export const COLON = 0x3a;

/** Whether a byte is JSON whitespace. */
export function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

/** Where the string starting at `at` (a quote) ends (after its closing quote), or -1 when `to` comes first. */
export function stringEnd(buffer: Uint8Array, at: number, to: number = buffer.length): number {
  for (let i = at + 1; i < to; i++) {
    const byte = buffer[i] as number;
    if (byte === BACKSLASH) i++;
    else if (byte === QUOTE) return i + 1;
  }
  return -1;
}
