/**
 * Serial numbers of credit batches (docs/rules.md#credit-batches [decision]):
 * `<registry>-<n>-<pathway>-<country>-<project code>-<vintage>-<first unit>-<last unit>`,
 * the unit range inclusive, one unit = one kilogram.
 */

/**
 * The parts a serial number is made of.
 * @public
 */
export interface SerialNumberParts {
  /** Code of the registry, e.g. `ISO`. */
  readonly registry_code: string;
  /** The `<n>` part: the issuance's sequence number (see {@link UnitNumbering}). */
  readonly issuance_sequence: number;
  /** Code of the removal pathway, e.g. `BSTORE`. */
  readonly pathway_code: string;
  /** ISO 3166-1 alpha-3 country of issue. */
  readonly country_of_issue: string;
  /** The project's short code, e.g. `F5X7`. */
  readonly project_code: string;
  /** Year of `sequestered_on`. */
  readonly vintage: number;
  /** First unit (kg) of the range, inclusive. */
  readonly first_unit: bigint;
  /** Last unit (kg) of the range, inclusive. */
  readonly last_unit: bigint;
}

/**
 * Renders a serial number from its parts; a host may replace the default format.
 * @public
 */
export type SerialNumberFormatter = (parts: SerialNumberParts) => string;

/**
 * How unit numbers and the `<n>` part are assigned at issuance.
 * - `per_project` (default): `<n>` counts the issuances of the project (1, 2, ...) and units
 *   continue from the project's previous issuance, so a unit number names one kilogram of the
 *   project for good.
 * - `per_issuance`: `<n>` counts every issuance of the ledger and each issuance numbers its units
 *   from 1.
 * Either way the ranges within one issuance follow the entry order (supplier batch, then
 * buffer-pool batch) and never overlap.
 * @public
 */
export type UnitNumbering = 'per_project' | 'per_issuance';

/**
 * The default serial number format of docs/rules.md#credit-batches.
 * @public
 */
export const formatSerialNumber: SerialNumberFormatter = (parts) =>
  [
    parts.registry_code,
    parts.issuance_sequence,
    parts.pathway_code,
    parts.country_of_issue,
    parts.project_code,
    parts.vintage,
    parts.first_unit,
    parts.last_unit,
  ].join('-');

/** The eight groups of a match of {@link SERIAL}. */
type SerialGroups = [string, string, string, string, string, string, string, string];

const SERIAL = /^([A-Za-z0-9]+)-(\d+)-([A-Za-z0-9]+)-([A-Z]{3})-([A-Za-z0-9]+)-(\d{4})-(\d+)-(\d+)$/;

/**
 * Reads a serial number written in the default format; `undefined` when it is not one.
 * @public
 */
export function parseSerialNumber(serial: string): SerialNumberParts | undefined {
  const match = SERIAL.exec(serial);
  if (match === null) return undefined;
  // Every group of SERIAL is mandatory, so a match defines all eight.
  const [registry, n, pathway, country, project, vintage, first, last] = match.slice(1) as SerialGroups;
  return {
    registry_code: registry,
    issuance_sequence: Number(n),
    pathway_code: pathway,
    country_of_issue: country,
    project_code: project,
    vintage: Number(vintage),
    first_unit: BigInt(first),
    last_unit: BigInt(last),
  };
}

/** A code that can stand in a serial number: letters and digits only, since `-` separates parts. */
export const SERIAL_CODE = /^[A-Za-z0-9]{1,32}$/;
