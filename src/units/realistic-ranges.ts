/**
 * The realistic range of every quantity kind (docs/units.md, "Quantity kinds"), re-derived from what
 * CDR methodologies measure (semantics 3b, "Warnings that do not cry wolf"): from laboratory
 * samples (grams, mg/kg concentrations, a 1 kg sample) to project totals (Mt), field plots
 * (metres) and transport (thousands of km). Each row says why. A value a published methodology
 * uses as designed lies inside; a value outside is possible but suspicious (the warning
 * `value_outside_realistic_range`), most often a slip of unit or magnitude. Data only.
 */
import type { QuantityKind } from '../model/quantity-kinds';

/** A realistic range in a named unit, and why. */
export interface RealisticRangeRow {
  readonly min: number;
  readonly max: number;
  readonly unit: string;
  readonly reason: string;
  /**
   * The range bounds the absolute value: the kind is signed by nature and its row describes sizes
   * (a current flows either way, an exponent may be negative), so -2.1 is as plausible as 2.1 and 0
   * is a value like any other.
   */
  readonly absolute: boolean;
}

const row = (min: number, max: number, unit: string, reason: string): RealisticRangeRow =>
  Object.freeze({ min, max, unit, reason, absolute: false });
/** A row of a signed kind whose range bounds the absolute value (see `absolute`). */
const either = (min: number, max: number, unit: string, reason: string): RealisticRangeRow =>
  Object.freeze({ min, max, unit, reason, absolute: true });

const PH = 'soils, waters and solutions of CDR sites read from strongly acid to strongly alkaline';
const FACTOR = 'published emission factors, from near-zero renewable supply to the most carbon-intensive';

/** The realistic range of every kind, with its reason. */
export const REALISTIC_RANGES: Readonly<Record<QuantityKind, RealisticRangeRow>> = Object.freeze({
  acidity: row(2, 12, 'pH', PH),
  activity_concentration: row(0.01, 100_000, 'Bq/m^3', 'radon and other activity in air and water, background to contaminated sites'),
  amount_of_substance: row(0.000_001, 1e12, 'mol', 'a laboratory titration (umol) to a project total of CO2 (Mt is 2e10 mol)'),
  amount_of_substance_concentration: row(1e-9, 20, 'mol/L', 'trace solutes (nmol/L) to concentrated brines and solvents'),
  amount_of_substance_per_mass: row(0.000_001, 100, 'mol/kg', 'trace cations per kg of soil to pure sorbents'),
  area: row(0.0001, 1_000_000, 'ha', 'a 1 m2 sampling quadrat or a 40 m plot to a landscape-scale project'),
  area_carbon_emission_factor: row(0.1, 100_000, 'kgCO2e/ha', 'field operations per hectare to land conversion'),
  buffer_ph: row(4, 8.5, 'pH', 'buffer pH of soil tests used for liming'),
  bulk_density: row(0.05, 2.5, 'g/cm^3', 'biochar and peat (0.1 g/cm3) to compacted mineral soils and rock powder'),
  count: row(1, 10_000_000, 'dimensionless', 'a few samples or trucks to the trees of a forest project'),
  currency: either(0.01, 1e10, 'USD', 'a receipt to a project budget, either sign'),
  currency_carbon_emission_factor: row(0.01, 5, 'kgCO2e/USD', 'spend-based factors of services to heavy industry'),
  depth: row(0.01, 5000, 'm', 'a soil layer of centimetres to a storage reservoir kilometres down'),
  diameter: row(0.01, 1000, 'cm', 'a sieve mesh or core (mm) to a pipeline or a trunk'),
  diameter_at_breast_height: row(1, 500, 'cm', 'forest inventories measure trees from a few cm to the largest trunks'),
  dimensionless: either(
    0.000_001,
    1_000_000,
    'dimensionless',
    'exponents, multipliers, intercepts and correction terms of empirical formulas, either sign',
  ),
  dimensionless_ratio: row(0.001, 1000, '%', 'yields, permanence and conversion factors, some above 1'),
  distance: row(0.001, 40_000, 'km', 'a plot side in metres to transport over thousands of km (shipping around the world)'),
  distance_carbon_emission_factor: row(0.01, 5, 'kgCO2e/km', 'vehicles from cars to heavy trucks per km'),
  dose_equivalent_rate: row(0.01, 1000, 'uSv/h', 'background radiation to a controlled area'),
  electric_current: either(0.000_001, 100_000, 'A', 'instrument currents (mA, as in GUM H.2) to industrial supplies, either way'),
  elevation: row(-500, 9000, 'm', 'below sea level (the Dead Sea shore) to high mountains'),
  energy: row(0.1, 1e10, 'kWh', "a laboratory instrument to a year of a Mt-scale plant (a DAC plant's quarter is 1,650 MWh)"),
  energy_carbon_emission_factor: row(0.001, 2, 'kgCO2e/kWh', FACTOR),
  energy_density: row(0.1, 50, 'MJ/L', 'energy per volume of fuels, from gases to heavy oils'),
  exchangeable_amount_of_substance_per_mass: row(0.01, 300, 'cmol/kg', 'cation exchange capacity of sands to organic soils and clays'),
  fuel_economy: row(0.1, 50, 'km/L', 'heavy machinery to light vehicles'),
  height: row(0.01, 1000, 'm', 'a seedling or a sample column to tall trees and stacks'),
  ionic_strength: row(0.000_001, 10, 'mol/L', 'rain water to brines'),
  latitude: row(-60, 78, 'deg', 'inhabited land and sea, Patagonia to Svalbard'),
  longitude: row(-180, 360, 'deg', 'any longitude, -180 to 180 or 0 to 360 east'),
  mass: row(0.001, 10_000_000_000, 'kg', 'a laboratory sample (grams, a 1 kg soil sample) to a project total (Mt of rock or CO2)'),
  mass_carbon: row(0.001, 3_000_000_000, 'kg', 'the carbon of a sample (grams) to a project total of carbon (Mt C)'),
  mass_carbon_emission_factor: row(0.0001, 20, 'kgCO2e/kg', 'materials from inert minerals to fuels and fertilisers (N2O)'),
  mass_cdr_potential: row(0.01, 1.3, 'tCO2e/t', 'CO2 a tonne of material can bind: basalts (0.1 t) to forsterite (1.25 t)'),
  mass_concentration: row(0.000_1, 100_000, 'mg/L', 'trace solutes in water (ug/L) to brines'),
  mass_density: row(0.01, 20_000, 'kg/m^3', 'gases (CO2 at 1.98 kg/m3) to water, rock and metals'),
  mass_distance: row(0.001, 1e10, 'tonne * km', 'a sample sent to a laboratory to a project total of freight'),
  mass_distance_carbon_emission_factor: row(
    0.001,
    2,
    'kgCO2e/(tonne * km)',
    'pipelines and ships (0.005 kgCO2e/(t km)) to trucks and air freight (about 1)',
  ),
  mass_energy_density: row(0.1, 150, 'MJ/kg', 'wet biomass to hydrogen (142 MJ/kg)'),
  mass_flow_rate: row(0.000_1, 100_000, 't/h', 'a laboratory flow to a quarry or a port'),
  mass_fraction: row(0.000_01, 100, '%', 'trace elements of soils and rock (0.1 mg/kg; Na, K, Ti at 50 to 110 mg/kg) to pure materials'),
  mass_fraction_dry_basis: row(0.000_01, 100, '%', 'as mass_fraction, of the dry mass'),
  mass_fraction_wet_basis: row(0.000_01, 100, '%', 'as mass_fraction, of the wet mass'),
  mass_per_area: row(
    0.001,
    10_000,
    't/ha',
    "an element's stock in a soil layer (kg/ha) to rock spread and the soil layer's own mass (thousands of t/ha)",
  ),
  mass_ratio: row(0.000_1, 100, 'kg/kg', 'tracer and element ratios of samples to conversion factors (44/12)'),
  molality_of_solute: row(0.000_001, 30, 'mol/kg', 'rain water to brines'),
  molar_mass: row(1, 1000, 'g/mol', 'hydrogen to large organic molecules'),
  mole_fraction: row(1e-9, 1, 'mol/mol', 'ppb of a trace gas to a pure stream'),
  partial_pressure: row(0.000_01, 300, 'atm', 'CO2 in air (0.0004 atm) to injection conditions'),
  particle_diameter: row(0.1, 10_000, 'um', 'fine rock powder (um) to crushed rock of millimetres'),
  particle_mass_density: row(0.5, 8, 'g/cm^3', 'porous char particles to ores'),
  power: row(0.001, 10_000_000, 'kW', 'instruments (W) to a plant of GW'),
  pressure: row(1, 100_000, 'kPa', 'vacuum desorption to injection and pipeline pressures (tens of MPa)'),
  specific_surface_area: row(0.001, 3000, 'm^2/g', 'coarse rock to activated carbons'),
  specific_volume: row(0.000_1, 1000, 'm^3/kg', 'dense solids to gases at low pressure'),
  temperature: row(-60, 1500, 'degC', 'field conditions in winter to pyrolysis and calcination kilns'),
  time: row(0.000_1, 1000, 'yr', 'an hour of an operation to the permanence horizon of storage'),
  time_emission_factor: row(0.000_1, 10_000_000, 'tCO2e/yr', 'a piece of equipment to a plant'),
  voltage: either(0.000_001, 1_000_000, 'V', 'instrument signals (as in GUM H.2) to transmission lines, either sign'),
  volume: row(0.001, 1e10, 'L', 'a laboratory sample (mL) to water volumes of a project'),
  volume_carbon_emission_factor: row(
    0.000_05,
    5,
    'kgCO2e/L',
    'tap water supply and treatment (0.05 to 1 kgCO2e/m3, e.g. DEFRA 0.149) to liquids and liquid fuels per litre',
  ),
  volume_distance_carbon_emission_factor: row(0.000_1, 1000, 'kgCO2e/(m^3 * km)', 'volume moved per km, pipelines to road tankers'),
  volume_flow_rate: row(0.000_1, 1_000_000, 'm^3/h', 'laboratory flows to river discharge'),
  volume_fraction: row(0.000_01, 100, '%', 'trace gases (ppm) to pure streams'),
  volume_per_area: row(0.1, 100_000, 'm^3/ha', 'a rain event (10 mm is 100 m3/ha) to a year of irrigation and rain'),
});
