/**
 * One identity for each public error class across the package's ESM and CommonJS builds. The two
 * builds are separate copies of the code, so an error thrown by one is not `instanceof` the
 * other's class. Each public error class carries a brand, a `Symbol.for` key on its prototype
 * (the same symbol in both builds), and tests it in a static `Symbol.hasInstance`: `instanceof`
 * and the `is...Error` guards then recognise an error from either build.
 */

/** The brand symbol of an error class, shared by every copy of the package in the process. */
export function errorBrand(className: string): symbol {
  return Symbol.for(`cdr-engine.${className}`);
}

/** Marks the instances of `errorClass` with `brand` (installed once, on the prototype). */
export function brandErrorClass(errorClass: abstract new (...args: never[]) => Error, brand: symbol): void {
  Object.defineProperty(errorClass.prototype, brand, { value: true });
}

/** Whether `value` is an object carrying `brand` (an instance of the branded class in any build). */
export function hasErrorBrand(value: unknown, brand: symbol): boolean {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[brand] === true;
}

/**
 * The `Symbol.hasInstance` of a branded class: the brand for the class itself, the ordinary
 * prototype check for a subclass a caller declares (which inherits the static method).
 */
export function isBrandedInstance(target: unknown, brandedClass: unknown, brand: symbol, value: unknown): boolean {
  if (target === brandedClass) return hasErrorBrand(value, brand);
  return typeof target === 'function' && Function.prototype[Symbol.hasInstance].call(target, value);
}
