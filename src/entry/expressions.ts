/**
 * Entry point `cdr-engine/expressions`: blueprint compilation on its own, for hosts that check a
 * methodology's formulas before any datapoint exists or compile with other options than the
 * defaults (`CompileOptions`, every one a [decision] of docs/rules.md#blueprints-components-and-inputs), and the issue
 * codes a blueprint can get. `evaluateGraph` compiles with {@link DEFAULT_COMPILE_OPTIONS}.
 *
 * @packageDocumentation
 */
export * from '../expressions';
export type { ComponentBlueprintDefinition, BlueprintInput, BlueprintExpression, ExpressionInput } from '../model/graph';
// The schemas those types are derived from, for a host that validates a blueprint on its own.
export { blueprintExpressionSchema, blueprintInputSchema, componentBlueprintDefinitionSchema, expressionInputSchema } from '../model/graph';
// The types the compiled blueprints and their issues use, so that the entry's report names none it does not export.
export type { ComponentType, DataShape } from '../model/graph';
export type { QuantityKind } from '../model/quantity-kinds';
export type { Dimension } from '../units/dimension';
export type { GraphIssue, GraphIssueCode, IssuePath } from '../model/issues';
