/**
 * The compiler's public vocabulary: issue codes, options with their defaults, and the shape of a
 * compiled blueprint. Types and constants only, so that users of a compiled blueprint need not load
 * the compiler.
 * May import: model, units (types), functions.
 */
import type { ComponentType, DataShape } from '../model/graph';
import type { GraphIssue } from '../model/issues';
import type { QuantityKind } from '../model/quantity-kinds';
import type { Dimension } from '../units';
import { BOOLEAN, listOf, oneOf, orNull, shapeOf, STRING, type ShapeCheck } from '../model/strict-options';
import { type AllowedFunction, ALLOWED_FUNCTIONS } from './functions';
import type { BranchSide } from './branches';

/**
 * The `code` of every issue {@link compileBlueprint} reports, by what went wrong.
 * @public
 */
export const BLUEPRINT_ISSUE_CODES = {
  /** The blueprint is not shaped like a blueprint (a field missing or of the wrong type). */
  malformed: 'blueprint_malformed',
  /** The blueprint has no expression. */
  noExpressions: 'blueprint_no_expressions',
  /** Two inputs share an `input_key`. */
  duplicateInput: 'blueprint_duplicate_input',
  /** An input names a quantity kind that does not exist. */
  unknownQuantityKind: 'blueprint_unknown_quantity_kind',
  /** An input's `compatible_unit` is not a unit of its `quantity_kind`. */
  unitIncompatible: 'blueprint_unit_incompatible',
  /** The result expression does not have the dimension of mass. */
  resultNotMass: 'blueprint_result_not_mass',
  /** `result_expression_key` (or `CompileOptions.resultExpressionKey`) names no expression. */
  unknownResultExpression: 'blueprint_unknown_result_expression',
  /** The blueprint's `result_expression_key` and `CompileOptions.resultExpressionKey` name different expressions. */
  resultKeyConflict: 'blueprint_result_key_conflict',
  /** No result is named and two or more expressions are used by no other expression. */
  multipleSinks: 'blueprint_multiple_sinks',
  /** The result does not depend on this expression (its value would be dropped). */
  deadExpression: 'expression_dead',
  /** Two expressions share a `key`. */
  duplicateExpression: 'expression_duplicate_key',
  /** The template does not parse, or writes a variable wrongly. */
  syntax: 'expression_syntax',
  /** The template uses something outside the allowed grammar. */
  forbidden: 'expression_forbidden',
  /** A function is called with the wrong number of arguments. */
  arity: 'expression_arity',
  /** A `{name}` of the template has no mapping. */
  unmappedVariable: 'expression_variable_unmapped',
  /** A mapping's `template_key` does not occur in the template. */
  unusedMapping: 'expression_mapping_unused',
  /** Two mappings of one expression share a `template_key`. */
  duplicateMapping: 'expression_mapping_duplicate',
  /** A mapping's `type` is not DATAPOINT, EXPRESSION_RESULT or ZERO_TCO2E. */
  unknownMappingType: 'expression_unknown_mapping_type',
  /** A DATAPOINT mapping names no input of the blueprint. */
  unknownInput: 'expression_unknown_input',
  /** An EXPRESSION_RESULT mapping names no expression of the blueprint. */
  unknownExpression: 'expression_unknown_expression',
  /** Expressions refer to each other in a cycle. */
  cycle: 'expression_cycle',
  /**
   * A LIST value not reduced (an expression whose value is a LIST), a LIST where only scalars go (a
   * comparison, the conditional, log10, trigonometry), a reducer given a scalar, or a mapping's
   * data_shape disagreeing.
   */
  dataShape: 'expression_data_shape',
  /** Dimensions do not fit (adding mass to energy, exp of a mass, a variable exponent on a mass, ...). */
  dimension: 'expression_dimension',
} as const;

/**
 * Policies of the compiler that a host may change; {@link DEFAULT_COMPILE_OPTIONS} holds the
 * documented defaults.
 * @public
 */
export interface CompileOptions {
  /**
   * Key of the expression whose value is the component's value, for a host that must name it.
   * `null` (default): the blueprint's own `result_expression_key`, else its single sink (the one
   * expression no other expression uses). Never guessed from the order of the expressions.
   */
  readonly resultExpressionKey?: string | null;
  /** Functions formulas may call; default (**[decision]**) all of {@link ALLOWED_FUNCTIONS}. */
  readonly allowedFunctions?: readonly AllowedFunction[];
  /**
   * Whether juxtaposition such as `2 {x}` or `{a} {b}` (which mathjs reads as a multiplication) is
   * accepted. **[decision]** Default true; the normalised template then shows the `*` and the
   * grouping mathjs chose (e.g. `{a} / 2 {b}` is `{a} / (2 * {b})`).
   */
  readonly allowImplicitMultiplication?: boolean;
  /**
   * Whether the literal `0` fits any dimension in `+`, `-`, `min` and `max`, so that `max({x}, 0)`
   * or `{m} - 0` pass the dimension check. **[decision]** Default true; other numbers are
   * dimensionless.
   */
  readonly zeroLiteralMatchesAnyDimension?: boolean;
}

/**
 * The defaults of {@link CompileOptions}.
 * @public
 */
export const DEFAULT_COMPILE_OPTIONS: Readonly<Required<CompileOptions>> = Object.freeze({
  resultExpressionKey: null,
  allowedFunctions: ALLOWED_FUNCTIONS,
  allowImplicitMultiplication: true,
  zeroLiteralMatchesAnyDimension: true,
});

/** The known keys of {@link CompileOptions} and the check of each (docs/policies.md: options are strict). */
export const COMPILE_OPTION_CHECKS: ShapeCheck = shapeOf<CompileOptions>({
  resultExpressionKey: orNull(STRING),
  allowedFunctions: listOf(oneOf(ALLOWED_FUNCTIONS), 'allowed function names'),
  allowImplicitMultiplication: BOOLEAN,
  zeroLiteralMatchesAnyDimension: BOOLEAN,
});

/**
 * One input of a compiled blueprint, with the dimension of its quantity kind.
 * @public
 */
export interface CompiledBlueprintInput {
  /** The blueprint input's key. */
  readonly input_key: string;
  /** Its quantity kind. */
  readonly quantity_kind: QuantityKind;
  /** `SCALAR` (one datapoint) or `LIST` (one or more). */
  readonly data_shape: DataShape;
  /** The dimension of its quantity kind; datapoints are converted to its SI unit. */
  readonly dimension: Dimension;
}

/**
 * An expression of a compiled blueprint, its template normalised: `{name}` variables, explicit `*`,
 * single spaces around operators and only the parentheses the grouping needs.
 * @public
 */
export interface CompiledExpression {
  /** The expression's key. */
  readonly key: string;
  /** Its normalised template. */
  readonly template: string;
  /** The dimension of its value; its value is in this dimension's SI unit. */
  readonly dimension: Dimension;
}

/**
 * A blueprint checked and compiled once into a program that evaluates a component's value and its
 * gradient without allocating.
 * @public
 */
export interface CompiledBlueprint {
  /** The blueprint's key. */
  readonly key: string;
  /** The blueprint's component type (decides the sign in an entry). */
  readonly type: ComponentType;
  /** The inputs, in blueprint order. */
  readonly inputs: readonly CompiledBlueprintInput[];
  /**
   * For each input (blueprint order), how many times its value enters the result, counting through
   * EXPRESSION_RESULT references (`a = {x} * 2; b = {a} + {a}` counts x twice); a LIST input counts
   * once per reducer applied to it, `count` included. 0 if the result does not use it.
   */
  readonly inputUseCounts: readonly number[];
  /** Key of the expression whose value is the result: the named one, else the single sink. */
  readonly resultExpression: string;
  /** Every expression (blueprint order) with its normalised template, for reports. */
  readonly expressions: readonly CompiledExpression[];
  /**
   * The LIST inputs that an expression combines element by element (`{c} * {d}`, docs/rules.md
   * "Element-wise lists"): in a component they must have one length, or the component is refused
   * (`list_length_mismatch`). `inputs` are indices into {@link CompiledBlueprint.inputs}, two or
   * more, ascending; `formula` is the operation, normalised. Empty for most blueprints.
   */
  readonly listPairings: readonly {
    readonly expression: string;
    readonly formula: string;
    readonly inputs: readonly number[];
  }[];
  /**
   * Evaluates the result in kg.
   * `values` holds the SI magnitudes of the component's datapoints, inputs concatenated in blueprint
   * order: input i occupies `values[inputStart[i] .. inputStart[i + 1])` (one value for a SCALAR
   * input, whose value is read at `inputStart[i]`); `inputStart.length` is `inputs.length + 1`.
   * When `gradient` is not null it is overwritten with d(result)/d(values[k]) for every k below
   * `inputStart[inputs.length]`, the values the inputs occupy; entries past them are left as they
   * are, so scratch arrays sized for the largest component cost nothing for a small one. Non-finite results (log of a negative number, division by
   * zero) come back as NaN or Infinity for the caller to report. Allocates nothing (a blueprint
   * with element-wise lists lowers its program once per signature of LIST lengths, on first use);
   * throws a RangeError only when `inputStart` is too short, or when LIST inputs paired
   * element-wise ({@link CompiledBlueprint.listPairings}) have different lengths, naming the
   * expression and both lengths.
   */
  evaluate(values: Float64Array, inputStart: Int32Array, gradient: Float64Array | null): number;
  /**
   * Evaluates the result in kg for a block of draws (a Monte Carlo run): for each draw i below
   * `size`, `out[i]` gets exactly what {@link CompiledBlueprint.evaluate} returns (same bits) when
   * `values[k]` is `columns[k][i]` for every slot k below `inputStart[inputs.length]` (same
   * `inputStart`). One call per block instead of one per draw: the loop over the draws runs inside
   * the compiled code. Allocates nothing once it has seen a block of this size; throws a
   * RangeError only when `inputStart` is too short, or, as {@link CompiledBlueprint.evaluate},
   * when LIST inputs paired element-wise have different lengths.
   */
  evaluateBlock(columns: readonly Float64Array[], inputStart: Int32Array, size: number, out: Float64Array): void;
  /**
   * Whether the result's formula takes `min`, `max` or `abs` of values that can vary: only then can
   * it have a kink, and {@link CompiledBlueprint.kinkGradients} return anything but null.
   */
  readonly mayKink: boolean;
  /**
   * The candidate gradients where the result is not differentiable at these values (`min` or `max`
   * with tied arguments or LIST items, `abs` at 0): one per combination of branches, without
   * repeats, as `evaluate` would write them (same `values` and `inputStart`). Null when the result
   * is differentiable there, as it almost always is. At a kink, `evaluate`'s own gradient is just
   * one branch (the first tied argument); the accounting takes the candidate that gives the entry
   * the larger variance, so that no figure depends on the order of writing. Allocates.
   */
  kinkGradients(values: Float64Array, inputStart: Int32Array): readonly Float64Array[] | null;
  /** Whether the result's formula has a conditional whose condition depends on the inputs. */
  readonly hasBranches: boolean;
  /**
   * The comparisons that decide the branches the result goes through at these values (same
   * `values` and `inputStart` as {@link CompiledBlueprint.evaluate}), each with the difference of
   * its two sides and that difference's gradient over the slots; null for none. The accounting warns
   * (`branch_near_threshold`) when a difference is within two standard deviations of 0. Allocates.
   */
  branchSides(values: Float64Array, inputStart: Int32Array): readonly BranchSide[] | null;
  /**
   * The value of every expression (blueprint order, SI units) for the same `values` and
   * `inputStart` as {@link CompiledBlueprint.evaluate}: the intermediate results a calculation
   * report shows. Allocates its result; not for hot paths.
   */
  evaluateExpressions(values: Float64Array, inputStart: Int32Array): Float64Array;
  /**
   * {@link CompiledBlueprint.evaluate} in place, for a caller that keeps many components' values
   * in one array: input i's values are `values[offset + inputStart[i] .. offset + inputStart[i + 1])`,
   * the result (the same bits `evaluate` returns) goes to `out[outIndex]` and, when `gradient` is not
   * null, the derivative by `values[offset + k]` to `gradient[gradientOffset + k]` for every k below
   * `inputStart[inputs.length]`, nothing else of it written. Returns nothing and allocates nothing;
   * throws as `evaluate` does.
   */
  evaluateInto(
    values: Float64Array,
    offset: number,
    inputStart: Int32Array,
    gradient: Float64Array | null,
    gradientOffset: number,
    out: Float64Array,
    outIndex: number,
  ): void;
}

/**
 * The outcome of {@link compileBlueprint}: the compiled blueprint, or every problem found.
 * @public
 */
export type CompileResult =
  | { readonly ok: true; readonly blueprint: CompiledBlueprint }
  | { readonly ok: false; readonly issues: readonly GraphIssue[] };
