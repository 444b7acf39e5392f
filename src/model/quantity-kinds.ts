/**
 * The 66 quantity kinds of docs/rules.md#service-resources. The units module maps each to a physical dimension.
 */
import * as z from 'zod';
import { lazySchema } from './lazy-schema';

/**
 * Every quantity kind a blueprint input or the `quantity_kind` filter may name (docs/rules.md#service-resources).
 * @public
 */
export const QUANTITY_KINDS = [
  'acidity',
  'activity_concentration',
  'amount_of_substance',
  'amount_of_substance_concentration',
  'amount_of_substance_per_mass',
  'area',
  'area_carbon_emission_factor',
  'buffer_ph',
  'bulk_density',
  'count',
  'currency',
  'currency_carbon_emission_factor',
  'depth',
  'diameter',
  'diameter_at_breast_height',
  'dimensionless',
  'dimensionless_ratio',
  'distance',
  'distance_carbon_emission_factor',
  'dose_equivalent_rate',
  'electric_current',
  'elevation',
  'energy',
  'energy_carbon_emission_factor',
  'energy_density',
  'exchangeable_amount_of_substance_per_mass',
  'fuel_economy',
  'height',
  'ionic_strength',
  'latitude',
  'longitude',
  'mass',
  'mass_carbon',
  'mass_carbon_emission_factor',
  'mass_cdr_potential',
  'mass_concentration',
  'mass_density',
  'mass_distance',
  'mass_distance_carbon_emission_factor',
  'mass_energy_density',
  'mass_flow_rate',
  'mass_fraction',
  'mass_fraction_dry_basis',
  'mass_fraction_wet_basis',
  'mass_per_area',
  'mass_ratio',
  'molality_of_solute',
  'molar_mass',
  'mole_fraction',
  'partial_pressure',
  'particle_diameter',
  'particle_mass_density',
  'power',
  'pressure',
  'specific_surface_area',
  'specific_volume',
  'temperature',
  'time',
  'time_emission_factor',
  'voltage',
  'volume',
  'volume_carbon_emission_factor',
  'volume_distance_carbon_emission_factor',
  'volume_flow_rate',
  'volume_fraction',
  'volume_per_area',
] as const satisfies readonly QuantityKind[];

/**
 * One of the 66 quantity kinds.
 * @public
 */
export type QuantityKind =
  | 'acidity'
  | 'activity_concentration'
  | 'amount_of_substance'
  | 'amount_of_substance_concentration'
  | 'amount_of_substance_per_mass'
  | 'area'
  | 'area_carbon_emission_factor'
  | 'buffer_ph'
  | 'bulk_density'
  | 'count'
  | 'currency'
  | 'currency_carbon_emission_factor'
  | 'depth'
  | 'diameter'
  | 'diameter_at_breast_height'
  | 'dimensionless'
  | 'dimensionless_ratio'
  | 'distance'
  | 'distance_carbon_emission_factor'
  | 'dose_equivalent_rate'
  | 'electric_current'
  | 'elevation'
  | 'energy'
  | 'energy_carbon_emission_factor'
  | 'energy_density'
  | 'exchangeable_amount_of_substance_per_mass'
  | 'fuel_economy'
  | 'height'
  | 'ionic_strength'
  | 'latitude'
  | 'longitude'
  | 'mass'
  | 'mass_carbon'
  | 'mass_carbon_emission_factor'
  | 'mass_cdr_potential'
  | 'mass_concentration'
  | 'mass_density'
  | 'mass_distance'
  | 'mass_distance_carbon_emission_factor'
  | 'mass_energy_density'
  | 'mass_flow_rate'
  | 'mass_fraction'
  | 'mass_fraction_dry_basis'
  | 'mass_fraction_wet_basis'
  | 'mass_per_area'
  | 'mass_ratio'
  | 'molality_of_solute'
  | 'molar_mass'
  | 'mole_fraction'
  | 'partial_pressure'
  | 'particle_diameter'
  | 'particle_mass_density'
  | 'power'
  | 'pressure'
  | 'specific_surface_area'
  | 'specific_volume'
  | 'temperature'
  | 'time'
  | 'time_emission_factor'
  | 'voltage'
  | 'volume'
  | 'volume_carbon_emission_factor'
  | 'volume_distance_carbon_emission_factor'
  | 'volume_flow_rate'
  | 'volume_fraction'
  | 'volume_per_area';

// Every member of the union is listed (the list is the union, no more, no less).
const _everyQuantityKind: readonly (typeof QUANTITY_KINDS)[number][] = [] as QuantityKind[];
void _everyQuantityKind;

/**
 * Schema of a quantity kind (built on first use, src/model/lazy-schema.ts).
 */
export const quantityKindSchema = lazySchema(() => z.enum(QUANTITY_KINDS));
