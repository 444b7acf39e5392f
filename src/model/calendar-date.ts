/**
 * Calendar dates as the service writes them, `YYYY-MM-DD`: the one check shared by the graph
 * schema and its fast path (graph-exact-shape.ts). Internal: not exported from the package.
 */

/** Whether `value` is a `YYYY-MM-DD` date that exists (no 2025-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
