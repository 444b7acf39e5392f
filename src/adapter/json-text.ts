/**
 * Reading a request body as JSON text. `JSON.parse` decides what is valid; when it refuses, a
 * small scanner finds the offset and the reason the way the service's Python JSON decoder reports
 * them (`Expecting value`, `Expecting ',' delimiter`, ...), because the 422 body carries both.
 * The scanner keeps its own stack, so deeply nested input cannot overflow the call stack.
 */

/** Outcome of {@link parseJsonText}. */
export type JsonTextOutcome =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly position: number; readonly error: string };

/** Deepest nesting accepted; far beyond any request of the service, well within the engine's stack. */
export const MAX_JSON_DEPTH = 512;

/** Parses strict JSON (RFC 8259: no NaN or Infinity, no comments, no trailing commas). */
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

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

type Frame = { kind: 'array' | 'object'; state: 'first' | 'value' | 'separator' | 'key' | 'colon' };

/** Returns where and why `text` is not valid JSON, or null when it is. */
export function locateJsonError(text: string): { position: number; error: string } | null {
  let at = 0;
  const stack: Frame[] = [];
  const skip = (): void => {
    while (at < text.length && WHITESPACE.has(text[at] as string)) at++;
  };
  // Scans a string starting at the opening quote; returns an error or null.
  const scanString = (): { position: number; error: string } | null => {
    const start = at;
    at++;
    while (at < text.length) {
      const c = text.charCodeAt(at);
      if (c === 34) {
        at++;
        return null;
      }
      if (c === 92) {
        const next = text[at + 1];
        if (next === undefined) break;
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) return { position: at, error: `Invalid \\u${'X'.repeat(4)} escape` };
          at += 6;
          continue;
        }
        if (!'"\\/bfnrt'.includes(next)) return { position: at, error: 'Invalid \\escape' };
        at += 2;
        continue;
      }
      if (c < 32) return { position: at, error: 'Invalid control character at' };
      at++;
    }
    return { position: start, error: 'Unterminated string starting at' };
  };
  // Scans one value; containers push a frame and return to the loop.
  const scanValue = (): { position: number; error: string } | null => {
    skip();
    const c = text[at];
    if (c === '{' || c === '[') {
      if (stack.length >= MAX_JSON_DEPTH) return { position: at, error: 'Maximum nesting depth exceeded' };
      stack.push({ kind: c === '{' ? 'object' : 'array', state: 'first' });
      at++;
      return null;
    }
    if (c === '"') return scanString();
    for (const word of ['true', 'false', 'null']) {
      if (text.startsWith(word, at)) {
        at += word.length;
        return null;
      }
    }
    NUMBER.lastIndex = at;
    const match = NUMBER.exec(text);
    if (match !== null) {
      at += match[0].length;
      return null;
    }
    return { position: at, error: 'Expecting value' };
  };

  let problem = scanValue();
  if (problem !== null) return problem;
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    skip();
    const c = text[at];
    if (frame.kind === 'array') {
      if (frame.state === 'first' && c === ']') {
        stack.pop();
        at++;
        continue;
      }
      if (frame.state === 'separator') {
        if (c === ']') {
          stack.pop();
          at++;
          continue;
        }
        if (c !== ',') return { position: at, error: "Expecting ',' delimiter" };
        at++;
      }
      frame.state = 'separator';
      problem = scanValue();
      if (problem !== null) return problem;
      continue;
    }
    // object
    if (frame.state === 'first' || frame.state === 'key') {
      if (frame.state === 'first' && c === '}') {
        stack.pop();
        at++;
        continue;
      }
      if (c !== '"') return { position: at, error: 'Expecting property name enclosed in double quotes' };
      problem = scanString();
      if (problem !== null) return problem;
      frame.state = 'colon';
      continue;
    }
    if (frame.state === 'colon') {
      if (c !== ':') return { position: at, error: "Expecting ':' delimiter" };
      at++;
      frame.state = 'separator';
      problem = scanValue();
      if (problem !== null) return problem;
      continue;
    }
    // separator after a member value
    if (c === '}') {
      stack.pop();
      at++;
      continue;
    }
    if (c !== ',') return { position: at, error: "Expecting ',' delimiter" };
    at++;
    frame.state = 'key';
  }
  skip();
  if (at < text.length) return { position: at, error: 'Extra data' };
  return null;
}
