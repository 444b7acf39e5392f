/**
 * Bounds on the work of one request and on the size of its answer (docs/service.md, "Limits").
 *
 * A body of at most 1 MiB can still hold 500,000 values; validating each against a schema and
 * describing each problem would take seconds and answer tens of megabytes. So a body is scanned
 * once, cheaply, before any schema sees it: an array longer than {@link MAX_ARRAY_ITEMS}, an
 * object with more than {@link MAX_OBJECT_KEYS} keys, a body
 * with more than {@link MAX_BODY_VALUES} values, or a string that is not well-formed Unicode (a
 * lone surrogate such as `"\ud800"`) is refused there. A 422 then lists at most
 * {@link MAX_LISTED_PROBLEMS} problems, the rest counted, and echoes no input so large that the
 * answer would pass {@link MAX_DETAIL_BYTES}.
 */
import { tooManyErrorsItem, type ValidationErrorItem } from '../../model/validation-error';

/** Longest array a request body may hold. */
export const MAX_ARRAY_ITEMS = 10_000;
/** Most keys an object of a request body may have (no body schema has more than a few dozen fields). */
export const MAX_OBJECT_KEYS = 1_000;
/** Most values (objects, arrays, strings, numbers, booleans, nulls) a request body may hold. */
export const MAX_BODY_VALUES = 100_000;
/** Most problems a 422 describes; one closing `too_many_errors` item counts the rest. */
export const MAX_LISTED_PROBLEMS = 100;
/** Budget of the echoed inputs of one 422, in characters of JSON. */
export const MAX_DETAIL_BYTES = 256 * 1024;
/** An echoed input longer than this (as JSON) is cut when the budget is exceeded. */
const ECHO_PREVIEW = 200;

/** Any surrogate code unit: a cheap first look, true for well-formed pairs as well. */
const ANY_SURROGATE = /[\uD800-\uDFFF]/;
/** A lone surrogate: with the `u` flag a well-formed pair is one code point, not matched. */
const LONE_SURROGATE = /\p{Cs}/u;

function illFormed(text: string): boolean {
  return ANY_SURROGATE.test(text) && LONE_SURROGATE.test(text);
}

type Loc = (string | number)[];

function unicodeItem(loc: Loc, input: string): ValidationErrorItem {
  return {
    type: 'string_unicode',
    loc,
    msg: 'Input should be a valid string, unable to parse raw data as a unicode string',
    input,
    ctx: {},
  };
}

function tooLongItem(loc: Loc, input: readonly unknown[]): ValidationErrorItem {
  const msg = `List should have at most ${MAX_ARRAY_ITEMS} items after validation, not ${input.length}`;
  return { type: 'too_long', loc, msg, input, ctx: { field_type: 'List', max_length: MAX_ARRAY_ITEMS, actual_length: input.length } };
}

/** The scan's running state: the path to the value looked at, values seen, problems found. */
interface Scan {
  readonly path: Loc;
  values: number;
  readonly items: ValidationErrorItem[];
}

function scanArray(value: readonly unknown[], scan: Scan): void {
  if (value.length > MAX_ARRAY_ITEMS) {
    scan.items.push(tooLongItem([...scan.path], value));
    scan.values += value.length; // counted, not walked
    return;
  }
  for (let i = 0; i < value.length; i++) {
    scan.path.push(i);
    scanValue(value[i], scan);
    scan.path.pop();
  }
}

/** Whether `value` has more than `max` keys, counted without listing them all. */
function moreKeysThan(value: object, max: number): boolean {
  let count = 0;
  for (const key in value) if (Object.prototype.hasOwnProperty.call(value, key) && ++count > max) return true;
  return false;
}

function scanObject(value: object, scan: Scan): void {
  if (moreKeysThan(value, MAX_OBJECT_KEYS)) {
    const msg = `Object should have at most ${MAX_OBJECT_KEYS} keys`;
    // Not echoed: listing the keys of such an object again is what costs (null, as outside the body).
    scan.items.push({
      type: 'too_long',
      loc: [...scan.path],
      msg,
      input: null,
      ctx: { field_type: 'Object', max_length: MAX_OBJECT_KEYS },
    });
    scan.values = MAX_BODY_VALUES; // not walked: the body is refused already
    return;
  }
  const keys = Object.keys(value);
  for (const key of keys) {
    scan.path.push(key);
    if (illFormed(key)) scan.items.push(unicodeItem([...scan.path], key));
    scanValue((value as Record<string, unknown>)[key], scan);
    scan.path.pop();
  }
}

function scanValue(value: unknown, scan: Scan): void {
  scan.values += 1;
  if (scan.values > MAX_BODY_VALUES || scan.items.length > MAX_LISTED_PROBLEMS) return;
  if (typeof value === 'string') {
    if (illFormed(value)) scan.items.push(unicodeItem([...scan.path], value));
  } else if (Array.isArray(value)) scanArray(value, scan);
  else if (typeof value === 'object' && value !== null) scanObject(value, scan);
}

/**
 * The problems a body has before any schema looks at it; empty when it is within the limits. The
 * body is JSON (at most 512 levels deep), so the recursion is bounded.
 */
export function bodyLimitProblems(body: unknown): ValidationErrorItem[] {
  if (body === undefined) return [];
  const scan: Scan = { path: ['body'], values: 0, items: [] };
  scanValue(body, scan);
  if (scan.values > MAX_BODY_VALUES) {
    const msg = `Body should hold at most ${MAX_BODY_VALUES} values`;
    scan.items.push({ type: 'too_long', loc: ['body'], msg, input: null, ctx: { max_values: MAX_BODY_VALUES } });
  }
  return scan.items;
}

/**
 * The start of `value` as JSON, at most about `max` characters, written only as far as needed (a
 * 1 MiB object is not serialised to keep 200 characters of it): `done` tells whether it is all.
 */
function jsonStart(value: unknown, max: number): { text: string; done: boolean } {
  const parts: string[] = [];
  let length = 0;
  const put = (text: string): boolean => {
    parts.push(text);
    length += text.length;
    return length <= max;
  };
  const write = (v: unknown): boolean => {
    if (Array.isArray(v)) {
      if (!put('[')) return false;
      for (let i = 0; i < v.length; i++) if ((i > 0 && !put(',')) || !write(v[i])) return false;
      return put(']');
    }
    if (typeof v === 'object' && v !== null) {
      if (!put('{')) return false;
      let first = true;
      for (const key in v) {
        if (!Object.prototype.hasOwnProperty.call(v, key)) continue;
        if ((!first && !put(',')) || !put(`${JSON.stringify(key)}:`) || !write((v as Record<string, unknown>)[key])) return false;
        first = false;
      }
      return put('}');
    }
    return put(JSON.stringify(v) ?? 'null');
  };
  const done = write(value);
  const text = parts.join('');
  return { text: done ? text : text.slice(0, max), done };
}

/** Up to `max` + 1 characters: the length of `value` as JSON, or a sign that it is longer than `max`. */
function echoLength(value: unknown, max: number, cache: WeakMap<object, number>): number {
  if (typeof value === 'string') return value.length + 2;
  if (typeof value !== 'object' || value === null) return 8;
  const known = cache.get(value);
  if (known !== undefined) return known;
  const start = jsonStart(value, max);
  const length = start.done ? start.text.length : max + 1;
  cache.set(value, length);
  return length;
}

/** A long input replaced by its first characters (once per object: many items echo one parent). */
function preview(value: unknown, cache: WeakMap<object, string>): string {
  if (typeof value === 'string') return `${value.slice(0, ECHO_PREVIEW)}... (cut)`;
  const known = typeof value === 'object' && value !== null ? cache.get(value) : undefined;
  if (known !== undefined) return known;
  const cut = `${jsonStart(value, ECHO_PREVIEW).text}... (cut)`;
  if (typeof value === 'object' && value !== null) cache.set(value, cut);
  return cut;
}

/**
 * The items of a 422 as answered: at most {@link MAX_LISTED_PROBLEMS}, then one item counting the
 * rest (the counts of `too_many_errors` items already there included); when the echoed inputs
 * would pass {@link MAX_DETAIL_BYTES}, each long input is replaced by a short preview.
 */
export function boundDetail(items: readonly ValidationErrorItem[]): ValidationErrorItem[] {
  let omitted = 0;
  const kept: ValidationErrorItem[] = [];
  for (const item of items) {
    if (item.type === 'too_many_errors') omitted += Number(item.ctx.omitted ?? 0);
    else if (kept.length < MAX_LISTED_PROBLEMS) kept.push(item);
    else omitted += 1;
  }
  // Measured only as far as the budget: past it, what matters is which inputs are long.
  const measured = new WeakMap<object, number>();
  let remaining = MAX_DETAIL_BYTES;
  for (const item of kept) {
    remaining -= echoLength(item.input, Math.max(0, remaining), measured);
    if (remaining < 0) break;
  }
  const short = new WeakMap<object, number>();
  const long = (item: ValidationErrorItem): boolean => echoLength(item.input, ECHO_PREVIEW * 2, short) > ECHO_PREVIEW * 2;
  const previews = new WeakMap<object, string>();
  const out = remaining >= 0 ? kept : kept.map((item) => (long(item) ? { ...item, input: preview(item.input, previews) } : item));
  if (omitted > 0) out.push(tooManyErrorsItem('request', omitted));
  return out;
}
