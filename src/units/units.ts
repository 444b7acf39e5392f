/**
 * Public unit API: cached parsing, conversion of magnitudes and standard deviations to SI and
 * between units, and the unit check of a quantity kind (docs/rules.md#units-and-quantity-kinds). The one check of a
 * unit against a quantity kind is {@link isCompatible}.
 */
import type { QuantityKind } from '../model/quantity-kinds';
import { dimensionsEqual, formatDimension } from './dimension';
import { QUANTITY_KIND_DIMENSIONS } from './quantity-kind-dimensions';
import { scaledBy } from './si-value';
import { parseUnitUncached, UnitError, type ParsedUnit } from './unit-parser';

/**
 * Most distinct unit strings kept in the parse cache. When a new string would pass this many (only
 * reachable with hostile input), the cache is emptied and starts again: memory stays bounded and a
 * long-running service filled with junk strings still caches the units it really reads.
 * **[decision]**
 * @public
 */
export const UNIT_CACHE_LIMIT = 10_000;

const cache = new Map<string, ParsedUnit | UnitError>();

function lookup(unit: string): ParsedUnit | UnitError {
  const hit = cache.get(unit);
  if (hit !== undefined) return hit;
  let result: ParsedUnit | UnitError;
  try {
    result = parseUnitUncached(unit);
  } catch (e) {
    if (!(e instanceof UnitError)) throw e;
    result = e;
  }
  if (typeof unit === 'string') {
    if (cache.size >= UNIT_CACHE_LIMIT) cache.clear();
    cache.set(unit, result);
  }
  return result;
}

/**
 * Reads a unit string as Pint's default registry does (docs/rules.md#units-and-quantity-kinds): Pint's names,
 * symbols and aliases with any prefix and a plural `s` (`kilowatt_hour`, `kWh`, `tonnes`), products,
 * quotients and powers (`kg/m**3`, `kg/m^3`, `kgCO2e/(tonne * km)`), Pint's pretty format (`kg/m³`,
 * `°C`, `‰`), the empty string for dimensionless, and the service's own names (`kgCO2e`, `USD`,
 * `kt`, `pH`, ...) listed with every other departure from Pint in {@link UNIT_DEPARTURES}.
 * Case-sensitive, as Pint is. Each distinct string is read once and kept (up to
 * {@link UNIT_CACHE_LIMIT} strings); later calls return the identical cached object.
 * @throws {@link UnitError} naming the unit string when it cannot be read.
 * @public
 */
export function parseUnit(unit: string): ParsedUnit {
  const r = lookup(unit);
  if (r instanceof UnitError) throw new UnitError(r.unit, r.message);
  return r;
}

/**
 * Like {@link parseUnit} but returns `undefined` for a unit string that cannot be read.
 * @public
 */
export function tryParseUnit(unit: string): ParsedUnit | undefined {
  const r = lookup(unit);
  return r instanceof UnitError ? undefined : r;
}

/**
 * Number of distinct unit strings (readable or not) in the parse cache.
 * @public
 */
export function unitCacheSize(): number {
  return cache.size;
}

/**
 * A magnitude with its standard deviation, in SI units.
 * @public
 */
export interface SIQuantity {
  /** magnitude * scale + offset */
  readonly magnitude: number;
  /** null when the input standard deviation was null or undefined */
  readonly standard_deviation: number | null;
}

/**
 * Converts a magnitude and its standard deviation from `unit` to SI. The magnitude maps by
 * `magnitude * scale + offset`; the standard deviation by `|scale|` only (an offset unit such as
 * degC shifts the magnitude but never the standard deviation, and the sign never changes). A null
 * or undefined standard deviation stays null.
 * @throws {@link UnitError} when the unit cannot be read.
 * @public
 */
export function toSI(magnitude: number, standardDeviation: number | null | undefined, unit: string): SIQuantity {
  const u = parseUnit(unit);
  return {
    magnitude: scaledBy(magnitude, u.scale) + u.offset,
    standard_deviation: standardDeviation == null ? null : scaledBy(standardDeviation, Math.abs(u.scale)),
  };
}

function compatiblePair(fromUnit: string, toUnit: string): [ParsedUnit, ParsedUnit] {
  const from = parseUnit(fromUnit);
  const to = parseUnit(toUnit);
  if (!dimensionsEqual(from.dimension, to.dimension)) {
    throw new UnitError(
      fromUnit,
      `cannot convert from '${fromUnit}' (${formatDimension(from.dimension)}) to '${toUnit}' (${formatDimension(to.dimension)}): the dimensions differ`,
    );
  }
  return [from, to];
}

/**
 * Converts a magnitude between two units of the same dimension, offsets included
 * (`convert(0, 'degC', 'degF')` is 32).
 * @throws {@link UnitError} when a unit cannot be read or the dimensions differ (the message names
 * both units and their dimensions).
 * @public
 */
export function convert(magnitude: number, fromUnit: string, toUnit: string): number {
  const [from, to] = compatiblePair(fromUnit, toUnit);
  if (from === to) return magnitude;
  return (magnitude * from.scale + from.offset - to.offset) / to.scale;
}

/**
 * Converts a standard deviation between two units of the same dimension by the ratio of their
 * scales only (no offset, never a change of sign). A null or undefined input gives null.
 * @throws {@link UnitError} as {@link convert}.
 * @public
 */
export function convertStandardDeviation(standardDeviation: number, fromUnit: string, toUnit: string): number;
/**
 * Null-tolerant form of `convertStandardDeviation`: null or undefined gives null.
 * @public
 */
export function convertStandardDeviation(standardDeviation: number | null | undefined, fromUnit: string, toUnit: string): number | null;
export function convertStandardDeviation(standardDeviation: number | null | undefined, fromUnit: string, toUnit: string): number | null {
  const [from, to] = compatiblePair(fromUnit, toUnit);
  if (standardDeviation == null) return null;
  if (from === to) return standardDeviation;
  return standardDeviation * Math.abs(from.scale / to.scale);
}

/**
 * Outcome of {@link isCompatible}: the parsed unit, or a message naming the unit, the quantity kind
 * and the expected dimension.
 * @public
 */
export type UnitCheck = { readonly ok: true; readonly unit: ParsedUnit } | { readonly ok: false; readonly message: string };

/**
 * Whether `unit` is a unit of quantity kind `kind`, i.e. reads and has the kind's dimension
 * ({@link dimensionOfQuantityKind}). Never throws.
 *
 * @example
 * `isCompatible('kWh', 'mass')` fails with the message
 * `unit 'kWh' is not a unit of quantity kind 'mass' (expected dimension mass, got mass·length^2·time^-2)`.
 * @public
 */
export function isCompatible(unit: string, kind: QuantityKind): UnitCheck {
  const expected = Object.prototype.hasOwnProperty.call(QUANTITY_KIND_DIMENSIONS, kind) ? QUANTITY_KIND_DIMENSIONS[kind] : undefined;
  if (expected === undefined) return { ok: false, message: `unknown quantity kind '${String(kind)}'` };
  const r = lookup(unit);
  if (r instanceof UnitError) {
    return {
      ok: false,
      message: `${r.message} (quantity kind '${kind}' expects dimension ${formatDimension(expected)})`,
    };
  }
  if (!dimensionsEqual(r.dimension, expected)) {
    return {
      ok: false,
      message: `unit '${unit}' is not a unit of quantity kind '${kind}' (expected dimension ${formatDimension(expected)}, got ${formatDimension(r.dimension)})`,
    };
  }
  return { ok: true, unit: r };
}
