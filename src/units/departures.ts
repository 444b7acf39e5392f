/**
 * Every place where the engine reads a unit string otherwise than Pint's default registry (Pint
 * 0.19, the reference of docs/rules.md#units-and-quantity-kinds), in one table, each with its reason. Names the
 * service defines (CO2e masses, USD, kt, pH), names newer Pint defines, names the engine keeps from
 * before Pint became the reference, Pint names it refuses, and the rules of reading that differ.
 * src/units/unit-names.ts reads the defined and refused names from here; docs/units.md shows the
 * table.
 */

/** What a departure is. @public */
export type UnitDepartureKind =
  /** a name of the service, defined by the engine (it wins over Pint's reading) */
  | 'service'
  /** a name newer Pint defines and Pint 0.19 lacks */
  | 'newer_pint'
  /** a spelling the engine reads and Pint refuses */
  | 'extension'
  /** a name Pint reads that the engine refuses */
  | 'refused'
  /** a rule of reading that differs from Pint's */
  | 'rule';

/**
 * One departure from Pint's reading of unit strings.
 * @public
 */
export interface UnitDeparture {
  /** What the departure is: a name of the service, of newer Pint, an extension, a refusal, a rule. */
  readonly kind: UnitDepartureKind;
  /**
   * For a defined or refused unit, its spellings as in the unit table: name, symbol (`_` when none)
   * and aliases, separated by spaces. For a rule, an example.
   */
  readonly spellings: string;
  /** How Pint 0.19 reads these spellings. */
  readonly pint: string;
  /** What the engine does instead, and why. */
  readonly reason: string;
  /**
   * For a unit the engine defines: its definition, as in the unit table (a factor and other units,
   * mathjs's own unit of that name, or a new base dimension of mathjs).
   */
  readonly definition?: string | { readonly mathjs: string } | { readonly base: string };
}

/**
 * The departures from Pint's reading of unit strings (docs/rules.md#units-and-quantity-kinds: the service's names
 * win where they and Pint disagree; nothing else departs from Pint without a row here).
 * @public
 */
export const UNIT_DEPARTURES: readonly UnitDeparture[] = [
  {
    kind: 'service',
    spellings: 'gCO2e',
    definition: 'gram',
    pint: 'not a unit',
    reason: 'grams of CO2 equivalent, a mass; Pint prefixes apply, so kgCO2e and kilogCO2e are kilograms',
  },
  {
    kind: 'service',
    spellings: 'tCO2e',
    definition: 'metric_ton',
    pint: 'not a unit',
    reason: 'tonnes of CO2 equivalent, a mass; with prefixes ktCO2e, MtCO2e, GtCO2e',
  },
  {
    kind: 'service',
    spellings: 'CO2e',
    definition: '1',
    pint: 'not a unit',
    reason: 'a label after a mass (`kg CO2e`, `t CO2e / MWh`): a pure number 1, so the quantity stays a mass',
  },
  {
    kind: 'service',
    spellings: 'kilotonne kt',
    definition: '1e6 kg',
    pint: 'kt is the knot (a speed); Pint itself writes a kilotonne (kilometric_ton) as kt in its short format',
    reason: 'the service writes kt for kilotonnes of carbon; no quantity kind is a speed',
  },
  {
    kind: 'service',
    spellings: 'pH',
    definition: '1',
    pint: 'picohenry (an inductance)',
    reason: 'acidity and buffer_ph are pH values, pure numbers',
  },
  {
    kind: 'service',
    spellings: 'USD',
    definition: { base: 'CURRENCY' },
    pint: 'not a unit',
    reason: 'US dollars, the currency of the service; money is a base dimension of its own, convertible to nothing physical',
  },
  {
    kind: 'newer_pint',
    spellings: 'percent %',
    definition: '0.01',
    pint: 'not a unit in 0.19 (Pint 0.21 and later define percent = 0.01 = %)',
    reason: 'as newer Pint',
  },
  {
    kind: 'newer_pint',
    spellings: 'permille ‰',
    definition: '0.001',
    pint: 'not a unit in 0.19 (Pint 0.24.2 and later define permille = 0.001 = ‰)',
    reason: 'as newer Pint',
  },
  {
    kind: 'newer_pint',
    spellings: 'ppm _ parts_per_million',
    definition: '1e-6',
    pint: 'not a unit in 0.19 (Pint 0.21 and later define ppm = 1e-6)',
    reason: "as newer Pint; parts_per_million is the service's long name for it",
  },
  {
    kind: 'extension',
    spellings: 'ppb',
    definition: '1e-9',
    pint: 'not a unit',
    reason: 'parts per billion, read by the engine before Pint became the reference',
  },
  {
    kind: 'extension',
    spellings: 'molal',
    definition: 'mole kg^-1',
    pint: 'not a unit',
    reason: 'moles per kilogram of solvent (molality_of_solute), read by the engine before Pint became the reference',
  },
  {
    kind: 'extension',
    spellings: 'mpg',
    definition: 'mile gallon^-1',
    pint: 'not a unit',
    reason: 'miles per US gallon (fuel_economy), read by the engine before Pint became the reference',
  },
  {
    kind: 'extension',
    spellings: 'cubic_meter _ cubic_metre',
    definition: 'meter^3',
    pint: 'not a unit (Pint reads `cubic meter`, with a space)',
    reason: "the service's long name, as Pint's own cubic_centimeter and cubic_foot",
  },
  {
    kind: 'extension',
    spellings: 'square_meter _ square_metre',
    definition: 'meter^2',
    pint: 'not a unit (Pint reads `square meter`, with a space)',
    reason: "as cubic_meter, like Pint's own square_foot",
  },
  {
    kind: 'extension',
    spellings: 'm2 m3 cm3 km2 mm3',
    pint: 'not a unit',
    reason: "mathjs's names of the squared and cubed metre, with any SI prefix, read by the engine before Pint became the reference",
  },
  {
    kind: 'extension',
    spellings: 'L/100km',
    pint: 'refused: a unit expression cannot have a scaling factor',
    reason: 'a positive number is a factor (`100km` glued is one factor, so L/100km is litres per 100 km)',
  },
  {
    kind: 'extension',
    spellings: 'Δ°C Δ°F Δ°Re',
    pint: 'Pint writes these in its pretty format but 0.19 cannot read them back',
    reason: 'read as the temperature differences delta_degC, delta_degF, delta_degRe',
  },
  {
    kind: 'extension',
    spellings: 'μm',
    pint: 'Pint 0.19 reads the micro sign µ (U+00B5) and u as micro, not the Greek letter μ (U+03BC)',
    reason: 'the Greek μ is also micro, as in newer Pint',
  },
  {
    kind: 'refused',
    spellings: 'decibel dB',
    pint: 'a logarithmic unit',
    reason: 'logarithmic units have no factor and offset to SI',
  },
  {
    kind: 'refused',
    spellings: 'decibelmilliwatt dBm',
    pint: 'a logarithmic unit',
    reason: 'logarithmic units have no factor and offset to SI',
  },
  {
    kind: 'refused',
    spellings: 'decibelmicrowatt dBu',
    pint: 'a logarithmic unit',
    reason: 'logarithmic units have no factor and offset to SI',
  },
  {
    kind: 'refused',
    spellings: 'decade',
    pint: 'a logarithmic unit (not ten years)',
    reason: 'logarithmic units have no factor and offset to SI',
  },
  { kind: 'refused', spellings: 'octave oct', pint: 'a logarithmic unit', reason: 'logarithmic units have no factor and offset to SI' },
  { kind: 'refused', spellings: 'neper Np', pint: 'a logarithmic unit', reason: 'logarithmic units have no factor and offset to SI' },
  {
    kind: 'refused',
    spellings: 'pixel _ dot pel picture_element',
    pint: 'the base unit of a printing dimension',
    reason: 'no quantity kind has the printing dimension',
  },
  {
    kind: 'refused',
    spellings: 'pixels_per_centimeter PPCM',
    pint: 'a printing resolution',
    reason: 'no quantity kind has the printing dimension',
  },
  {
    kind: 'refused',
    spellings: 'pixels_per_inch dots_per_inch PPI ppi DPI printers_dpi',
    pint: 'a printing resolution',
    reason: 'no quantity kind has the printing dimension',
  },
  { kind: 'refused', spellings: 'bits_per_pixel bpp', pint: 'a colour depth', reason: 'no quantity kind has the printing dimension' },
  {
    kind: 'refused',
    spellings: 'electron_g_factor g_e',
    pint: 'the number -2.0023',
    reason: 'a unit must have a positive factor, or magnitudes would change sign',
  },
  {
    kind: 'rule',
    spellings: 'J/kg K',
    pint: 'J·K/kg (a space multiplies after the division)',
    reason:
      "refused as ambiguous: people who write it mean J/(kg·K); write J/(kg K), J/kg/K or J/(kg*K). Pint's own formats never write it",
  },
  {
    kind: 'rule',
    spellings: 'k,g',
    pint: 'kg (Pint deletes commas)',
    reason: 'refused: a comma in a unit string is a mistake, not a spelling',
  },
  {
    kind: 'rule',
    spellings: 'kilodegC',
    pint: 'a prefixed temperature scale',
    reason: 'refused: a prefix on an offset unit has no agreed meaning',
  },
  {
    kind: 'rule',
    spellings: 'radian degree turn steradian',
    pint: 'dimensionless',
    reason: 'angle is a base dimension of its own, so that latitude and longitude take angles and a ratio kind never takes degrees',
  },
];
