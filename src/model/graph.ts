/**
 * The removal graph document (docs/graph-document.md): blueprints, datapoints, components and GHG
 * entries in the service's own field names. Shapes only; cross-references, units and formulas are
 * checked by the accounting module, which reports every problem with its path.
 *
 * Every object is strict (docs/rules.md#units-and-quantity-kinds): a key it does not define is refused, never read
 * as an absent field. Service fields the calculation does not read are listed where the service
 * writes them (datapoints, components, attributions, entries, statements, projects) and kept as
 * given; figures the service computes are not among them. docs/graph-document.md lists every field.
 * The JSON Schema of the document (schema/graph.schema.json) is generated from these schemas.
 */
import * as z from 'zod';
import { isCalendarDate } from './calendar-date';
import { builtSchema, lazySchema } from './lazy-schema';
import { quantityKindSchema } from './quantity-kinds';

/** Calendar dates as the service writes them, `YYYY-MM-DD`, checked to exist (no 2025-02-30). */
function graphDateSchema() {
  return z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'expected a date YYYY-MM-DD', abort: true })
    .refine(isCalendarDate, { message: 'expected a date YYYY-MM-DD that exists' });
}

/**
 * Component types, including the older spelling `REMOVAL_COUNTERFACTUAL` of `COUNTERFACTUAL`.
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
] as const satisfies readonly ComponentType[];

/** A component type. @public */
export type ComponentType =
  | 'ACTIVITY'
  | 'COUNTERFACTUAL'
  | 'REMOVAL_COUNTERFACTUAL'
  | 'SEQUESTRATION'
  | 'LOSS'
  | 'REDUCTION'
  | 'ADJUSTMENT'
  | 'UNCERTAINTY_DISCOUNT';

// Every member of the union is listed (the list is the union, no more, no less).
const _everyComponentType: readonly (typeof COMPONENT_TYPES)[number][] = [] as ComponentType[];
void _everyComponentType;

/** Schema of a component type. */
export const componentTypeSchema = lazySchema(() => z.enum(COMPONENT_TYPES));

/** Schema of an input's data shape: one datapoint or a list of them. */
export const dataShapeSchema = lazySchema(() => z.enum(['SCALAR', 'LIST'] as const satisfies readonly DataShape[]));
/** `SCALAR` or `LIST`. */
export type DataShape = 'SCALAR' | 'LIST';

/** Schema of what an expression variable refers to. */
export const expressionInputTypeSchema = lazySchema(() => z.enum(['DATAPOINT', 'EXPRESSION_RESULT', 'ZERO_TCO2E']));
/** `DATAPOINT`, `EXPRESSION_RESULT` or `ZERO_TCO2E`. */
export type ExpressionInputType = z.infer<typeof expressionInputTypeSchema>;

/**
 * A string field the service writes and the calculation does not read: kept as given, null allowed
 * (the service writes null for "not set").
 */
const serviceText = (description: string) =>
  z.string().nullable().optional().describe(`${description} Kept as given; not read by the calculation.`);

/** Schema of a blueprint input's own realistic range: values outside it warn (`value_outside_realistic_range`). */
export const inputRealisticRangeSchema = lazySchema(() =>
  z.strictObject({
    min: z.number().describe('Smallest realistic magnitude, in `unit`.'),
    max: z.number().describe('Largest realistic magnitude, in `unit`; at least `min`.'),
    unit: z.string().describe("A unit of the input's quantity kind."),
  }),
);

/** Schema of a blueprint input. */
export const blueprintInputSchema = lazySchema(() =>
  z.strictObject({
    input_key: z.string().min(1).describe('Name of the input, unique in the blueprint; components supply it under this key.'),
    quantity_kind: builtSchema(quantityKindSchema).describe(
      'Quantity kind every datapoint of this input must have a unit of (docs/rules.md#units-and-quantity-kinds).',
    ),
    compatible_unit: z
      .string()
      .describe(
        'A unit of that kind, as the service shows it (e.g. "t"; "" is dimensionless, as Pint writes it); datapoints may use any unit of the kind.',
      ),
    data_shape: builtSchema(dataShapeSchema)
      .default('SCALAR')
      .describe('SCALAR: exactly one datapoint; LIST: one or more. Default SCALAR.'),
    description: z.string().optional().describe('Free text.'),
    display_name: z.string().optional().describe('Free text.'),
    difference: z
      .boolean()
      .optional()
      .describe(
        "Library extension: its datapoints are changes or corrections of a quantity of the kind (a change of soil stock, a control correction), so their sign is free; the kind's physical bounds and the upper end of its realistic range apply to the absolute value. Default false.",
      ),
    realistic_range: builtSchema(inputRealisticRangeSchema)
      .optional()
      .describe("Library extension: narrows or widens the kind's realistic range (docs/units.md) for this input's datapoints."),
  }),
);
/** A blueprint input: what datapoints a component must supply. @public */
export type BlueprintInput = z.infer<typeof blueprintInputSchema>;

/** Schema of an expression input: the mapping of one `{template_key}` variable. */
export const expressionInputSchema = lazySchema(() =>
  z.strictObject({
    template_key: z.string().min(1).describe('The variable as written in the template, without braces.'),
    /** A blueprint input's key (DATAPOINT), another expression's key (EXPRESSION_RESULT), ignored for ZERO_TCO2E. */
    input_key: z
      .string()
      .default('')
      .describe('A blueprint input\'s key (DATAPOINT), another expression\'s key (EXPRESSION_RESULT); ignored for ZERO_TCO2E. Default "".'),
    type: builtSchema(expressionInputTypeSchema).describe('What the variable stands for.'),
    data_shape: builtSchema(dataShapeSchema).optional().describe("Must match the blueprint input's data_shape when given."),
  }),
);
/** An expression input. @public */
export type ExpressionInput = z.infer<typeof expressionInputSchema>;

/** Schema of a blueprint expression. */
export const blueprintExpressionSchema = lazySchema(() =>
  z.strictObject({
    key: z.string().min(1).describe('Name of the expression, unique in the blueprint.'),
    template: z
      .string()
      .describe('The formula, e.g. "{m} * {d} * {ef}": numbers, + - * / ^, parentheses and sum mean min max count sqrt exp log abs.'),
    inputs: z.array(builtSchema(expressionInputSchema)).describe('One mapping per {variable} of the template.'),
  }),
);
/** A blueprint expression: a formula and the mapping of its variables. @public */
export type BlueprintExpression = z.infer<typeof blueprintExpressionSchema>;

/** Schema of a component blueprint as the graph document carries it. */
export const componentBlueprintDefinitionSchema = lazySchema(() =>
  z.strictObject({
    key: z.string().min(1).describe('Unique key; components name their blueprint by it.'),
    type: builtSchema(componentTypeSchema).describe('Decides the sign of the component in a GHG entry (policy componentSigns).'),
    display_name: z.string().optional().describe('Free text.'),
    description: z.string().optional().describe('Free text.'),
    inputs: z.array(builtSchema(blueprintInputSchema)).describe('The datapoints a component of this blueprint supplies.'),
    expressions: z
      .array(builtSchema(blueprintExpressionSchema))
      .min(1)
      .describe(
        "The formulas, in any order. The component's CO2e (a mass) is the one expression no other one uses (or the one result_expression_key names); an expression the result does not use is an error.",
      ),
    result_expression_key: z
      .string()
      .min(1)
      .optional()
      .describe(
        "Library extension (the service's blueprints have no such field): the key of the expression whose value is the component's CO2e, stated explicitly. Every other expression must still feed it.",
      ),
  }),
);
/** A component blueprint: named inputs and the formulas that turn them into CO2e. @public */
export type ComponentBlueprintDefinition = z.infer<typeof componentBlueprintDefinitionSchema>;

/** Schema of a datapoint's quantity; `standard_deviation` null or absent means "not propagated". */
export const graphQuantitySchema = lazySchema(() =>
  z.strictObject({
    magnitude: z.number().describe('The value, in `unit`.'),
    unit: z.string().describe('A unit of the quantity kind of every input the datapoint feeds (see docs/units.md).'),
    standard_deviation: z
      .number()
      .nullable()
      .optional()
      .describe('One standard deviation, in `unit`, >= 0. Null or absent: not part of the variance propagation.'),
  }),
);
/** A datapoint's quantity: magnitude, unit and standard deviation. */
export type GraphQuantity = z.infer<typeof graphQuantitySchema>;

/**
 * Schema of a datapoint's input distribution for Monte Carlo (docs/graph-document.md,
 * "Distributions"): centred on the magnitude, its scale the datapoint's standard deviation.
 * Ranges (`beta` in [0, 1], at least 1 degree of freedom, a positive magnitude for a lognormal)
 * are checked at preparation, with the datapoint named.
 */
export const graphDistributionSchema = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('normal').describe('Normal (the default).') }),
    z.strictObject({ type: z.literal('rectangular').describe('Uniform on magnitude +- sqrt(3) sd.') }),
    z.strictObject({ type: z.literal('triangular').describe('Symmetric triangle on magnitude +- sqrt(6) sd.') }),
    z.strictObject({ type: z.literal('arcsine').describe('U-shaped on magnitude +- sqrt(2) sd.') }),
    z.strictObject({
      type: z.literal('trapezoidal').describe('Symmetric trapezoid of standard deviation sd.'),
      beta: z.number().describe("Ratio of the top's half-width to the base's, in [0, 1] (0 triangular, 1 rectangular)."),
    }),
    z.strictObject({
      type: z.literal('student_t').describe('magnitude + sd * t (sd the standard uncertainty s / sqrt(N)).'),
      degrees_of_freedom: z.number().describe('Degrees of freedom, >= 1.'),
    }),
    z.strictObject({
      type: z
        .literal('lognormal')
        .describe(
          'Strictly positive. Without log_standard_deviation: mean the magnitude (> 0) and standard deviation sd. With it: median the magnitude.',
        ),
      log_standard_deviation: z
        .number()
        .optional()
        .describe('sigma > 0 of ln X ~ N(ln magnitude, sigma^2): the magnitude is the median; standard_deviation must then be null.'),
    }),
  ]),
);
/** A datapoint's input distribution. @public */
export type GraphDistribution = z.infer<typeof graphDistributionSchema>;

/**
 * Schema of a correlation between two datapoints (docs/graph-document.md, "Correlations").
 */
export const graphCorrelationSchema = lazySchema(() =>
  z.strictObject({
    datapoint_ids: z.tuple([z.string().min(1), z.string().min(1)]).describe('Two distinct datapoints, both with a standard deviation.'),
    coefficient: z.number().describe('The correlation coefficient, in [-1, 1].'),
  }),
);
/** A correlation between two datapoints. */
export type GraphCorrelation = z.infer<typeof graphCorrelationSchema>;

/**
 * Schema of a sample set (docs/graph-document.md, "Sample sets"): observations taken at the same
 * sampling units, one column per measured quantity, one row per unit (a location, a core, a plot).
 */
export const graphSampleSetSchema = lazySchema(() =>
  z.strictObject({
    id: z.string().min(1).describe('Unique id of the set; it names the set in errors and keys its bootstrap draws.'),
    columns: z
      .record(z.string(), z.array(z.string().min(1)))
      .describe(
        'By column name, the datapoint ids of its rows, in row order; every column has the same number of rows, at least 2. A datapoint belongs to one set, once, and has no standard_deviation or distribution of its own.',
      ),
  }),
);
/** A sample set: datapoints observed at the same sampling units, by column. @public */
export type GraphSampleSet = z.infer<typeof graphSampleSetSchema>;

/**
 * Schema of a datapoint in the graph document. Besides `id` and `quantity` it may carry the other
 * fields of the service's Datapoint resource (docs/rules.md#service-resources, and `type` and `locked_status` of
 * the OpenAPI), kept as given; `display_name` and `uncertainty_justification` appear in reports.
 * Any other key is refused.
 */
export const graphDatapointSchema = lazySchema(() =>
  z.strictObject({
    id: z.string().min(1).describe('Unique id (the service writes dtp_...); components name datapoints by it.'),
    quantity: builtSchema(graphQuantitySchema),
    uncertainty_justification: serviceText(
      'Why the standard deviation is what it is; the sensitivity analysis lists sensitive datapoints without one.',
    ),
    display_name: serviceText('Shown in calculation reports.'),
    description: serviceText('Free text.'),
    project_id: serviceText('The project (prj_...).'),
    measured_at: serviceText('When it was measured (date-time).'),
    source_ids: z.array(z.string()).optional().describe('Sources (src_...). Kept as given; not read by the calculation.'),
    supplier_reference_id: serviceText("The supplier's own reference."),
    type: serviceText("The service's datapoint type (CONSTANT, REPORTED, ...)."),
    locked_status: serviceText("The service's lock status."),
    distribution: builtSchema(graphDistributionSchema)
      .optional()
      .describe('Its input distribution for Monte Carlo; absent: normal. Needs a standard deviation.'),
  }),
);
/** A datapoint of the graph document. */
export type GraphDatapoint = z.infer<typeof graphDatapointSchema>;

/** Schema of a component input: `datapoint_ids`, or the API's single `datapoint_id`. */
export const graphComponentInputSchema = lazySchema(() =>
  z.strictObject({
    input_key: z.string().min(1).describe("A blueprint input's key."),
    datapoint_ids: z.array(z.string().min(1)).optional().describe('The datapoints of this input (one for SCALAR, one or more for LIST).'),
    datapoint_id: z
      .string()
      .min(1)
      .optional()
      .describe('The one datapoint of a SCALAR input, as the API writes it; give this or datapoint_ids.'),
    __typename: z.string().optional().describe("The service's type name (ComponentListInput). Kept as given."),
  }),
);
/** A component input. */
export type GraphComponentInput = z.infer<typeof graphComponentInputSchema>;

/**
 * Schema of a component in the graph document. Besides `id`, `blueprint_key` and `inputs` it may
 * carry the descriptive fields of the service's Component (docs/rules.md#service-resources), kept as given. Its
 * `type`, `scope` and `allocation_strategy` are not accepted: the type comes from the blueprint,
 * the scope from where the component is attributed, the allocation strategy from `projects`.
 */
export const graphComponentSchema = lazySchema(() =>
  z.strictObject({
    id: z.string().min(1).describe('Unique id (cmp_...); GHG entries, statements and projects attribute components by it.'),
    blueprint_key: z.string().min(1).describe("The blueprint's key."),
    inputs: z.array(builtSchema(graphComponentInputSchema)).describe('Every input of the blueprint, each exactly once.'),
    display_name: serviceText('Shown in calculation reports.'),
    description: serviceText('Free text.'),
    activity_started_at: serviceText('Start of the activity (date-time).'),
    activity_completed_at: serviceText('End of the activity (date-time).'),
    ghg_entry_template_component_id: serviceText('Template component (rtc_...).'),
    removal_template_component_id: serviceText('Template component (rtc_...), older name.'),
    supplier_reference_id: serviceText("The supplier's own reference."),
  }),
);
/** A component: a blueprint instantiated with datapoints. */
export type GraphComponent = z.infer<typeof graphComponentSchema>;

/**
 * Schema of a component attribution; the factor defaults to 1. It may carry the service's
 * attribution `id`, `component_group_key` and template component ids, kept as given.
 */
export const graphAttributionSchema = lazySchema(() =>
  z.strictObject({
    component_id: z.string().min(1).describe("The attributed component's id."),
    attribution_factor: z
      .number()
      .gt(0)
      .lte(1)
      .nullable()
      .optional()
      .describe(
        'Share of the component attributed to this entry, in (0, 1]. Null or absent: 1. The shares of one component sum to at most 1.',
      ),
    attribution_factor_datapoint_id: z
      .string()
      .min(1)
      .nullable()
      .optional()
      .describe(
        'Older form: a dimensionless datapoint holding the factor (its uncertainty is propagated). Give this or attribution_factor.',
      ),
    id: serviceText('The attribution (rvc_...).'),
    component_group_key: serviceText('Template group key.'),
    ghg_entry_template_component_id: serviceText('Template component (rtc_...).'),
    removal_template_component_id: serviceText('Template component (rtc_...), older name.'),
  }),
);
/** A component attribution of a GHG entry. */
export type GraphAttribution = z.infer<typeof graphAttributionSchema>;

/**
 * Schema of a GHG entry in the graph document. Besides its id, risk of reversal and attributions
 * it may carry the descriptive fields of the service's Removal (docs/rules.md#service-resources) and its
 * `project_id`; `project_id`, `completed_on` and `ghg_statement_id` are checked against the entry's
 * GHG statement. The figures the service computes (`co2e_net_removed_kg`, `credit_allocation`, ...)
 * are not accepted: the engine computes them.
 */
export const graphGhgEntrySchema = lazySchema(() =>
  z.strictObject({
    id: z.string().min(1).describe('Unique id (rmv_...).'),
    risk_of_reversal_percentage: z
      .number()
      .min(0)
      .max(100)
      .nullable()
      .optional()
      .describe('Percentage of the issuable credits contributed to the buffer pool, in [0, 100]. Null or absent: no credit allocation.'),
    component_attributions: z.array(builtSchema(graphAttributionSchema)).describe('The components of the entry and their shares.'),
    supplier_reference_id: serviceText("The supplier's own reference."),
    project_id: z
      .string()
      .nullable()
      .optional()
      .describe("The project (prj_...); when given, it must be the project of the entry's GHG statement."),
    started_on: graphDateSchema()
      .nullable()
      .optional()
      .describe('Start of activities, YYYY-MM-DD. Kept as given; not read by the calculation.'),
    completed_on: graphDateSchema()
      .nullable()
      .optional()
      .describe("End of activities, YYYY-MM-DD; when given, it must fall in the reporting period of the entry's GHG statement."),
    feedstock_type_id: serviceText('Feedstock type (ftt_...).'),
    ghg_statement_id: z
      .string()
      .nullable()
      .optional()
      .describe('The GHG statement (ggs_...); when given, that statement must list the entry.'),
  }),
);
/** A GHG entry (removal) of the graph document. */
export type GraphGhgEntry = z.infer<typeof graphGhgEntrySchema>;

// --- GHG statements and projects (docs/rules.md#statement-and-project-components) --------------------------------------

/**
 * The statuses of a GHG statement, in lifecycle order: DRAFT, AWAITING_VERIFICATION, then
 * VERIFIED or FAILED_VERIFICATION, and CREDITS_ISSUED after VERIFIED.
 */
export const GHG_STATEMENT_STATUSES = [
  'DRAFT',
  'AWAITING_VERIFICATION',
  'VERIFIED',
  'CREDITS_ISSUED',
  'FAILED_VERIFICATION',
] as const satisfies readonly GhgStatementStatus[];

/** A GHG statement status. @public */
export type GhgStatementStatus = 'DRAFT' | 'AWAITING_VERIFICATION' | 'VERIFIED' | 'CREDITS_ISSUED' | 'FAILED_VERIFICATION';

// Every member of the union is listed (the list is the union, no more, no less).
const _everyGhgStatementStatus: readonly (typeof GHG_STATEMENT_STATUSES)[number][] = [] as GhgStatementStatus[];
void _everyGhgStatementStatus;

/** Schema of a GHG statement status. */
export const ghgStatementStatusSchema = lazySchema(() => z.enum(GHG_STATEMENT_STATUSES));

/**
 * How a project-level component is amortised over the project's GHG statements (the service's
 * `allocation_strategy`).
 */
export const PROJECT_COMPONENT_ALLOCATION_STRATEGIES = [
  'ESTIMATED_PROJECT_TONNAGE',
  'MANUAL',
  'CUSTOM_TIME_PERIOD',
  'ESTIMATED_PROJECT_LIFETIME',
] as const satisfies readonly ProjectComponentAllocationStrategy[];

/** A project component's allocation strategy. @public */
export type ProjectComponentAllocationStrategy =
  | 'ESTIMATED_PROJECT_TONNAGE'
  | 'MANUAL'
  | 'CUSTOM_TIME_PERIOD'
  | 'ESTIMATED_PROJECT_LIFETIME';

// Every member of the union is listed (the list is the union, no more, no less).
const _everyProjectComponentAllocationStrategy: readonly (typeof PROJECT_COMPONENT_ALLOCATION_STRATEGIES)[number][] =
  [] as ProjectComponentAllocationStrategy[];
void _everyProjectComponentAllocationStrategy;

/** Schema of a project component's allocation strategy. */
export const projectComponentAllocationStrategySchema = lazySchema(() => z.enum(PROJECT_COMPONENT_ALLOCATION_STRATEGIES));

/**
 * Schema of a share of a project component frozen on a statement (e.g. recorded when it was
 * verified): it is applied as given and counts against the component's 100 %.
 */
export const graphProjectComponentShareSchema = lazySchema(() =>
  z.strictObject({
    component_id: z.string().min(1).describe("An amortised component of the statement's project."),
    share: z.number().min(0).max(1).describe('The share of the component this statement carries, in [0, 1].'),
  }),
);
/** A frozen share of a project component on one GHG statement. */
export type GraphProjectComponentShare = z.infer<typeof graphProjectComponentShareSchema>;

/**
 * Schema of a GHG statement in the graph document: the entries of one project over a reporting
 * period (inclusive dates), and the components attributed at statement level (split evenly over
 * its entries). Entries are listed as `removal_ids` or `ghg_entry_ids` (the same thing). It may
 * carry the service's `verifier`, `ghg_statement_report_url`, `submitted_at` and
 * `credits_issued_at`, kept as given; the figures the service computes are not accepted.
 */
export const graphGhgStatementSchema = lazySchema(() =>
  z.strictObject({
    id: z.string().min(1).describe('Unique id (ggs_...).'),
    project_id: z.string().min(1).describe('The project (prj_...); one of `projects` when the document has them.'),
    status: builtSchema(ghgStatementStatusSchema)
      .default('DRAFT')
      .describe('Default DRAFT; VERIFIED and CREDITS_ISSUED statements receive no new project shares.'),
    reporting_period_start_at: graphDateSchema().describe('First day of the reporting period, YYYY-MM-DD.'),
    reporting_period_end_at: graphDateSchema().describe('Last day of the reporting period (included), YYYY-MM-DD.'),
    removal_ids: z.array(z.string().min(1)).optional().describe('The GHG entries of the statement; an entry is in one statement at most.'),
    ghg_entry_ids: z.array(z.string().min(1)).optional().describe('The same as removal_ids, newer name; give one of the two.'),
    /** Components attributed at statement level. */
    component_ids: z
      .array(z.string().min(1))
      .default([])
      .describe('Statement-level components, split evenly over its entries. Default [].'),
    /** Shares of project components already fixed for this statement. */
    project_component_shares: z
      .array(builtSchema(graphProjectComponentShareSchema))
      .default([])
      .describe('Shares of project components frozen on this statement. Default [].'),
    verifier: serviceText('The verifier.'),
    ghg_statement_report_url: serviceText('Address of the report.'),
    submitted_at: serviceText('When it was submitted (date-time).'),
    credits_issued_at: serviceText('When credits were issued (date-time).'),
  }),
);
/** A GHG statement of the graph document. */
export type GraphGhgStatement = z.infer<typeof graphGhgStatementSchema>;

/** Schema of a manual attribution of a project component to one GHG entry. */
export const graphProjectComponentAttributionSchema = lazySchema(() =>
  z.strictObject({
    removal_id: z.string().min(1).optional().describe('The GHG entry; give this or ghg_entry_id.'),
    ghg_entry_id: z.string().min(1).optional().describe('The same as removal_id, newer name.'),
    attribution_factor: z.number().gt(0).lte(1).describe("The entry's share of the component, in (0, 1]."),
  }),
);
/** A manual attribution of a project component to a GHG entry. */
export type GraphProjectComponentAttribution = z.infer<typeof graphProjectComponentAttributionSchema>;

/**
 * Schema of a project-level component: a component of the document amortised over the project's
 * statements by `allocation_strategy`. `CUSTOM_TIME_PERIOD` needs the custom period (inclusive
 * dates); `MANUAL` takes explicit `removal_attributions` instead.
 */
export const graphProjectComponentSchema = lazySchema(() =>
  z.strictObject({
    component_id: z.string().min(1).describe('A component of the document, attributed by nothing else.'),
    allocation_strategy: builtSchema(projectComponentAllocationStrategySchema).describe(
      'How it is amortised over the statements (docs/rules.md#statement-and-project-components).',
    ),
    custom_period_start_on: graphDateSchema().nullable().optional().describe('CUSTOM_TIME_PERIOD: first day, YYYY-MM-DD.'),
    custom_period_end_on: graphDateSchema().nullable().optional().describe('CUSTOM_TIME_PERIOD: last day (included), YYYY-MM-DD.'),
    removal_attributions: z
      .array(builtSchema(graphProjectComponentAttributionSchema))
      .default([])
      .describe('MANUAL: the factor of each entry. Default [].'),
  }),
);
/** A project-level component. */
export type GraphProjectComponent = z.infer<typeof graphProjectComponentSchema>;

/** Schema of a project's estimated lifetime: a time quantity. */
const graphProjectLifetimeSchema = lazySchema(() =>
  z.strictObject({
    magnitude: z.number().positive().describe('The lifetime, in `unit`, > 0.'),
    unit: z.string().min(1).describe('A unit of time, e.g. yr or d.'),
  }),
);

/**
 * Schema of a project in the graph document: what amortisation needs. `estimated_gross_tonnage_kg`
 * (the project's estimated gross sequestration) serves `ESTIMATED_PROJECT_TONNAGE`,
 * `estimated_lifetime` (a time quantity, e.g. `{magnitude: 2, unit: "yr"}`) serves
 * `ESTIMATED_PROJECT_LIFETIME`. It may carry the descriptive fields of the service's Project
 * (`name`, `description`, `short_description`, `country_code`, `process_key`), kept as given; the
 * service's `risk_of_reversal` category is not accepted (the percentage is on each GHG entry).
 */
export const graphProjectSchema = lazySchema(() =>
  z.strictObject({
    id: z.string().min(1).describe('Unique id (prj_...).'),
    estimated_gross_tonnage_kg: z
      .number()
      .positive()
      .nullable()
      .optional()
      .describe('Estimated gross sequestration of the project in kg, for ESTIMATED_PROJECT_TONNAGE.'),
    estimated_lifetime: builtSchema(graphProjectLifetimeSchema)
      .nullable()
      .optional()
      .describe('Estimated lifetime, for ESTIMATED_PROJECT_LIFETIME.'),
    components: z.array(builtSchema(graphProjectComponentSchema)).default([]).describe('Project-level components. Default [].'),
    name: serviceText('Free text.'),
    description: serviceText('Free text.'),
    short_description: serviceText('Free text.'),
    country_code: serviceText('ISO 3166-1 alpha-3.'),
    process_key: serviceText('The process.'),
  }),
);
/** A project of the graph document. */
export type GraphProject = z.infer<typeof graphProjectSchema>;

/**
 * Schema of the whole removal graph document. Strict at every level: a key the format does not
 * define is refused (docs/rules.md#units-and-quantity-kinds), apart from `$schema` at the top, which names the
 * JSON Schema for editors.
 * @public
 */
export const removalGraphSchema = lazySchema(() =>
  z.strictObject({
    $schema: z.string().optional().describe('The JSON Schema of this document, for editors. Ignored by the engine.'),
    component_blueprints: z.array(builtSchema(componentBlueprintDefinitionSchema)).describe('The blueprints the components use.'),
    datapoints: z.array(builtSchema(graphDatapointSchema)).describe('Measured or published values with their units and uncertainties.'),
    components: z.array(builtSchema(graphComponentSchema)).describe('Blueprints instantiated with datapoints.'),
    ghg_entries: z.array(builtSchema(graphGhgEntrySchema)).describe('The GHG entries (removals) to evaluate.'),
    ghg_statements: z
      .array(builtSchema(graphGhgStatementSchema))
      .optional()
      .describe('GHG statements, with statement-level components (docs/rules.md#statement-and-project-components).'),
    projects: z.array(builtSchema(graphProjectSchema)).optional().describe('Projects, with amortised project-level components.'),
    correlations: z
      .array(builtSchema(graphCorrelationSchema))
      .optional()
      .describe('Correlation coefficients between pairs of datapoints (first order and Monte Carlo).'),
    sample_sets: z
      .array(builtSchema(graphSampleSetSchema))
      .optional()
      .describe(
        'Sample sets: columns of datapoints observed at the same sampling units (a paired bootstrap under Monte Carlo; sample standard deviations and correlations at first order).',
      ),
  }),
);
/** The removal graph document: everything needed to evaluate GHG entries. @public */
export type RemovalGraph = z.infer<typeof removalGraphSchema>;
/** The graph document as a caller writes it (defaults not yet applied). @public */
export type RemovalGraphInput = z.input<typeof removalGraphSchema>;
