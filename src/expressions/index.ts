/**
 * expressions: blueprint formulas compiled once (locked-down mathjs parser, DAG of expressions,
 * static dimension check, the single sink as result) into programs that evaluate a component, its
 * gradient, and at a kink (a tie of min/max, abs at 0) every branch's gradient.
 * May import: uncertainty, units, model, mathjs.
 */
export { ALLOWED_FUNCTIONS, type AllowedFunction } from './functions';
export { compileBlueprint } from './compile';
export type { BranchSide } from './branches';
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
