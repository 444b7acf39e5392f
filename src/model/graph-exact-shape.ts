/**
 * Exact-shape checks of the three large collections of a removal graph document (`datapoints`,
 * `components`, `ghg_entries`), a fast path beside `removalGraphSchema`: a big document is 100,000s
 * of such items, and parsing them with zod builds a full copy of each.
 *
 * A check accepts an item only when zod would accept it and return an equal value: every field of
 * the right type and in range, no key the strict schemas do not define (an own `__proto__` key
 * included), and the prototypes of zod's copies (Object.prototype, and Array.prototype for
 * arrays). Each object's keys are read once, in one `switch` over the known names, so that an
 * unknown key costs nothing more than a known one. The item schemas of these collections have no
 * defaults and no transforms, so an accepted item can stand in for zod's copy. Anything else (a
 * wrong type, NaN, an unknown key, ...) is left to zod, the validator of record, which then
 * reports every problem with its path.
 *
 * The checks read each field once, as zod does; they assume data properties (JSON-like data), not
 * getters that answer differently from one read to the next.
 *
 * Internal: not exported from the package.
 */
import * as z from 'zod';
import { isCalendarDate } from './calendar-date';
import { removalGraphSchema, type RemovalGraph } from './graph';
import { builtSchema, lazySchema } from './lazy-schema';

const OBJECT_PROTOTYPE: unknown = Object.prototype;
const ARRAY_PROTOTYPE: unknown = Array.prototype;

/**
 * A non-array object whose prototype is Object.prototype, like zod's copy of it. An own
 * `__proto__` key (which JSON.parse can create and zod refuses as unknown) is ruled out by the
 * callers' lists of known keys.
 */
function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === OBJECT_PROTOTYPE;
}

/** An array whose prototype is Array.prototype, like zod's copy of it. */
function isPlainArray(value: unknown): value is unknown[] {
  return Array.isArray(value) && Object.getPrototypeOf(value) === ARRAY_PROTOTYPE;
}

/** `z.string().min(1)`. */
function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

/** `z.number().nullable().optional()` (zod numbers are finite). */
function isOptionalNumber(value: unknown): boolean {
  return value === undefined || value === null || Number.isFinite(value);
}

/** `z.string().nullable().optional()`: the service fields kept as given. */
function isOptionalText(value: unknown): boolean {
  return value === undefined || value === null || typeof value === 'string';
}

/** `z.array(z.string().min(1))` (`nonEmpty`) or `z.array(z.string())`, as a plain array. */
function isStringArray(value: unknown, nonEmpty: boolean): boolean {
  if (!isPlainArray(value)) return false;
  for (let k = 0; k < value.length; k++) {
    const item = value[k];
    if (typeof item !== 'string' || (nonEmpty && item.length === 0)) return false;
  }
  return true;
}

/** The graph schema's date, nullable and optional. */
function isOptionalDate(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && DATE_SHAPE.test(value) && isCalendarDate(value));
}
const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/** Quantity: `graphQuantitySchema`. */
function isExactQuantity(quantity: unknown): boolean {
  if (!isPlainRecord(quantity)) return false;
  if (!Number.isFinite(quantity['magnitude'])) return false;
  if (typeof quantity['unit'] !== 'string') return false;
  for (const key in quantity) {
    switch (key) {
      case 'magnitude':
      case 'unit':
        continue;
      case 'standard_deviation':
        if (!isOptionalNumber(quantity[key])) return false;
        continue;
      default:
        return false;
    }
  }
  return true;
}

/** Datapoint: `graphDatapointSchema`. */
function isExactDatapoint(value: unknown): boolean {
  if (!isPlainRecord(value)) return false;
  if (!isNonEmptyString(value['id'])) return false;
  if (!isExactQuantity(value['quantity'])) return false;
  for (const key in value) {
    switch (key) {
      case 'id':
      case 'quantity':
        continue;
      case 'uncertainty_justification':
      case 'display_name':
      case 'description':
      case 'project_id':
      case 'measured_at':
      case 'supplier_reference_id':
      case 'type':
      case 'locked_status':
        if (!isOptionalText(value[key])) return false;
        continue;
      case 'source_ids': {
        const ids = value[key];
        if (ids !== undefined && !isStringArray(ids, false)) return false;
        continue;
      }
      default:
        return false;
    }
  }
  return true;
}

/** Component input: `graphComponentInputSchema`. */
function isExactComponentInput(value: unknown): boolean {
  if (!isPlainRecord(value)) return false;
  if (!isNonEmptyString(value['input_key'])) return false;
  for (const key in value) {
    switch (key) {
      case 'input_key':
        continue;
      case 'datapoint_ids': {
        const ids = value[key];
        if (ids !== undefined && !isStringArray(ids, true)) return false;
        continue;
      }
      case 'datapoint_id': {
        const id = value[key];
        if (id !== undefined && !isNonEmptyString(id)) return false;
        continue;
      }
      case '__typename': {
        const name = value[key];
        if (name !== undefined && typeof name !== 'string') return false;
        continue;
      }
      default:
        return false;
    }
  }
  return true;
}

/** Component: `graphComponentSchema`. */
function isExactComponent(value: unknown): boolean {
  if (!isPlainRecord(value)) return false;
  if (!isNonEmptyString(value['id']) || !isNonEmptyString(value['blueprint_key'])) return false;
  const inputs = value['inputs'];
  if (!isPlainArray(inputs)) return false;
  for (let i = 0; i < inputs.length; i++) if (!isExactComponentInput(inputs[i])) return false;
  for (const key in value) {
    switch (key) {
      case 'id':
      case 'blueprint_key':
      case 'inputs':
        continue;
      case 'display_name':
      case 'description':
      case 'activity_started_at':
      case 'activity_completed_at':
      case 'ghg_entry_template_component_id':
      case 'removal_template_component_id':
      case 'supplier_reference_id':
        if (!isOptionalText(value[key])) return false;
        continue;
      default:
        return false;
    }
  }
  return true;
}

/** Attribution: `graphAttributionSchema`. */
function isExactAttribution(value: unknown): boolean {
  if (!isPlainRecord(value)) return false;
  if (!isNonEmptyString(value['component_id'])) return false;
  for (const key in value) {
    switch (key) {
      case 'component_id':
        continue;
      case 'attribution_factor': {
        const factor = value[key];
        if (factor !== undefined && factor !== null && !(Number.isFinite(factor) && (factor as number) > 0 && (factor as number) <= 1))
          return false;
        continue;
      }
      case 'attribution_factor_datapoint_id': {
        const legacy = value[key];
        if (legacy !== undefined && legacy !== null && !isNonEmptyString(legacy)) return false;
        continue;
      }
      case 'id':
      case 'component_group_key':
      case 'ghg_entry_template_component_id':
      case 'removal_template_component_id':
        if (!isOptionalText(value[key])) return false;
        continue;
      default:
        return false;
    }
  }
  return true;
}

/** GHG entry: `graphGhgEntrySchema`. */
function isExactGhgEntry(value: unknown): boolean {
  if (!isPlainRecord(value)) return false;
  if (!isNonEmptyString(value['id'])) return false;
  const attributions = value['component_attributions'];
  if (!isPlainArray(attributions)) return false;
  for (let a = 0; a < attributions.length; a++) if (!isExactAttribution(attributions[a])) return false;
  for (const key in value) {
    switch (key) {
      case 'id':
      case 'component_attributions':
        continue;
      case 'risk_of_reversal_percentage': {
        const risk = value[key];
        if (risk !== undefined && risk !== null && !(Number.isFinite(risk) && (risk as number) >= 0 && (risk as number) <= 100))
          return false;
        continue;
      }
      case 'supplier_reference_id':
      case 'project_id':
      case 'feedstock_type_id':
      case 'ghg_statement_id':
        if (!isOptionalText(value[key])) return false;
        continue;
      case 'started_on':
      case 'completed_on':
        if (!isOptionalDate(value[key])) return false;
        continue;
      default:
        return false;
    }
  }
  return true;
}

/**
 * The exact-shape check of one item of each large collection: an item it accepts can stand in for
 * zod's parse of it.
 */
export const EXACT_ITEM_CHECKS: {
  readonly datapoints: (item: unknown) => boolean;
  readonly components: (item: unknown) => boolean;
  readonly ghg_entries: (item: unknown) => boolean;
} = {
  datapoints: isExactDatapoint,
  components: isExactComponent,
  ghg_entries: isExactGhgEntry,
};

/**
 * Whether every item of the three arrays has exactly its schema's shape, so that zod would accept
 * it and return an equal copy. Arrays, not items: the caller checks that they are arrays.
 */
export function graphItemsHaveExactShape(
  datapoints: readonly unknown[],
  components: readonly unknown[],
  ghgEntries: readonly unknown[],
): boolean {
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
const graphWithUncheckedItemsSchema = lazySchema(() =>
  builtSchema(removalGraphSchema).extend({
    datapoints: z.custom<unknown[]>((value) => Array.isArray(value)),
    components: z.custom<unknown[]>((value) => Array.isArray(value)),
    ghg_entries: z.custom<unknown[]>((value) => Array.isArray(value)),
  }),
);

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
    if (
      isPlainArray(datapoints) &&
      isPlainArray(components) &&
      isPlainArray(ghgEntries) &&
      graphItemsHaveExactShape(datapoints, components, ghgEntries)
    ) {
      const rest = graphWithUncheckedItemsSchema.safeParse(document);
      // The same arrays as checked (a getter could answer differently on zod's read).
      if (
        rest.success &&
        rest.data.datapoints === datapoints &&
        rest.data.components === components &&
        rest.data.ghg_entries === ghgEntries
      ) {
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

/**
 * zod's parse of a document whose three large arrays are taken as they are, items unread (a
 * streaming preparation checks each item with {@link EXACT_ITEM_CHECKS} as it is parsed and keeps
 * none): the rest of the document, the top level included, as `removalGraphSchema` reads it.
 */
export function safeParseGraphWithoutItems(document: unknown): z.ZodSafeParseResult<RemovalGraph> {
  return graphWithUncheckedItemsSchema.safeParse(document) as z.ZodSafeParseResult<RemovalGraph>;
}

/** zod's parse of one small top-level collection, as `removalGraphSchema` reads it in a whole document. */
export function safeParseGraphCollection<K extends 'component_blueprints' | 'correlations'>(
  key: K,
  value: unknown,
): z.ZodSafeParseResult<RemovalGraph[K]> {
  const schema: z.ZodType = builtSchema(removalGraphSchema).shape[key];
  return schema.safeParse(value) as z.ZodSafeParseResult<RemovalGraph[K]>;
}
