/**
 * The physical dimension of each of the 66 quantity kinds of docs/rules.md#service-resources (docs/rules.md#units-and-quantity-kinds).
 * A datapoint feeding a blueprint input must carry a unit whose dimension equals the dimension of
 * the input's quantity kind.
 *
 * Choices where the name alone leaves room (each is a documented policy, not an accident):
 * - `fuel_economy` is distance per volume of fuel (km/L, mpg): length·length^-3. Fuel *consumption*
 *   (L/100km) is the reciprocal and is not accepted for this kind.
 * - `activity_concentration` is activity per volume (Bq/m^3, ISO 80000-10): time^-1·length^-3.
 *   Activity per mass (Bq/kg, "specific activity") is not accepted for this kind.
 * - `dose_equivalent_rate` is Sv per time, Sv = J/kg: length^2·time^-3.
 * - `acidity` and `buffer_ph` are pH values: dimensionless.
 * - `ionic_strength` is molar (mol/L): amount_of_substance·length^-3.
 * - `energy_density` is energy per volume (J/m^3, MJ/L); `mass_energy_density` is energy per mass
 *   (J/kg, MJ/kg).
 * - `volume_per_area` (m^3/ha, mm of water) reduces to length.
 * - Ratios and fractions (`mass_ratio`, `mass_fraction*`, `mole_fraction`, `volume_fraction`,
 *   `dimensionless_ratio`, `mass_carbon_emission_factor`, `mass_cdr_potential`) and `count` are
 *   dimensionless.
 */
import type { QuantityKind } from '../model/quantity-kinds';
import { dimension, type Dimension } from './dimension';

const MASS_D = dimension({ mass: 1 });
const LENGTH_D = dimension({ length: 1 });
const NONE_D = dimension({});
const PRESSURE_D = dimension({ mass: 1, length: -1, time: -2 });
const DENSITY_D = dimension({ mass: 1, length: -3 });

/**
 * The dimension of every quantity kind (docs/rules.md#service-resources). See the module notes for the choices made
 * for `fuel_economy`, `activity_concentration`, `dose_equivalent_rate` and the pH kinds.
 * @public
 */
export const QUANTITY_KIND_DIMENSIONS: Readonly<Record<QuantityKind, Dimension>> = Object.freeze({
  acidity: NONE_D, // pH
  activity_concentration: dimension({ time: -1, length: -3 }), // Bq/m^3
  amount_of_substance: dimension({ amount_of_substance: 1 }), // mol
  amount_of_substance_concentration: dimension({ amount_of_substance: 1, length: -3 }), // mol/L
  amount_of_substance_per_mass: dimension({ amount_of_substance: 1, mass: -1 }), // mol/kg
  area: dimension({ length: 2 }), // m^2, ha
  area_carbon_emission_factor: dimension({ mass: 1, length: -2 }), // kgCO2e/ha
  buffer_ph: NONE_D, // pH
  bulk_density: DENSITY_D, // g/cm^3
  count: NONE_D,
  currency: dimension({ currency: 1 }), // USD
  currency_carbon_emission_factor: dimension({ mass: 1, currency: -1 }), // kgCO2e/USD
  depth: LENGTH_D,
  diameter: LENGTH_D,
  diameter_at_breast_height: LENGTH_D,
  dimensionless: NONE_D,
  dimensionless_ratio: NONE_D,
  distance: LENGTH_D,
  distance_carbon_emission_factor: dimension({ mass: 1, length: -1 }), // kgCO2e/km
  dose_equivalent_rate: dimension({ length: 2, time: -3 }), // Sv/h, Sv = J/kg
  electric_current: dimension({ current: 1 }), // A
  elevation: LENGTH_D,
  energy: dimension({ mass: 1, length: 2, time: -2 }), // J, kWh
  energy_carbon_emission_factor: dimension({ length: -2, time: 2 }), // kgCO2e/kWh = mass/energy
  energy_density: dimension({ mass: 1, length: -1, time: -2 }), // J/m^3, MJ/L
  exchangeable_amount_of_substance_per_mass: dimension({ amount_of_substance: 1, mass: -1 }), // cmol/kg
  fuel_economy: dimension({ length: -2 }), // km/L = length/volume
  height: LENGTH_D,
  ionic_strength: dimension({ amount_of_substance: 1, length: -3 }), // mol/L
  latitude: dimension({ angle: 1 }), // deg
  longitude: dimension({ angle: 1 }), // deg
  mass: MASS_D,
  mass_carbon: MASS_D,
  mass_carbon_emission_factor: NONE_D, // kgCO2e/kg = mass/mass
  mass_cdr_potential: NONE_D, // kgCO2e/t = mass/mass
  mass_concentration: DENSITY_D, // mg/L
  mass_density: DENSITY_D, // kg/m^3
  mass_distance: dimension({ mass: 1, length: 1 }), // t*km
  mass_distance_carbon_emission_factor: dimension({ length: -1 }), // kgCO2e/(t*km) = mass/(mass*length)
  mass_energy_density: dimension({ length: 2, time: -2 }), // MJ/kg = energy/mass
  mass_flow_rate: dimension({ mass: 1, time: -1 }), // kg/s
  mass_fraction: NONE_D,
  mass_fraction_dry_basis: NONE_D,
  mass_fraction_wet_basis: NONE_D,
  mass_per_area: dimension({ mass: 1, length: -2 }), // t/ha
  mass_ratio: NONE_D,
  molality_of_solute: dimension({ amount_of_substance: 1, mass: -1 }), // mol/kg (molal)
  molar_mass: dimension({ mass: 1, amount_of_substance: -1 }), // g/mol
  mole_fraction: NONE_D,
  partial_pressure: PRESSURE_D, // Pa, bar, atm
  particle_diameter: LENGTH_D,
  particle_mass_density: DENSITY_D, // g/cm^3
  power: dimension({ mass: 1, length: 2, time: -3 }), // W
  pressure: PRESSURE_D, // Pa
  specific_surface_area: dimension({ length: 2, mass: -1 }), // m^2/g
  specific_volume: dimension({ length: 3, mass: -1 }), // m^3/kg
  temperature: dimension({ temperature: 1 }), // K, degC
  time: dimension({ time: 1 }), // s, d, yr
  time_emission_factor: dimension({ mass: 1, time: -1 }), // kgCO2e/yr
  voltage: dimension({ mass: 1, length: 2, time: -3, current: -1 }), // V
  volume: dimension({ length: 3 }), // m^3, L
  volume_carbon_emission_factor: dimension({ mass: 1, length: -3 }), // kgCO2e/L
  volume_distance_carbon_emission_factor: dimension({ mass: 1, length: -4 }), // kgCO2e/(m^3*km)
  volume_flow_rate: dimension({ length: 3, time: -1 }), // m^3/h
  volume_fraction: NONE_D,
  volume_per_area: LENGTH_D, // m^3/ha = length
});

/**
 * The physical dimension of a quantity kind (docs/rules.md#units-and-quantity-kinds), e.g. `energy_carbon_emission_factor`
 * is mass/energy and `latitude` is angle.
 * @public
 */
export function dimensionOfQuantityKind(kind: QuantityKind): Dimension {
  const d = QUANTITY_KIND_DIMENSIONS[kind];
  if (d === undefined) throw new Error(`unknown quantity kind '${String(kind)}'`);
  return d;
}

/**
 * One accepted unit per quantity kind (for documentation, tests and generators); each reads to the
 * kind's dimension.
 * @public
 */
export const QUANTITY_KIND_EXAMPLE_UNITS: Readonly<Record<QuantityKind, string>> = Object.freeze({
  acidity: 'pH',
  activity_concentration: 'Bq/m^3',
  amount_of_substance: 'mol',
  amount_of_substance_concentration: 'mol/L',
  amount_of_substance_per_mass: 'mol/kg',
  area: 'ha',
  area_carbon_emission_factor: 'kgCO2e/ha',
  buffer_ph: 'pH',
  bulk_density: 'g/cm^3',
  count: 'dimensionless',
  currency: 'USD',
  currency_carbon_emission_factor: 'kgCO2e/USD',
  depth: 'm',
  diameter: 'cm',
  diameter_at_breast_height: 'cm',
  dimensionless: 'dimensionless',
  dimensionless_ratio: '%',
  distance: 'km',
  distance_carbon_emission_factor: 'kgCO2e/km',
  dose_equivalent_rate: 'uSv/h',
  electric_current: 'A',
  elevation: 'm',
  energy: 'kWh',
  energy_carbon_emission_factor: 'kgCO2e/kWh',
  energy_density: 'MJ/L',
  exchangeable_amount_of_substance_per_mass: 'cmol/kg',
  fuel_economy: 'km/L',
  height: 'm',
  ionic_strength: 'mol/L',
  latitude: 'deg',
  longitude: 'deg',
  mass: 'kg',
  mass_carbon: 't',
  mass_carbon_emission_factor: 'kgCO2e/kg',
  mass_cdr_potential: 'tCO2e/t',
  mass_concentration: 'mg/L',
  mass_density: 'kg/m^3',
  mass_distance: 'tonne * km',
  mass_distance_carbon_emission_factor: 'kgCO2e/(tonne * km)',
  mass_energy_density: 'MJ/kg',
  mass_flow_rate: 't/h',
  mass_fraction: '%',
  mass_fraction_dry_basis: '%',
  mass_fraction_wet_basis: '%',
  mass_per_area: 't/ha',
  mass_ratio: 'kg/kg',
  molality_of_solute: 'mol/kg',
  molar_mass: 'g/mol',
  mole_fraction: 'mol/mol',
  partial_pressure: 'atm',
  particle_diameter: 'um',
  particle_mass_density: 'g/cm^3',
  power: 'kW',
  pressure: 'kPa',
  specific_surface_area: 'm^2/g',
  specific_volume: 'm^3/kg',
  temperature: 'degC',
  time: 'yr',
  time_emission_factor: 'tCO2e/yr',
  voltage: 'V',
  volume: 'L',
  volume_carbon_emission_factor: 'kgCO2e/L',
  volume_distance_carbon_emission_factor: 'kgCO2e/(m^3 * km)',
  volume_flow_rate: 'm^3/h',
  volume_fraction: '%',
  volume_per_area: 'm^3/ha',
});

/**
 * One unit accepted for a quantity kind, e.g. `kWh` for `energy` (see {@link QUANTITY_KIND_EXAMPLE_UNITS}).
 * @public
 */
export function exampleUnitOfQuantityKind(kind: QuantityKind): string {
  const u = QUANTITY_KIND_EXAMPLE_UNITS[kind];
  if (u === undefined) throw new Error(`unknown quantity kind '${String(kind)}'`);
  return u;
}
