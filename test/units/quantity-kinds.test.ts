import { describe, expect, it } from 'vitest';
import { QUANTITY_KINDS, type QuantityKind } from '../../src/model/quantity-kinds';
import {
  dimension,
  dimensionOfQuantityKind,
  dimensionsEqual,
  exampleUnitOfQuantityKind,
  formatDimension,
  isCompatible,
  parseUnit,
  QUANTITY_KIND_DIMENSIONS,
  toSI,
} from '../../src/units';

/**
 * One row per quantity kind: an accepted unit, a magnitude in it and the same quantity in SI
 * (worked out by hand, written literally), and a unit that must be rejected.
 */
const ROWS: readonly [kind: QuantityKind, unit: string, magnitude: number, si: number, rejected: string][] = [
  ['acidity', 'pH', 7, 7, 'mol/L'],
  ['activity_concentration', 'Bq/L', 1, 1000, 'Bq/kg'],
  ['amount_of_substance', 'mmol', 1, 1e-3, 'g'],
  ['amount_of_substance_concentration', 'mmol/L', 1, 1, 'mol/kg'],
  ['amount_of_substance_per_mass', 'mmol/g', 1, 1, 'mol/L'],
  ['area', 'ha', 1, 1e4, 'm'],
  ['area_carbon_emission_factor', 'tCO2e/ha', 1, 0.1, 'tCO2e'],
  ['buffer_ph', 'pH', 6.5, 6.5, 'degC'],
  ['bulk_density', 'g/cm^3', 1, 1000, 'g/cm^2'],
  ['count', 'dimensionless', 3, 3, 'kg'],
  ['currency', 'USD', 2, 2, 'kg'],
  ['currency_carbon_emission_factor', 'tCO2e/USD', 1, 1000, 'USD/tCO2e'],
  ['depth', 'cm', 1, 0.01, 'm^2'],
  ['diameter', 'mm', 1, 1e-3, 's'],
  ['diameter_at_breast_height', 'in', 1, 0.0254, 'kg'],
  ['dimensionless', '%', 50, 0.5, 'm/s'],
  ['dimensionless_ratio', 'ppm', 400, 4e-4, 'kg'],
  ['distance', 'mi', 1, 1609.344, 'km/h'],
  ['distance_carbon_emission_factor', 'gCO2e/km', 1, 1e-6, 'gCO2e/kWh'],
  ['dose_equivalent_rate', 'uSv/h', 1, 2.7777777777777777e-10, 'uSv'],
  ['electric_current', 'mA', 1, 1e-3, 'V'],
  ['elevation', 'ft', 1, 0.3048, 'deg'],
  ['energy', 'kWh', 1, 3.6e6, 'kW'],
  ['energy_carbon_emission_factor', 'kgCO2e/kWh', 1, 2.7777777777777776e-7, 'kgCO2e/kW'],
  ['energy_density', 'MJ/L', 1, 1e9, 'MJ/kg'],
  ['exchangeable_amount_of_substance_per_mass', 'cmol/kg', 1, 0.01, 'cmol/L'],
  ['fuel_economy', 'km/L', 1, 1e6, 'L/100km'],
  ['height', 'm', 2, 2, 'm^2'],
  ['ionic_strength', 'mmol/L', 1, 1, 'mmol/kg'],
  ['latitude', 'deg', 180, Math.PI, 'm'],
  ['longitude', 'rad', 1, 1, 'degC'],
  ['mass', 't', 1, 1000, 'kWh'],
  ['mass_carbon', 'MtCO2e', 1, 1e9, 'tCO2e/yr'],
  ['mass_carbon_emission_factor', 'kgCO2e/t', 1, 1e-3, 'kgCO2e/km'],
  ['mass_cdr_potential', 'tCO2e/t', 1, 1, 'tCO2e/ha'],
  ['mass_concentration', 'mg/L', 1, 1e-3, 'mg/kg'],
  ['mass_density', 'kg/m^3', 1, 1, 'kg/m^2'],
  ['mass_distance', 'tonne * km', 1, 1e6, 'tonne / km'],
  ['mass_distance_carbon_emission_factor', 'kgCO2e/(tonne * km)', 1, 1e-6, 'kgCO2e/km'],
  ['mass_energy_density', 'MJ/kg', 1, 1e6, 'MJ/L'],
  ['mass_flow_rate', 't/h', 1, 0.2777777777777778, 't'],
  ['mass_fraction', '%', 12, 0.12, 'g/L'],
  ['mass_fraction_dry_basis', 'g/kg', 1, 1e-3, 'g/L'],
  ['mass_fraction_wet_basis', 'mg/kg', 1, 1e-6, 'mg/L'],
  ['mass_per_area', 't/ha', 1, 0.1, 't/m^3'],
  ['mass_ratio', 'kg/kg', 1, 1, 'kg/m'],
  ['molality_of_solute', 'mmolal', 1, 1e-3, 'mol/L'],
  ['molar_mass', 'g/mol', 44, 0.044, 'g'],
  ['mole_fraction', 'ppb', 1, 1e-9, 'mol'],
  ['partial_pressure', 'atm', 1, 101325, 'N'],
  ['particle_diameter', 'um', 1, 1e-6, 'um^2'],
  ['particle_mass_density', 'g/cm^3', 2.65, 2650, 'g/cm'],
  ['power', 'MW', 1, 1e6, 'MWh'],
  ['pressure', 'bar', 1, 1e5, 'kg'],
  ['specific_surface_area', 'm^2/g', 1, 1000, 'm^3/g'],
  ['specific_volume', 'L/kg', 1, 1e-3, 'kg/L'],
  ['temperature', 'degC', 20, 293.15, 'J'],
  ['time', 'd', 1, 86400, 'Hz'],
  ['time_emission_factor', 'tCO2e/yr', 1, 3.168808781402895e-5, 'tCO2e'],
  ['voltage', 'kV', 1, 1000, 'kW'],
  ['volume', 'L', 1, 1e-3, 'm^2'],
  ['volume_carbon_emission_factor', 'kgCO2e/L', 1, 1000, 'kgCO2e/kg'],
  ['volume_distance_carbon_emission_factor', 'kgCO2e/(m^3 * km)', 1, 1e-3, 'kgCO2e/(t*km)'],
  ['volume_flow_rate', 'm^3/h', 3600, 1, 'm^3'],
  ['volume_fraction', 'mL/L', 1, 1e-3, 'mL/g'],
  ['volume_per_area', 'm^3/ha', 1, 1e-4, 'm^3'],
];

function close(actual: number, expected: number, rel = 1e-12): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(rel * Math.max(Math.abs(expected), Number.MIN_VALUE));
}

describe('quantity kinds', () => {
  it('the table covers all 66 kinds, each once', () => {
    expect(QUANTITY_KINDS).toHaveLength(66);
    expect(ROWS.map((r) => r[0]).sort()).toEqual([...QUANTITY_KINDS].sort());
    expect(Object.keys(QUANTITY_KIND_DIMENSIONS).sort()).toEqual([...QUANTITY_KINDS].sort());
  });

  describe.each(ROWS)('%s', (kind, unit, magnitude, si, rejected) => {
    it(`accepts '${unit}' and converts it to SI`, () => {
      const check = isCompatible(unit, kind);
      expect(check.ok, check.ok ? '' : check.message).toBe(true);
      close(toSI(magnitude, null, unit).magnitude, si);
    });

    it(`rejects '${rejected}' with a message naming the unit and the kind`, () => {
      const check = isCompatible(rejected, kind);
      expect(check.ok).toBe(false);
      if (check.ok) return;
      const expected = formatDimension(dimensionOfQuantityKind(kind));
      expect(check.message).toBe(
        `unit '${rejected}' is not a unit of quantity kind '${kind}' (expected dimension ${expected}, got ${formatDimension(parseUnit(rejected).dimension)})`,
      );
    });

    it('its example unit is accepted', () => {
      const example = exampleUnitOfQuantityKind(kind);
      const check = isCompatible(example, kind);
      expect(check.ok, check.ok ? '' : check.message).toBe(true);
    });
  });

  it('maps the kinds named in semantics.md to the stated dimensions', () => {
    const M = dimension({ mass: 1 });
    const E = dimension({ mass: 1, length: 2, time: -2 });
    expect(dimensionsEqual(dimensionOfQuantityKind('mass_carbon_emission_factor'), dimension({}))).toBe(true);
    expect(dimensionOfQuantityKind('energy_carbon_emission_factor')).toEqual(M.map((m, i) => m - (E[i] ?? 0)));
    expect(dimensionOfQuantityKind('mass_distance')).toEqual(dimension({ mass: 1, length: 1 }));
    expect(dimensionOfQuantityKind('latitude')).toEqual(dimension({ angle: 1 }));
    expect(dimensionOfQuantityKind('longitude')).toEqual(dimension({ angle: 1 }));
    expect(dimensionOfQuantityKind('currency')).toEqual(dimension({ currency: 1 }));
  });

  it('messages for unreadable units and unknown kinds', () => {
    const bad = isCompatible('foo', 'mass');
    expect(bad).toEqual({
      ok: false,
      message: "unknown unit 'foo': no unit named 'foo' (quantity kind 'mass' expects dimension mass)",
    });
    const kwh = isCompatible('kWh', 'mass');
    expect(kwh).toEqual({
      ok: false,
      message: "unit 'kWh' is not a unit of quantity kind 'mass' (expected dimension mass, got mass·length^2·time^-2)",
    });
    const unknownKind = isCompatible('kg', 'weight' as QuantityKind);
    expect(unknownKind).toEqual({ ok: false, message: "unknown quantity kind 'weight'" });
  });

  it('an ok check carries the parsed unit', () => {
    const check = isCompatible('kgCO2e/kWh', 'energy_carbon_emission_factor');
    expect(check.ok && check.unit).toBe(parseUnit('kgCO2e/kWh'));
  });
});
