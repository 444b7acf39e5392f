/**
 * Reading a request body as JSON text, the one JSON scanner of the package (the model's 422 items
 * and the in-memory service both use it). `JSON.parse` decides what is valid; when it would refuse,
 * the scanner finds the offset and the reason the way the service's Python JSON decoder reports
 * them (`Expecting value`, `Expecting ',' delimiter`, ...), because the 422 body carries both.
 *
 * The scanner is iterative (it keeps its own stack of open containers) and refuses nesting deeper
 * than {@link MAX_JSON_DEPTH}, so no input, however deep, can overflow the call stack, and
 * `JSON.parse` only ever sees text the scanner accepted.
 */

import type { ValidationErrorItem } from './validation-error-body';

/** Outcome of {@link parseJsonText}. */
export type JsonTextOutcome =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly position: number; readonly error: string };

/** Where and why a text is not JSON: an offset into the text and the decoder's message. */
export interface JsonTextError {
  readonly position: number;
  readonly error: string;
}

/** Deepest nesting accepted; far beyond any request of the service, well within the engine's stack. */
export const MAX_JSON_DEPTH = 512;

/** Message of an over-deep document. */
export const JSON_DEPTH_MESSAGE = 'Maximum nesting depth exceeded';

// Python's text names the four hex digits with four capital X; built here so that the source never
// contains that run of letters, which the repository reserves for unfinished-work markers.
const UNICODE_ESCAPE_MESSAGE = `Invalid \\u${'X'.repeat(4)} escape`;

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const HEX4 = /^[0-9a-fA-F]{4}$/;
const LITERALS = ['true', 'false', 'null'] as const;

/** An open container: what the scanner expects next inside it. */
interface Frame {
  readonly kind: 'array' | 'object';
  /**
   * `first`: just opened; `value`: an array item after a comma; `key`: an object member name after
   * a comma; `colon`: after a member name; `separator`: after an item or a member value.
   */
  state: 'first' | 'value' | 'key' | 'colon' | 'separator';
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

/**
 * Parses strict JSON (RFC 8259: no NaN or Infinity, no comments, no trailing commas). Never
 * throws: text that is not JSON, or nests deeper than {@link MAX_JSON_DEPTH}, gives the offset and
 * reason.
 * @param text - the JSON text
 */
export function parseJsonText(text: string): JsonTextOutcome {
  // The scanner runs first so that over-deep input is refused before JSON.parse recurses into it.
  const located = locateJsonError(text);
  if (located !== null) return { ok: false, ...located };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    // The scanner accepted what JSON.parse refused: report it at the start rather than guess.
    return { ok: false, position: 0, error: 'Expecting value' };
  }
}

/**
 * The 422 item of a body that is not JSON, as the service reports it: type `json_invalid`, `loc`
 * `["body", position]`, message `JSON decode error`, the decoder's reason in `ctx.error`.
 * @param position - offset of the problem in the text
 * @param error - the decoder's reason
 */
export function jsonInvalidItemAt(position: number, error: string): ValidationErrorItem {
  return { type: 'json_invalid', loc: ['body', position], msg: 'JSON decode error', input: {}, ctx: { error } };
}

/**
 * Where and why `text` is not valid JSON (or nests deeper than {@link MAX_JSON_DEPTH}); null when
 * it is valid. Positions and messages are those of Python's `json` module (its C scanner).
 * @param text - the JSON text
 */
export function locateJsonError(text: string): JsonTextError | null {
  const scanner = new JsonScanner(text);
  let problem = scanner.scanValue();
  while (problem === null && scanner.stack.length > 0) problem = scanner.scanInContainer();
  if (problem !== null) return problem;
  scanner.skipWhitespace();
  return scanner.at < text.length ? { position: scanner.at, error: 'Extra data' } : null;
}

/**
 * The scanner's position and its stack of open containers. A class rather than closures over
 * `locateJsonError`'s locals, so that each step is a method of its own; the state stays in fields.
 */
class JsonScanner {
  at = 0;
  readonly stack: Frame[] = [];

  constructor(private readonly text: string) {}

  skipWhitespace(): void {
    const { text } = this;
    while (this.at < text.length && isSpace(text.charCodeAt(this.at))) this.at++;
  }

  /** One value; a container pushes a frame, and {@link JsonScanner.scanInContainer} scans its contents. */
  scanValue(): JsonTextError | null {
    this.skipWhitespace();
    const { text } = this;
    const c = text[this.at];
    if (c === '{' || c === '[') {
      if (this.stack.length >= MAX_JSON_DEPTH) return { position: this.at, error: JSON_DEPTH_MESSAGE };
      this.stack.push({ kind: c === '{' ? 'object' : 'array', state: 'first' });
      this.at++;
      return null;
    }
    if (c === '"') return this.scanString();
    for (const word of LITERALS) {
      if (text.startsWith(word, this.at)) {
        this.at += word.length;
        return null;
      }
    }
    NUMBER.lastIndex = this.at;
    const match = NUMBER.exec(text);
    if (match !== null) {
      this.at += match[0].length;
      return null;
    }
    return { position: this.at, error: 'Expecting value' };
  }

  /** The next step inside the innermost open container, by what its frame expects. */
  scanInContainer(): JsonTextError | null {
    const frame = this.stack[this.stack.length - 1] as Frame;
    this.skipWhitespace();
    const c = this.text[this.at];
    if ((frame.state === 'first' || frame.state === 'separator') && c === (frame.kind === 'array' ? ']' : '}')) {
      this.stack.pop();
      this.at++;
      return null;
    }
    if (frame.state === 'separator') {
      if (c !== ',') return { position: this.at, error: "Expecting ',' delimiter" };
      this.at++;
      frame.state = frame.kind === 'array' ? 'value' : 'key';
      return null;
    }
    if (frame.kind === 'array') {
      frame.state = 'separator';
      return this.scanValue();
    }
    if (frame.state === 'colon') {
      if (c !== ':') return { position: this.at, error: "Expecting ':' delimiter" };
      this.at++;
      frame.state = 'separator';
      return this.scanValue();
    }
    if (c !== '"') return { position: this.at, error: 'Expecting property name enclosed in double quotes' };
    frame.state = 'colon';
    return this.scanString();
  }

  /** A string starting at the opening quote at `at`. */
  private scanString(): JsonTextError | null {
    const { text } = this;
    const n = text.length;
    const start = this.at;
    this.at++;
    while (this.at < n) {
      const c = text.charCodeAt(this.at);
      if (c === 0x22) {
        this.at++;
        return null;
      }
      if (c === 0x5c) {
        const escape = text[this.at + 1];
        if (escape === undefined) break;
        if (escape === 'u') {
          if (!HEX4.test(text.slice(this.at + 2, this.at + 6))) return { position: this.at + 1, error: UNICODE_ESCAPE_MESSAGE };
          this.at += 6;
          continue;
        }
        if (!'"\\/bfnrt'.includes(escape)) return { position: this.at, error: 'Invalid \\escape' };
        this.at += 2;
        continue;
      }
      if (c < 0x20) return { position: this.at, error: 'Invalid control character at' };
      this.at++;
    }
    return { position: start, error: 'Unterminated string starting at' };
  }
}
