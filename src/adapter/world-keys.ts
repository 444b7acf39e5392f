/**
 * Unknown keys of a world document (docs/rules.md#units-and-quantity-kinds, "documents are strict"): the document is walked
 * beside its zod schema, and every key that the object schema at that place does not define is an
 * issue naming the key, its path and the nearest known key (`nearestName`), code
 * `unrecognized_key`, as graph documents report it. A misspelled key is never read as an absent
 * field. Objects that keep unknown keys on purpose (a passthrough or catchall schema) are left alone.
 */
import { z } from 'zod';
import { formatIssuePath, type GraphIssue, type IssuePath } from '../model';
import { nearestName } from '../model/nearest-name';

/** The message of an unknown key, with the nearest known key when one is close. */
export function unknownKeyMessage(key: string, path: IssuePath, known: readonly string[]): string {
  const near = nearestName(key, known);
  const where = path.length === 0 ? 'the top level' : formatIssuePath(path);
  return `unknown key '${key}' at ${where}${near === undefined ? `; known keys: ${known.join(', ')}` : `; did you mean '${near}'?`}`;
}

/** The schema inside wrappers that do not change which keys an object takes. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current: z.ZodType = schema;
  for (let i = 0; i < 32; i++) {
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

/** Whether an object schema keeps keys it does not define (passthrough or a catchall other than never). */
function keepsUnknownKeys(schema: z.ZodObject): boolean {
  const catchall = schema._zod.def.catchall;
  return catchall !== undefined && !(catchall instanceof z.ZodNever);
}

function walk(schema: z.ZodType, value: unknown, path: IssuePath, out: GraphIssue[]): void {
  const inner = unwrap(schema);
  if (value === null || typeof value !== 'object') return;
  if (inner instanceof z.ZodArray) {
    if (!Array.isArray(value)) return;
    value.forEach((item, i) => walk(inner.element as z.ZodType, item, [...path, i], out));
    return;
  }
  if (inner instanceof z.ZodUnion) {
    // The first option that is an object schema describes the keys (world unions are nullable shapes).
    for (const option of inner.options as readonly z.ZodType[]) {
      if (unwrap(option) instanceof z.ZodObject) return walk(option, value, path, out);
    }
    return;
  }
  if (!(inner instanceof z.ZodObject) || Array.isArray(value)) return;
  const shape = inner.shape as Record<string, z.ZodType>;
  const known = Object.keys(shape);
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const field = Object.prototype.hasOwnProperty.call(shape, key) ? shape[key] : undefined;
    if (field !== undefined) walk(field, child, [...path, key], out);
    else if (!keepsUnknownKeys(inner))
      out.push({ path: [...path, key], code: 'unrecognized_key', message: unknownKeyMessage(key, path, known) });
  }
}

/**
 * Every key of `document` that `schema` does not define, each with its path and the nearest
 * known key; an empty list when there is none.
 */
export function unknownKeyIssues(schema: z.ZodType, document: unknown): GraphIssue[] {
  const out: GraphIssue[] = [];
  walk(schema, document, [], out);
  return out;
}
