/**
 * The calendar check shared by the graph schema, its fast path, the ledger's request fields and the
 * statements (src/model/calendar-date.ts), against a reference that sets the full year itself.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayExists, isCalendarDate } from '../../src/model/calendar-date';

function reference(year: number, month: number, day: number): boolean {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

describe('isCalendarDate', () => {
  it('accepts exactly the days of the proleptic Gregorian calendar, years 0000 to 9999', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), (y, m, d) => {
        expect(dayExists(y, m, d)).toBe(reference(y, m, d));
        expect(isCalendarDate(`${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`)).toBe(reference(y, m, d));
      }),
      { seed: 38, numRuns: 3000 },
    );
  });

  it('knows the leap days of the first century and of the century years', () => {
    expect(['0000-02-29', '0004-02-29', '0096-02-29', '0400-02-29', '2000-02-29'].map(isCalendarDate)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['0001-02-29', '0100-02-29', '1900-02-29', '2023-02-29', '0050-02-30'].map(isCalendarDate)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('refuses any other shape', () => {
    for (const text of ['2024-1-01', ' 2024-01-01', '2024-01-01T00:00:00Z', '24-01-01', '2024-01-01\n', '+02024-01-01'])
      expect(isCalendarDate(text)).toBe(false);
  });
});
