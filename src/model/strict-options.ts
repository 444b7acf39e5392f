/**
 * Strict options (docs/policies.md, "Options are strict"): each options object of the public
 * functions has one table of its known keys, each with the check of its value, written beside its
 * interface and typed against it (`OptionKeys<T>` needs exactly the interface's keys, so the two
 * cannot drift: adding an option to the interface without its check does not compile). The checks
 * run once per call, before any work: an unknown key names its path and the nearest known key, a
 * value of the wrong type or range names what was expected.
 */
import type { GraphIssue, IssuePath } from './issues';
import { nearestName } from './nearest-name';

/** A check of one option's value: what it expects, in words, and the test. */
export interface ValueCheck {
  readonly kind: 'value';
  /** What a valid value is, completing "must be ...": `a finite number >= 0`. */
  readonly expects: string;
  readonly test: (value: unknown) => boolean;
  /** What to add to the message of a value that fails, e.g. the nearest valid name. */
  readonly hint?: (value: unknown) => string;
}

/** An options object: its known keys, each with its check; the `required` ones must be given. */
export interface ShapeCheck {
  readonly kind: 'shape';
  readonly keys: Readonly<Record<string, OptionCheck>>;
  readonly required: readonly string[];
}

/** An object of any keys (input names, ...) whose every value passes `each`. */
export interface RecordCheck {
  readonly kind: 'record';
  readonly each: OptionCheck;
}

/** The check of one option: a value, a nested options object, or a record of them. */
export type OptionCheck = ValueCheck | ShapeCheck | RecordCheck;

/** Exactly one check per key of the options interface `T` (optional keys included). */
export type OptionKeys<T> = { readonly [K in keyof T]-?: OptionCheck };

/** The table of an options interface's keys; `required` lists the keys that must be given. */
export function shapeOf<T>(keys: OptionKeys<T>, required: readonly (keyof T & string)[] = []): ShapeCheck {
  return { kind: 'shape', keys: keys as Readonly<Record<string, OptionCheck>>, required };
}

/** A record of any keys whose values pass `each`. */
export function recordOf(each: OptionCheck): RecordCheck {
  return { kind: 'record', each };
}

/** A value check from its description and test. */
export function valueCheck(expects: string, test: (value: unknown) => boolean): ValueCheck {
  return { kind: 'value', expects, test };
}

/** A finite number within the bounds given (each inclusive unless `above` / `below`). */
export function finiteNumber(
  bounds: {
    readonly min?: number;
    readonly above?: number;
    readonly max?: number;
    readonly below?: number;
    readonly integer?: boolean;
  } = {},
): ValueCheck {
  const parts: string[] = [];
  if (bounds.min !== undefined) parts.push(`>= ${bounds.min}`);
  if (bounds.above !== undefined) parts.push(`> ${bounds.above}`);
  if (bounds.max !== undefined) parts.push(`<= ${bounds.max}`);
  if (bounds.below !== undefined) parts.push(`< ${bounds.below}`);
  const noun = bounds.integer === true ? 'an integer' : 'a finite number';
  return valueCheck(parts.length === 0 ? noun : `${noun} ${parts.join(' and ')}`, (v) => {
    if (typeof v !== 'number' || !Number.isFinite(v)) return false;
    if (bounds.integer === true && !Number.isInteger(v)) return false;
    return !(
      (bounds.min !== undefined && v < bounds.min) ||
      (bounds.above !== undefined && v <= bounds.above) ||
      (bounds.max !== undefined && v > bounds.max) ||
      (bounds.below !== undefined && v >= bounds.below)
    );
  });
}

/** One of the listed values. */
export function oneOf<V extends string | number | boolean | null>(values: readonly V[]): ValueCheck {
  return valueCheck(`one of ${values.map((v) => JSON.stringify(v)).join(', ')}`, (v) => values.includes(v as V));
}

/**
 * One of the members of a union of strings, given as the keys of a record so that the compiler
 * requires every member: `enumOf<RoundingTies>({ away_from_zero: true, ... })`.
 */
export function enumOf<V extends string>(members: Readonly<Record<V, true>>): ValueCheck {
  return oneOf(Object.keys(members));
}

/** A list whose every item passes `item` (described as `items`). */
export function listOf(item: ValueCheck, items: string): ValueCheck {
  return valueCheck(`a list of ${items}`, (v) => Array.isArray(v) && v.every((x) => item.test(x)));
}

/**
 * A list of names, each one of `names` (described as `what`); an unknown name is named with the
 * nearest valid one.
 */
export function namesOf(names: readonly string[], what: string): ValueCheck {
  return {
    kind: 'value',
    expects: `a list of ${what}`,
    test: (v) => Array.isArray(v) && v.every((x) => typeof x === 'string' && names.includes(x)),
    hint: (v) => {
      if (!Array.isArray(v)) return '';
      const wrong = v.find((x) => typeof x !== 'string' || !names.includes(x));
      if (typeof wrong !== 'string') return '';
      const nearest = nearestName(wrong, names);
      return `: '${wrong}' is not one of them${nearest === undefined ? '' : `; did you mean '${nearest}'?`}`;
    },
  };
}

/** `check`, or null. */
export function orNull(check: ValueCheck): ValueCheck {
  return valueCheck(`${check.expects} or null`, (v) => v === null || check.test(v));
}

/** A boolean. */
export const BOOLEAN: ValueCheck = valueCheck('true or false', (v) => typeof v === 'boolean');
/** A function. */
export const FUNCTION: ValueCheck = valueCheck('a function', (v) => typeof v === 'function');
/** A string. */
export const STRING: ValueCheck = valueCheck('a string', (v) => typeof v === 'string');
/** An object (its own contents are checked by whoever reads it). */
export const OBJECT: ValueCheck = valueCheck('an object', (v) => typeof v === 'object' && v !== null && !Array.isArray(v));

/**
 * The problems of an options value: every unknown key (with the nearest known one), every value
 * of the wrong type or range and every missing required key, each at `root` + its path (messages
 * name the path without a leading `options`). An `undefined` value counts as absent. Empty when the
 * options are valid.
 */
export function optionIssues(value: unknown, check: OptionCheck, root: IssuePath): GraphIssue[] {
  const issues: GraphIssue[] = [];
  collect(value, check, [...root], issues);
  return issues;
}

/**
 * Throws a `TypeError` listing every problem of `value` (see {@link optionIssues}); `what` names
 * the options in the message (`options of createLedger`).
 */
export function assertOptions(value: unknown, check: OptionCheck, what: string): void {
  const issues = optionIssues(value, check, ['options']);
  if (issues.length > 0) throw optionsError(what, issues);
}

/** The `TypeError` of invalid options, listing each problem's message. */
export function optionsError(what: string, issues: readonly GraphIssue[]): TypeError {
  return new TypeError(`invalid ${what}: ${issues.map((i) => i.message).join('; ')}`);
}

function collect(value: unknown, check: OptionCheck, at: readonly (string | number)[], issues: GraphIssue[]): void {
  if (check.kind === 'value') {
    if (!check.test(value)) issues.push(invalid(at, `must be ${check.expects}; got ${describe(value)}${check.hint?.(value) ?? ''}`));
    return;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    issues.push(invalid(at, `must be an object; got ${describe(value)}`));
    return;
  }
  const record = value as Readonly<Record<string, unknown>>;
  if (check.kind === 'record') {
    for (const [key, item] of Object.entries(record)) if (item !== undefined) collect(item, check.each, [...at, key], issues);
    return;
  }
  const known = Object.keys(check.keys);
  for (const [key, item] of Object.entries(record)) {
    const itemCheck = Object.hasOwn(check.keys, key) ? check.keys[key] : undefined;
    if (itemCheck === undefined) issues.push(unknown([...at, key], nearestName(key, known)));
    else if (item !== undefined) collect(item, itemCheck, [...at, key], issues);
  }
  for (const key of check.required) {
    if (record[key] === undefined) issues.push(invalid([...at, key], 'is required'));
  }
}

/** The option's name in a message: its path, without the `options` every path starts from. */
function nameOf(at: readonly (string | number)[]): string {
  return (at[0] === 'options' ? at.slice(1) : at).join('.');
}

function unknown(at: readonly (string | number)[], nearest: string | undefined): GraphIssue {
  const hint = nearest === undefined ? '' : `; did you mean '${nearest}'?`;
  return { path: at, code: 'unknown_option', message: `unknown option '${nameOf(at)}'${hint}` };
}

function invalid(at: readonly (string | number)[], what: string): GraphIssue {
  const name = nameOf(at);
  return { path: at, code: 'invalid_option', message: `${name === '' ? 'the options' : `option '${name}'`} ${what}` };
}

/** A value as a message shows it: JSON for data, a word for what JSON cannot show. */
function describe(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'symbol') return 'a symbol';
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = 'an object that JSON cannot show';
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
