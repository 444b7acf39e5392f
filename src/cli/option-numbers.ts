/**
 * The one reading of a number given on the command line (docs/cli.md, "Options"): an integer is
 * written in decimal digits with an optional `-` (`500`, `-5`), a number such as `--percentile`'s
 * may add a fraction and an exponent (`2.5`, `1e-3`). Nothing else: no hex, binary or octal
 * (`0x10`, `0b101`, `0o7`), no `+`, no surrounding spaces, no `Infinity`, which `Number()` would
 * all take. Every option says what it must be in the same words, `--samples must be an integer from
 * 2 to 10000000, got '0x10'`; the command prints its usage after it and exits 2.
 * May import: nothing.
 */

/** An integer in decimal digits. */
const INTEGER = /^-?\d+$/;
/** A decimal number: digits, an optional fraction, an optional exponent. */
const DECIMAL = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

/** The largest integer a double holds exactly: a seed beyond it would not be the one written. */
export const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** `--name must be <what>, got '<text>'`. */
export function mustBe(name: string, what: string, text: string): string {
  return `--${name} must be ${what}, got '${text}'`;
}

/**
 * The integer `text` says, from `min` to `max` (both included), or the usage error. `what` replaces
 * `an integer from min to max` in the message where the option's own words say more.
 */
export function integerOption(name: string, text: string, min: number, max: number, what?: string): number | string {
  const value = INTEGER.test(text) ? Number(text) : Number.NaN;
  if (Number.isSafeInteger(value) && value >= min && value <= max) return value === 0 ? 0 : value;
  return mustBe(name, what ?? `an integer from ${min} to ${max}`, text);
}

/** The decimal number `text` says, when `accept` takes it, or the usage error saying `what` it must be. */
export function decimalOption(name: string, text: string, accept: (value: number) => boolean, what: string): number | string {
  const value = DECIMAL.test(text) ? Number(text) : Number.NaN;
  if (Number.isFinite(value) && accept(value)) return value;
  return mustBe(name, what, text);
}

/** `--seed S`: any safe integer (every seed of that range is a different run). */
export function seedOption(text: string): number | string {
  return integerOption('seed', text, -MAX_SAFE, MAX_SAFE, `a safe integer, from -${MAX_SAFE} to ${MAX_SAFE}`);
}
