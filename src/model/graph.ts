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

// --- GHG statements and projects (semantics.md section 4) --------------------------------------

/** Calendar dates as the service writes them, `YYYY-MM-DD`, checked to exist (no 2025-02-30). */
const graphDateSchema = z.string().refine(isCalendarDate, { message: 'expected a date YYYY-MM-DD' });

function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The statuses of a GHG statement, in lifecycle order: DRAFT, AWAITING_VERIFICATION, then
 * VERIFIED or FAILED_VERIFICATION, and CREDITS_ISSUED after VERIFIED.
 * @public
 */
export const GHG_STATEMENT_STATUSES = ['DRAFT', 'AWAITING_VERIFICATION', 'VERIFIED', 'CREDITS_ISSUED', 'FAILED_VERIFICATION'] as const;

/** A GHG statement status. @public */
export type GhgStatementStatus = (typeof GHG_STATEMENT_STATUSES)[number];

/** Schema of a GHG statement status. @public */
export const ghgStatementStatusSchema = z.enum(GHG_STATEMENT_STATUSES);

/**
 * How a project-level component is amortised over the project's GHG statements (the service's
 * `allocation_strategy`).
 * @public
 */
export const PROJECT_COMPONENT_ALLOCATION_STRATEGIES = [
  'ESTIMATED_PROJECT_TONNAGE',
  'MANUAL',
  'CUSTOM_TIME_PERIOD',
  'ESTIMATED_PROJECT_LIFETIME',
] as const;

/** A project component's allocation strategy. @public */
export type ProjectComponentAllocationStrategy = (typeof PROJECT_COMPONENT_ALLOCATION_STRATEGIES)[number];

/** Schema of a project component's allocation strategy. @public */
export const projectComponentAllocationStrategySchema = z.enum(PROJECT_COMPONENT_ALLOCATION_STRATEGIES);

/**
 * Schema of a share of a project component frozen on a statement (e.g. recorded when it was
 * verified): it is applied as given and counts against the component's 100 %.
 * @public
 */
export const graphProjectComponentShareSchema = z.object({
  component_id: z.string().min(1),
  share: z.number().min(0).max(1),
});
/** A frozen share of a project component on one GHG statement. @public */
export type GraphProjectComponentShare = z.infer<typeof graphProjectComponentShareSchema>;

/**
 * Schema of a GHG statement in the graph document: the entries of one project over a reporting
 * period (inclusive dates), and the components attributed at statement level (split evenly over
 * its entries). Entries are listed as `removal_ids` or `ghg_entry_ids` (the same thing).
 * @public
 */
export const graphGhgStatementSchema = z
  .object({
    id: z.string().min(1),
    project_id: z.string().min(1),
    status: ghgStatementStatusSchema.default('DRAFT'),
    reporting_period_start_at: graphDateSchema,
    reporting_period_end_at: graphDateSchema,
    removal_ids: z.array(z.string().min(1)).optional(),
    ghg_entry_ids: z.array(z.string().min(1)).optional(),
    /** Components attributed at statement level. */
    component_ids: z.array(z.string().min(1)).default([]),
    /** Shares of project components already fixed for this statement. */
    project_component_shares: z.array(graphProjectComponentShareSchema).default([]),
  })
  .passthrough();
/** A GHG statement of the graph document. @public */
export type GraphGhgStatement = z.infer<typeof graphGhgStatementSchema>;

/** Schema of a manual attribution of a project component to one GHG entry. @public */
export const graphProjectComponentAttributionSchema = z.object({
  removal_id: z.string().min(1).optional(),
  ghg_entry_id: z.string().min(1).optional(),
  attribution_factor: z.number().gt(0).lte(1),
});
/** A manual attribution of a project component to a GHG entry. @public */
export type GraphProjectComponentAttribution = z.infer<typeof graphProjectComponentAttributionSchema>;

/**
 * Schema of a project-level component: a component of the document amortised over the project's
 * statements by `allocation_strategy`. `CUSTOM_TIME_PERIOD` needs the custom period (inclusive
 * dates); `MANUAL` takes explicit `removal_attributions` instead.
 * @public
 */
export const graphProjectComponentSchema = z.object({
  component_id: z.string().min(1),
  allocation_strategy: projectComponentAllocationStrategySchema,
  custom_period_start_on: graphDateSchema.nullable().optional(),
  custom_period_end_on: graphDateSchema.nullable().optional(),
  removal_attributions: z.array(graphProjectComponentAttributionSchema).default([]),
});
/** A project-level component. @public */
export type GraphProjectComponent = z.infer<typeof graphProjectComponentSchema>;

/**
 * Schema of a project in the graph document: what amortisation needs. `estimated_gross_tonnage_kg`
 * (the project's estimated gross sequestration) serves `ESTIMATED_PROJECT_TONNAGE`,
 * `estimated_lifetime` (a time quantity, e.g. `{magnitude: 2, unit: "yr"}`) serves
 * `ESTIMATED_PROJECT_LIFETIME`.
 * @public
 */
export const graphProjectSchema = z
  .object({
    id: z.string().min(1),
    estimated_gross_tonnage_kg: z.number().positive().nullable().optional(),
    estimated_lifetime: z.object({ magnitude: z.number().positive(), unit: z.string().min(1) }).nullable().optional(),
    components: z.array(graphProjectComponentSchema).default([]),
  })
  .passthrough();
/** A project of the graph document. @public */
export type GraphProject = z.infer<typeof graphProjectSchema>;

/** Schema of the whole removal graph document. @public */
export const removalGraphSchema = z
  .object({
    component_blueprints: z.array(componentBlueprintDefinitionSchema),
    datapoints: z.array(graphDatapointSchema),
    components: z.array(graphComponentSchema),
    ghg_entries: z.array(graphGhgEntrySchema),
    ghg_statements: z.array(graphGhgStatementSchema).optional(),
    projects: z.array(graphProjectSchema).optional(),
  })
  .passthrough();
/** The removal graph document: everything needed to evaluate GHG entries. @public */
export type RemovalGraph = z.infer<typeof removalGraphSchema>;
/** The graph document as a caller writes it (defaults not yet applied). @public */
export type RemovalGraphInput = z.input<typeof removalGraphSchema>;

