/**
 * Schemas built on first use (issue 36: building the graph document's zod schemas took about half
 * of `import('cdr-engine')`). {@link lazySchema} returns a stand-in that builds the schema the first
 * time anything reads it and from then on forwards every operation to it: methods, `instanceof`,
 * keys, zod's metadata (descriptions, so `z.toJSONSchema` reads the stand-in as the schema itself).
 * Inside another schema, {@link builtSchema} gives the schema itself, so that parsing never goes
 * through a stand-in.
 */
import * as z from 'zod';

/** Each stand-in's schema, built on the first call. */
const builders = new WeakMap<object, () => object>();

/**
 * A stand-in for the schema `build` returns, built when first read. Its type is the schema's.
 * @param build - builds the schema (called once)
 */
export function lazySchema<T extends object>(build: () => T): T {
  let schema: T | undefined;
  // The target holds what the stand-in has reported as non-configurable (a Proxy may report such
  // a property only when its target has it), and nothing else.
  const target = {} as T;
  const real = (): T => {
    if (schema === undefined) {
      schema = build();
      const meta = z.globalRegistry.get(schema as unknown as z.core.$ZodType);
      if (meta !== undefined) z.globalRegistry.add(stand as unknown as z.core.$ZodType, meta);
    }
    return schema;
  };
  const stand = new Proxy(target, {
    get: (_, key) => Reflect.get(real(), key),
    set: (_, key, value) => Reflect.set(real(), key, value),
    has: (_, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      if (descriptor !== undefined && descriptor.configurable === false && !Object.hasOwn(target, key)) {
        Reflect.defineProperty(target, key, descriptor);
      }
      return descriptor;
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(real(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
  builders.set(stand, real);
  return stand;
}

/**
 * The schema behind a stand-in of {@link lazySchema} (built now if not yet), or `schema` itself
 * when it is not a stand-in.
 * @param schema - a schema or a stand-in
 */
export function builtSchema<T extends object>(schema: T): T {
  const real = builders.get(schema);
  return real === undefined ? schema : (real() as T);
}
