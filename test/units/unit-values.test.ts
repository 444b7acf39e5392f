// The table of unit values (src/units/unit-values.ts) holds, for every unit of the unit table, what
// mathjs computes from the unit's definition, to the last bit. `npm run units:values` writes it
// again (this test with UPDATE_UNIT_VALUES=1) after the unit table changes.
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BASE_DIMENSIONS } from '../../src/units/dimension';
import { readEntryWithMathjs, unitEntries } from '../../src/units/unit-names';
import { UNIT_VALUES } from '../../src/units/unit-values';

/** Every readable entry's values through mathjs: [scale, offset, ...dimension exponents]. */
function computed(): Map<string, readonly number[]> {
  const values = new Map<string, readonly number[]>();
  for (const entry of unitEntries()) {
    if (entry.refused !== undefined) continue;
    const unit = readEntryWithMathjs(entry);
    if (typeof unit === 'string') continue;
    values.set(entry.name, [unit.scale, unit.offset, ...unit.dimension]);
  }
  return values;
}

function source(values: Map<string, readonly number[]>): string {
  const rows = [...values].map(([name, numbers]) => `  ${JSON.stringify(name)}: [${numbers.map((n) => String(n)).join(', ')}],`);
  return [
    '/**',
    ' * The value of every unit of the unit table (pint-units.ts, departures.ts) as mathjs computes it',
    " * from the unit's definition: `[factor to SI, SI offset, ...exponents of BASE_DIMENSIONS]`, by",
    " * the unit's name. Reading a unit from here spares a process the making of mathjs's unit machinery",
    " * and of the table's units in it (about 0.1 s of a small CLI run). Generated: `npm run",
    ' * units:values` writes it, and test/units/unit-values.test.ts checks it value for value against',
    ' * mathjs. Data only.',
    ' */',
    `// Exponents in the order of BASE_DIMENSIONS: ${BASE_DIMENSIONS.join(', ')}.`,
    'export const UNIT_VALUES: Readonly<Record<string, readonly number[]>> = {',
    ...rows,
    '};',
    '',
  ].join('\n');
}

describe('the table of unit values', () => {
  it('holds what mathjs computes for every unit, to the last bit', () => {
    const values = computed();
    if (process.env['UPDATE_UNIT_VALUES'] === '1')
      writeFileSync(new URL('../../src/units/unit-values.ts', import.meta.url), source(values));
    expect(Object.keys(UNIT_VALUES).sort()).toEqual([...values.keys()].sort());
    for (const [name, numbers] of values) {
      const tabled = UNIT_VALUES[name]!;
      expect(tabled.length, name).toBe(numbers.length);
      numbers.forEach((n, i) => expect(Object.is(tabled[i], n), `${name}[${i}]: ${tabled[i]} vs ${n}`).toBe(true));
    }
  });
});
