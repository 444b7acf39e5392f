/**
 * Components: a blueprint instantiated with datapoints, attributed to GHG entries (scope REMOVAL),
 * to a GHG statement and split evenly over its entries (GHG_STATEMENT), or to the project and
 * amortised over its statements by an allocation strategy (PROJECT; MANUAL ones are attributed to
 * entries one by one). Every change a GHG entry's figures depend on re-evaluates the entry through
 * the calculation core (evaluation.ts) and is refused (409) once a submitted entry depends on it.
 */
import { found } from '../found';
import * as z from 'zod';
import { formatIssuePath, idSchema } from '../../../model';
import { idPathSchema } from '../../../model/queries';
import { listComponentsQuerySchema } from './schemas';
import {
  createComponentRequestSchema,
  createGhgStatementComponentRequestSchema,
  createProjectComponentRequestSchema,
  patchComponentRequestSchema,
  updateProjectComponentAttributionRequestSchema,
  updateProjectComponentRemovalAttributionRequestSchema,
} from './schemas';
import { componentSchema } from './schemas';
import { removalSchema } from '../removals/schemas';
import { paginatedListSchema } from '../../../model/shapes';
import { indexes, type RequestContext } from '../../context';
import { checkComponent, reevaluate } from '../../evaluation/evaluation';
import { datapointFactor } from '../../evaluation/quantities';
import { checkDatapointShare, checkShare } from '../attribution-shares';
import { conflict, notFound, Problems, refuseProblems, unprocessable } from '../../http/failures';
import { NO_CONTENT, ok, route, type Route } from '../../router';
import { AMENDABLE_STATUSES, type AllocationStrategyValue, type ComponentRow, type ComponentScopeValue } from '../../rows';
import { componentView } from './view';
import { removalView } from '../removals/view';
import { matching, visibleRows } from '../visible-lists';
import { changeableRemoval, entriesOfComponent, newRowInProject, pageOf, patched, refuseIfSubmitted } from '../common';

type ComponentData = z.output<typeof createComponentRequestSchema>;

/** Where a new component goes: its scope, statement and allocation strategy. */
interface Placement {
  readonly scope: ComponentScopeValue;
  readonly ghg_statement_id: string | null;
  readonly allocation_strategy: AllocationStrategyValue | null;
}

/** Checks and stores a component from its request data, with `loc` the place of the data in the body. */
function insertComponent(
  context: RequestContext,
  body: ComponentData,
  loc: readonly (string | number)[],
  placement: Placement,
  problems = new Problems(),
): ComponentRow {
  const { state } = context;
  const project = found(state.projects.get(body.project_id), {
    reference: context,
    problems,
    loc: [...loc, 'project_id'],
    item: ['project', body.project_id],
  });
  if (!state.blueprints.has(body.component_blueprint_key)) {
    problems.add(
      [...loc, 'component_blueprint_key'],
      `component blueprint '${body.component_blueprint_key}' does not exist`,
      body.component_blueprint_key,
    );
  }
  body.inputs.forEach((input, i) => {
    input.datapoint_ids.forEach((d, k) =>
      found(state.datapoints.get(d), {
        reference: context,
        problems,
        loc: [...loc, 'inputs', i, 'datapoint_ids', k],
        item: ['datapoint', d],
      }),
    );
  });
  if (body.activity_completed_at < body.activity_started_at) {
    problems.add(
      [...loc, 'activity_completed_at'],
      'activity_completed_at must not be before activity_started_at',
      body.activity_completed_at,
    );
  }
  if (problems.empty) {
    const name = `the new component at ${formatIssuePath(loc)}`;
    for (const issue of checkComponent(state, { blueprint_key: body.component_blueprint_key, inputs: body.inputs }, name))
      problems.add([...loc, ...issue.path], issue.message, null);
  }
  const row: ComponentRow = {
    ...newRowInProject(context, problems, project, 'component', body.supplier_reference_id),
    ...placement,
    blueprint_key: body.component_blueprint_key,
    display_name: body.display_name,
    description: body.description ?? null,
    activity_started_at: body.activity_started_at,
    activity_completed_at: body.activity_completed_at,
    inputs: body.inputs.map((i) => ({ input_key: i.input_key, datapoint_ids: [...i.datapoint_ids] })),
    removal_template_component_id: null,
    supplier_reference_id: body.supplier_reference_id,
  };
  state.components.insert(row);
  return row;
}

const REMOVAL_SCOPE: Placement = { scope: 'REMOVAL', ghg_statement_id: null, allocation_strategy: null };

/** A component attributed at statement level: split evenly over the statement's entries (docs/rules.md#statement-and-project-components). */
const createStatementComponent = (context: RequestContext, body: z.output<typeof createGhgStatementComponentRequestSchema>) => {
  const { state } = context;
  const problems = new Problems();
  const statement = found(state.statements.get(body.ghg_statement_id), {
    reference: context,
    problems,
    loc: ['body', 'ghg_statement_id'],
    item: ['GHG statement', body.ghg_statement_id],
  });
  if (statement !== undefined && body.component_data.project_id !== statement.record.project_id) {
    problems.add(
      ['body', 'component_data', 'project_id'],
      `project_id must be the project of GHG statement ${statement.id} (${statement.record.project_id})`,
      body.component_data.project_id,
    );
  }
  if (statement !== undefined && !AMENDABLE_STATUSES.includes(statement.record.status)) {
    problems.check();
    throw conflict(`GHG statement ${statement.id} was submitted (status ${statement.record.status}); its components can no longer change`);
  }
  const row = insertComponent(
    context,
    body.component_data,
    ['body', 'component_data'],
    { scope: 'GHG_STATEMENT', ghg_statement_id: body.ghg_statement_id, allocation_strategy: null },
    problems,
  );
  refuseProblems(reevaluate(state, entriesOfComponent(context, row.id)));
  return ok(componentView(state, row));
};

/** A component amortised over the project's statements by its allocation strategy (docs/rules.md#statement-and-project-components). */
const createProjectComponent = (context: RequestContext, body: z.output<typeof createProjectComponentRequestSchema>) => {
  const row = insertComponent(context, body.component_data, ['body', 'component_data'], {
    scope: 'PROJECT',
    ghg_statement_id: null,
    allocation_strategy: body.allocation_strategy,
  });
  refuseProblems(reevaluate(context.state, entriesOfComponent(context, row.id)));
  return ok(componentView(context.state, row));
};

/** A MANUAL project component of the caller, or 404 / 409. */
function manualProjectComponent(context: RequestContext, id: string): ComponentRow {
  const component = found(context.state.components.get(id), { owned: context });
  if (component.scope !== 'PROJECT') throw notFound();
  if (component.allocation_strategy !== 'MANUAL')
    throw conflict(
      `project component ${id} is amortised by ${component.allocation_strategy ?? 'its strategy'}; only a MANUAL one is attributed to GHG entries one by one`,
    );
  return component;
}

/**
 * The factor a MANUAL project component's attribution takes, checked against the component's 100 %
 * across entries (docs/service.md#attribution-shares), or a 422: a factor datapoint's value (the
 * factor the evaluation uses, and the one stored), else the factor given.
 */
function projectShare(
  context: RequestContext,
  share: {
    readonly componentId: string;
    readonly entryId: string;
    readonly body: z.output<typeof updateProjectComponentRemovalAttributionRequestSchema>;
  },
): number {
  const { componentId, entryId, body } = share;
  const problems = new Problems();
  const factor = body.attribution_factor ?? 1;
  const datapointId = body.attribution_factor_datapoint_id ?? null;
  if (datapointId === null) {
    checkShare(context, problems, { loc: ['body', 'attribution_factor'], componentId, factor, entryId });
    problems.check();
    return factor;
  }
  checkDatapointShare(context, problems, { loc: ['body', 'attribution_factor_datapoint_id'], componentId, datapointId, entryId });
  problems.check();
  const datapoint = context.state.datapoints.get(datapointId);
  return (datapoint === undefined ? undefined : datapointFactor(datapoint.quantity)) ?? factor;
}

/**
 * Attributes a MANUAL project component to a GHG entry (or changes its share), within the
 * component's 100 % across entries; answers the entry.
 */
const attributeProjectComponent = (
  context: RequestContext,
  id: string,
  body: z.output<typeof updateProjectComponentRemovalAttributionRequestSchema>,
  entryField: 'removal_id' | 'ghg_entry_id',
) => {
  const { state } = context;
  const component = manualProjectComponent(context, id);
  const problems = new Problems();
  const removal = found(state.removals.get(body.removal_id), {
    reference: context,
    problems,
    loc: ['body', entryField],
    item: ['GHG entry', body.removal_id],
  });
  if (removal !== undefined && removal.project_id !== component.project_id)
    problems.add(['body', entryField], `GHG entry '${removal.id}' belongs to another project`, removal.id);
  const factorId = body.attribution_factor_datapoint_id ?? null;
  if (factorId !== null)
    found(state.datapoints.get(factorId), {
      reference: context,
      problems,
      loc: ['body', 'attribution_factor_datapoint_id'],
      item: ['datapoint', factorId],
    });
  if (factorId === null && (body.attribution_factor ?? null) === null)
    problems.add(['body', 'attribution_factor'], 'give attribution_factor (or the deprecated attribution_factor_datapoint_id)', null);
  problems.check();
  if (removal === undefined) throw unprocessable(problems.items);
  changeableRemoval(context, removal.id);
  const factor = projectShare(context, { componentId: id, entryId: removal.id, body });
  const existing = indexes(context)
    .attributionsByRemoval.rows(removal.id)
    .find((a) => a.component_id === id);
  const row = {
    id: existing?.id ?? state.ids('component_attribution'),
    removal_id: removal.id,
    component_id: id,
    component_group_key: existing?.component_group_key ?? 'project',
    removal_template_component_id: null,
    attribution_factor: factor,
    attribution_factor_datapoint_id: factorId,
  };
  if (existing === undefined) state.attributions.insert(row);
  else state.attributions.update(row);
  refuseProblems(reevaluate(state, [removal.id]));
  return ok(removalView(state.removals.get(removal.id) ?? removal));
};

const unattributeProjectComponent = (context: RequestContext, componentId: string, removalId: string) => {
  const { state } = context;
  manualProjectComponent(context, componentId);
  const attribution = indexes(context)
    .attributionsByRemoval.rows(removalId)
    .find((a) => a.component_id === componentId);
  if (attribution === undefined) throw notFound();
  changeableRemoval(context, removalId);
  state.attributions.delete(attribution.id);
  refuseProblems(reevaluate(state, [removalId]));
  return NO_CONTENT;
};

const listComponents = (context: RequestContext, query: z.output<typeof listComponentsQuerySchema>) => {
  const all = visibleRows(context, context.state.components);
  const reference = query.supplier_reference_id ?? null;
  const entry = query.ghg_entry_id ?? query.removal_id ?? null;
  const attributed =
    entry === null
      ? null
      : new Set(
          indexes(context)
            .attributionsByRemoval.rows(entry)
            .map((a) => a.component_id),
        );
  const keep = (c: ComponentRow): boolean =>
    (reference === null || c.supplier_reference_id === reference) &&
    (query.scope == null || c.scope === query.scope) &&
    (query.ghg_statement_id == null || c.ghg_statement_id === query.ghg_statement_id) &&
    (query.project_id == null || c.project_id === query.project_id) &&
    (attributed === null || attributed.has(c.id));
  const unfiltered =
    reference === null && query.scope == null && query.ghg_statement_id == null && query.project_id == null && attributed === null;
  const equal = {
    supplier_reference_id: reference,
    project_id: query.project_id,
    ghg_statement_id: query.ghg_statement_id,
    scope: query.scope,
  };
  return ok(
    pageOf(
      context,
      'components',
      unfiltered ? all : matching(context, context.state.components, { scope: 'visible', equal, keep }),
      query,
      (c) => componentView(context.state, c),
    ),
  );
};

/**
 * Changes a component. Names and descriptions change freely; new inputs are checked against the
 * blueprint and re-evaluate the entries using the component; the allocation strategy is a project
 * component's only. Refused (409) once a submitted entry depends on it.
 */
const patchComponent = (context: RequestContext, id: string, body: z.output<typeof patchComponentRequestSchema>) => {
  const { state } = context;
  const component = found(state.components.get(id), { owned: context });
  const problems = new Problems();
  if (body.allocation_strategy !== undefined && component.scope !== 'PROJECT')
    problems.add(
      ['body', 'allocation_strategy'],
      'allocation_strategy can only be set on project-scoped components',
      body.allocation_strategy,
    );
  const inputs = body.inputs?.map((i) => ({ input_key: i.input_key, datapoint_ids: [...i.datapoint_ids] }));
  inputs?.forEach((input, i) =>
    input.datapoint_ids.forEach((d, k) =>
      found(state.datapoints.get(d), {
        reference: context,
        problems,
        loc: ['body', 'inputs', i, 'datapoint_ids', k],
        item: ['datapoint', d],
      }),
    ),
  );
  if (inputs !== undefined && problems.empty) {
    for (const issue of checkComponent(state, { blueprint_key: component.blueprint_key, inputs }, `component '${id}'`))
      problems.add(['body', ...issue.path], issue.message, null);
  }
  problems.check();
  const changesFigures =
    inputs !== undefined || (body.allocation_strategy !== undefined && body.allocation_strategy !== component.allocation_strategy);
  const entries = entriesOfComponent(context, id);
  if (changesFigures) refuseIfSubmitted(context, entries, `component ${id}`);
  if (body.allocation_strategy === 'MANUAL' && component.allocation_strategy !== 'MANUAL')
    refuseIfSubmitted(context, entries, `component ${id}`);
  const row: ComponentRow = {
    ...patched(component, body, ['display_name', 'description', 'allocation_strategy']),
    inputs: inputs ?? component.inputs,
  };
  state.components.update(row);
  if (changesFigures) refuseProblems(reevaluate(state, new Set([...entries, ...entriesOfComponent(context, id)])));
  return ok(componentView(state, row));
};

/** Deletes a component no GHG entry attributes; a statement or project component takes its share with it. */
const deleteComponent = (context: RequestContext, id: string) => {
  const { state } = context;
  const component = found(state.components.get(id), { owned: context });
  const attribution = indexes(context).attributionsByComponent.rows(id)[0];
  if (attribution !== undefined) throw conflict(`component ${id} is attributed to GHG entry ${attribution.removal_id}`);
  const statement = component.ghg_statement_id === null ? undefined : state.statements.get(component.ghg_statement_id);
  if (statement !== undefined && !AMENDABLE_STATUSES.includes(statement.record.status))
    throw conflict(`component ${id} is part of GHG statement ${statement.id}, which was submitted`);
  const entries = entriesOfComponent(context, id);
  state.components.delete(id);
  refuseProblems(reevaluate(state, entries));
  return NO_CONTENT;
};

/** The routes of this module. */
export function componentRoutes(): Route[] {
  const path = idPathSchema('component');
  const view = (context: RequestContext, row: ComponentRow) => ok(componentView(context.state, row));
  const routes: Route[] = [
    route(
      'POST',
      '/mrv/v0/components',
      { body: createComponentRequestSchema, response: componentSchema, conflict: true, summary: 'Create a component' },
      (context, { body }) => view(context, insertComponent(context, body, ['body'], REMOVAL_SCOPE)),
    ),
    route(
      'GET',
      '/mrv/v0/components',
      { query: listComponentsQuerySchema, response: paginatedListSchema(componentSchema), summary: 'List components' },
      (context, { query }) => listComponents(context, query),
    ),
    route('GET', '/mrv/v0/components/{id}', { path, response: componentSchema, summary: 'Read a component' }, (context, { path: p }) =>
      view(context, found(context.state.components.get(p.id), { visible: context })),
    ),
    route(
      'PATCH',
      '/mrv/v0/components/{id}',
      { path, body: patchComponentRequestSchema, response: componentSchema, conflict: true, summary: 'Change a component' },
      (context, { path: p, body }) => patchComponent(context, p.id, body),
    ),
    route(
      'DELETE',
      '/mrv/v0/components/{id}',
      { path, response: null, conflict: true, summary: 'Delete a component no GHG entry attributes' },
      (context, { path: p }) => deleteComponent(context, p.id),
    ),
    route(
      'POST',
      '/mrv/v0/ghg_statement_components',
      {
        body: createGhgStatementComponentRequestSchema,
        response: componentSchema,
        conflict: true,
        summary: 'Create a component attributed to a GHG statement',
      },
      (context, { body }) => createStatementComponent(context, body),
    ),
    route(
      'POST',
      '/mrv/v0/project_components',
      {
        body: createProjectComponentRequestSchema,
        response: componentSchema,
        conflict: true,
        summary: 'Create a project component amortised by its allocation strategy',
      },
      (context, { body }) => createProjectComponent(context, body),
    ),
  ];
  const summary = 'Attribute a MANUAL project component to a GHG entry';
  routes.push(
    route(
      'POST',
      '/mrv/v0/project_components/{id}/removal_attributions',
      { path, body: updateProjectComponentRemovalAttributionRequestSchema, response: removalSchema, conflict: true, summary },
      (context, { path: p, body }) => attributeProjectComponent(context, p.id, body, 'removal_id'),
    ),
    // The newer path takes the newer field, ghg_entry_id, or the older one (docs/service.md#both-spellings).
    route(
      'POST',
      '/mrv/v0/project_components/{id}/ghg_entry_attributions',
      { path, body: updateProjectComponentAttributionRequestSchema, response: removalSchema, conflict: true, summary },
      (context, { path: p, body }) => {
        const { ghg_entry_id, removal_id, ...share } = body;
        const entry = found(ghg_entry_id ?? removal_id, { defect: 'ghg_entry_id' }); // the schema requires one of them
        return attributeProjectComponent(
          context,
          p.id,
          { ...share, removal_id: entry },
          ghg_entry_id === undefined ? 'removal_id' : 'ghg_entry_id',
        );
      },
    ),
  );
  for (const [attributions, param] of [
    ['removal_attributions', 'removal_id'],
    ['ghg_entry_attributions', 'ghg_entry_id'],
  ] as const) {
    const schema = z.object({ component_id: idSchema('component'), [param]: idSchema('ghg_entry') }) as z.ZodType<Record<string, string>>;
    routes.push(
      route(
        'DELETE',
        `/mrv/v0/project_components/{component_id}/${attributions}/{${param}}`,
        { path: schema, response: null, conflict: true, summary: 'Remove the attribution of a MANUAL project component to a GHG entry' },
        (context, { path: p }) => unattributeProjectComponent(context, p.component_id as string, p[param] as string),
      ),
    );
  }
  return routes;
}
