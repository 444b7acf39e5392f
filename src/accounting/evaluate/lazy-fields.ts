/**
 * What an entry result's fields made on first read share (docs/result.md): `uncertainty_budget`
 * and `components` (lazy-entry-fields.ts) keep their state in private fields of the
 * result itself and read it through one accessor per key, and a result shows them made when Node
 * prints it. Internal to accounting.
 */

/**
 * A constructor that returns its argument: a class extending it adds its private fields to an
 * existing object instead of a new one. Unlike a closure per result, such state lets every result
 * share one getter, hence one hidden class (a closure per result gave each result a shape of its
 * own, about 1 us and a map object per entry).
 */
export const Stamp = function (this: unknown, target: object) {
  return target;
} as unknown as new (
  target: object,
) => object;

/**
 * The accessor of a field made on first read: enumerable, so that JSON, spreads, structured clones
 * and equality checks see it like any other key; `read` makes and keeps the value. Assigning to it
 * replaces it with a plain data property, as on any object.
 */
export function lazyFieldDescriptor(key: string, read: (result: object) => unknown): PropertyDescriptor {
  return {
    get(this: object) {
      return read(this);
    },
    set(this: object, value: unknown) {
      Object.defineProperty(this, key, { value, writable: true, enumerable: true, configurable: true });
    },
    enumerable: true,
    configurable: true,
  };
}

/**
 * Node's `console.log` and `util.inspect` show an accessor as `[Getter/Setter]`; this hook (the
 * registered symbol Node looks up, so no import of node:util) hands them the result with its
 * accessors read, as a plain object they format at their own depth. Not enumerable: JSON, spreads,
 * clones and equality checks do not see it, and the fields stay unmade until something prints them.
 */
const INSPECT = Symbol.for('nodejs.util.inspect.custom');
const inspectDescriptor: PropertyDescriptor = {
  value(this: object) {
    return { ...this };
  },
  enumerable: false,
  writable: true,
  configurable: true,
};

/** Defines the inspect hook on a result (once is enough for all its lazy fields). */
export function attachInspect<T extends object>(result: T): T {
  Object.defineProperty(result, INSPECT, inspectDescriptor);
  return result;
}
