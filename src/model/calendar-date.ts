/**
 * Calendar dates as the service writes them, `YYYY-MM-DD`: the one check shared by the graph
 * schema and its fast path (graph-exact-shape.ts), the ledger's request fields and the statements'
 * dates. Internal: not exported from the package.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Whether the day exists in the proleptic Gregorian calendar (month 1-12). Computed, not read back
 * from `Date`: `Date.UTC` maps the years 0-99 to 1900-1999, which refused every day of 0000-0099.
 */
export function dayExists(year: number, month: number, day: number): boolean {
  if (!(month >= 1 && month <= 12 && day >= 1)) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return day <= (month === 2 && leap ? 29 : (DAYS[month - 1] as number));
}

/** Whether `value` is a `YYYY-MM-DD` date that exists (no 2025-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  return match !== null && dayExists(Number(match[1]), Number(match[2]), Number(match[3]));
}
