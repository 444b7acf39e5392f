/**
 * fast-check arbitraries from the JSON Schemas of an OpenAPI document (2020-12, as OpenAPI 3.1
 * uses it): the fuzzer's requests are drawn from each operation's own parameter and body schemas.
 * Values are valid against the schema; identifiers (strings whose pattern names a prefix such as
 * `^prj_`) are drawn mostly from the ids a world holds, so that requests reach their handlers.
 * `invalid` derives a value that breaks the schema in one place (a missing required field, an
 * unknown key, a value of the wrong type, a number out of range).
 */
import fc from 'fast-check';

type Schema = { [key: string]: unknown };

/** Where `$ref`s point to, and the ids to draw identifiers from (by prefix). */
export interface SchemaContext {
  readonly document: Schema;
  readonly ids: Map<string, string[]>;
}

function deref(context: SchemaContext, schema: Schema): Schema {
  let current = schema;
  for (let i = 0; i < 16 && typeof current.$ref === 'string'; i++) {
    const path = (current.$ref as string)
      .replace(/^.*#\//, '')
      .split('/')
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    current = path.reduce<unknown>((node, key) => (node as Schema)[key], context.document) as Schema;
  }
  return current;
}

const ALNUM = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const randomTail = fc.string({ unit: fc.constantFrom(...ALNUM), minLength: 16, maxLength: 24 });

function idArbitrary(context: SchemaContext, prefix: string): fc.Arbitrary<string> {
  const made = randomTail.map((tail) => `${prefix}_${tail}`);
  // Read at draw time: ids the run has created since are drawn too.
  const known = fc.tuple(fc.nat({ max: 1_000_000 }), made).map(([n, fallback]) => {
    const ids = context.ids.get(prefix) ?? [];
    return ids.length === 0 ? fallback : (ids[n % ids.length] as string);
  });
  return fc.oneof({ weight: 4, arbitrary: known }, { weight: 1, arbitrary: made });
}

function stringArbitrary(context: SchemaContext, schema: Schema): fc.Arbitrary<string> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as string[]));
  if (typeof schema.const === 'string') return fc.constant(schema.const);
  const prefix = typeof schema.pattern === 'string' ? /^\^([a-z]{2,4})_/.exec(schema.pattern)?.[1] : undefined;
  if (prefix !== undefined) return idArbitrary(context, prefix);
  switch (schema.format) {
    case 'date':
      return fc
        .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return fc
        .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
        .map((d) => `${d.toISOString().slice(0, 19)}Z`);
    case 'email':
      return fc.constantFrom('jo@example.com', 'a.b@c.example');
    default:
      break;
  }
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? Math.min(schema.maxLength, min + 40) : min + 24;
  return fc.oneof(
    fc
      .constantFrom('t', 'kg', 't/ha', 'kWh', '%', 'dimensionless', 'sample', 'https://example.com/a.pdf')
      .filter((s) => s.length >= min && s.length <= max),
    fc.string({ minLength: min, maxLength: max }),
  );
}

function numberArbitrary(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const lower =
    typeof schema.minimum === 'number'
      ? schema.minimum
      : typeof schema.exclusiveMinimum === 'number'
        ? schema.exclusiveMinimum + (integer ? 1 : 1e-9)
        : -1e6;
  const upper =
    typeof schema.maximum === 'number'
      ? schema.maximum
      : typeof schema.exclusiveMaximum === 'number'
        ? schema.exclusiveMaximum - (integer ? 1 : 1e-9)
        : 1e6;
  const lo = Math.max(lower, -1e9);
  const hi = Math.min(upper, 1e9);
  return integer
    ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) })
    : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
}

/** An arbitrary of values valid against `schema`. */
export function valueOf(context: SchemaContext, input: Schema, depth = 0): fc.Arbitrary<unknown> {
  const schema = deref(context, input);
  if (depth > 8) return fc.constant(null);
  const options = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (Array.isArray(options)) return fc.oneof(...options.map((o) => valueOf(context, o, depth + 1)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const type = schema.type;
  if (Array.isArray(type)) return fc.oneof(...type.map((t) => valueOf(context, { ...schema, type: t }, depth + 1)));
  switch (type) {
    case 'string':
      return stringArbitrary(context, schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
      return fc.array(valueOf(context, (schema.items ?? {}) as Schema, depth + 1), { minLength, maxLength: Math.max(minLength, 3) });
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set((schema.required ?? []) as string[]);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, property] of Object.entries(properties)) record[key] = valueOf(context, property, depth + 1);
      return fc.record(record, { requiredKeys: Object.keys(properties).filter((k) => required.has(k)) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** `value` broken in one place, chosen by `choice`: a required field dropped, an unknown key, a wrong type, a bound crossed. */
export function invalid(value: unknown, choice: number, replacement: unknown): unknown {
  if (typeof value !== 'object' || value === null)
    return typeof value === 'number' ? (choice % 2 === 0 ? 'not a number' : value + 1e12) : replacement;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [...value] : { ...(value as Record<string, unknown>) };
  const keys = Object.keys(copy);
  const target = copy as Record<string, unknown>;
  if (keys.length === 0 || choice % 4 === 3) {
    target[`zz_unknown_${choice % 7}`] = replacement;
    return copy;
  }
  const key = keys[choice % keys.length] as string;
  if (choice % 4 === 0) delete target[key];
  else if (choice % 4 === 1) target[key] = replacement;
  else target[key] = invalid(target[key], Math.floor(choice / 4), replacement);
  return copy;
}
