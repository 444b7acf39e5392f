/**
 * Datapoints: create, list (with the filters of `GET /datapoints`, docs/service.md#routes), read, change,
 * delete, and the components and template components using one. A datapoint's value feeds GHG
 * entries: a change re-evaluates the draft entries using it and is refused (409) once a submitted
 * entry uses it.
 */
import { found } from '../found';
import type { z } from 'zod';
import type { QuantityKind } from '../../../model';
import { datapointIdPathSchema, listDatapointsQuerySchema } from './schemas';
import { paginationQuerySchema } from '../../../model/queries';
import { createDatapointRequestSchema, patchDatapointRequestSchema } from './schemas';
import { componentSchema } from '../components/schemas';
import { datapointSchema } from './schemas';
import { removalTemplateComponentSchema } from '../projects/schemas';
import { paginatedListSchema } from '../../../model/shapes';
import { isCompatible } from '../../../units';
import { canSee, indexes, type ReadContext, type RequestContext } from '../../context';
import { checkComponent, reevaluate } from '../../evaluation/evaluation';
import { conflict, Problems, unprocessable } from '../../http/failures';
import { checkDatapointQuantity } from '../../evaluation/quantities';
import { NO_CONTENT, ok, route, type Route } from '../../router';
import type { DatapointRow } from '../../rows';
import { componentView } from '../components/view';
import { datapointView } from './view';
import { templateComponentView } from '../projects/view';
import { mergedList } from '../../store/merged-list';
import type { OrderedList } from '../../store/pagination';
import { matching, visibleRows } from '../visible-lists';
import { checkFactorChange } from '../attribution-shares';
import { bodyProject, checkSources, entriesOfDatapoint, newRowInProject, pageOf, patched, refuseIfSubmitted } from '../common';

/** Datapoints an entry's calculation uses (component inputs and legacy factors). */
function datapointsOfEntry(context: ReadContext, removalId: string): Set<string> {
  const out = new Set<string>();
  for (const a of indexes(context).attributionsByRemoval.rows(removalId)) {
    if (a.attribution_factor_datapoint_id !== null) out.add(a.attribution_factor_datapoint_id);
    for (const input of context.state.components.get(a.component_id)?.inputs ?? []) for (const d of input.datapoint_ids) out.add(d);
  }
  return out;
}

const listDatapoints = (context: ReadContext, query: z.output<typeof listDatapointsQuerySchema>) => {
  const { state } = context;
  // The "used in" filters: the datapoints every given one allows (null: no such filter).
  const usedIn: { ids: Set<string> | null } = { ids: null };
  const narrow = (ids: Set<string>): void => {
    const current = usedIn.ids;
    usedIn.ids = current === null ? ids : new Set([...current].filter((id) => ids.has(id)));
  };
  // A filter naming something the caller cannot see matches nothing (no existence leak).
  for (const entryId of [query.used_in_ghg_entry, query.used_in_removal]) {
    if (entryId === undefined || entryId === null) continue;
    const removal = state.removals.get(entryId);
    narrow(removal !== undefined && canSee(context, removal) ? datapointsOfEntry(context, entryId) : new Set());
  }
  if (query.used_in_ghg_statement !== undefined && query.used_in_ghg_statement !== null) {
    const statement = state.statements.get(query.used_in_ghg_statement);
    const ids = new Set<string>();
    if (statement !== undefined && canSee(context, statement))
      for (const r of statement.record.removal_ids) for (const d of datapointsOfEntry(context, r)) ids.add(d);
    narrow(ids);
  }
  for (const templateId of [query.used_in_ghg_entry_template, query.used_in_removal_template]) {
    if (templateId === undefined || templateId === null) continue;
    const template = state.templates.get(templateId);
    const ids = new Set<string>();
    if (template !== undefined && canSee(context, template)) {
      for (const g of template.groups)
        for (const c of g.components) for (const i of c.inputs) if (i.datapoint_id !== null) ids.add(i.datapoint_id);
    }
    narrow(ids);
  }
  if (query.used_in_scope !== undefined && query.used_in_scope !== null) {
    // Every component of this service is a GHG entry (REMOVAL) component.
    narrow(query.used_in_scope === 'REMOVAL' ? new Set(indexes(context).componentsByDatapoint.keys()) : new Set());
  }
  const contains = query.display_name_contains?.toLowerCase() ?? null;
  const kind = query.quantity_kind ?? null;
  const used = usedIn.ids;
  const keep = (d: DatapointRow): boolean =>
    (query.supplier_reference_id == null || d.supplier_reference_id === query.supplier_reference_id) &&
    (contains === null || d.display_name.toLowerCase().includes(contains)) &&
    (query.project_id == null || d.project_id === query.project_id) &&
    (kind === null || isCompatible(d.quantity.unit, kind as QuantityKind).ok) &&
    (query.measurement_sample_id == null || d.measurement_sample_id === query.measurement_sample_id) &&
    (used === null || used.has(d.id));
  const unfiltered =
    query.supplier_reference_id == null &&
    contains === null &&
    query.project_id == null &&
    kind === null &&
    query.measurement_sample_id == null &&
    used === null;
  // A filter that names its datapoints (the "used in" ones, a sample's) looks at those only; another
  // filter scans what the caller may see; no filter cuts the page from that list as it is.
  const sample = query.measurement_sample_id == null ? undefined : state.measurementSamples.get(query.measurement_sample_id);
  const named = used ?? (sample === undefined ? null : new Set(sample.values.map((v) => v.datapoint_id)));
  const items = unfiltered
    ? visibleRows(context, state.datapoints)
    : named !== null
      ? [...named]
          .flatMap((id) => {
            const entry = state.datapoints.entry(id);
            return entry !== undefined && canSee(context, entry.row) && keep(entry.row) ? [entry] : [];
          })
          .sort((a, b) => a.seq - b.seq)
      : matching(context, state.datapoints, {
          scope: 'visible',
          equal: { supplier_reference_id: query.supplier_reference_id, project_id: query.project_id },
          keep,
          supersets: kind === null ? [] : [ofKind(context, kind as QuantityKind)],
        });
  return ok(pageOf(context, 'datapoints', items, query, (d) => datapointView(context, d)));
};

/** The datapoints whose unit measures `kind`: the groups of the compatible units, not a scan of the datapoints. */
function ofKind(context: ReadContext, kind: QuantityKind): OrderedList<DatapointRow> {
  const { datapointsByUnit } = indexes(context);
  const units = [...datapointsByUnit.keys()].filter((unit) => isCompatible(unit, kind).ok);
  return mergedList(
    context.state.datapoints,
    units.map((unit) => datapointsByUnit.sequence(unit)),
  );
}

const createDatapoint = (context: RequestContext, body: z.output<typeof createDatapointRequestSchema>) => {
  const { state } = context;
  const problems = new Problems();
  const project = bodyProject(context, problems, body.project_id);
  const quantity = checkDatapointQuantity(problems, ['body', 'quantity'], body.quantity);
  checkSources(context, problems, ['body', 'source_ids'], body.source_ids);
  const created = newRowInProject(context, problems, project, 'datapoint', body.supplier_reference_id);
  // A quantity that could not be read is among the problems: newRowInProject refused the request.
  if (quantity === undefined) throw unprocessable(problems.items);
  // Fields written out rather than spread: a spread followed by new fields is slow to build in V8.
  const row: DatapointRow = {
    id: created.id,
    owner: created.owner,
    project_id: created.project_id,
    display_name: body.display_name,
    description: body.description,
    type: body.type,
    quantity,
    source_ids: [...body.source_ids],
    measured_at: body.measured_at ?? null,
    supplier_reference_id: body.supplier_reference_id,
    uncertainty_justification: body.uncertainty_justification ?? null,
    measurement_sample_id: null,
  };
  state.datapoints.insert(row);
  return ok(datapointView(context, row));
};

/**
 * Changes a datapoint. Its value feeds GHG entries: a new quantity re-evaluates every draft entry
 * using it and is refused (409) when a submitted entry uses it, and (422) when, as a legacy
 * attribution factor, it would attribute a component more than 1 in total
 * (docs/service.md#attribution-shares). Names, descriptions and sources may change at any time; a
 * source added after submission is visible to the verifier at once.
 */
const patchDatapoint = (context: RequestContext, id: string, body: z.output<typeof patchDatapointRequestSchema>) => {
  const { state } = context;
  const datapoint = found(state.datapoints.get(id), { owned: context });
  const problems = new Problems();
  const quantity = body.quantity === undefined ? undefined : checkDatapointQuantity(problems, ['body', 'quantity'], body.quantity);
  if (body.source_ids !== undefined) checkSources(context, problems, ['body', 'source_ids'], body.source_ids);
  problems.check();
  const entries = entriesOfDatapoint(context, id);
  const changesValue = quantity !== undefined && JSON.stringify(quantity) !== JSON.stringify(datapoint.quantity);
  if (changesValue) refuseIfSubmitted(context, entries, `datapoint ${id}`);
  // A legacy factor datapoint's value is a share of its component: the total stays at most 1.
  if (changesValue && quantity !== undefined)
    checkFactorChange(context, problems, { loc: ['body', 'quantity'], datapointId: id, quantity, input: body.quantity });
  problems.check();
  const row: DatapointRow = {
    ...patched(datapoint, body, ['type', 'display_name', 'description', 'uncertainty_justification']),
    quantity: quantity ?? datapoint.quantity,
    source_ids: body.source_ids === undefined ? datapoint.source_ids : [...body.source_ids],
  };
  state.datapoints.update(row);
  if (changesValue) {
    for (const componentId of indexes(context).componentsByDatapoint.ids(id)) {
      const component = state.components.get(componentId);
      if (component === undefined) continue;
      for (const issue of checkComponent(state, component, `component '${componentId}'`))
        problems.add(['body', 'quantity'], issue.message, body.quantity);
    }
    problems.check();
    for (const issue of reevaluate(state, entries)) problems.add(['body', 'quantity'], issue.message, body.quantity);
    problems.check();
    // A legacy factor datapoint's new value is the attribution's new share.
    for (const a of indexes(context).attributionsByFactorDatapoint.rows(id)) {
      const part = state.removals.get(a.removal_id)?.result.parts.find((p) => p.component_id === a.component_id);
      if (part !== undefined) state.attributions.update({ ...a, attribution_factor: part.attribution_factor });
    }
  }
  return ok(datapointView(context, row));
};

/**
 * Deletes a datapoint nothing uses: a component input, a legacy attribution factor, a template
 * default or a measurement sample holding it is a use (409).
 */
const deleteDatapoint = (context: RequestContext, id: string) => {
  const { state } = context;
  const datapoint = found(state.datapoints.get(id), { owned: context });
  const d = indexes(context);
  const component = d.componentsByDatapoint.ids(id)[0];
  if (component !== undefined) throw conflict(`datapoint ${id} is used by component ${component}`);
  const factor = d.attributionsByFactorDatapoint.rows(id)[0];
  if (factor !== undefined) throw conflict(`datapoint ${id} is the attribution factor of GHG entry ${factor.removal_id}`);
  const template = d.templates.usesOf(id)[0];
  if (template !== undefined) throw conflict(`datapoint ${id} is the default of an input of removal template ${template.template.id}`);
  if (datapoint.measurement_sample_id !== null)
    throw conflict(`datapoint ${id} is a value of measurement sample ${datapoint.measurement_sample_id}`);
  state.datapoints.delete(id);
  return NO_CONTENT;
};

/** The routes of this module. */
export function datapointRoutes(): Route[] {
  const path = datapointIdPathSchema;
  return [
    route(
      'POST',
      '/mrv/v0/datapoints',
      { body: createDatapointRequestSchema, response: datapointSchema, conflict: true, summary: 'Create a datapoint' },
      (context, { body }) => createDatapoint(context, body),
    ),
    route(
      'GET',
      '/mrv/v0/datapoints',
      { query: listDatapointsQuerySchema, response: paginatedListSchema(datapointSchema), summary: 'List datapoints' },
      (context, { query }) => listDatapoints(context, query),
    ),
    route('GET', '/mrv/v0/datapoints/{id}', { path, response: datapointSchema, summary: 'Read a datapoint' }, (context, { path: p }) =>
      ok(datapointView(context, found(context.state.datapoints.get(p.id), { visible: context }))),
    ),
    route(
      'PATCH',
      '/mrv/v0/datapoints/{id}',
      { path, body: patchDatapointRequestSchema, response: datapointSchema, conflict: true, summary: 'Change a datapoint' },
      (context, { path: p, body }) => patchDatapoint(context, p.id, body),
    ),
    route(
      'DELETE',
      '/mrv/v0/datapoints/{id}',
      { path, response: null, conflict: true, summary: 'Delete a datapoint nothing uses' },
      (context, { path: p }) => deleteDatapoint(context, p.id),
    ),
    route(
      'GET',
      '/mrv/v0/datapoints/{id}/components',
      {
        path,
        query: paginationQuerySchema,
        response: paginatedListSchema(componentSchema),
        summary: 'List the components using a datapoint',
      },
      (context, { path: p, query }) => {
        const datapoint = found(context.state.datapoints.get(p.id), { visible: context });
        const items = indexes(context)
          .componentsByDatapoint.sequenced(datapoint.id)
          .filter((item) => canSee(context, item.row));
        return ok(pageOf(context, `datapoint-components:${datapoint.id}`, items, query, (c) => componentView(context.state, c)));
      },
    ),
    route(
      'GET',
      '/mrv/v0/datapoints/{id}/removal_template_components',
      {
        path,
        query: paginationQuerySchema,
        response: paginatedListSchema(removalTemplateComponentSchema),
        summary: 'List the removal template components defaulting an input to a datapoint',
      },
      (context, { path: p, query }) => {
        const datapoint = found(context.state.datapoints.get(p.id), { visible: context });
        const items = indexes(context)
          .templates.usesOf(datapoint.id)
          .filter((use) => canSee(context, use.template))
          .map((use) => ({ seq: use.seq, row: templateComponentView(context.state, use.template, use.group, use.component) }));
        return ok(pageOf(context, `datapoint-template-components:${datapoint.id}`, items, query, (row) => row));
      },
    ),
  ];
}
