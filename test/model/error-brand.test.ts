import { describe, expect, it } from 'vitest';
import { evaluateGraph, GraphValidationError, isGraphValidationError } from 'cdr-engine';
import { createLedger, CreditLedgerError, isCreditLedgerError } from 'cdr-engine/registry';
import { isUnitError, parseUnit, UnitError } from 'cdr-engine/units';

/** What is thrown by `run`. */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
}

/**
 * An error of "the other build": a class of its own (as the CommonJS build's copy of the class is
 * to the ESM build's) carrying the brand the package puts on its public errors.
 */
function fromOtherBuild(className: string): Error {
  class OtherBuildError extends Error {}
  Object.defineProperty(OtherBuildError.prototype, Symbol.for(`cdr-engine.${className}`), { value: true });
  return new OtherBuildError('from the other build');
}

const CASES = [
  {
    name: 'GraphValidationError',
    errorClass: GraphValidationError,
    guard: isGraphValidationError,
    make: () => thrown(() => evaluateGraph({ datapoints: 'none' })),
  },
  { name: 'UnitError', errorClass: UnitError, guard: isUnitError, make: () => thrown(() => parseUnit('not a unit')) },
  {
    name: 'CreditLedgerError',
    errorClass: CreditLedgerError,
    guard: isCreditLedgerError,
    make: () => thrown(() => createLedger().createTransfer({} as never)),
  },
] as const;

describe.each(CASES)('$name: one identity across the ESM and CommonJS builds', ({ name, errorClass, guard, make }) => {
  it('recognises its own errors, with instanceof and the guard', () => {
    const error = make();
    expect(error).toBeInstanceOf(errorClass);
    expect(error).toBeInstanceOf(Error);
    expect(guard(error)).toBe(true);
    expect((error as Error).name).toBe(name);
  });

  it("recognises an error of the other build's class by its brand", () => {
    const other = fromOtherBuild(name);
    expect(other instanceof errorClass).toBe(true);
    expect(guard(other)).toBe(true);
  });

  it('refuses anything else: other errors, look-alikes, primitives', () => {
    for (const value of [
      new Error('plain'),
      new TypeError('type'),
      { name, message: 'shape only' },
      fromOtherBuild('SomethingElse'),
      null,
      undefined,
      0,
      name,
    ]) {
      expect(value instanceof errorClass).toBe(false);
      expect(guard(value)).toBe(false);
    }
    // A brand must be the value true on the object, not any truthy property.
    const forged = { [Symbol.for(`cdr-engine.${name}`)]: 'yes' };
    expect(guard(forged)).toBe(false);
  });

  it("keeps the ordinary instanceof for a caller's subclass", () => {
    const Base = errorClass as unknown as new (...args: never[]) => Error;
    class Subclass extends Base {}
    const base = make();
    expect(base instanceof Subclass).toBe(false);
    const sub = Object.create(Subclass.prototype) as Error;
    expect(sub instanceof Subclass).toBe(true);
    expect(sub instanceof errorClass).toBe(true);
  });
});
