/**
 * The engine's one mathjs instance, shared by src/units (the unit table is told to mathjs through
 * `createUnit`) and src/expressions/formula.ts (blueprint formulas are parsed by mathjs, never
 * evaluated by it). It is built with mathjs's own `create` from the dependency lists of the three
 * functions the engine calls, `parse`, `unit` and `createUnit`, not from `all`: the allowed formula
 * functions (sum, sqrt, ...) are evaluated by the engine's compiled programs, so mathjs never needs
 * them. It is created on first use, never at import, and is isolated from the global mathjs
 * instance: nothing another module does to that instance reaches the engine, and the engine's units
 * never leak into it.
 * May import: mathjs.
 */
import { create, createUnitDependencies, type FactoryFunctionMap, parseDependencies, unitDependencies } from 'mathjs';

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
