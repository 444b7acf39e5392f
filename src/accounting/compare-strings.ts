/**
 * The one string order of the accounting module, for ids, dates and every tie it breaks: by
 * UTF-16 code units, as `Array.prototype.sort` orders strings, so results never depend on locale.
 */

/** Negative, zero or positive as `a` sorts before, with or after `b`. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
