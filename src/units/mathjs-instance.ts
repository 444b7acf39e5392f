/**
 * The engine's mathjs instances, each built with mathjs's own `create` from the factories of the
 * functions the engine calls, not from `all`, created on first use (never at import) and isolated
 * from the global mathjs instance: nothing another module does to that instance reaches the engine,
 * and the engine's units never leak into it.
 *
 * - {@link formulaParser}: mathjs's parser from its number-only build (`mathjs/number`), for
 *   src/expressions/formula.ts. Formulas are only parsed, never evaluated by mathjs (the allowed
 *   functions are evaluated by the engine's compiled programs), and their constants are plain
 *   numbers; the number-only build makes the parser in about 10 ms where the full one, which
 *   brings matrices, big numbers and fractions, took about 100 ms of every CLI run.
 * - {@link engineMath}: mathjs's `Unit` class with its `unit` and `createUnit` functions, for the
 *   units (unit-names.ts) where the table of unit values (unit-values.ts) does not answer. Unit
 *   values are plain numbers here, so the arithmetic the class is made with is the number-only
 *   build's (`mathjs/number`): the full build's dependency lists would bring matrices, big numbers,
 *   fractions and complex numbers into every entry that imports this module (issue 36, import time),
 *   and the full build converts a unit's value to a number before any arithmetic on numbers anyway.
 *   See numberOnlyUnitFactories (mathjs-factories.ts) for the names the class asks for but the engine never uses.
 * mathjs itself is loaded with the first call of either (mathjs-load.ts; mathjs-factories.ts makes them).
 * May import: mathjs (through mathjs-factories.ts).
 */
import { mathjsFactories } from './mathjs-load';
import type { EngineMath, FormulaParser } from './mathjs-factories';

export type { EngineMath, FormulaParser, MathjsUnit, MathjsUnitDefinition, MathjsUnitPart } from './mathjs-factories';

let parserInstance: FormulaParser | null = null;

/** mathjs's parser, from its number-only build, created on the first call. */
export function formulaParser(): FormulaParser {
  if (parserInstance === null) parserInstance = mathjsFactories().createFormulaParser();
  return parserInstance;
}

/**
 * A new unit instance of the engine's kind (what {@link engineMath} holds); tests read one side by
 * side with mathjs's full build.
 */
export function createEngineMath(): EngineMath {
  return mathjsFactories().createEngineMath();
}

let instance: EngineMath | null = null;

/** The engine's mathjs instance, created on the first call. */
export function engineMath(): EngineMath {
  if (instance === null) instance = createEngineMath();
  return instance;
}
