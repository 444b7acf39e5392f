/**
 * The unit strings accepted for each quantity kind, for documentation and generators (the testing
 * toolkit draws random units from {@link unitsOfKind}). A kind is a recipe over families of units
 * (mass, energy, ...): a family alone, or a quotient or product of families such as mass per
 * energy. A kind that is one family lists every spelling of every unit of the unit table with the
 * family's dimension (Pint's units and the service's names, not Pint's physical constants); all
 * kinds list the common units of their families, prefixed as people write them, in Pint's three
 * formats: long (`kilogram / meter ** 3`), short (`kg / m ** 3`) and pretty (`kg/m³`).
 */
import type { QuantityKind } from '../model/quantity-kinds';
import { dimensionsEqual, type Dimension } from './dimension';
import { QUANTITY_KIND_DIMENSIONS } from './quantity-kind-dimensions';
import { PREFIX_BY_NAME, readEntry, unitEntries, type UnitEntry } from './unit-names';
import { parseUnit } from './units';

type Family =
  | 'mass'
  | 'length'
  | 'area'
  | 'volume'
  | 'time'
  | 'energy'
  | 'power'
  | 'pressure'
  | 'temperature'
  | 'substance'
  | 'current'
  | 'voltage'
  | 'activity'
  | 'dose'
  | 'angle'
  | 'ratio'
  | 'acidity'
  | 'currency';

/**
 * The common units of each family, each written `[prefix] unit [^power]` with the names of the unit
 * table (`kilo gram`, `centi meter ^3`). The first one's dimension is the family's.
 */
const FAMILIES: Readonly<Record<Family, readonly string[]>> = {
  mass: ['kilo gram', 'gram', 'milli gram', 'metric_ton', 'mega gram', 'pound', 'kilo gCO2e', 'tCO2e', 'gCO2e', 'mega tCO2e', 'kilotonne'],
  length: ['meter', 'kilo meter', 'centi meter', 'milli meter', 'micro meter', 'foot', 'inch', 'mile'],
  area: ['meter ^2', 'hectare', 'kilo meter ^2', 'acre', 'square_meter'],
  volume: ['meter ^3', 'liter', 'milli liter', 'centi meter ^3', 'gallon', 'cubic_meter'],
  time: ['second', 'minute', 'hour', 'day', 'week', 'year'],
  energy: ['joule', 'kilo joule', 'mega joule', 'giga joule', 'kilo watt_hour', 'mega watt_hour', 'watt_hour', 'british_thermal_unit'],
  power: ['watt', 'kilo watt', 'mega watt'],
  pressure: ['pascal', 'kilo pascal', 'bar', 'standard_atmosphere', 'pound_force_per_square_inch'],
  temperature: ['kelvin', 'degree_Celsius', 'degree_Fahrenheit'],
  substance: ['mole', 'milli mole', 'centi mole'],
  current: ['ampere', 'milli ampere'],
  voltage: ['volt', 'kilo volt'],
  activity: ['becquerel', 'kilo becquerel'],
  dose: ['sievert', 'milli sievert', 'micro sievert'],
  angle: ['degree', 'radian'],
  ratio: ['dimensionless', 'percent', 'permille', 'ppm', 'ppb'],
  acidity: ['pH'],
  currency: ['USD'],
};

/** A recipe: a family, or numerator families over denominator families (a product when no denominator). */
type Recipe = Family | { readonly times: readonly Family[]; readonly per?: readonly Family[] };

const LENGTH_KIND: readonly Recipe[] = ['length'];
const RATIO_KIND: readonly Recipe[] = ['ratio'];
const MASS_RATIO: readonly Recipe[] = [{ times: ['mass'], per: ['mass'] }, 'ratio'];
const per = (times: Family, ...den: Family[]): Recipe => ({ times: [times], per: den });

/** How the units of each quantity kind are built from the families. */
const RECIPES: Readonly<Record<QuantityKind, readonly Recipe[]>> = {
  acidity: ['acidity', 'ratio'],
  activity_concentration: [per('activity', 'volume')],
  amount_of_substance: ['substance'],
  amount_of_substance_concentration: [per('substance', 'volume')],
  amount_of_substance_per_mass: [per('substance', 'mass')],
  area: ['area'],
  area_carbon_emission_factor: [per('mass', 'area')],
  buffer_ph: ['acidity', 'ratio'],
  bulk_density: [per('mass', 'volume')],
  count: RATIO_KIND,
  currency: ['currency'],
  currency_carbon_emission_factor: [per('mass', 'currency')],
  depth: LENGTH_KIND,
  diameter: LENGTH_KIND,
  diameter_at_breast_height: LENGTH_KIND,
  dimensionless: RATIO_KIND,
  dimensionless_ratio: RATIO_KIND,
  distance: LENGTH_KIND,
  distance_carbon_emission_factor: [per('mass', 'length')],
  dose_equivalent_rate: [per('dose', 'time')],
  electric_current: ['current'],
  elevation: LENGTH_KIND,
  energy: ['energy'],
  energy_carbon_emission_factor: [per('mass', 'energy')],
  energy_density: [per('energy', 'volume')],
  exchangeable_amount_of_substance_per_mass: [per('substance', 'mass')],
  fuel_economy: [per('length', 'volume')],
  height: LENGTH_KIND,
  ionic_strength: [per('substance', 'volume')],
  latitude: ['angle'],
  longitude: ['angle'],
  mass: ['mass'],
  mass_carbon: ['mass'],
  mass_carbon_emission_factor: MASS_RATIO,
  mass_cdr_potential: MASS_RATIO,
  mass_concentration: [per('mass', 'volume')],
  mass_density: [per('mass', 'volume')],
  mass_distance: [{ times: ['mass', 'length'] }],
  mass_distance_carbon_emission_factor: [per('mass', 'mass', 'length')],
  mass_energy_density: [per('energy', 'mass')],
  mass_flow_rate: [per('mass', 'time')],
  mass_fraction: MASS_RATIO,
  mass_fraction_dry_basis: MASS_RATIO,
  mass_fraction_wet_basis: MASS_RATIO,
  mass_per_area: [per('mass', 'area')],
  mass_ratio: MASS_RATIO,
  molality_of_solute: [per('substance', 'mass')],
  molar_mass: [per('mass', 'substance')],
  mole_fraction: [per('substance', 'substance'), 'ratio'],
  partial_pressure: ['pressure'],
  particle_diameter: LENGTH_KIND,
  particle_mass_density: [per('mass', 'volume')],
  power: ['power'],
  pressure: ['pressure'],
  specific_surface_area: [per('area', 'mass')],
  specific_volume: [per('volume', 'mass')],
  temperature: ['temperature'],
  time: ['time'],
  time_emission_factor: [per('mass', 'time')],
  voltage: ['voltage'],
  volume: ['volume'],
  volume_carbon_emission_factor: [per('mass', 'volume')],
  volume_distance_carbon_emission_factor: [per('mass', 'volume', 'length')],
  volume_flow_rate: [per('volume', 'time')],
  volume_fraction: [per('volume', 'volume'), 'ratio'],
  volume_per_area: [per('volume', 'area'), 'length'],
};

/** One unit in Pint's three formats. */
interface Spelling {
  readonly long: string;
  readonly short: string;
  readonly pretty: string;
}
type Form = keyof Spelling;
const FORMS: readonly Form[] = ['long', 'short', 'pretty'];
/** Pint's separators: spaced operators in the long and short formats, tight ones in the pretty format. */
const TIMES: Readonly<Record<Form, string>> = { long: ' * ', short: ' * ', pretty: '·' };
const PER: Readonly<Record<Form, string>> = { long: ' / ', short: ' / ', pretty: '/' };
const SUPERSCRIPT: Readonly<Record<string, string>> = { '2': '²', '3': '³' };

let byName: Map<string, UnitEntry> | null = null;

function entryNamed(name: string): UnitEntry {
  byName ??= new Map(
    unitEntries()
      .filter((e) => e.refused === undefined)
      .map((e) => [e.name, e]),
  );
  const entry = byName.get(name);
  if (entry === undefined) throw new Error(`unitsOfKind: no unit '${name}' in the unit table`);
  return entry;
}

/** `kilo gram` → kilogram / kg / kg; `meter ^3` → meter ** 3 / m ** 3 / m³. */
function spelling(spec: string): Spelling {
  // Pint writes no unit as `dimensionless` in its long format and as nothing in the short ones.
  if (spec === 'dimensionless') return { long: spec, short: '', pretty: '' };
  const words = spec.split(' ');
  const power = words[words.length - 1]?.startsWith('^') === true ? (words.pop() as string).slice(1) : undefined;
  const prefix = words.length > 1 ? PREFIX_BY_NAME.get(words[0] as string) : undefined;
  const entry = entryNamed(words[words.length - 1] as string);
  const long = `${prefix === undefined ? '' : words[0]}${entry.name}`;
  const symbol = `${prefix?.symbol ?? ''}${entry.symbol ?? entry.name}`;
  if (power === undefined) return { long, short: symbol, pretty: symbol };
  return { long: `${long} ** ${power}`, short: `${symbol} ** ${power}`, pretty: `${symbol}${SUPERSCRIPT[power] ?? `^${power}`}` };
}

function familyDimension(family: Family): Dimension {
  return parseUnit(spelling(FAMILIES[family][0] as string).long).dimension;
}

/** Every spelling of every unit of the table (not the constants) with this dimension. */
function tableSpellings(dimension: Dimension): string[] {
  const out: string[] = [];
  for (const entry of unitEntries()) {
    if (entry.origin === 'constant' || entry.refused !== undefined || entry.definition === undefined) continue;
    const named = readEntry(entry);
    if (typeof named !== 'string' && dimensionsEqual(named.dimension, dimension)) out.push(...entry.spellings);
  }
  return out;
}

/** Every combination of one unit from each family. */
function combinations(families: readonly Family[]): Spelling[][] {
  let out: Spelling[][] = [[]];
  for (const family of families) out = out.flatMap((prefix) => FAMILIES[family].map((u) => [...prefix, spelling(u)]));
  return out;
}

function spell(recipe: Recipe, form: Form): string[] {
  if (typeof recipe === 'string') return FAMILIES[recipe].map((u) => spelling(u)[form]);
  const out: string[] = [];
  const denominators = recipe.per === undefined ? [[]] : combinations(recipe.per);
  for (const num of combinations(recipe.times)) {
    const top = num.map((u) => u[form]).join(TIMES[form]);
    for (const den of denominators) out.push([top, ...den.map((u) => u[form])].join(PER[form]));
  }
  return out;
}

const cache = new Map<QuantityKind, readonly string[]>();

/**
 * Every unit string of the engine's unit table accepted for a quantity kind, without duplicates: for
 * a kind of one family of units (mass, energy, length, ...), every spelling (Pint's name, symbol and
 * aliases, the service's names) of every unit of the table with the kind's dimension; for every
 * kind, its common units (and for compound kinds such as `energy_carbon_emission_factor`, their
 * quotients or products) in Pint's long, short and pretty formats. Pint's physical constants, which
 * Pint and the engine also read as units, are not listed. Each string reads ({@link parseUnit}) and
 * passes {@link isCompatible} for the kind. The list is built on the first call for a kind, then
 * cached and frozen.
 *
 * @example
 * `unitsOfKind('energy')` includes `kilowatt_hour`, `kWh` and `british_thermal_unit`;
 * `unitsOfKind('mass_density')` includes `kilogram / meter ** 3`, `kg / m ** 3` and `kg/m³`.
 * @throws Error for a name that is not a quantity kind.
 * @public
 */
export function unitsOfKind(kind: QuantityKind): readonly string[] {
  const hit = cache.get(kind);
  if (hit !== undefined) return hit;
  if (!Object.prototype.hasOwnProperty.call(QUANTITY_KIND_DIMENSIONS, kind)) {
    throw new Error(`unknown quantity kind '${String(kind)}'`);
  }
  const seen = new Set<string>();
  for (const recipe of RECIPES[kind]) {
    for (const form of FORMS) for (const text of spell(recipe, form)) seen.add(text);
    if (typeof recipe === 'string') for (const text of tableSpellings(familyDimension(recipe))) seen.add(text);
  }
  const list = Object.freeze([...seen]);
  cache.set(kind, list);
  return list;
}
