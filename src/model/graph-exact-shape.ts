/**
 * Exact-shape checks of the three large collections of a removal graph document (`datapoints`,
 * `components`, `ghg_entries`), a fast path beside `removalGraphSchema`: a big document is 100,000s
 * of such items, and parsing them with zod builds a full copy of each.
 *
 * A check accepts an item only when zod would accept it and return an equal value: every field of
 * the right type and in range, no key that zod would strip (unknown keys of the nested objects that
 * are not passthrough: a quantity, a component input, an attribution), no `__proto__` own key
 * (which zod leaves out of its copy), and the prototypes of zod's copies (Object.prototype, and
 * Array.prototype for arrays). The item schemas of these collections have no defaults and no
 * transforms, so an accepted item can stand in for zod's copy. Anything else (a wrong type, NaN,
 * an extra nested key, ...) is left to zod, the validator of record, which then reports every
 * problem with its path.
 *
 * The checks read each field once, as zod does; they assume data properties (JSON-like data), not
 * getters that answer differently from one read to the next.
 *
 * Internal: not exported from the package.
 */
import { z } from 'zod';
import { removalGraphSchema, type RemovalGraph } from './graph';

const OBJECT_PROTOTYPE: unknown = Object.prototype;
const ARRAY_PROTOTYPE: unknown = Array.prototype;
const hasOwn = Object.prototype.hasOwnProperty;

/**
 * A non-array object whose prototype is Object.prototype, like zod's copy of it. An own
 * `__proto__` key (which JSON.parse can create and zod leaves out) is ruled out by the callers: by
 * {@link hasNoProtoKey} for a passthrough object, by the list of known keys for the others.
 */
function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === OBJECT_PROTOTYPE;
}

/** An array whose prototype is Array.prototype, like zod's copy of it. */
function isPlainArray(value: unknown): value is unknown[] {
  return Array.isArray(value) && Object.getPrototypeOf(value) === ARRAY_PROTOTYPE;
}

/** Whether an object has no own `__proto__` key. */
function hasNoProtoKey(value: object): boolean {
  return !hasOwn.call(value, '__proto__');
}

/** `z.string().min(1)`. */
function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

/** `z.number().nullable().optional()` (zod numbers are finite). */
function isOptionalNumber(value: unknown): boolean {
  return value === undefined || value === null || Number.isFinite(value);
}

/** Datapoint: `graphDatapointSchema` (passthrough) with its `graphQuantitySchema` (strips). */
function isExactDatapoint(value: unknown): boolean {
  if (!isPlainRecord(value) || !hasNoProtoKey(value)) return false;
  if (!isNonEmptyString(value['id'])) return false;
  const justification = value['uncertainty_justification'];
  if (justification !== undefined && justification !== null && typeof justification !== 'string') return false;
  const quantity = value['quantity'];
  if (!isPlainRecord(quantity)) return false;
  if (!Number.isFinite(quantity['magnitude'])) return false;
  if (typeof quantity['unit'] !== 'string') return false;
  if (!isOptionalNumber(quantity['standard_deviation'])) return false;
  for (const key in quantity) {
    if (key !== 'magnitude' && key !== 'unit' && key !== 'standard_deviation') return false;
  }
  return true;
}

/** Component input: `graphComponentInputSchema` (strips). */
function isExactComponentInput(value: unknown): boolean {
  if (!isPlainRecord(value)) return false;
  if (!isNonEmptyString(value['input_key'])) return false;
  const ids = value['datapoint_ids'];
  if (ids !== undefined) {
    if (!isPlainArray(ids)) return false;
    for (let k = 0; k < ids.length; k++) if (!isNonEmptyString(ids[k])) return false;
  }
  const id = value['datapoint_id'];
  if (id !== undefined && !isNonEmptyString(id)) return false;
  for (const key in value) {
    if (key !== 'input_key' && key !== 'datapoint_ids' && key !== 'datapoint_id') return false;
  }
  return true;
}

/** Component: `graphComponentSchema` (passthrough). */
function isExactComponent(value: unknown): boolean {
  if (!isPlainRecord(value) || !hasNoProtoKey(value)) return false;
  if (!isNonEmptyString(value['id']) || !isNonEmptyString(value['blueprint_key'])) return false;
  const inputs = value['inputs'];
  if (!isPlainArray(inputs)) return false;
  for (let i = 0; i < inputs.length; i++) if (!isExactComponentInput(inputs[i])) return false;
  return true;
}

/** Attribution: `graphAttributionSchema` (strips). */
function isExactAttribution(value: unknown): boolean {
  if (!isPlainRecord(value)) return false;
  if (!isNonEmptyString(value['component_id'])) return false;
  const factor = value['attribution_factor'];
  if (factor !== undefined && factor !== null && !(Number.isFinite(factor) && (factor as number) > 0 && (factor as number) <= 1)) return false;
  const legacy = value['attribution_factor_datapoint_id'];
  if (legacy !== undefined && legacy !== null && !isNonEmptyString(legacy)) return false;
  for (const key in value) {
    if (key !== 'component_id' && key !== 'attribution_factor' && key !== 'attribution_factor_datapoint_id') return false;
  }
  return true;
}

/** GHG entry: `graphGhgEntrySchema` (passthrough). */
function isExactGhgEntry(value: unknown): boolean {
  if (!isPlainRecord(value) || !hasNoProtoKey(value)) return false;
  if (!isNonEmptyString(value['id'])) return false;
  const risk = value['risk_of_reversal_percentage'];
  if (risk !== undefined && risk !== null && !(Number.isFinite(risk) && (risk as number) >= 0 && (risk as number) <= 100)) return false;
  const attributions = value['component_attributions'];
  if (!isPlainArray(attributions)) return false;
  for (let a = 0; a < attributions.length; a++) if (!isExactAttribution(attributions[a])) return false;
  return true;
}

/**
 * Whether every item of the three arrays has exactly its schema's shape, so that zod would accept
 * it and return an equal copy. Arrays, not items: the caller checks that they are arrays.
 */
export function graphItemsHaveExactShape(datapoints: readonly unknown[], components: readonly unknown[], ghgEntries: readonly unknown[]): boolean {
  // One loop per collection, so that each call site sees one check.
  for (let d = 0; d < datapoints.length; d++) if (!isExactDatapoint(datapoints[d])) return false;
  for (let c = 0; c < components.length; c++) if (!isExactComponent(components[c])) return false;
  for (let e = 0; e < ghgEntries.length; e++) if (!isExactGhgEntry(ghgEntries[e])) return false;
  return true;
}

/**
 * The document schema with the three large arrays taken as they are (the same array, not a copy
 * of each item): their items are checked by {@link graphItemsHaveExactShape} instead.
 */
const graphWithUncheckedItemsSchema = removalGraphSchema.extend({
  datapoints: z.custom<unknown[]>((value) => Array.isArray(value)),
  components: z.custom<unknown[]>((value) => Array.isArray(value)),
  ghg_entries: z.custom<unknown[]>((value) => Array.isArray(value)),
});

/** Outcome of {@link safeParseRemovalGraph}. */
export type RemovalGraphParse =
  | { readonly success: true; readonly data: RemovalGraph; readonly sharesCallerItems: boolean }
  | { readonly success: false; readonly error: z.ZodError };

/**
 * `removalGraphSchema.safeParse(document)`, without copying the items of the three large arrays
 * when every one of them has exactly its schema's shape (`sharesCallerItems`: the result's
 * `datapoints`, `components` and `ghg_entries` then hold the caller's own item objects, equal to
 * what zod would have returned, in arrays of their own, so that adding or removing items of the
 * document later does not reach the result). The rest of the document (blueprints, statements,
 * projects, the top level) always goes through zod. Whenever the fast path does not apply, or
 * anything is wrong, the document is parsed by `removalGraphSchema` as a whole, so problems are
 * zod's, in zod's order.
 */
export function safeParseRemovalGraph(document: unknown, fastPath = true): RemovalGraphParse {
  if (fastPath && typeof document === 'object' && document !== null && !Array.isArray(document)) {
    const { datapoints, components, ghg_entries: ghgEntries } = document as Record<string, unknown>;
    if (isPlainArray(datapoints) && isPlainArray(components) && isPlainArray(ghgEntries) && graphItemsHaveExactShape(datapoints, components, ghgEntries)) {
      const rest = graphWithUncheckedItemsSchema.safeParse(document);
      // The same arrays as checked (a getter could answer differently on zod's read).
      if (rest.success && rest.data.datapoints === datapoints && rest.data.components === components && rest.data.ghg_entries === ghgEntries) {
        // zod's fresh top level, with shallow copies of the arrays (a few MB of pointers at most).
        const data = rest.data as { datapoints: unknown[]; components: unknown[]; ghg_entries: unknown[] };
        data.datapoints = datapoints.slice();
        data.components = components.slice();
        data.ghg_entries = ghgEntries.slice();
        return { success: true, data: data as RemovalGraph, sharesCallerItems: true };
      }
    }
  }
  const parsed = removalGraphSchema.safeParse(document);
  return parsed.success ? { success: true, data: parsed.data, sharesCallerItems: false } : { success: false, error: parsed.error };
}
