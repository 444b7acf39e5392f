/**
 * The one walker of zod's internals, and the one sentence for an unknown key (docs/rules.md,
 * "documents are strict"; docs/policies.md, "Options are strict"). Graph documents, world
 * documents and the options of the public functions all name an unknown key the same way:
 * `unknown key 'standard_devation' at datapoints[0].quantity; did you mean 'standard_deviation'?`,
 * or, when no known key is near, the keys there are. Everything here reads a schema's structure
 * (objects, arrays, records, unions and the wrappers that do not change which keys an object takes);
 * nothing else in src/ looks inside a zod schema.
 */
import * as z from 'zod';
import { formatIssuePath, type GraphIssue, type IssuePath } from './issues';
import { nearestName } from './nearest-name';

/** `unknown key 'X' at <path>; did you mean 'Y'?`, or the known keys when none is near. */
export function unknownKeyMessage(key: string, path: IssuePath, known: readonly string[]): string {
  const where = path.length === 0 ? 'the top of the document' : formatIssuePath(path);
  const nearest = nearestName(key, known);
  if (nearest !== undefined) return `unknown key '${key}' at ${where}; did you mean '${nearest}'?`;
  return `unknown key '${key}' at ${where}; the keys there are ${known.map((k) => `'${k}'`).join(', ')}`;
}

/** The schema inside wrappers that do not change which keys an object takes. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current: z.ZodType = schema;
  for (let depth = 0; depth < 32; depth++) {
    if (
      current instanceof z.ZodOptional ||
      current instanceof z.ZodNullable ||
      current instanceof z.ZodDefault ||
      current instanceof z.ZodReadonly
    ) {
      current = current.unwrap() as z.ZodType;
    } else if (current instanceof z.ZodPipe) {
      // A refinement or transform after the object: the keys are the input side's.
      current = current.in as z.ZodType;
    } else {
      return current;
    }
  }
  return current;
}

/** The object schemas a value at this place may take: itself, or each object option of a union. */
function objectsOf(schema: z.ZodType): z.ZodObject[] {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodObject) return [inner];
  if (inner instanceof z.ZodUnion) return (inner.options as readonly z.ZodType[]).flatMap(objectsOf);
  return [];
}

/** The schema one step down from `schema`: a key of an object or record, an item of an array. */
function childOf(schema: z.ZodType, part: string | number): z.ZodType | undefined {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodArray) return typeof part === 'number' ? (inner.element as z.ZodType) : undefined;
  if (inner instanceof z.ZodRecord) return typeof part === 'string' ? (inner.valueType as z.ZodType) : undefined;
  if (typeof part !== 'string') return undefined;
  for (const object of objectsOf(inner)) {
    const shape = object.shape as Record<string, z.ZodType>;
    if (Object.hasOwn(shape, part)) return shape[part];
  }
  return undefined;
}

/** The schema at `path` of `schema`, undefined when the path leaves it. */
export function schemaAt(schema: z.ZodType, path: IssuePath): z.ZodType | undefined {
  let current: z.ZodType | undefined = schema;
  for (const part of path) current = current === undefined ? undefined : childOf(current, part);
  return current;
}

/** The keys the object schemas at `path` of `schema` define (none when no object is there). */
export function objectKeysAt(schema: z.ZodType, path: IssuePath): readonly string[] {
  const target = schemaAt(schema, path);
  if (target === undefined) return [];
  return [...new Set(objectsOf(target).flatMap((object) => Object.keys(object.shape)))];
}

/** Whether an object schema keeps keys it does not define (passthrough or a catchall other than never). */
function keepsUnknownKeys(schema: z.ZodObject): boolean {
  const catchall = schema._zod.def.catchall;
  return catchall !== undefined && !(catchall instanceof z.ZodNever);
}

function walk(schema: z.ZodType, value: unknown, path: IssuePath, out: GraphIssue[]): void {
  if (value === null || typeof value !== 'object') return;
  const inner = unwrap(schema);
  if (Array.isArray(value)) {
    if (inner instanceof z.ZodArray) value.forEach((item, i) => walk(inner.element as z.ZodType, item, [...path, i], out));
    return;
  }
  if (inner instanceof z.ZodRecord) {
    for (const [key, child] of Object.entries(value)) walk(inner.valueType as z.ZodType, child, [...path, key], out);
    return;
  }
  // Of a union, the first object option describes the keys (world unions are nullable shapes).
  const object = objectsOf(inner)[0];
  if (object === undefined) return;
  const shape = object.shape as Record<string, z.ZodType>;
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
    if (field !== undefined) walk(field, child, [...path, key], out);
    else if (!keepsUnknownKeys(object))
      out.push({ path: [...path, key], code: 'unrecognized_key', message: unknownKeyMessage(key, path, Object.keys(shape)) });
  }
}

/**
 * Every key of `document` that `schema` does not define, each with its path and the nearest
 * known key; an empty list when there is none. For documents parsed by a schema that keeps unknown
 * keys, so that a misspelled key is never read as an absent field.
 */
export function unknownKeyIssues(schema: z.ZodType, document: unknown): GraphIssue[] {
  const out: GraphIssue[] = [];
  walk(schema, document, [], out);
  return out;
}
