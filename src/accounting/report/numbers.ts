/**
 * How the calculation report prints a number, in its worked expressions and in its Markdown: 12
 * significant digits. Imports nothing.
 */

/** A number for the report: 12 significant digits, which hides binary noise but no real digit. */
export function num(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  return String(Number(v.toPrecision(12)));
}

/** A number substituted into a formula: negative ones in parentheses, so that `a - (-1)` reads right. */
export function wrap(v: number): string {
  return v < 0 ? `(${num(v)})` : num(v);
}
