/**
 * Parsing a removal graph document for preparation: the strict parse (with the fast path of
 * graph-exact-shape.ts) and, when the document's shape is wrong, two things at once so that every
 * problem is reported in one pass:
 *
 * - every shape problem as a {@link GraphIssue}, an unknown key as `unrecognized_key` at the key's
 *   own path, naming the object it is in and the nearest known key (nearest-name.ts);
 * - the part of the document that can still be checked: each item of a collection whose shape is
 *   right (or only carries unknown keys, which are then left out) is parsed on its own, and the
 *   items that cannot be read are holes at their indices, their ids kept so that references to
 *   them are not reported again as unknown.
 *
 * Internal: not exported from the package.
 */
import * as z from 'zod';
import { removalGraphSchema, type RemovalGraph } from './graph';
import { EXACT_ITEM_CHECKS, safeParseRemovalGraph } from './graph-exact-shape';
import type { GraphIssue, IssuePath } from './issues';
import { objectKeysAt, schemaAt, unknownKeyMessage } from './schema-walk';
import { valueIssue } from './value-issues';

/** The collections of a graph document. */
export const GRAPH_COLLECTIONS = ['component_blueprints', 'datapoints', 'components', 'ghg_entries', 'ghg_statements', 'projects'] as const;
/** One collection of a graph document. */
export type GraphCollection = (typeof GRAPH_COLLECTIONS)[number];

/** What can still be checked of a document whose shape is wrong. */
export interface PartialGraph {
  /**
   * The document's items whose shape is right, parsed (defaults applied, unknown keys left out),
   * each at its own index; an item that cannot be read is a hole (`i in array` is false, and
   * `forEach` skips it). A collection that is not an array is empty here.
   */
  readonly graph: RemovalGraph;
  /** For each collection, the id (a blueprint's key) of each unreadable item that has a usable one. */
  readonly brokenIds: { readonly [C in GraphCollection]: ReadonlyMap<number, string> };
  /** Collections present (or required) that are not arrays: nothing in them could be read. */
  readonly unreadable: ReadonlySet<GraphCollection>;
  /**
   * By entry index, the attributions refused for an unknown key: read without it they would count
   * with a default factor of 1, so the later checks leave them out (their own issue is reported).
   */
  readonly refusedAttributions: ReadonlyMap<number, ReadonlySet<number>>;
}

/** Outcome of {@link parseRemovalGraph}. */
export type GraphParse =
  | { readonly success: true; readonly data: RemovalGraph; readonly sharesCallerItems: boolean }
  | { readonly success: false; readonly issues: GraphIssue[]; readonly partial: PartialGraph | undefined };

/**
 * Parses a graph document strictly. On failure: every shape problem, and the part of the document
 * that can still be checked (undefined when the document is not an object).
 */
export function parseRemovalGraph(document: unknown, fastPath: boolean): GraphParse {
  const parsed = safeParseRemovalGraph(document, fastPath);
  if (parsed.success) return parsed;
  return { success: false, issues: graphIssuesOf(parsed.error, removalGraphSchema, document), partial: partialGraph(document) };
}

/**
 * zod's issues as graph issues. An `unrecognized_keys` issue becomes one `unrecognized_key` issue
 * per key, at the key's path: `unknown key 'standard_devation' at datapoints[0].quantity; did you
 * mean 'standard_deviation'?` (the known keys are those of `schema` at that path). With the
 * `document` the issues are about, a number that is not finite (JSON's 1e999 reads as Infinity)
 * is `not_finite`, and a value outside its enumeration names the nearest value (value-issues.ts).
 */
export function graphIssuesOf(error: z.ZodError, schema: z.ZodType, document?: unknown): GraphIssue[] {
  const issues: GraphIssue[] = [];
  for (const issue of error.issues) {
    const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
    if (issue.code !== 'unrecognized_keys') {
      issues.push(document === undefined ? { path, code: issue.code, message: issue.message } : valueIssue(issue, path, document));
      continue;
    }
    const known = objectKeysAt(schema, path);
    for (const key of issue.keys)
      issues.push({ path: [...path, key], code: 'unrecognized_key', message: unknownKeyMessage(key, path, known) });
  }
  return issues;
}

/** The item schema of a collection. */
function itemSchemaOf(name: GraphCollection): z.ZodType {
  const item = schemaAt(removalGraphSchema, [name, 0]);
  if (item === undefined) throw new Error(`removalGraphSchema has no collection '${name}'`);
  return item;
}

/** The part of a document that can still be checked (see {@link PartialGraph}). */
function partialGraph(document: unknown): PartialGraph | undefined {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return undefined;
  const source = document as Record<string, unknown>;
  const graph: Record<string, unknown> = {};
  const brokenIds = {} as Record<GraphCollection, Map<number, string>>;
  const unreadable = new Set<GraphCollection>();
  const refusedAttributions = new Map<number, Set<number>>();
  for (const name of GRAPH_COLLECTIONS) {
    const ids = new Map<number, string>();
    brokenIds[name] = ids;
    const value = source[name];
    const optional = name === 'ghg_statements' || name === 'projects';
    if (value === undefined && optional) continue;
    if (!Array.isArray(value)) {
      unreadable.add(name);
      graph[name] = [];
      continue;
    }
    const schema = itemSchemaOf(name);
    // The large collections' items are mostly right: the fast check spares zod's copy of them.
    const exact = name === 'datapoints' || name === 'components' || name === 'ghg_entries' ? EXACT_ITEM_CHECKS[name] : undefined;
    const field = name === 'component_blueprints' ? 'key' : 'id';
    // Holes where an item cannot be read (new Array(n) has none filled).
    const items = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (exact !== undefined && exact(item)) {
        items[i] = item;
        continue;
      }
      const parsed = readableItem(schema, item);
      if (parsed.ok) {
        items[i] = parsed.value;
        if (name === 'ghg_entries') noteRefusedAttributions(parsed.removals, i, refusedAttributions);
      } else {
        const id = typeof item === 'object' && item !== null ? (item as Record<string, unknown>)[field] : undefined;
        if (typeof id === 'string' && id.length > 0) ids.set(i, id);
      }
    }
    graph[name] = items;
  }
  return { graph: graph as RemovalGraph, brokenIds, unreadable, refusedAttributions };
}

/** Notes entry e's attributions that lost an unknown key (a removal at `component_attributions[a]`). */
function noteRefusedAttributions(removals: readonly { readonly path: IssuePath }[], e: number, refused: Map<number, Set<number>>): void {
  for (const { path } of removals) {
    const a = path[1];
    if (path[0] !== 'component_attributions' || typeof a !== 'number') continue;
    const set = refused.get(e) ?? new Set<number>();
    set.add(a);
    refused.set(e, set);
  }
}

/** An item parsed on its own, with its unknown keys left out; not ok when anything else is wrong. */
function readableItem(
  schema: z.ZodType,
  item: unknown,
): { ok: true; value: unknown; removals: readonly { path: IssuePath }[] } | { ok: false } {
  const parsed = schema.safeParse(item);
  if (parsed.success) return { ok: true, value: parsed.data, removals: [] };
  const removals: { path: IssuePath; keys: readonly string[] }[] = [];
  for (const issue of parsed.error.issues) {
    if (issue.code !== 'unrecognized_keys') return { ok: false };
    removals.push({ path: issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)), keys: issue.keys });
  }
  const again = schema.safeParse(withoutKeys(item, removals, 0));
  return again.success ? { ok: true, value: again.data, removals } : { ok: false };
}

/** A copy of `value` without the keys named (copied only along the paths that lead to them). */
function withoutKeys(value: unknown, removals: readonly { path: IssuePath; keys: readonly string[] }[], depth: number): unknown {
  if (removals.length === 0 || typeof value !== 'object' || value === null) return value;
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as Record<string, unknown>) }) as Record<
    string | number,
    unknown
  >;
  const deeper = new Map<string | number, { path: IssuePath; keys: readonly string[] }[]>();
  for (const removal of removals) {
    if (removal.path.length === depth) {
      for (const key of removal.keys) delete copy[key];
      continue;
    }
    const step = removal.path[depth] as string | number;
    const list = deeper.get(step);
    if (list === undefined) deeper.set(step, [removal]);
    else list.push(removal);
  }
  for (const [step, list] of deeper) copy[step] = withoutKeys((value as Record<string | number, unknown>)[step], list, depth + 1);
  return copy;
}
