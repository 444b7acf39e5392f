/**
 * The unit strings a generator may write for a quantity kind. The units module owns the unit table
 * and lists every accepted spelling of a kind (`unitsOfKind`); until that list is available here,
 * this module filters a fixed list of common spellings (mathjs names, the service's own names and
 * frequent Pint forms) through `isCompatible`, the one unit-and-kind check, so that every string it
 * returns is one the engine accepts for the kind.
 * May import: units, model.
 */
import type { QuantityKind } from '../model/quantity-kinds';
import { isCompatible, QUANTITY_KIND_EXAMPLE_UNITS } from '../units';

const CANDIDATES: readonly string[] = [
  // mass (CO2e masses included)
  'kg', 'g', 'mg', 't', 'tonne', 'metric_ton', 'kilogram', 'gram', 'lb', 'kgCO2e', 'tCO2e', 'gCO2e', 'MtCO2e',
  // length, area, volume
  'm', 'km', 'cm', 'mm', 'um', 'mi', 'ft', 'metre', 'meter', 'ha', 'm^2', 'km^2', 'm**2', 'acre',
  'L', 'l', 'mL', 'm^3', 'm3', 'cm^3', 'gal', 'cubic_meter', 'm³',
  // time, energy, power, pressure, temperature, angle
  's', 'min', 'h', 'd', 'day', 'yr', 'year', 'J', 'kJ', 'MJ', 'GJ', 'Wh', 'kWh', 'MWh', 'kilowatt_hour', 'BTU',
  'W', 'kW', 'MW', 'Pa', 'kPa', 'bar', 'atm', 'psi', 'mmHg', 'K', 'degC', 'degF', 'deg', 'rad',
  // dimensionless
  'dimensionless', '%', 'ppm', 'ppb', 'permille', 'kg/kg', 'mol/mol', 'g/kg', 'mg/kg', 't/t', 'tCO2e/t', 'kgCO2e/t', 'pH',
  // emission factors and other compounds
  'kgCO2e/kWh', 'gCO2e/kWh', 'tCO2e/MWh', 'kgCO2e/GJ', 'kgCO2e/L', 'kgCO2e/l', 'tCO2e/m^3', 'kgCO2e/km', 'gCO2e/km',
  'kgCO2e/(tonne * km)', 'kgCO2e/(t*km)', 'gCO2e/(t*km)', 'kgCO2e/ha', 'tCO2e/ha', 'kgCO2e/USD', 'tCO2e/yr', 'kgCO2e/d',
  'kgCO2e/(m^3 * km)', 'tonne * km', 't*km', 'kg*km', 'kg/m^3', 'g/cm^3', 't/m^3', 'g/L', 'mg/L', 'kg/L',
  'MJ/kg', 'kJ/kg', 'MJ/L', 'GJ/m^3', 'km/L', 'mpg', 't/h', 'kg/s', 't/ha', 'kg/ha', 'm^3/ha', 'mm',
  'mol', 'mmol', 'mol/L', 'mmol/L', 'mol/kg', 'cmol/kg', 'mmol/kg', 'g/mol', 'kg/mol', 'm^2/g', 'm^3/kg', 'L/kg',
  'm^3/h', 'L/s', 'A', 'mA', 'V', 'kV', 'Bq/m^3', 'kBq/m^3', 'uSv/h', 'mSv/h', 'USD',
];

const cache = new Map<QuantityKind, readonly string[]>();

/**
 * The unit strings generators write for `kind`: the kind's example unit first (so that shrinking
 * ends on a familiar unit), then every other accepted spelling, each once.
 */
export function unitsForKind(kind: QuantityKind): readonly string[] {
  const hit = cache.get(kind);
  if (hit !== undefined) return hit;
  const first = QUANTITY_KIND_EXAMPLE_UNITS[kind];
  const units = [first, ...CANDIDATES.filter((u) => u !== first && isCompatible(u, kind).ok)];
  const frozen = Object.freeze(units);
  cache.set(kind, frozen);
  return frozen;
}
