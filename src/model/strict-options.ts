/**
 * Strict options (docs/policies.md, "Options are strict"): each options object of the public
 * functions has one strict zod schema of its known keys, each with the check of its value, written
 * beside its interface and typed against it (`OptionKeys<T>` needs exactly the interface's keys, so
 * the two cannot drift: adding an option to the interface without its check does not compile).
 * The checks run once per call, before any work: an unknown key is named in the one sentence every
 * document uses (schema-walk.ts), with the nearest known key; a value of the wrong type or range
 * names what was expected. The builders below are small helpers over zod, the one validation
 * language of the project; each value check carries the words "must be ..." its message uses.
 */
import * as z from 'zod';
import type { GraphIssue, IssuePath } from './issues';
import { builtSchema, lazySchema } from './lazy-schema';
import { nearestName } from './nearest-name';
import { objectKeysAt, unknownKeyMessage } from './schema-walk';

/** The check of one option's value: a zod schema whose description completes "must be ...". */
export type ValueCheck = z.ZodType;
/** An options object: a strict zod object of its known keys, each with its check. */
export type ShapeCheck = z.ZodType;
/** The check of one option: a value, a nested options object, or a record of them. */
export type OptionCheck = z.ZodType;

/** Exactly one check per key of the options interface `T` (optional keys included). */
export type OptionKeys<T> = { readonly [K in keyof T]-?: OptionCheck };

/** The strict schema of an options interface's keys; `required` lists the keys that must be given. */
export function shapeOf<T>(keys: OptionKeys<T>, required: readonly (keyof T & string)[] = []): ShapeCheck {
  return lazySchema(() => {
    const shape: Record<string, z.ZodType> = {};
    for (const [key, check] of Object.entries(keys as Readonly<Record<string, OptionCheck>>)) {
      shape[key] = required.includes(key as keyof T & string) ? builtSchema(check) : builtSchema(check).optional();
    }
    return z.strictObject(shape);
  });
}

/** A record of any keys whose values pass `each` (an undefined value counts as absent). */
export function recordOf(each: OptionCheck): OptionCheck {
  return lazySchema(() => z.record(z.string(), builtSchema(each).optional()));
}

/**
 * What each check of {@link valueCheck} expects, so that a check built on others ({@link orNull})
 * reads it without building them (checks are built on first use, issue 36: at import they took a
 * noticeable part of the start-up).
 */
const expectations = new WeakMap<ValueCheck, string>();

/** A value check from its description ("must be <expects>") and test; `hint` adds to the message. */
export function valueCheck(expects: string, test: (value: unknown) => boolean, hint?: (value: unknown) => string): ValueCheck {
  const check = lazySchema(() =>
    z
      .custom<unknown>((value) => test(value), {
        error: (issue) => `must be ${expects}; got ${describe(issue.input)}${hint?.(issue.input) ?? ''}`,
      })
      .describe(expects),
  );
  expectations.set(check, expects);
  return check;
}

/** Whether `value` passes `check`. */
function passes(check: OptionCheck, value: unknown): boolean {
  return check.safeParse(value).success;
}

/** What a value check expects, in words. */
function expectsOf(check: ValueCheck): string {
  return expectations.get(check) ?? check.description ?? 'valid';
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
  return valueCheck(`a list of ${items}`, (v) => Array.isArray(v) && v.every((x) => passes(item, x)));
}

/**
 * A list of names, each one of `names` (described as `what`); an unknown name is named with the
 * nearest valid one.
 */
export function namesOf(names: readonly string[], what: string): ValueCheck {
  return valueCheck(
    `a list of ${what}`,
    (v) => Array.isArray(v) && v.every((x) => typeof x === 'string' && names.includes(x)),
    (v) => {
      if (!Array.isArray(v)) return '';
      const wrong = v.find((x) => typeof x !== 'string' || !names.includes(x));
      if (typeof wrong !== 'string') return '';
      const nearest = nearestName(wrong, names);
      return `: '${wrong}' is not one of them${nearest === undefined ? '' : `; did you mean '${nearest}'?`}`;
    },
  );
}

/** `check`, or null. */
export function orNull(check: ValueCheck): ValueCheck {
  return valueCheck(`${expectsOf(check)} or null`, (v) => v === null || passes(check, v));
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
  const parsed = check.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.flatMap((issue) => issuesOf(issue, check, value, root));
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

/** zod's issue as the options' issues: unknown keys in the documents' sentence, values in words. */
function issuesOf(issue: z.core.$ZodIssue, check: OptionCheck, value: unknown, root: IssuePath): GraphIssue[] {
  const path = issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part));
  const at = [...root, ...path];
  if (issue.code === 'unrecognized_keys') {
    const known = objectKeysAt(check, path);
    return issue.keys.map((key) => ({ path: [...at, key], code: 'unknown_option', message: unknownKeyMessage(key, at, known) }));
  }
  const found = valueAt(value, path);
  if (found === undefined && path.length > 0) return [invalid(at, 'is required')];
  if (issue.code === 'invalid_type' && (issue.expected === 'object' || issue.expected === 'record')) {
    return [invalid(at, `must be an object; got ${describe(found)}`)];
  }
  return [invalid(at, issue.message)];
}

/** The value at `path` of `value`, undefined when the path leaves it. */
function valueAt(value: unknown, path: readonly (string | number)[]): unknown {
  let current = value;
  for (const part of path) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, part)) return undefined;
    current = (current as Readonly<Record<string | number, unknown>>)[part];
  }
  return current;
}

/** The option's name in a message: its path, without the `options` every path starts from. */
function nameOf(at: readonly (string | number)[]): string {
  return (at[0] === 'options' ? at.slice(1) : at).join('.');
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
