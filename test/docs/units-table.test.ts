// docs/units.md lists every quantity kind with its dimension, example units, physical bounds (and
// their reason), realistic range and why, and when to use it; this test holds the table to the code's
// tables (src/units/quantity-kind-dimensions.ts, src/units/quantity-kind-ranges.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { QUANTITY_KINDS, type QuantityKind } from '../../src/model/quantity-kinds';
import {
  dimensionOfQuantityKind,
  formatDimension,
  QUANTITY_KIND_EXAMPLE_UNITS,
  QUANTITY_KIND_PHYSICAL_BOUNDS,
  realisticRange,
  realisticRangeReason,
} from '../../src/units';
import { realisticRangeIsAbsolute } from '../../src/units/quantity-kind-ranges';

/** A kind's physical bounds as the doc writes them: in degrees for angles, kelvin for temperature. */
export function boundsText(kind: QuantityKind): string {
  const { min, max } = QUANTITY_KIND_PHYSICAL_BOUNDS[kind];
  const dim = formatDimension(dimensionOfQuantityKind(kind));
  const [scale, unit] = dim === 'angle' ? [Math.PI / 180, ' deg'] : dim === 'temperature' ? [1, ' K'] : [1, ''];
  const show = (v: number): string => String(Number((v / scale).toPrecision(12)));
  if (min === null && max === null) return 'none (signed)';
  if (max === null) return `>= ${show(min as number)}${unit}`;
  if (min === null) return `<= ${show(max)}${unit}`;
  return `${show(min)} to ${show(max)}${unit}`;
}

/** The cells of the doc's row of each kind, in table order. */
export function expectedCells(kind: QuantityKind): readonly string[] {
  const range = realisticRange(kind);
  const units = [...new Set([QUANTITY_KIND_EXAMPLE_UNITS[kind], range.unit])].map((u) => `\`${u}\``).join(', ');
  return [
    `\`${kind}\``,
    formatDimension(dimensionOfQuantityKind(kind)),
    units,
    boundsText(kind),
    QUANTITY_KIND_PHYSICAL_BOUNDS[kind].reason,
    `${realisticRangeIsAbsolute(kind) ? 'absolute value ' : ''}${range.min} to ${range.max} ${range.unit}`,
    realisticRangeReason(kind),
  ];
}

const doc = readFileSync(new URL('../../docs/units.md', import.meta.url), 'utf8');
const table = doc.slice(doc.indexOf('<!-- quantity-kinds:start -->'), doc.indexOf('<!-- quantity-kinds:end -->'));
const rows = table
  .split('\n')
  .filter((line) => line.startsWith('| `'))
  .map((line) => line.slice(2, -2).split(' | '));

describe('docs/units.md, the table of quantity kinds', () => {
  it('has one row per quantity kind, in order', () => {
    expect(rows.map((r) => r[0])).toEqual(QUANTITY_KINDS.map((k) => `\`${k}\``));
  });

  it("gives each kind the code's dimension, example units, physical bounds and reason, realistic range, and a line on when to use it", () => {
    QUANTITY_KINDS.forEach((kind, i) => {
      const row = rows[i] as string[];
      expect(row.slice(0, 7), kind).toEqual(expectedCells(kind));
      expect((row[7] ?? '').trim().length, kind).toBeGreaterThan(10);
    });
  });
});
