/**
 * What values each quantity kind can take (docs/units.md, "Physical bounds"): the physical bounds,
 * in SI, with the reason for each row (a value outside is impossible: a validation error
 * `value_out_of_physical_range` under the default policy), and the realistic range, in a named
 * unit (a value outside is possible but suspicious: the warning `value_outside_realistic_range`;
 * the test-data generators of `cdr-engine/testing` draw from it). Data and two small look-ups.
 */
import type { QuantityKind } from '../model/quantity-kinds';
import { REALISTIC_RANGES } from './realistic-ranges';
import { parseUnit } from './units';

/**
 * The values a quantity of one kind can physically take, in SI (kg, m, s, K, rad, ...), both ends
 * included; `null` for no bound on that side.
 * @public
 */
export interface PhysicalBounds {
  /** Smallest possible SI value, or null. */
  readonly min: number | null;
  /** Largest possible SI value, or null. */
  readonly max: number | null;
  /** Why: what the kind measures that makes the bound (or its absence) physical. */
  readonly reason: string;
}

const AMOUNT = 'an amount of matter cannot be negative';
const NON_NEGATIVE = (reason: string): PhysicalBounds => Object.freeze({ min: 0, max: null, reason });
const FRACTION = (reason: string): PhysicalBounds => Object.freeze({ min: 0, max: 1, reason });
const SIGNED = (reason: string): PhysicalBounds => Object.freeze({ min: null, max: null, reason });
const EMISSION_FACTOR = NON_NEGATIVE(
  'an emission factor is an amount emitted per unit of activity; a removal is a component of its own, not a negative factor',
);
const LENGTH = NON_NEGATIVE('a length (size or distance) cannot be negative');
const DENSITY = NON_NEGATIVE('a mass per volume cannot be negative');
const DEGREE = Math.PI / 180;

/**
 * The physical bounds of every quantity kind, with the reason for each (docs/units.md). Kinds that
 * are signed by nature (latitude, longitude within their circle, elevation, voltage, electric
 * current, pH, a currency balance, a plain number) have no sign bound; the sign of an adjustment
 * belongs in its formula (`0 - {x}`), never in a negative amount.
 * @public
 */
export const QUANTITY_KIND_PHYSICAL_BOUNDS: Readonly<Record<QuantityKind, PhysicalBounds>> = Object.freeze({
  acidity: SIGNED('pH is a logarithm: concentrated acids read below 0 and strong bases above 14'),
  activity_concentration: NON_NEGATIVE('a radioactivity per volume cannot be negative'),
  amount_of_substance: NON_NEGATIVE(AMOUNT),
  amount_of_substance_concentration: NON_NEGATIVE('an amount of substance per volume cannot be negative'),
  amount_of_substance_per_mass: NON_NEGATIVE('an amount of substance per mass cannot be negative'),
  area: NON_NEGATIVE('an area cannot be negative'),
  area_carbon_emission_factor: EMISSION_FACTOR,
  buffer_ph: SIGNED('pH is a logarithm: concentrated acids read below 0 and strong bases above 14'),
  bulk_density: DENSITY,
  count: NON_NEGATIVE('a count of things cannot be negative'),
  currency: SIGNED('an amount of money may be a balance, a refund or a loss'),
  currency_carbon_emission_factor: EMISSION_FACTOR,
  depth: LENGTH,
  diameter: LENGTH,
  diameter_at_breast_height: LENGTH,
  dimensionless: SIGNED('a plain number (an exponent, a correction term) may take any sign'),
  dimensionless_ratio: NON_NEGATIVE('a ratio of two non-negative quantities cannot be negative; it may exceed 1'),
  distance: LENGTH,
  distance_carbon_emission_factor: EMISSION_FACTOR,
  dose_equivalent_rate: NON_NEGATIVE('a dose received per time cannot be negative'),
  electric_current: SIGNED('a current flows either way'),
  elevation: SIGNED('an elevation is measured from sea level, below it in places'),
  energy: NON_NEGATIVE('an amount of energy used or produced cannot be negative; a net export is written in the formula'),
  energy_carbon_emission_factor: EMISSION_FACTOR,
  energy_density: NON_NEGATIVE('an energy content per volume cannot be negative'),
  exchangeable_amount_of_substance_per_mass: NON_NEGATIVE('an exchange capacity cannot be negative'),
  fuel_economy: NON_NEGATIVE('a distance per volume of fuel cannot be negative'),
  height: LENGTH,
  ionic_strength: NON_NEGATIVE('an ionic strength is a sum of concentrations, never negative'),
  latitude: Object.freeze({ min: -90 * DEGREE, max: 90 * DEGREE, reason: 'a latitude lies between the poles, -90 to 90 degrees' }),
  longitude: Object.freeze({
    min: -180 * DEGREE,
    max: 360 * DEGREE,
    reason: 'a longitude lies within one turn, -180 to 180 degrees (or 0 to 360 east)',
  }),
  mass: NON_NEGATIVE(AMOUNT),
  mass_carbon: NON_NEGATIVE(AMOUNT),
  mass_carbon_emission_factor: EMISSION_FACTOR,
  mass_cdr_potential: NON_NEGATIVE('a removal potential per mass of material cannot be negative'),
  mass_concentration: DENSITY,
  mass_density: DENSITY,
  mass_distance: NON_NEGATIVE('a mass moved over a distance cannot be negative'),
  mass_distance_carbon_emission_factor: EMISSION_FACTOR,
  mass_energy_density: NON_NEGATIVE('an energy content per mass cannot be negative'),
  mass_flow_rate: NON_NEGATIVE('a mass passing per time cannot be negative'),
  mass_fraction: FRACTION('a part of a mass is between none and all of it'),
  mass_fraction_dry_basis: FRACTION('a part of a dry mass is between none and all of it'),
  mass_fraction_wet_basis: FRACTION('a part of a wet mass is between none and all of it'),
  mass_per_area: NON_NEGATIVE('a mass per area cannot be negative'),
  mass_ratio: NON_NEGATIVE('a ratio of two masses cannot be negative; it may exceed 1 (kg CO2 per kg C is 3.67)'),
  molality_of_solute: NON_NEGATIVE('an amount of solute per mass of solvent cannot be negative'),
  molar_mass: NON_NEGATIVE('a mass per amount of substance cannot be negative'),
  mole_fraction: FRACTION('a part of the moles of a mixture is between none and all of them'),
  partial_pressure: NON_NEGATIVE('a partial pressure is an absolute pressure, never negative'),
  particle_diameter: LENGTH,
  particle_mass_density: DENSITY,
  power: NON_NEGATIVE('a power drawn or delivered cannot be negative; a net export is written in the formula'),
  pressure: NON_NEGATIVE('an absolute pressure cannot be negative (write a gauge pressure as absolute)'),
  specific_surface_area: NON_NEGATIVE('a surface per mass cannot be negative'),
  specific_volume: NON_NEGATIVE('a volume per mass cannot be negative'),
  temperature: NON_NEGATIVE('no temperature is below absolute zero (0 K, -273.15 degC); in degC or degF it may be negative above that'),
  time: NON_NEGATIVE('a duration cannot be negative'),
  time_emission_factor: EMISSION_FACTOR,
  voltage: SIGNED('a voltage is a difference of potential, of either sign'),
  volume: NON_NEGATIVE(AMOUNT),
  volume_carbon_emission_factor: EMISSION_FACTOR,
  volume_distance_carbon_emission_factor: EMISSION_FACTOR,
  volume_flow_rate: NON_NEGATIVE('a volume passing per time cannot be negative'),
  volume_fraction: FRACTION('a part of a volume is between none and all of it'),
  volume_per_area: NON_NEGATIVE('a volume per area (a depth of water) cannot be negative'),
});

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
 * The realistic magnitude range of a quantity kind, with its unit (e.g. 2 to 12 pH for `acidity`,
 * 1 g to 10 Mt, written in kg, for `mass`): what CDR methodologies measure, from laboratory
 * samples to project totals (docs/units.md). A value outside it is evaluated with the warning
 * `value_outside_realistic_range`; a blueprint input may narrow or widen it with
 * `realistic_range`. It lies within the kind's physical bounds.
 * @public
 */
export function realisticRange(kind: QuantityKind): Required<MagnitudeRange> {
  const { min, max, unit } = REALISTIC_RANGES[kind];
  return { min, max, unit };
}

/**
 * Why the realistic range of a kind is what it is: what methodologies measure at its two ends.
 * @public
 */
export function realisticRangeReason(kind: QuantityKind): string {
  return REALISTIC_RANGES[kind].reason;
}

/**
 * Whether a kind's realistic range bounds the absolute value (a signed kind whose row describes
 * sizes: `dimensionless`, `currency`, `electric_current`, `voltage`; docs/units.md). Internal.
 */
export function realisticRangeIsAbsolute(kind: QuantityKind): boolean {
  return REALISTIC_RANGES[kind].absolute;
}

/** The realistic range of each kind in SI, made on first use. */
const siRanges = new Map<QuantityKind, { readonly min: number; readonly max: number }>();

/**
 * The realistic range of a kind in SI (`realisticRange` converted), e.g. 273.15 - 10 to 273.15 + 45 K
 * for `temperature`.
 * @public
 */
export function realisticRangeSI(kind: QuantityKind): { readonly min: number; readonly max: number } {
  let range = siRanges.get(kind);
  if (range === undefined) {
    const { min, max, unit } = realisticRange(kind);
    const u = parseUnit(unit);
    range = { min: min * u.scale + u.offset, max: max * u.scale + u.offset };
    siRanges.set(kind, range);
  }
  return range;
}

/**
 * Whether an SI value is within a kind's physical bounds.
 * @public
 */
export function isWithinPhysicalBounds(kind: QuantityKind, siValue: number): boolean {
  const { min, max } = QUANTITY_KIND_PHYSICAL_BOUNDS[kind];
  // A bound reached through a unit's factor (100 % = 100 x 0.01, 90 deg) may miss it by an ulp.
  return (min === null || siValue >= min - 1e-12 * Math.abs(min)) && (max === null || siValue <= max + 1e-12 * Math.abs(max));
}
