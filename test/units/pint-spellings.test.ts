/**
 * Worked examples of Pint's spellings (issue 14 item 3) and of every row of the departures table.
 * The bulk comparison with Pint itself is pint-reference.test.ts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dimension, formatDimension, isCompatible, parseUnit, toSI, tryParseUnit, UNIT_DEPARTURES, type Dimension } from '../../src/units';

const MASS = dimension({ mass: 1 });
const NONE = dimension({});
const TEMPERATURE = dimension({ temperature: 1 });

function reads(unit: string, dim: Dimension, scale: number, offset = 0): void {
  const u = parseUnit(unit);
  expect(formatDimension(u.dimension)).toBe(formatDimension(dim));
  expect(Math.abs(u.scale - scale)).toBeLessThanOrEqual(1e-12 * scale);
  expect(Math.abs(u.offset - offset)).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(offset)));
}

describe("Pint's spellings", () => {
  it.each([
    ['kilogram', MASS, 1],
    ['metric_ton', MASS, 1000],
    ['kilowatt_hour', dimension({ mass: 1, length: 2, time: -2 }), 3.6e6],
    ['megawatt_hour', dimension({ mass: 1, length: 2, time: -2 }), 3.6e9],
    ['metre', dimension({ length: 1 }), 1],
    ['cubic_meter', dimension({ length: 3 }), 1],
    ['kilopascal', dimension({ mass: 1, length: -1, time: -2 }), 1000],
    ['parts_per_million', NONE, 1e-6],
    ['kWh', dimension({ mass: 1, length: 2, time: -2 }), 3.6e6],
    ['a', dimension({ time: 1 }), 31557600],
    ['t/a', dimension({ mass: 1, time: -1 }), 1000 / 31557600],
    ['kg/m**3', dimension({ mass: 1, length: -3 }), 1],
    ['kg/m^3', dimension({ mass: 1, length: -3 }), 1],
    ['meter ** 3', dimension({ length: 3 }), 1],
    ['kilogram / meter ** 3', dimension({ mass: 1, length: -3 }), 1],
    ['kg/m³', dimension({ mass: 1, length: -3 }), 1],
    ['kg·m/s²', dimension({ mass: 1, length: 1, time: -2 }), 1],
    ['‰', NONE, 1e-3],
    ['%', NONE, 1e-2],
    ['', NONE, 1],
    ['dimensionless', NONE, 1],
    ['kilograms', MASS, 1],
    ['tonnes', MASS, 1000],
    ['feet', dimension({ length: 1 }), 0.3048],
    ['hours', dimension({ time: 1 }), 3600],
    ['square meter', dimension({ length: 2 }), 1],
    ['meter squared', dimension({ length: 2 }), 1],
    ['cubic foot', dimension({ length: 3 }), 0.028316846592],
    ['kg per m', dimension({ mass: 1, length: -1 }), 1],
    ['µm', dimension({ length: 1 }), 1e-6],
    ['MΩ', dimension({ mass: 1, length: 2, time: -3, current: -2 }), 1e6],
    ['Å', dimension({ length: 1 }), 1e-10],
  ] as const)('%j', (unit, dim, scale) => reads(unit, dim, scale));

  it('reads offset units and their differences', () => {
    reads('degree_Celsius', TEMPERATURE, 1, 273.15);
    reads('degC', TEMPERATURE, 1, 273.15);
    reads('°C', TEMPERATURE, 1, 273.15);
    reads('°F', TEMPERATURE, 5 / 9, 233.15 + 200 / 9);
    reads('Δ°C', TEMPERATURE, 1);
    reads('delta_degF', TEMPERATURE, 5 / 9);
    reads('degC/m', dimension({ temperature: 1, length: -1 }), 1); // a difference inside a compound, as Pint
    expect(toSI(20, 0.5, '°C')).toEqual({ magnitude: 293.15, standard_deviation: 0.5 });
    expect(toSI(20, 0.5, 'Δ°C')).toEqual({ magnitude: 20, standard_deviation: 0.5 });
  });

  it("has Pint's values where mathjs had others", () => {
    reads('bbl', dimension({ length: 3 }), 0.119240471196); // US liquid barrel, 31.5 gallons
    reads('oil_barrel', dimension({ length: 3 }), 0.158987294928);
    reads('acre', dimension({ length: 2 }), 4046.8726098742513); // survey acre
    reads('mmHg', dimension({ mass: 1, length: -1, time: -2 }), 133.322387415);
    reads('torr', dimension({ mass: 1, length: -1, time: -2 }), 101325 / 760);
    reads('Btu', dimension({ mass: 1, length: 2, time: -2 }), 1055.056);
    reads('cal', dimension({ mass: 1, length: 2, time: -2 }), 4.184);
  });

  it("follows Pint's reading of prefixes and plurals, in Pint's order", () => {
    reads('kats', dimension({ amount_of_substance: 1, time: -1 }), 1); // katal, not kilo-technical-atmospheres
    reads('ks', dimension({ time: 1 }), 1000);
    reads('mcd', dimension({ luminous_intensity: 1 }), 1e-3);
    reads('kilom', dimension({ length: 1 }), 1000);
    reads('pct', MASS, 2e-16); // Pint reads pico-carat
    reads('milliarcseconds', dimension({ angle: 1 }), (Math.PI / 180 / 3600) * 1e-3);
    reads('KiB', dimension({ information: 1 }), 8 * 1024); // a dimension of its own, as in Pint
    reads('kbit/s', dimension({ information: 1, time: -1 }), 1000);
    // before: 'B' read as 8 of a ratio; now no quantity kind takes a unit of information
    expect(isCompatible('B', 'dimensionless_ratio')).toEqual({
      ok: false,
      message: "unit 'B' is not a unit of quantity kind 'dimensionless_ratio' (expected dimension dimensionless, got information)",
    });
    for (const unit of ['kgs', 'Ks', 'gs', 'KG', 'Kg']) expect(tryParseUnit(unit)).toBeUndefined();
  });

  it('suggests the nearest name for a misspelled one', () => {
    expect(() => parseUnit('kilogramm')).toThrow("unknown unit 'kilogramm': no unit named 'kilogramm'; did you mean 'kilogram'?");
    expect(() => parseUnit('t/hectar')).toThrow("no unit named 'hectar'; did you mean 'hectare'?");
  });
});

describe('the departures from Pint (one table)', () => {
  const spellings = (s: string): string[] => s.split(' ').filter((x) => x !== '_');

  it('lists each departure once, with how Pint reads it and a reason', () => {
    const seen = new Set<string>();
    for (const d of UNIT_DEPARTURES) {
      expect(d.pint.length).toBeGreaterThan(5);
      expect(d.reason.length).toBeGreaterThan(5);
      for (const s of spellings(d.spellings)) {
        expect(seen.has(s)).toBe(false);
        seen.add(s);
      }
    }
  });

  it('reads every spelling of the service, newer Pint and the extensions', () => {
    for (const d of UNIT_DEPARTURES.filter((x) => x.kind === 'service' || x.kind === 'newer_pint' || x.kind === 'extension')) {
      for (const s of spellings(d.spellings)) expect(tryParseUnit(s), `${s} (${d.kind})`).toBeDefined();
    }
  });

  it('refuses every refused spelling, giving the reason', () => {
    for (const d of UNIT_DEPARTURES.filter((x) => x.kind === 'refused')) {
      for (const s of spellings(d.spellings))
        expect(() => parseUnit(s)).toThrow(`'${s}' (${spellings(d.spellings)[0]}) is not accepted: ${d.reason}`);
    }
  });

  it("gives the service's names their meaning where Pint reads another", () => {
    reads('kt', MASS, 1e6); // Pint: knot
    reads('kilotonne', MASS, 1e6);
    reads('pH', NONE, 1); // Pint: picohenry
    reads('USD', dimension({ currency: 1 }), 1);
    reads('kgCO2e', MASS, 1);
    reads('kilogCO2e', MASS, 1);
    reads('MtCO2e', MASS, 1e9);
    reads('ktCO2e', MASS, 1e6);
    reads('kg CO2e', MASS, 1);
    reads('kgCO2e/kWh', dimension({ length: -2, time: 2 }), 1 / 3.6e6);
    reads('ppb', NONE, 1e-9);
    reads('mmolal', dimension({ amount_of_substance: 1, mass: -1 }), 1e-3);
    reads('m3/h', dimension({ length: 3, time: -1 }), 1 / 3600);
    reads('L/100km', dimension({ length: 2 }), 1e-8);
    reads('μm', dimension({ length: 1 }), 1e-6);
  });

  it('applies its rules', () => {
    expect(() => parseUnit('J/kg K')).toThrow(/ambiguous implicit multiplication after '\//);
    reads('J/(kg K)', dimension({ length: 2, time: -2, temperature: -1 }), 1);
    reads('J/kg/K', dimension({ length: 2, time: -2, temperature: -1 }), 1);
    expect(() => parseUnit('k,g')).toThrow("unexpected ','");
    expect(() => parseUnit('kilodegC')).toThrow('on an offset unit');
    expect(isCompatible('deg', 'latitude')).toMatchObject({ ok: true });
    const check = isCompatible('deg', 'mass_fraction');
    expect(check).toMatchObject({ ok: false });
    if (!check.ok)
      expect(check.message).toBe("unit 'deg' is not a unit of quantity kind 'mass_fraction' (expected dimension dimensionless, got angle)");
  });

  it('are all shown in the table of docs/units.md', () => {
    const doc = readFileSync(new URL('../../docs/units.md', import.meta.url), 'utf8');
    const table = doc.slice(doc.indexOf('## Departures from Pint'), doc.indexOf('## Units of a quantity kind'));
    const rows = table.split('\n').filter((line) => /^\| (service|newer_pint|extension|refused|rule) \|/.test(line));
    expect(rows).toHaveLength(UNIT_DEPARTURES.length);
    UNIT_DEPARTURES.forEach((d, i) => {
      expect(rows[i]).toContain(`| ${d.kind} |`);
      for (const s of spellings(d.spellings)) expect(rows[i]).toContain(`\`${s}\``);
    });
  });
});
