/**
 * The part of the engine's mathjs instances that imports mathjs (mathjs-instance.ts holds them):
 * made into a CommonJS file of its own in the package (dist/mathjs-units.cjs, tsup.config.ts) that
 * both builds `require` on the first formula or unit that needs mathjs (mathjs-load-required.ts), so
 * that no entry compiles mathjs's parser, unit class and typed functions at import (issue 36). It
 * imports nothing of the engine: the engine's classes exist once, in their own build.
 * May import: mathjs.
 */
import * as mathjsFull from 'mathjs';
import * as mathjsNumber from 'mathjs/number';
import {
  create as createFromFactories,
  type FactoryFunctionMap,
  factory,
  parseDependencies as numberParseDependencies,
} from 'mathjs/number';

/** The slice of a mathjs unit the engine reads. */
export interface MathjsUnitPart {
  readonly unit: { readonly name: string; readonly value: unknown; readonly offset: unknown; readonly dimensions: readonly number[] };
  readonly prefix: { readonly value: unknown };
  readonly power: number;
}

/** A parsed mathjs unit, as far as the engine reads it. */
export interface MathjsUnit {
  readonly units: readonly MathjsUnitPart[];
  readonly value: unknown;
}

/** What a unit definition given to `createUnit` may carry. */
export interface MathjsUnitDefinition {
  readonly definition?: string;
  readonly offset?: number;
  readonly baseName?: string;
}

/** The functions of the engine's mathjs instance. */
export interface EngineMath {
  /** Reads a unit (a name known to this instance, optionally with a number in front). */
  unit(text: string): MathjsUnit;
  /** Defines a unit of this instance. */
  createUnit(name: string, definition: MathjsUnitDefinition, options: { readonly override: boolean }): unknown;
  readonly Unit: {
    /** Whether a name is a unit of this instance. */
    isValuelessUnit(name: string): boolean;
    /** The base dimensions, in the order of a unit's dimension exponents. */
    readonly BASE_DIMENSIONS: readonly string[];
  };
}

/** What the formulas need of mathjs. */
export interface FormulaParser {
  /** mathjs's expression parser. */
  parse(text: string): unknown;
}

/** mathjs's parser, from its number-only build (see mathjs-instance.ts). */
export function createFormulaParser(): FormulaParser {
  const factories = { parseDependencies: numberParseDependencies } as Record<string, FactoryFunctionMap>;
  return createFromFactories(factories) as unknown as FormulaParser;
}

/** A factory of mathjs's (what `create` takes). */
type Factory = FactoryFunctionMap[string];

/** mathjs's factories of the unit class and functions, which its typings do not declare. */
interface UnitFactories {
  readonly createUnitClass: Factory;
  readonly createUnitFunction: Factory;
  readonly createCreateUnit: Factory;
}

/** The number-only build's factories of what the unit class computes with (not in mathjs's typings either). */
interface NumberFactories {
  readonly createTyped: Factory;
  readonly createAbs: Factory;
  readonly createAddScalar: Factory;
  readonly createSubtractScalar: Factory;
  readonly createMultiplyScalar: Factory;
  readonly createDivideScalar: Factory;
  readonly createPow: Factory;
  readonly createRound: Factory;
  readonly createEqual: Factory;
  readonly createEqualScalar: Factory;
  readonly createIsNumeric: Factory;
  readonly createFormat: Factory;
  readonly createNumber: Factory;
}

/**
 * The factories of the engine's unit instance: mathjs's unit class and functions, with the
 * number-only build's arithmetic. Four names the class asks for are stand-ins here:
 * - `Fraction`, the value of the degree Fahrenheit and Rankine (5/9): made as its number, which is
 *   what the full build turns a fraction into (mathjs's `number`) before using it with a number;
 * - `Complex`, whose `I` is the value of the volt-ampere reactive: NaN, so that the engine finds no
 *   usable unit there, as in the full build (`Number` of a complex number is NaN or 0);
 * - `BigNumber`, used only when the instance's `number` setting asks for big numbers (never);
 * - `fix`, used only to split a value over several units (`splitUnit`, never called by the engine);
 *   its number-only factory would bring decimal.js into every entry that imports this module.
 */
function numberOnlyUnitFactories(): FactoryFunctionMap {
  const stand = (name: string, make: () => unknown): Factory => factory(name, [], make) as Factory;
  // Each factory is read off its namespace by name (never through a variable holding the namespace),
  // so that the bundler keeps only these of mathjs.
  return {
    createTyped: (mathjsNumber as unknown as NumberFactories).createTyped,
    createAbs: (mathjsNumber as unknown as NumberFactories).createAbs,
    createAddScalar: (mathjsNumber as unknown as NumberFactories).createAddScalar,
    createSubtractScalar: (mathjsNumber as unknown as NumberFactories).createSubtractScalar,
    createMultiplyScalar: (mathjsNumber as unknown as NumberFactories).createMultiplyScalar,
    createDivideScalar: (mathjsNumber as unknown as NumberFactories).createDivideScalar,
    createPow: (mathjsNumber as unknown as NumberFactories).createPow,
    createRound: (mathjsNumber as unknown as NumberFactories).createRound,
    createEqual: (mathjsNumber as unknown as NumberFactories).createEqual,
    createEqualScalar: (mathjsNumber as unknown as NumberFactories).createEqualScalar,
    createIsNumeric: (mathjsNumber as unknown as NumberFactories).createIsNumeric,
    createFormat: (mathjsNumber as unknown as NumberFactories).createFormat,
    createNumber: (mathjsNumber as unknown as NumberFactories).createNumber,
    createFix: stand('fix', () => noSplitting),
    createFraction: stand('Fraction', () => FractionAsNumber),
    createComplex: stand('Complex', () => ({ I: Number.NaN })),
    createBigNumber: stand('BigNumber', () => NoBigNumber),
    createUnitClass: (mathjsFull as unknown as UnitFactories).createUnitClass,
    createUnitFunction: (mathjsFull as unknown as UnitFactories).createUnitFunction,
    createCreateUnit: (mathjsFull as unknown as UnitFactories).createCreateUnit,
  };
}

/**
 * `new FractionAsNumber(n, d)` is n / d as a number object; the unit class only makes the fractions
 * of its unit table with it, and {@link engineMath} turns them into plain numbers once made.
 */
function FractionAsNumber(this: unknown, n: number, d: number): object {
  return Object(n / d) as object;
}

/** Refuses to split a value over several units (see {@link numberOnlyUnitFactories}). */
function noSplitting(): never {
  throw new TypeError("the engine's unit instance does not split values over units");
}

/** Refuses, like the number-only build, to make a big number. */
function NoBigNumber(): never {
  throw new TypeError("the engine's unit instance has no big numbers");
}

/**
 * A new unit instance of the engine's kind (what {@link engineMath} holds); tests read one side by
 * side with mathjs's full build.
 */
export function createEngineMath(): EngineMath {
  const made = createFromFactories(numberOnlyUnitFactories()) as unknown as EngineMath & {
    Unit: { UNITS: Record<string, { value: unknown }> };
  };
  // The table's fractions (number objects, above) as plain numbers, as the full build reads them.
  for (const unit of Object.values(made.Unit.UNITS)) if (unit.value instanceof Number) unit.value = unit.value.valueOf();
  return made;
}
