/**
 * The fields the world document's collections share (docs/rules.md#world-document-and-test-helpers):
 * dates, texts, a client reference, a quantity, an owner, a serial-number code; each resource's
 * `world.ts` builds its records from them and world/world-schema.ts the document's own collections.
 */
import * as z from 'zod';
import { idSchema } from '../../model';
import { countryCodeSchema, dateSchema, dateTimeSchema } from '../../model/shapes';
import type { QuantityRow } from '../store/stored';

// The date, date-time and country checks take any value (to answer a wrong type in the service's
// words), so zod infers `unknown` as their input; the world document's type declares a string.
/** A `YYYY-MM-DD` date. */
export const date = dateSchema as z.ZodType<z.output<typeof dateSchema>, string>;
/** A UTC date-time. */
export const dateTime = dateTimeSchema as z.ZodType<z.output<typeof dateTimeSchema>, string>;
/** An ISO 3166-1 alpha-3 country code. */
export const countryCode = countryCodeSchema as z.ZodType<z.output<typeof countryCodeSchema>, string>;

/** A text. */
export const text = z.string();
/** A text that may be null or left out. */
export const optionalText = z.string().nullable().optional();
/** A client reference, unique per supplier. */
export const reference = z.string().min(1).max(200).nullable().optional();
/** A quantity in a world document. */
export const quantity = z.object({
  /** The value. */
  magnitude: z.number().refine(Number.isFinite, 'must be a finite number'),
  /** Its unit, e.g. `t` or `kgCO2e/kWh`. */
  unit: z.string(),
  /** Standard deviation in the same unit; null or absent: not part of the variance propagation. */
  standard_deviation: z.number().gte(0).nullable().optional(),
});
/** The `org_` id of an organisation. */
export const owner = idSchema('organisation');
/** A code in serial numbers: 1 to 32 letters or digits. */
export const serialCode = z.string().regex(/^[A-Za-z0-9]{1,32}$/, 'must be 1 to 32 letters or digits');

/** A world quantity as a row stores it. */
export function quantityRow(q: { magnitude: number; unit: string; standard_deviation?: number | null | undefined }): QuantityRow {
  return { magnitude: q.magnitude, unit: q.unit, standard_deviation: q.standard_deviation ?? null };
}
