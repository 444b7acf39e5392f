/**
 * The engine reads unit strings as Pint does (semantics.md section 2), checked against Pint itself:
 * test/units/pint-reference.json was computed once by scripts/pint-reference.py with Pint 0.19 (the
 * tests never run Python). Every spelling of Pint's registry, and over a thousand (quantity kind,
 * unit string) pairs in Pint's long, short and pretty formats, convert to SI with Pint's value.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { QUANTITY_KINDS, type QuantityKind } from '../../src/model/quantity-kinds';
import {
  BASE_DIMENSIONS,
  dimensionsEqual,
  formatDimension,
  isCompatible,
  parseUnit,
  toSI,
  tryParseUnit,
  UNIT_DEPARTURES,
} from '../../src/units';
import { unitEntries } from '../../src/units/unit-names';

type Pair = [kind: QuantityKind, unit: string, format: string, factor: number, offset: number, source: string, pintReadsBack: boolean];
type NameRow = [name: string, canonical: string, value: [dimension: number[], factor: number, offset: number] | string];
type PrefixedRow = [text: string, value: [dimension: number[], factor: number, offset: number] | string | null];
interface Reference {
  readonly pint_version: string;
  readonly bases: readonly string[];
  readonly pairs: readonly Pair[];
  readonly names: readonly NameRow[];
  readonly prefixed: readonly PrefixedRow[];
}

const reference = JSON.parse(readFileSync(new URL('./pint-reference.json', import.meta.url), 'utf8')) as Reference;

/** Spellings a departure gives another meaning or refuses (the departures tests cover them). */
const departed = new Set(
  UNIT_DEPARTURES.filter((d) => d.kind === 'service' || d.kind === 'refused').flatMap((d) => d.spellings.split(' ')),
);

describe('the reference data', () => {
  it('was computed by Pint and covers every quantity kind in long, short and pretty formats', () => {
    expect(reference.pint_version).toBe('0.19.2');
    expect(reference.bases).toEqual([
      'mass',
      'length',
      'time',
      'current',
      'temperature',
      'luminous_intensity',
      'amount_of_substance',
      'angle',
      'currency',
      'information',
    ]);
    expect(reference.pairs.length).toBeGreaterThanOrEqual(1000);
    expect(new Set(reference.pairs.map((p) => p[0]))).toEqual(new Set(QUANTITY_KINDS));
    for (const kind of QUANTITY_KINDS) {
      const formats = new Set(reference.pairs.filter((p) => p[0] === kind).map((p) => p[2]));
      expect([...formats]).toEqual(expect.arrayContaining(['long']));
    }
    const formats = new Set(reference.pairs.map((p) => p[2]));
    expect([...formats].sort()).toEqual(['compact', 'compact_short', 'long', 'pretty', 'pretty_short', 'short']);
  });
});

describe("every spelling of Pint's registry", () => {
  const rows = reference.names.filter(([name]) => !departed.has(name));
  const accepted = rows.filter((r): r is [string, string, [number[], number, number]] => typeof r[2] !== 'string');
  const refused = reference.names.filter(([, , value]) => typeof value === 'string');

  it(`reads ${accepted.length} names, symbols and aliases with Pint's dimension, factor and offset`, () => {
    const wrong: string[] = [];
    for (const [name, canonical, [dimension, factor, offset]] of accepted) {
      const u = tryParseUnit(name);
      if (u === undefined) {
        wrong.push(`${name} (${canonical}): refused`);
        continue;
      }
      const ok =
        dimensionsEqual(u.dimension, dimension) &&
        Math.abs(u.scale - factor) <= 1e-9 * factor &&
        Math.abs(u.offset - offset) <= 1e-9 * Math.max(Math.abs(offset), 1);
      if (!ok)
        wrong.push(
          `${name} (${canonical}): ${formatDimension(u.dimension)} ${u.scale} + ${u.offset}, Pint ${formatDimension(dimension)} ${factor} + ${offset}`,
        );
    }
    expect(wrong).toEqual([]);
  });

  it("holds no spelling Pint's registry lacks, and every one it has", () => {
    const pint = new Set(reference.names.map(([name]) => name));
    const table = unitEntries()
      .filter((e) => e.origin !== 'departure')
      .flatMap((e) => e.spellings);
    expect(table.filter((s) => !pint.has(s))).toEqual([]);
    const refusedOrDeparted = new Set([...departed, ...table]);
    expect([...pint].filter((s) => !refusedOrDeparted.has(s))).toEqual([]);
  });

  it('refuses the logarithmic and printing units, naming them, as listed in the departures', () => {
    expect(refused.map(([name]) => name).sort()).toEqual(
      UNIT_DEPARTURES.filter((d) => d.kind === 'refused' && d.pint !== 'the number -2.0023')
        .flatMap((d) => d.spellings.split(' '))
        .filter((s) => s !== '_')
        .sort(),
    );
    for (const [name] of refused) expect(() => parseUnit(name)).toThrow(`unknown unit '${name}': '${name}' (`);
  });
});

describe("Pint's prefixes and plurals", () => {
  it("read every prefixed name Pint reads as Pint does, in Pint's order of readings", () => {
    // a departure's plural (`kts`, `dBs`) departs with it
    const read = reference.prefixed.filter(
      (r): r is [string, [number[], number, number]] => Array.isArray(r[1]) && !departed.has(r[0]) && !departed.has(r[0].replace(/s$/, '')),
    );
    expect(read.length).toBeGreaterThan(3000);
    const wrong: string[] = [];
    for (const [text, [dimension, factor, offset]] of read) {
      const u = tryParseUnit(text);
      const ok =
        u !== undefined && dimensionsEqual(u.dimension, dimension) && Math.abs(u.scale - factor) <= 1e-9 * factor && u.offset === offset;
      if (!ok) wrong.push(`${text}: ${u === undefined ? 'refused' : `${u.scale}`}, Pint ${factor}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuse a prefix on an offset unit (a departure)', () => {
    const offset = reference.prefixed.filter((r) => r[1] === 'prefixed offset unit');
    expect(offset.length).toBeGreaterThan(50);
    for (const [text] of offset) expect(tryParseUnit(text)).toBeUndefined();
  });
});

describe('(quantity kind, unit string) pairs in Pint formats', () => {
  const pairs = reference.pairs;

  it(`accepts all ${pairs.length} pairs for their kind, with Pint's SI value to 1e-9`, () => {
    const wrong: string[] = [];
    for (const [kind, unit, format, factor, offset] of pairs) {
      const check = isCompatible(unit, kind);
      if (!check.ok) {
        wrong.push(`${kind} ${format} ${JSON.stringify(unit)}: ${check.message}`);
        continue;
      }
      for (const magnitude of [1, 0, -3.5, 1234.5]) {
        const si = toSI(magnitude, 0.25, unit);
        const expected = magnitude * factor + offset;
        const scale = Math.max(Math.abs(expected), Math.abs(offset), Math.abs(magnitude * factor));
        if (Math.abs(si.magnitude - expected) > 1e-9 * scale)
          wrong.push(`${kind} ${JSON.stringify(unit)}: ${si.magnitude} for ${magnitude}, Pint ${expected}`);
        // the standard deviation by the factor only: an offset never reaches it
        if (Math.abs((si.standard_deviation as number) - 0.25 * factor) > 1e-9 * 0.25 * factor) {
          wrong.push(`${kind} ${JSON.stringify(unit)}: standard deviation ${si.standard_deviation}, Pint ${0.25 * factor}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses every pair with a unit of another dimension, naming the unit and the kind', () => {
    const byKind = new Map<QuantityKind, Pair[]>();
    for (const p of pairs) byKind.set(p[0], [...(byKind.get(p[0]) ?? []), p]);
    let refused = 0;
    for (const kind of QUANTITY_KINDS) {
      const own = parseUnit((byKind.get(kind) as Pair[])[0]?.[1] as string).dimension;
      for (const other of QUANTITY_KINDS) {
        const [first] = byKind.get(other) as Pair[];
        const unit = (first as Pair)[1];
        if (dimensionsEqual(parseUnit(unit).dimension, own)) continue;
        const check = isCompatible(unit, kind);
        expect(check.ok).toBe(false);
        if (!check.ok) {
          expect(check.message).toContain(`unit '${unit}'`);
          expect(check.message).toContain(`quantity kind '${kind}'`);
        }
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(3000);
  });

  it("refuses units of information (Pint's [information]: bit, byte, B and their prefixes) for every quantity kind", () => {
    const information = reference.names
      .filter(([name, canonical]) => ['bit', 'byte', 'baud'].includes(canonical) && !departed.has(name))
      .map(([name]) => name);
    const prefixed = reference.prefixed.filter((r) => Array.isArray(r[1]) && r[1][0][BASE_INDEX.information] === 1).map(([text]) => text);
    expect(information).toEqual(expect.arrayContaining(['bit', 'byte', 'B', 'octet', 'baud']));
    expect(prefixed).toEqual(expect.arrayContaining(['kB', 'MiB', 'kilobyte', 'GB']));
    for (const unit of [...information, ...prefixed]) {
      expect(parseUnit(unit).dimension[BASE_INDEX.information], unit).not.toBe(0);
      for (const kind of QUANTITY_KINDS) {
        const check = isCompatible(unit, kind);
        expect(check.ok, `${unit} for ${kind}`).toBe(false);
      }
    }
  });
});

/** Where each base dimension is in a dimension's exponents. */
const BASE_INDEX = Object.fromEntries(BASE_DIMENSIONS.map((b, i) => [b, i])) as Record<(typeof BASE_DIMENSIONS)[number], number>;
