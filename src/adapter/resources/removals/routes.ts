/**
 * GHG entries (removals): create (from a template, or the deprecated process steps), read, update,
 * attribute components, list attributions. Every change re-evaluates the entry: its figures are
 * the accounting module's results for the entry's current attributions.
 */
import { found } from '../found';
import * as z from 'zod';
import {
  listRemovalsQuerySchema,
  removalIdPathSchema,
  componentAttributionSchema,
  removalSchema,
  createRemovalRequestSchema,
  patchRemovalComponentAttributionsRequestSchema,
  patchRemovalRequestSchema,
} from './schemas';
import { paginationQuerySchema } from '../../../model/queries';
import { paginatedListSchema } from '../../../model/shapes';
import { indexes, type RequestContext } from '../../context';
import { conflict, Problems } from '../../http/failures';
import { NO_CONTENT, ok, route, type Route } from '../../router';
import type { ComponentRow, RemovalRow } from '../../rows';
import { attributionView, removalView } from './view';
import { matching, visibleRows } from '../visible-lists';
import { bothSpellings, changeableRemoval, pageOf } from '../common';
import { createRemoval } from './create';
import { checkShare } from '../attribution-shares';
import { currentPlanWithout, evaluateOrRefuse, planLinkedComponent, storeAttributions, type PlannedAttribution } from './attributions';

/** The group key of a component added by `add_components`: the template group given, the step, or the component's own group. */
function groupKeyOf(
  context: RequestContext,
  problems: Problems,
  removal: RemovalRow,
  added: {
    readonly loc: readonly (string | number)[];
    readonly add: { removal_template_group_id?: string | null | undefined; process_step_key?: string | null | undefined };
    readonly component: ComponentRow | undefined;
  },
): string {
  const { loc, add, component } = added;
  const places = indexes(context).templates;
  if (add.removal_template_group_id !== undefined && add.removal_template_group_id !== null) {
    const place = places.group(add.removal_template_group_id);
    if (place === undefined || place.template.project_id !== removal.project_id || place.template.owner !== context.viewer.id) {
      problems.add(
        [...loc, 'removal_template_group_id'],
        `removal template group '${add.removal_template_group_id}' was not found in the project`,
        add.removal_template_group_id,
      );
      return '';
    }
    return place.group.key;
  }
  if (add.process_step_key !== undefined && add.process_step_key !== null) return add.process_step_key;
  const slot = component?.removal_template_component_id;
  return (slot === null || slot === undefined ? undefined : places.component(slot)?.group.key) ?? 'default';
}

const patchRemoval = (context: RequestContext, id: string, body: z.output<typeof patchRemovalRequestSchema>) => {
  const { state } = context;
  const removal = changeableRemoval(context, id);
  const project = found(state.projects.get(removal.project_id), { defect: removal.project_id });
  const problems = new Problems();
  const startedOn = body.started_on ?? removal.started_on;
  const completedOn = body.completed_on ?? removal.completed_on;
  if (completedOn < startedOn) {
    problems.add(
      ['body', body.completed_on == null ? 'started_on' : 'completed_on'],
      `completed_on (${completedOn}) must not be before started_on (${startedOn})`,
      body.completed_on ?? body.started_on,
    );
  }
  if (body.feedstock_type_id !== undefined)
    found(state.feedstockTypes.get(body.feedstock_type_id), {
      reference: context,
      problems,
      loc: ['body', 'feedstock_type_id'],
      item: ['feedstock type', body.feedstock_type_id],
    });

  const planned = currentPlanWithout(context, problems, id, 'delete_component_ids', body.delete_component_ids);
  (body.add_components ?? []).forEach((add, i) => {
    const loc = ['body', 'add_components', i];
    const duplicate = planned.some((p) => p.component_id === add.component_id)
      ? `component '${add.component_id}' is already attributed to GHG entry ${id}`
      : null;
    planned.push(
      planLinkedComponent(context, problems, loc, add, {
        entryId: id,
        duplicate,
        groupKey: (component) => groupKeyOf(context, problems, removal, { loc, add, component }),
      }),
    );
  });
  problems.check();
  const result = evaluateOrRefuse(context, { entryId: id, project, entry: { loc: ['path', 'id'], input: id } }, planned);
  const row: RemovalRow = {
    ...removal,
    started_on: startedOn,
    completed_on: completedOn,
    feedstock_type_id: body.feedstock_type_id ?? removal.feedstock_type_id,
    result,
  };
  state.removals.update(row);
  storeAttributions(context, id, planned, result);
  return ok(removalView(row));
};

const patchAttributions = (context: RequestContext, id: string, body: z.output<typeof patchRemovalComponentAttributionsRequestSchema>) => {
  const { state } = context;
  const removal = changeableRemoval(context, id);
  const project = found(state.projects.get(removal.project_id), { defect: removal.project_id });
  const problems = new Problems();
  let planned = currentPlanWithout(context, problems, id, 'components_to_remove', body.components_to_remove);
  const adding = new Set<string>();
  (body.components_to_add ?? []).forEach((add, i) => {
    const loc = ['body', 'components_to_add', i];
    const component = found(state.components.get(add.component_id), {
      reference: context,
      problems,
      loc: [...loc, 'component_id'],
      item: ['component', add.component_id],
    });
    if (adding.has(add.component_id))
      problems.add([...loc, 'component_id'], `component '${add.component_id}' is given more than once`, add.component_id);
    adding.add(add.component_id);
    if (component !== undefined)
      checkShare(context, problems, {
        loc: [...loc, 'attribution_factor'],
        componentId: add.component_id,
        factor: add.attribution_factor,
        entryId: id,
      });
    // Attributing a component the entry already has changes its share and group.
    const existing = planned.find((p) => p.component_id === add.component_id);
    const next: PlannedAttribution = {
      id: existing?.id ?? null,
      component_id: add.component_id,
      component_group_key: add.component_group_key,
      removal_template_component_id: component?.removal_template_component_id ?? null,
      attribution_factor: add.attribution_factor,
      attribution_factor_datapoint_id: null,
      loc,
    };
    planned = existing === undefined ? [...planned, next] : planned.map((p) => (p === existing ? next : p));
  });
  problems.check();
  const result = evaluateOrRefuse(context, { entryId: id, project, entry: { loc: ['path', 'id'], input: id } }, planned);
  const row: RemovalRow = { ...removal, result };
  state.removals.update(row);
  storeAttributions(context, id, planned, result);
  return ok(removalView(row));
};

/**
 * Deletes a draft GHG entry: its attributions go with it, and the biochar applications naming it
 * are unlinked; its components stay. An entry in a GHG statement is in use (409).
 */
const deleteRemoval = (context: RequestContext, id: string) => {
  const { state } = context;
  const removal = found(state.removals.get(id), { owned: context });
  if (removal.ghg_statement_id !== null)
    throw conflict(`GHG entry ${id} belongs to GHG statement ${removal.ghg_statement_id}; an entry in a statement cannot be deleted`);
  for (const a of indexes(context).attributionsByRemoval.rows(id)) state.attributions.delete(a.id);
  for (const application of indexes(context).applicationsByRemoval.rows(id))
    state.biocharApplications.update({ ...application, removal_id: null });
  state.removals.delete(id);
  return NO_CONTENT;
};

/** The GHG entries the caller may see, optionally by supplier reference. */
const listRemovals = (context: RequestContext, query: z.output<typeof listRemovalsQuerySchema>) => {
  const all = visibleRows(context, context.state.removals);
  const reference = query.supplier_reference_id ?? null;
  const items =
    reference === null
      ? all
      : matching(context, context.state.removals, { scope: 'visible', equal: { supplier_reference_id: reference }, keep: () => true });
  return ok(pageOf(context, 'removals', items, query, removalView));
};

/** The routes of this module, under both spellings of the GHG entry paths. */
export function removalRoutes(): Route[] {
  const routes: Route[] = [];
  for (const entries of bothSpellings('/mrv/v0/{entries}')) {
    routes.push(
      route(
        'POST',
        entries,
        { body: createRemovalRequestSchema, response: removalSchema, conflict: true, summary: 'Create a GHG entry (removal)' },
        (context, { body }) => createRemoval(context, body),
      ),
      route(
        'GET',
        entries,
        { query: listRemovalsQuerySchema, response: paginatedListSchema(removalSchema), summary: 'List GHG entries' },
        (context, { query }) => listRemovals(context, query),
      ),
    );
  }
  for (const path of bothSpellings('/mrv/v0/{entries}/{id}')) {
    routes.push(
      route('GET', path, { path: removalIdPathSchema, response: removalSchema, summary: 'Read a GHG entry' }, (context, { path: p }) =>
        ok(removalView(found(context.state.removals.get(p.id), { visible: context }))),
      ),
      route(
        'PATCH',
        path,
        {
          path: removalIdPathSchema,
          body: patchRemovalRequestSchema,
          response: removalSchema,
          conflict: true,
          summary: 'Update a GHG entry',
        },
        (context, { path: p, body }) => patchRemoval(context, p.id, body),
      ),
      route(
        'DELETE',
        path,
        { path: removalIdPathSchema, response: null, conflict: true, summary: 'Delete a draft GHG entry' },
        (context, { path: p }) => deleteRemoval(context, p.id),
      ),
    );
  }
  for (const path of bothSpellings('/mrv/v0/{entries}/{id}/component_attributions')) {
    routes.push(
      route(
        'GET',
        path,
        {
          path: removalIdPathSchema,
          query: paginationQuerySchema,
          response: paginatedListSchema(componentAttributionSchema),
          summary: 'List the component attributions of a GHG entry',
        },
        (context, { path: p, query }) => {
          const removal = found(context.state.removals.get(p.id), { visible: context });
          const items = indexes(context).attributionsByRemoval.sequenced(removal.id);
          return ok(pageOf(context, `attributions:${removal.id}`, items, query, attributionView));
        },
      ),
      route(
        'PATCH',
        path,
        {
          path: removalIdPathSchema,
          body: patchRemovalComponentAttributionsRequestSchema,
          response: removalSchema,
          conflict: true,
          summary: 'Attribute components to a GHG entry, or remove them',
        },
        (context, { path: p, body }) => patchAttributions(context, p.id, body),
      ),
    );
  }
  return routes;
}
