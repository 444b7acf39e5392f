/**
 * What the service's request bodies share (docs/service.md#routes): the "not provided" value
 * `{"__typename": "Undefined"}` read as a field that was not sent, the quantity
 * of a body, a display name's bounds and the one-or-many list. Each resource's bodies are in
 * src/adapter/resources/<resource>/schemas.ts; bodies are strict (docs/rules.md#service-behaviour):
 * every object refuses a key it does not define (`extra_forbidden` at the key's `loc`).
 */
import * as z from 'zod';
import { laxNumber, standardDeviationSchema } from './shapes';

/** A `display_name` in a request body: 1 to 100 characters. */
export const displayNameSchema = z.string().min(1).max(100);

/**
 * Whether `value` is the OpenAPI's "not provided" value `{"__typename": "Undefined"}`.
 */
export function isNotProvided(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && keys[0] === '__typename' && (value as { __typename?: unknown }).__typename === 'Undefined';
}

/**
 * An optional body field that also takes the OpenAPI's "not provided" value
 * `{"__typename": "Undefined"}` (declared as `anyOf [..., Undefined]` there), read as absent.
 * @param schema - the schema of the field's value when it is sent
 */
export function notSent<T extends z.ZodType>(schema: T) {
  return z
    .preprocess((value) => (isNotProvided(value) ? undefined : value), schema.optional())
    .optional()
    .meta({ notSent: true });
}

/**
 * Schema of a ScalarQuantity in a request body: `{magnitude, unit, standard_deviation}`, strict.
 * The unit is any string here; the handler checks it against the field's quantity kind, as a
 * datapoint's unit is checked (docs/rules.md#service-behaviour), so a wrong unit is a 422 at the field's `unit`.
 * @public
 */
export const requestQuantitySchema = z.strictObject({
  magnitude: laxNumber(),
  unit: z.string(),
  standard_deviation: standardDeviationSchema.nullable().optional(),
});
/** A quantity in a request body. */
export type RequestQuantity = z.infer<typeof requestQuantitySchema>;

// ---------------------------------------------------------------------------------------------
// Components and their inputs.
