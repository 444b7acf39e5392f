/**
 * The unit strings accepted for each quantity kind, for documentation and generators (the testing
 * toolkit draws random units from {@link unitsOfKind}). A kind is a recipe over families of named
 * units (mass, energy, ...): a family alone, or a quotient or product of families such as mass per
 * energy. Each unit is spelled three ways, as Pint writes it: long (`kilogram / cubic_meter` is
 * written `kilogram / meter ** 3`), short (`kg / m ** 3`) and pretty (`kg/m³`).
 */
import type { QuantityKind } from '../model/quantity-kinds';
import { QUANTITY_KIND_DIMENSIONS } from './quantity-kind-dimensions';

/** One named unit in its three spellings. */
interface Spelling {
  readonly long: string;
  readonly short: string;
  readonly pretty: string;
}

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

const s = (long: string, short: string, pretty = short): Spelling => ({ long, short, pretty });

/** The named units of each family (every one reads to the family's dimension). */
const FAMILIES: Readonly<Record<Family, readonly Spelling[]>> = {
  mass: [
    s('kilogram', 'kg'),
    s('gram', 'g'),
    s('milligram', 'mg'),
    s('metric_ton', 't'),
    s('tonne', 't'),
    s('megagram', 'Mg'),
    s('lb', 'lb'),
    s('kgCO2e', 'kgCO2e'),
    s('tCO2e', 'tCO2e'),
    s('gCO2e', 'gCO2e'),
  ],
  length: [
    s('meter', 'm'),
    s('kilometer', 'km'),
    s('centimeter', 'cm'),
    s('millimeter', 'mm'),
    s('micrometer', 'um', 'µm'),
    s('foot', 'ft'),
    s('inch', 'in'),
    s('mile', 'mi'),
  ],
  area: [s('meter ** 2', 'm ** 2', 'm²'), s('hectare', 'ha'), s('kilometer ** 2', 'km ** 2', 'km²'), s('acre', 'acre')],
  volume: [
    s('meter ** 3', 'm ** 3', 'm³'),
    s('liter', 'l'),
    s('liter', 'L'),
    s('milliliter', 'mL'),
    s('centimeter ** 3', 'cm ** 3', 'cm³'),
    s('gallon', 'gal'),
  ],
  time: [
    s('second', 's'),
    s('minute', 'min'),
    s('hour', 'h'),
    s('day', 'd'),
    s('week', 'week'),
    s('year', 'yr'),
  ],
  energy: [
    s('joule', 'J'),
    s('kilojoule', 'kJ'),
    s('megajoule', 'MJ'),
    s('gigajoule', 'GJ'),
    s('kWh', 'kWh'),
    s('MWh', 'MWh'),
    s('Wh', 'Wh'),
  ],
  power: [s('watt', 'W'), s('kilowatt', 'kW'), s('megawatt', 'MW')],
  pressure: [s('Pa', 'Pa'), s('kPa', 'kPa'), s('bar', 'bar'), s('atm', 'atm'), s('psi', 'psi')],
  temperature: [s('kelvin', 'K'), s('degC', 'degC'), s('degF', 'degF')],
  substance: [s('mole', 'mol'), s('millimole', 'mmol'), s('centimole', 'cmol')],
  current: [s('ampere', 'A'), s('milliampere', 'mA')],
  voltage: [s('volt', 'V'), s('kilovolt', 'kV')],
  activity: [s('Bq', 'Bq'), s('kBq', 'kBq')],
  dose: [s('Sv', 'Sv'), s('mSv', 'mSv'), s('uSv', 'uSv', 'µSv')],
  angle: [s('degree', 'deg'), s('radian', 'rad')],
  ratio: [s('dimensionless', 'dimensionless'), s('percent', '%'), s('ppm', 'ppm'), s('ppb', 'ppb')],
  acidity: [s('pH', 'pH')],
  currency: [s('USD', 'USD')],
};

/** A recipe: a family, or numerator families over denominator families (a product when no denominator). */
type Recipe = Family | { readonly times: readonly Family[]; readonly per?: readonly Family[] };

const LENGTH_KIND: readonly Recipe[] = ['length'];
const RATIO_KIND: readonly Recipe[] = ['ratio'];

/** How the units of each quantity kind are built from the families. */
const RECIPES: Readonly<Record<QuantityKind, readonly Recipe[]>> = {
  acidity: ['acidity', 'ratio'],
  activity_concentration: [{ times: ['activity'], per: ['volume'] }],
  amount_of_substance: ['substance'],
  amount_of_substance_concentration: [{ times: ['substance'], per: ['volume'] }],
  amount_of_substance_per_mass: [{ times: ['substance'], per: ['mass'] }],
  area: ['area'],
  area_carbon_emission_factor: [{ times: ['mass'], per: ['area'] }],
  buffer_ph: ['acidity', 'ratio'],
  bulk_density: [{ times: ['mass'], per: ['volume'] }],
  count: RATIO_KIND,
  currency: ['currency'],
  currency_carbon_emission_factor: [{ times: ['mass'], per: ['currency'] }],
  depth: LENGTH_KIND,
  diameter: LENGTH_KIND,
  diameter_at_breast_height: LENGTH_KIND,
  dimensionless: RATIO_KIND,
  dimensionless_ratio: RATIO_KIND,
  distance: LENGTH_KIND,
  distance_carbon_emission_factor: [{ times: ['mass'], per: ['length'] }],
  dose_equivalent_rate: [{ times: ['dose'], per: ['time'] }],
  electric_current: ['current'],
  elevation: LENGTH_KIND,
  energy: ['energy'],
  energy_carbon_emission_factor: [{ times: ['mass'], per: ['energy'] }],
  energy_density: [{ times: ['energy'], per: ['volume'] }],
  exchangeable_amount_of_substance_per_mass: [{ times: ['substance'], per: ['mass'] }],
  fuel_economy: [{ times: ['length'], per: ['volume'] }],
  height: LENGTH_KIND,
  ionic_strength: [{ times: ['substance'], per: ['volume'] }],
  latitude: ['angle'],
  longitude: ['angle'],
  mass: ['mass'],
  mass_carbon: ['mass'],
  mass_carbon_emission_factor: [{ times: ['mass'], per: ['mass'] }, 'ratio'],
  mass_cdr_potential: [{ times: ['mass'], per: ['mass'] }, 'ratio'],
  mass_concentration: [{ times: ['mass'], per: ['volume'] }],
  mass_density: [{ times: ['mass'], per: ['volume'] }],
  mass_distance: [{ times: ['mass', 'length'] }],
  mass_distance_carbon_emission_factor: [{ times: ['mass'], per: ['mass', 'length'] }],
  mass_energy_density: [{ times: ['energy'], per: ['mass'] }],
  mass_flow_rate: [{ times: ['mass'], per: ['time'] }],
  mass_fraction: [{ times: ['mass'], per: ['mass'] }, 'ratio'],
  mass_fraction_dry_basis: [{ times: ['mass'], per: ['mass'] }, 'ratio'],
  mass_fraction_wet_basis: [{ times: ['mass'], per: ['mass'] }, 'ratio'],
  mass_per_area: [{ times: ['mass'], per: ['area'] }],
  mass_ratio: [{ times: ['mass'], per: ['mass'] }, 'ratio'],
  molality_of_solute: [{ times: ['substance'], per: ['mass'] }],
  molar_mass: [{ times: ['mass'], per: ['substance'] }],
  mole_fraction: [{ times: ['substance'], per: ['substance'] }, 'ratio'],
  partial_pressure: ['pressure'],
  particle_diameter: LENGTH_KIND,
  particle_mass_density: [{ times: ['mass'], per: ['volume'] }],
  power: ['power'],
  pressure: ['pressure'],
  specific_surface_area: [{ times: ['area'], per: ['mass'] }],
  specific_volume: [{ times: ['volume'], per: ['mass'] }],
  temperature: ['temperature'],
  time: ['time'],
  time_emission_factor: [{ times: ['mass'], per: ['time'] }],
  voltage: ['voltage'],
  volume: ['volume'],
  volume_carbon_emission_factor: [{ times: ['mass'], per: ['volume'] }],
  volume_distance_carbon_emission_factor: [{ times: ['mass'], per: ['volume', 'length'] }],
  volume_flow_rate: [{ times: ['volume'], per: ['time'] }],
  volume_fraction: [{ times: ['volume'], per: ['volume'] }, 'ratio'],
  volume_per_area: [{ times: ['volume'], per: ['area'] }, 'length'],
};

type Form = keyof Spelling;
const FORMS: readonly Form[] = ['long', 'short', 'pretty'];
/** Pint's separators: spaced operators in the long and short formats, tight ones in the pretty format. */
const TIMES: Readonly<Record<Form, string>> = { long: ' * ', short: ' * ', pretty: '·' };
const PER: Readonly<Record<Form, string>> = { long: ' / ', short: ' / ', pretty: '/' };

/** Every combination of one unit from each family, as lists of spellings. */
function combinations(families: readonly Family[]): Spelling[][] {
  let out: Spelling[][] = [[]];
  for (const family of families) out = out.flatMap((prefix) => FAMILIES[family].map((u) => [...prefix, u]));
  return out;
}


function spell(recipe: Recipe, form: Form): string[] {
  if (typeof recipe === 'string') return FAMILIES[recipe].map((u) => u[form]);
  const out: string[] = [];
  const denominators = recipe.per === undefined ? [[]] : combinations(recipe.per);
  for (const num of combinations(recipe.times)) {
    const top = num.map((u) => u[form]).join(TIMES[form]);
    for (const den of denominators) {
      out.push([top, ...den.map((u) => u[form])].join(PER[form]));
    }
  }
  return out;
}

const cache = new Map<QuantityKind, readonly string[]>();

/**
 * Every unit string of the engine's unit table accepted for a quantity kind: its named units (and
 * for compound kinds such as `energy_carbon_emission_factor`, every quotient or product of them) in
 * Pint's long, short and pretty formats, without duplicates. Each string reads
 * ({@link parseUnit}) and passes {@link isCompatible} for the kind. The list is built once per kind
 * and frozen.
 *
 * @example
 * `unitsOfKind('energy')` includes `kilowatt_hour` and `kWh`; `unitsOfKind('mass_density')`
 * includes `kilogram / meter ** 3` and `kg/m³`.
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
  for (const recipe of RECIPES[kind]) for (const form of FORMS) for (const text of spell(recipe, form)) seen.add(text);
  const list = Object.freeze([...seen]);
  cache.set(kind, list);
  return list;
}
