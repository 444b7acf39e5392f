/**
 * expressions: blueprint formulas compiled once (locked-down mathjs parser, DAG of expressions,
 * static dimension check) into programs that evaluate a component and its gradient.
 * May import: uncertainty, units, model, mathjs.
 */
export { ALLOWED_FUNCTIONS, type AllowedFunction } from './functions';
export { compileBlueprint } from './compile';
export {
  BLUEPRINT_ISSUE_CODES,
  type CompileOptions,
  type CompileResult,
  type CompiledBlueprint,
  type CompiledBlueprintInput,
  type CompiledExpression,
  DEFAULT_COMPILE_OPTIONS,
} from './blueprint-types';
export { type BlueprintEvaluation, type BlueprintValues, evaluateBlueprint } from './evaluate';
