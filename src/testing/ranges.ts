/**
 * Realistic ranges of the quantities generators draw: per quantity kind a magnitude range in a
 * named unit (values a removal project actually reports: a few tonnes to a few thousand, grid
 * factors of 0.01 to 1 kgCO2e/kWh, carbon contents of a few to 95 %), and the default range of
 * relative standard deviations. A methodologist narrows or widens them per input (options of the
 * arbitraries, `input_ranges` of a methodology document).
 * May import: model, units.
 */
import type { QuantityKind } from '../model/quantity-kinds';
import { QUANTITY_KIND_EXAMPLE_UNITS } from '../units';

/**
 * A range of magnitudes, both ends included, in `unit` (any unit of the quantity's kind; default
 * the kind's example unit, as `QUANTITY_KIND_EXAMPLE_UNITS` lists it).
 * @public
 */
export interface MagnitudeRange {
  /** Smallest magnitude, in `unit`. */
  readonly min: number;
  /** Largest magnitude, in `unit`; at least `min`. */
  readonly max: number;
  /** The unit of `min` and `max`. */
  readonly unit?: string;
}

/**
 * A range of relative standard deviations (standard deviation / |magnitude in SI|), both ends
 * included: `{ min: 0.01, max: 0.05 }` is 1 % to 5 %.
 * @public
 */
export interface RelativeRange {
  /** Smallest ratio, at least 0. */
  readonly min: number;
  /** Largest ratio, at least `min`. */
  readonly max: number;
}

/**
 * Relative standard deviations drawn when nothing else is said: 0.5 % to 10 %, the span of
 * weighbridges, lab analyses and published emission factors.
 * @public
 */
export const DEFAULT_RELATIVE_STANDARD_DEVIATION: RelativeRange = Object.freeze({ min: 0.005, max: 0.1 });

/** Magnitude ranges that differ from the default 0.1 to 1000 of the kind's example unit. */
const RANGES: Partial<Record<QuantityKind, MagnitudeRange>> = {
  acidity: { min: 4, max: 9, unit: 'pH' },
  buffer_ph: { min: 5, max: 8, unit: 'pH' },
  area: { min: 0.5, max: 500, unit: 'ha' },
  area_carbon_emission_factor: { min: 10, max: 2000, unit: 'kgCO2e/ha' },
  bulk_density: { min: 0.8, max: 1.8, unit: 'g/cm^3' },
  count: { min: 1, max: 200, unit: 'dimensionless' },
  currency_carbon_emission_factor: { min: 0.05, max: 2, unit: 'kgCO2e/USD' },
  dimensionless: { min: 0.1, max: 10, unit: 'dimensionless' },
  dimensionless_ratio: { min: 1, max: 99, unit: '%' },
  distance: { min: 1, max: 800, unit: 'km' },
  distance_carbon_emission_factor: { min: 0.1, max: 1.5, unit: 'kgCO2e/km' },
  energy: { min: 10, max: 50_000, unit: 'kWh' },
  energy_carbon_emission_factor: { min: 0.01, max: 1, unit: 'kgCO2e/kWh' },
  latitude: { min: -60, max: 70, unit: 'deg' },
  longitude: { min: -180, max: 180, unit: 'deg' },
  mass: { min: 0.1, max: 2000, unit: 't' },
  mass_carbon: { min: 0.1, max: 1000, unit: 't' },
  mass_carbon_emission_factor: { min: 0.01, max: 3, unit: 'kgCO2e/kg' },
  mass_cdr_potential: { min: 0.05, max: 1.1, unit: 'tCO2e/t' },
  mass_distance_carbon_emission_factor: { min: 0.02, max: 0.2, unit: 'kgCO2e/(tonne * km)' },
  mass_fraction: { min: 1, max: 95, unit: '%' },
  mass_fraction_dry_basis: { min: 1, max: 95, unit: '%' },
  mass_fraction_wet_basis: { min: 1, max: 95, unit: '%' },
  mass_per_area: { min: 1, max: 100, unit: 't/ha' },
  mass_ratio: { min: 0.01, max: 2, unit: 'kg/kg' },
  mole_fraction: { min: 0.01, max: 0.99, unit: 'mol/mol' },
  particle_diameter: { min: 1, max: 2000, unit: 'um' },
  partial_pressure: { min: 0.0003, max: 1, unit: 'atm' },
  pressure: { min: 50, max: 500, unit: 'kPa' },
  temperature: { min: -10, max: 45, unit: 'degC' },
  time: { min: 0.1, max: 100, unit: 'yr' },
  time_emission_factor: { min: 0.1, max: 100, unit: 'tCO2e/yr' },
  volume: { min: 1, max: 20_000, unit: 'L' },
  volume_carbon_emission_factor: { min: 0.5, max: 3.5, unit: 'kgCO2e/L' },
  volume_fraction: { min: 1, max: 99, unit: '%' },
};

/**
 * The realistic magnitude range of a quantity kind, with its unit (0.1 to 1000 of the kind's
 * example unit unless the kind has a range of its own, such as 4 to 9 pH for `acidity`).
 * @public
 */
export function realisticRange(kind: QuantityKind): Required<MagnitudeRange> {
  const own = RANGES[kind];
  const unit = own?.unit ?? QUANTITY_KIND_EXAMPLE_UNITS[kind];
  return { min: own?.min ?? 0.1, max: own?.max ?? 1000, unit };
}

/** The range to draw from: `range` with its unit defaulted to the kind's example unit, else the realistic range. */
export function resolveRange(kind: QuantityKind, range: MagnitudeRange | undefined): Required<MagnitudeRange> {
  if (range === undefined) return realisticRange(kind);
  return { min: range.min, max: range.max, unit: range.unit ?? QUANTITY_KIND_EXAMPLE_UNITS[kind] };
}
