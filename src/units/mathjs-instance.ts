/**
 * The engine's mathjs instances, each built with mathjs's own `create` from the dependency lists of
 * the functions the engine calls, not from `all`, created on first use (never at import) and
 * isolated from the global mathjs instance: nothing another module does to that instance reaches
 * the engine, and the engine's units never leak into it.
 *
 * - {@link formulaParser}: mathjs's parser from its number-only build (`mathjs/number`), for
 *   src/expressions/formula.ts. Formulas are only parsed, never evaluated by mathjs (the allowed
 *   functions are evaluated by the engine's compiled programs), and their constants are plain
 *   numbers; the number-only build makes the parser in about 10 ms where the full one, which
 *   brings matrices, big numbers and fractions, took about 100 ms of every CLI run.
 * - {@link engineMath}: the full build's `parse`, `unit` and `createUnit`, for the units
 *   (unit-names.ts) where the table of unit values (unit-values.ts) does not answer.
 * May import: mathjs.
 */
import { create, createUnitDependencies, type FactoryFunctionMap, parseDependencies, unitDependencies } from 'mathjs';
import { create as createNumberOnly, parseDependencies as numberParseDependencies } from 'mathjs/number';

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
  /** mathjs's expression parser (formulas are only parsed, never evaluated, by mathjs). */
  parse(text: string): unknown;
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

let parserInstance: FormulaParser | null = null;

/** mathjs's parser, from its number-only build, created on the first call. */
export function formulaParser(): FormulaParser {
  if (parserInstance === null) {
    const factories = { parseDependencies: numberParseDependencies } as Record<string, FactoryFunctionMap>;
    parserInstance = createNumberOnly(factories) as unknown as FormulaParser;
  }
  return parserInstance;
}

let instance: EngineMath | null = null;

/** The engine's mathjs instance, created on the first call. */
export function engineMath(): EngineMath {
  if (instance === null) {
    // mathjs's types declare each dependency list as possibly undefined; the three exist in every build.
    const factories = { parseDependencies, unitDependencies, createUnitDependencies } as Record<string, FactoryFunctionMap>;
    instance = create(factories) as unknown as EngineMath;
  }
  return instance;
}
