/**
 * The component shapes two resources share: a blueprint as the service lists it (components list
 * them, a project's removal template builds on them), a template input's kind and a component
 * input of a request (a component's and a template component's). Below the resource folders, so
 * that projects and components do not import each other; components/schemas.ts re-exports them
 * under the same names (the OpenAPI document and the `cdr-engine/schemas` entry read them there).
 */
import * as z from 'zod';
import { componentTypeSchema, dataShapeSchema, expressionInputTypeSchema } from '../../model/graph';
import { idSchema } from '../../model/ids';
import { addPydanticIssue } from '../../model/pydantic-issue';
import { quantityKindSchema } from '../../model/quantity-kinds';

/** Schema of a template input's kind: fixed by the template or supplied per GHG entry. @public */
export const componentInputTypeSchema = z.enum(['fixed', 'monitored']);
/** Whether a template input is fixed or monitored. */
export type ComponentInputType = z.infer<typeof componentInputTypeSchema>;

/**
 * Schema of a blueprint input as the service lists it.
 * @public
 */
export const componentBlueprintInputSchema = z.object({
  input_key: z.string(),
  description: z.string(),
  compatible_unit: z.string(),
  data_shape: dataShapeSchema,
  quantity_kind: quantityKindSchema,
});
/** An input of a listed component blueprint. */
export type ComponentBlueprintInput = z.infer<typeof componentBlueprintInputSchema>;

/**
 * Schema of an expression input as the service lists it.
 * @public
 */
export const componentBlueprintExpressionInputSchema = z.object({
  input_key: z.string(),
  template_key: z.string(),
  type: expressionInputTypeSchema,
  data_shape: dataShapeSchema,
});
/** An expression input of a listed component blueprint. */
export type ComponentBlueprintExpressionInput = z.infer<typeof componentBlueprintExpressionInputSchema>;

/**
 * Schema of an expression as the service lists it.
 * @public
 */
export const componentBlueprintExpressionSchema = z.object({
  key: z.string(),
  template: z.string(),
  inputs: z.array(componentBlueprintExpressionInputSchema),
});
/** An expression of a listed component blueprint. */
export type ComponentBlueprintExpression = z.infer<typeof componentBlueprintExpressionSchema>;

/**
 * Schema of a ComponentBlueprint as the service lists it (docs/rules.md#service-resources with the OpenAPI's
 * `type`, `data_shape` and `quantity_kind`); the graph document's own blueprint shape is
 * `componentBlueprintDefinitionSchema`.
 * @public
 */
export const componentBlueprintSchema = z.object({
  key: z.string(),
  display_name: z.string(),
  description: z.string(),
  type: componentTypeSchema,
  inputs: z.array(componentBlueprintInputSchema),
  expressions: z.array(componentBlueprintExpressionSchema),
});
/** A component blueprint as the service lists it. */
export type ComponentBlueprint = z.infer<typeof componentBlueprintSchema>;

/**
 * Schema of a component input in a request: `{input_key, datapoint_ids}` (a list input) or
 * `{input_key, datapoint_id}` (a scalar input, which the API also accepts). The parsed value
 * always carries `datapoint_ids`; an input with neither field reports `datapoint_ids` missing.
 * @public
 */
export const componentInputRequestSchema = z
  .object({
    input_key: z.string().max(100),
    datapoint_ids: z.array(idSchema('datapoint')).optional(),
    datapoint_id: idSchema('datapoint').optional(),
    __typename: z.string().optional(),
  })
  .superRefine(
    (input, ctx) => {
      if (input.datapoint_ids === undefined && input.datapoint_id === undefined) {
        addPydanticIssue(ctx, input, { type: 'missing', msg: 'Field required' }, ['datapoint_ids']);
      }
    },
    // Runs even when other fields are wrong, so that a missing datapoint list is reported too.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value) },
  )
  .transform((input) => ({
    input_key: input.input_key,
    datapoint_ids: input.datapoint_ids ?? singular(input.datapoint_id),
    ...(input.__typename === undefined ? {} : { __typename: input.__typename }),
  }));
/** A component input of a request, normalised to a list of datapoints. */
export type ComponentInputRequest = z.infer<typeof componentInputRequestSchema>;

/** The lists a request gave as one `datapoint_id` (the parsed input no longer shows which spelling it had). */
const SINGULAR = new WeakSet<readonly string[]>();

function singular(id: string | undefined): string[] {
  const ids = id === undefined ? [] : [id];
  SINGULAR.add(ids);
  return ids;
}

/**
 * Where the `n`-th datapoint of a parsed request input was in the request: `["datapoint_id"]` when
 * it was given as one, else `["datapoint_ids", n]` (a 422 names the field the request had).
 */
export function datapointField(input: { readonly datapoint_ids: readonly string[] }, n: number): (string | number)[] {
  return SINGULAR.has(input.datapoint_ids) ? ['datapoint_id'] : ['datapoint_ids', n];
}
