/**
 * The removal graph document (contract.md section 2): blueprints, datapoints, components and GHG
 * entries in the service's own field names. Shapes only; cross-references, units and formulas are
 * checked by the accounting module, which reports every problem with its path.
 */
import { z } from 'zod';
import { quantityKindSchema } from './quantity-kinds';

/**
 * Component types, including the older spelling `REMOVAL_COUNTERFACTUAL` of `COUNTERFACTUAL`.
 * @public
 */
export const COMPONENT_TYPES = [
  'ACTIVITY',
  'COUNTERFACTUAL',
  'REMOVAL_COUNTERFACTUAL',
  'SEQUESTRATION',
  'LOSS',
  'REDUCTION',
  'ADJUSTMENT',
  'UNCERTAINTY_DISCOUNT',
] as const;

/** A component type. @public */
export type ComponentType = (typeof COMPONENT_TYPES)[number];

/** Schema of a component type. @public */
export const componentTypeSchema = z.enum(COMPONENT_TYPES);

/** Schema of an input's data shape: one datapoint or a list of them. @public */
export const dataShapeSchema = z.enum(['SCALAR', 'LIST']);
/** `SCALAR` or `LIST`. @public */
export type DataShape = z.infer<typeof dataShapeSchema>;

/** Schema of what an expression variable refers to. @public */
export const expressionInputTypeSchema = z.enum(['DATAPOINT', 'EXPRESSION_RESULT', 'ZERO_TCO2E']);
/** `DATAPOINT`, `EXPRESSION_RESULT` or `ZERO_TCO2E`. @public */
export type ExpressionInputType = z.infer<typeof expressionInputTypeSchema>;

/** Schema of a blueprint input. @public */
export const blueprintInputSchema = z.object({
  input_key: z.string().min(1),
  quantity_kind: quantityKindSchema,
  compatible_unit: z.string().min(1),
  data_shape: dataShapeSchema.default('SCALAR'),
  description: z.string().optional(),
  display_name: z.string().optional(),
});
/** A blueprint input: what datapoints a component must supply. @public */
export type BlueprintInput = z.infer<typeof blueprintInputSchema>;

/** Schema of an expression input: the mapping of one `{template_key}` variable. @public */
export const expressionInputSchema = z.object({
  template_key: z.string().min(1),
  /** A blueprint input's key (DATAPOINT), another expression's key (EXPRESSION_RESULT), ignored for ZERO_TCO2E. */
  input_key: z.string().default(''),
  type: expressionInputTypeSchema,
  data_shape: dataShapeSchema.optional(),
});
/** An expression input. @public */
export type ExpressionInput = z.infer<typeof expressionInputSchema>;

/** Schema of a blueprint expression. @public */
export const blueprintExpressionSchema = z.object({
  key: z.string().min(1),
  template: z.string(),
  inputs: z.array(expressionInputSchema),
});
/** A blueprint expression: a formula and the mapping of its variables. @public */
export type BlueprintExpression = z.infer<typeof blueprintExpressionSchema>;

/** Schema of a component blueprint as the graph document carries it. @public */
export const componentBlueprintDefinitionSchema = z.object({
  key: z.string().min(1),
  type: componentTypeSchema,
  display_name: z.string().optional(),
  description: z.string().optional(),
  inputs: z.array(blueprintInputSchema),
  expressions: z.array(blueprintExpressionSchema).min(1),
});
/** A component blueprint: named inputs and the formulas that turn them into CO2e. @public */
export type ComponentBlueprintDefinition = z.infer<typeof componentBlueprintDefinitionSchema>;

/** Schema of a datapoint's quantity; `standard_deviation` null or absent means "not propagated". @public */
export const graphQuantitySchema = z.object({
  magnitude: z.number(),
  unit: z.string(),
  standard_deviation: z.number().nullable().optional(),
});

/** Schema of a datapoint in the graph document; other Datapoint fields are kept and ignored. @public */
export const graphDatapointSchema = z
  .object({
    id: z.string().min(1),
    quantity: graphQuantitySchema,
    uncertainty_justification: z.string().nullable().optional(),
  })
  .passthrough();
/** A datapoint of the graph document. @public */
export type GraphDatapoint = z.infer<typeof graphDatapointSchema>;

/** Schema of a component input: `datapoint_ids`, or the API's single `datapoint_id`. @public */
export const graphComponentInputSchema = z.object({
  input_key: z.string().min(1),
  datapoint_ids: z.array(z.string().min(1)).optional(),
  datapoint_id: z.string().min(1).optional(),
});
/** A component input. @public */
export type GraphComponentInput = z.infer<typeof graphComponentInputSchema>;

/** Schema of a component in the graph document. @public */
export const graphComponentSchema = z
  .object({
    id: z.string().min(1),
    blueprint_key: z.string().min(1),
    inputs: z.array(graphComponentInputSchema),
  })
  .passthrough();
/** A component: a blueprint instantiated with datapoints. @public */
export type GraphComponent = z.infer<typeof graphComponentSchema>;

/** Schema of a component attribution; the factor defaults to 1. @public */
export const graphAttributionSchema = z.object({
  component_id: z.string().min(1),
  attribution_factor: z.number().gt(0).lte(1).nullable().optional(),
  attribution_factor_datapoint_id: z.string().min(1).nullable().optional(),
});
/** A component attribution of a GHG entry. @public */
export type GraphAttribution = z.infer<typeof graphAttributionSchema>;

/** Schema of a GHG entry in the graph document. @public */
export const graphGhgEntrySchema = z
  .object({
    id: z.string().min(1),
    risk_of_reversal_percentage: z.number().min(0).max(100).nullable().optional(),
    component_attributions: z.array(graphAttributionSchema),
  })
  .passthrough();
/** A GHG entry (removal) of the graph document. @public */
export type GraphGhgEntry = z.infer<typeof graphGhgEntrySchema>;

/** Schema of the whole removal graph document. @public */
export const removalGraphSchema = z
  .object({
    component_blueprints: z.array(componentBlueprintDefinitionSchema),
    datapoints: z.array(graphDatapointSchema),
    components: z.array(graphComponentSchema),
    ghg_entries: z.array(graphGhgEntrySchema),
  })
  .passthrough();
/** The removal graph document: everything needed to evaluate GHG entries. @public */
export type RemovalGraph = z.infer<typeof removalGraphSchema>;
/** The graph document as a caller writes it (defaults not yet applied). @public */
export type RemovalGraphInput = z.input<typeof removalGraphSchema>;
