/**
 * The service's schemas of components: the component and its blueprint as read, the create, patch
 * and attribution bodies of removal, statement and project components, and the list queries
 * (docs/service.md#routes). Owned by this resource's module (its routes and view read them); the
 * world document, the rows, the OpenAPI document and the `cdr-engine/schemas` entry import them
 * from here.
 */
import * as z from 'zod';
import { componentTypeSchema, projectComponentAllocationStrategySchema } from '../../../model/graph';
import { anyIdSchema, idSchema } from '../../../model/ids';
import { paginatedQuerySchema, paginationQuerySchema } from '../../../model/queries';
import { displayNameSchema, notSent } from '../../../model/requests';
import { dateTimeSchema, laxNumber, nullableSupplierReferenceId, supplierReferenceIdSchema } from '../../../model/shapes';
import { componentInputRequestSchema } from '../component-shapes';
import { addPydanticIssue } from '../../../model/pydantic-issue';

export {
  type ComponentBlueprint,
  type ComponentBlueprintExpression,
  type ComponentBlueprintExpressionInput,
  type ComponentBlueprintInput,
  type ComponentInputRequest,
  type ComponentInputType,
  componentBlueprintExpressionInputSchema,
  componentBlueprintExpressionSchema,
  componentBlueprintInputSchema,
  componentBlueprintSchema,
  componentInputRequestSchema,
  componentInputTypeSchema,
} from '../component-shapes';

/** Schema of a component's scope, also the `used_in_scope` datapoint filter. @public */
export const componentScopeSchema = z.enum(['REMOVAL', 'GHG_STATEMENT', 'PROJECT', 'NET_NEGATIVITY']);
/** Where a component is attributed. */
export type ComponentScope = z.infer<typeof componentScopeSchema>;

/**
 * Schema of a ComponentListInput: the datapoints feeding one blueprint input.
 * @public
 */
export const componentListInputSchema = z.object({
  input_key: z.string().max(100),
  datapoint_ids: z.array(idSchema('datapoint')),
  __typename: z.string().default('ComponentListInput'),
});
/** The datapoints of one component input. */
export type ComponentListInput = z.infer<typeof componentListInputSchema>;

/**
 * Schema of a Component (docs/rules.md#service-resources; `type`, `scope` and `allocation_strategy` from the
 * OpenAPI). Both spellings of the template component id are present.
 * @public
 */
export const componentSchema = z.object({
  id: idSchema('component'),
  display_name: z.string(),
  description: z.string().nullable(),
  blueprint_key: z.string(),
  activity_started_at: dateTimeSchema.nullable(),
  activity_completed_at: dateTimeSchema.nullable(),
  inputs: z.array(componentListInputSchema),
  ghg_entry_template_component_id: idSchema('removal_template_component').nullable(),
  removal_template_component_id: idSchema('removal_template_component').nullable(),
  supplier_reference_id: nullableSupplierReferenceId,
  type: componentTypeSchema,
  scope: componentScopeSchema,
  allocation_strategy: projectComponentAllocationStrategySchema.nullable().optional(),
  /** The component's project (beyond docs/rules.md#service-resources). */
  project_id: idSchema('project').optional(),
});
/** A component: a blueprint instantiated with datapoints. */
export type Component = z.infer<typeof componentSchema>;

// ---------------------------------------------------------------------------------------------
// Request bodies: component inputs, creating and patching components, attributions.

/**
 * Schema of the body of `POST /components` (OpenAPI CreateComponentRequest).
 * @public
 */
export const createComponentRequestSchema = z.strictObject({
  supplier_reference_id: supplierReferenceIdSchema,
  project_id: anyIdSchema,
  component_blueprint_key: z.string(),
  display_name: displayNameSchema,
  description: z.string().nullable().optional(),
  activity_completed_at: dateTimeSchema,
  activity_started_at: dateTimeSchema,
  inputs: z.array(componentInputRequestSchema),
});
/** Body of `POST /components`. */
export type CreateComponentRequest = z.infer<typeof createComponentRequestSchema>;

/**
 * Schema of the body of `PATCH /components/{id}` (OpenAPI PatchComponentRequest).
 * @public
 */
export const patchComponentRequestSchema = z.strictObject({
  display_name: notSent(displayNameSchema),
  description: notSent(z.string()),
  allocation_strategy: notSent(projectComponentAllocationStrategySchema),
  inputs: notSent(z.array(componentInputRequestSchema)),
});
/** Body of `PATCH /components/{id}`. */
export type PatchComponentRequest = z.infer<typeof patchComponentRequestSchema>;

/**
 * Schema of the body of `POST /ghg_statement_components`: a component attributed at statement level.
 * @public
 */
export const createGhgStatementComponentRequestSchema = z.strictObject({
  ghg_statement_id: anyIdSchema,
  component_data: createComponentRequestSchema,
});
/** Body of `POST /ghg_statement_components`. */
export type CreateGhgStatementComponentRequest = z.infer<typeof createGhgStatementComponentRequestSchema>;

/**
 * Schema of the body of `POST /project_components`: a component amortised over the project.
 * @public
 */
export const createProjectComponentRequestSchema = z.strictObject({
  allocation_strategy: projectComponentAllocationStrategySchema,
  component_data: createComponentRequestSchema,
});
/** Body of `POST /project_components`. */
export type CreateProjectComponentRequest = z.infer<typeof createProjectComponentRequestSchema>;

/**
 * Schema of the body of `POST /project_components/{id}/removal_attributions`.
 * @public
 */
export const updateProjectComponentRemovalAttributionRequestSchema = z.strictObject({
  removal_id: anyIdSchema,
  /** Deprecated: use `attribution_factor`. */
  attribution_factor_datapoint_id: anyIdSchema.nullable().optional(),
  attribution_factor: laxNumber(z.number().gt(0).lte(1)).nullable().optional(),
});
/** Body of `POST /project_components/{id}/removal_attributions`. */
export type UpdateProjectComponentRemovalAttributionRequest = z.infer<typeof updateProjectComponentRemovalAttributionRequestSchema>;

/**
 * Schema of the body of `POST /project_components/{id}/ghg_entry_attributions`: the same as
 * {@link updateProjectComponentRemovalAttributionRequestSchema} with the GHG entry as `ghg_entry_id`,
 * or as `removal_id`, the older spelling of the same field (docs/service.md#both-spellings): one of
 * them is required, and both given must name the same entry.
 * @public
 */
export const updateProjectComponentAttributionRequestSchema = z
  .strictObject({
    ghg_entry_id: anyIdSchema.optional(),
    removal_id: anyIdSchema.optional(),
    /** Deprecated: use `attribution_factor`. */
    attribution_factor_datapoint_id: anyIdSchema.nullable().optional(),
    attribution_factor: laxNumber(z.number().gt(0).lte(1)).nullable().optional(),
  })
  .superRefine(
    (body, ctx) => {
      if (body.ghg_entry_id === undefined && body.removal_id === undefined)
        addPydanticIssue(ctx, body, { type: 'missing', msg: 'Field required' }, ['ghg_entry_id']);
      else if (body.ghg_entry_id !== undefined && body.removal_id !== undefined && body.ghg_entry_id !== body.removal_id) {
        const error = `removal_id is the older spelling of ghg_entry_id, and names another GHG entry (${body.ghg_entry_id}): give one of them`;
        addPydanticIssue(ctx, body.removal_id, { type: 'value_error', msg: `Value error, ${error}`, ctx: { error } }, ['removal_id']);
      }
    },
    // Runs even when other fields are wrong, so that a missing entry is reported with them.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value) },
  );
/** Body of `POST /project_components/{id}/ghg_entry_attributions`. */
export type UpdateProjectComponentAttributionRequest = z.infer<typeof updateProjectComponentAttributionRequestSchema>;

// ---------------------------------------------------------------------------------------------
// List queries.

/** Schema of the query of `GET /components`; `ghg_entry_id` is the newer name of `removal_id`. @public */
export const listComponentsQuerySchema = paginatedQuerySchema({
  supplier_reference_id: supplierReferenceIdSchema.nullable().optional(),
  scope: componentScopeSchema.nullable().optional(),
  ghg_statement_id: idSchema('ghg_statement').nullable().optional(),
  project_id: idSchema('project').nullable().optional(),
  removal_id: idSchema('ghg_entry').nullable().optional(),
  ghg_entry_id: idSchema('ghg_entry').nullable().optional(),
});

/** Schema of the query of `GET /component_blueprints`. @public */
export const listComponentBlueprintsQuerySchema = paginationQuerySchema;
