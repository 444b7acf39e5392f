/**
 * Evidence and building blocks: datapoints, sources, components, measurement locations and
 * samples, component blueprints and removal templates.
 */
import { z } from 'zod';
import { idSchema } from '../../model';
import {
  datapointIdPathSchema,
  idPathSchema,
  listDatapointsQuerySchema,
  paginationQuerySchema,
  projectIdPathSchema,
  sourceIdPathSchema,
} from '../../model/queries';
import {
  createComponentRequestSchema,
  createDatapointRequestSchema,
  createDocumentSourceRequestSchema,
  createMeasurementLocationRequestSchema,
  createMeasurementSampleRequestSchema,
  patchDatapointRequestSchema,
} from '../../model/requests';
import { isCompatible } from '../../units';
import { checkDatapointQuantity, checkQuantity } from '../quantities';
import type { QuantityKind } from '../../model';
import { canReadDocument, canSee, indexes, notVisible, ownedOr404, visibleOrMissing, type ReadContext, type RequestContext } from '../context';
import { checkComponent, evaluateEntry } from '../evaluation';
import { conflict, Problems, unprocessable } from '../failures';
import { ok, route, type Route } from '../router';
import { AMENDABLE_STATUSES, type ComponentRow, type DatapointRow, type QuantityRow, type RemovalRow } from '../rows';
import type { ServiceState } from '../state';
import {
  blueprintView,
  componentView,
  datapointView,
  measurementSampleView,
  privateSourceUrl,
  sourceView,
  templateComponentView,
  templateView,
} from '../views';
import { tableList } from '../merged-list';
import { filtered, visibleRows } from '../visible-lists';
import { newRowInProject, ownedRef, pageOf } from './common';

/** Source ids of a body: each a source the caller owns, none twice. */
function checkSources(context: RequestContext, problems: Problems, loc: readonly (string | number)[], ids: readonly string[]): void {
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    ownedRef(context, problems, context.state.sources, 'source', [...loc, i], id);
    if (seen.has(id)) problems.add([...loc, i], `source '${id}' is listed more than once`, id);
    seen.add(id);
  });
}

/** Datapoints an entry's calculation uses (component inputs and legacy factors). */
function datapointsOfEntry(context: ReadContext, removalId: string): Set<string> {
  const out = new Set<string>();
  for (const a of indexes(context).attributionsByRemoval.rows(removalId)) {
    if (a.attribution_factor_datapoint_id !== null) out.add(a.attribution_factor_datapoint_id);
    for (const input of context.state.components.get(a.component_id)?.inputs ?? []) for (const d of input.datapoint_ids) out.add(d);
  }
  return out;
}

/** The GHG entries whose figures depend on a datapoint. */
function entriesUsing(context: RequestContext, datapointId: string): RemovalRow[] {
  const d = indexes(context);
  const ids = new Set<string>(d.attributionsByFactorDatapoint.rows(datapointId).map((a) => a.removal_id));
  for (const componentId of d.componentsByDatapoint.ids(datapointId)) {
    for (const a of d.attributionsByComponent.rows(componentId)) ids.add(a.removal_id);
  }
  return [...ids].flatMap((id) => {
    const r = context.state.removals.get(id);
    return r === undefined ? [] : [r];
  });
}

function isSubmitted(state: ServiceState, removal: RemovalRow): boolean {
  const statement = removal.ghg_statement_id === null ? undefined : state.statements.get(removal.ghg_statement_id);
  return statement !== undefined && !AMENDABLE_STATUSES.includes(statement.record.status);
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
    if (statement !== undefined && canSee(context, statement)) for (const r of statement.record.removal_ids) for (const d of datapointsOfEntry(context, r)) ids.add(d);
    narrow(ids);
  }
  for (const templateId of [query.used_in_ghg_entry_template, query.used_in_removal_template]) {
    if (templateId === undefined || templateId === null) continue;
    const template = state.templates.get(templateId);
    const ids = new Set<string>();
    if (template !== undefined && canSee(context, template)) {
      for (const g of template.groups) for (const c of g.components) for (const i of c.inputs) if (i.datapoint_id !== null) ids.add(i.datapoint_id);
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
    query.supplier_reference_id == null && contains === null && query.project_id == null && kind === null && query.measurement_sample_id == null && used === null;
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
      : filtered(visibleRows(context, state.datapoints), keep);
  return ok(pageOf(context, 'datapoints', items, query, (d) => datapointView(context, d)));
};

const createDatapoint = (context: RequestContext, body: z.output<typeof createDatapointRequestSchema>) => {
  const { state } = context;
  const problems = new Problems();
  const project = ownedRef(context, problems, state.projects, 'project', ['body', 'project_id'], body.project_id);
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
 * using it and is refused (409) when a submitted entry uses it. Names, descriptions and sources
 * may change at any time; a source added after submission is visible to the verifier at once.
 */
const patchDatapoint = (context: RequestContext, id: string, body: z.output<typeof patchDatapointRequestSchema>) => {
  const { state } = context;
  const datapoint = ownedOr404(context, state.datapoints.get(id));
  const problems = new Problems();
  const quantity = body.quantity === undefined ? undefined : checkDatapointQuantity(problems, ['body', 'quantity'], body.quantity);
  if (body.source_ids !== undefined) checkSources(context, problems, ['body', 'source_ids'], body.source_ids);
  problems.check();
  const entries = entriesUsing(context, id);
  const changesValue = quantity !== undefined && JSON.stringify(quantity) !== JSON.stringify(datapoint.quantity);
  if (changesValue) {
    const locked = entries.find((r) => isSubmitted(state, r));
    if (locked !== undefined) throw conflict(`datapoint ${id} is used by GHG entry ${locked.id} of a submitted GHG statement; its quantity can no longer change`);
  }
  const row: DatapointRow = {
    ...datapoint,
    type: body.type ?? datapoint.type,
    display_name: body.display_name ?? datapoint.display_name,
    description: body.description ?? datapoint.description,
    quantity: quantity ?? datapoint.quantity,
    source_ids: body.source_ids === undefined ? datapoint.source_ids : [...body.source_ids],
    uncertainty_justification: body.uncertainty_justification ?? datapoint.uncertainty_justification,
  };
  state.datapoints.update(row);
  if (changesValue) {
    for (const componentId of indexes(context).componentsByDatapoint.ids(id)) {
      const component = state.components.get(componentId);
      if (component === undefined) continue;
      for (const issue of checkComponent(state, component)) problems.add(['body', 'quantity'], `component '${componentId}': ${issue.message}`, body.quantity);
    }
    problems.check();
    for (const removal of entries) {
      const project = state.projects.get(removal.project_id);
      const outcome = evaluateEntry(state, removal.id, project?.risk_of_reversal_percentage ?? null, indexes(context).attributionsByRemoval.rows(removal.id));
      if (!outcome.ok) {
        for (const issue of outcome.issues) problems.add(['body', 'quantity'], `GHG entry '${removal.id}': ${issue.message}`, body.quantity);
        continue;
      }
      state.removals.update({ ...removal, result: outcome.result });
      // A legacy factor datapoint's new value is the attribution's new share.
      for (const a of indexes(context).attributionsByRemoval.rows(removal.id)) {
        if (a.attribution_factor_datapoint_id !== id) continue;
        const part = outcome.result.parts.find((p) => p.component_id === a.component_id);
        if (part !== undefined) state.attributions.update({ ...a, attribution_factor: part.attribution_factor });
      }
    }
    problems.check();
  }
  return ok(datapointView(context, row));
};

const createSource = (context: RequestContext, body: z.output<typeof createDocumentSourceRequestSchema>) => {
  const { state } = context;
  const problems = new Problems();
  const project = ownedRef(context, problems, state.projects, 'project', ['body', 'project_id'], body.project_id);
  if (body.content_length < 0) problems.add(['body', 'content_length'], 'content_length must not be negative', body.content_length);
  const row = {
    ...newRowInProject(context, problems, project, 'source', body.supplier_reference_id),
    display_name: body.display_name,
    supplier_reference_id: body.supplier_reference_id,
    published_at: body.published_at,
    is_public: body.is_public,
    file_name: body.file_name,
    content_type: body.content_type,
    content_length: body.content_length,
  };
  state.sources.insert(row);
  return ok({ source: sourceView(context, row), signed_upload_url: `https://uploads.sandbox.invalid/sources/${row.id}/${encodeURIComponent(row.file_name)}` });
};

const createComponent = (context: RequestContext, body: z.output<typeof createComponentRequestSchema>) => {
  const { state } = context;
  const problems = new Problems();
  const project = ownedRef(context, problems, state.projects, 'project', ['body', 'project_id'], body.project_id);
  if (!state.blueprints.has(body.component_blueprint_key)) {
    problems.add(['body', 'component_blueprint_key'], `component blueprint '${body.component_blueprint_key}' does not exist`, body.component_blueprint_key);
  }
  body.inputs.forEach((input, i) => {
    input.datapoint_ids.forEach((d, k) => ownedRef(context, problems, state.datapoints, 'datapoint', ['body', 'inputs', i, 'datapoint_ids', k], d));
  });
  if (body.activity_completed_at < body.activity_started_at) {
    problems.add(['body', 'activity_completed_at'], 'activity_completed_at must not be before activity_started_at', body.activity_completed_at);
  }
  if (problems.empty) {
    for (const issue of checkComponent(state, { blueprint_key: body.component_blueprint_key, inputs: body.inputs })) {
      problems.add(['body', ...issue.path], issue.message, null);
    }
  }
  const row: ComponentRow = {
    ...newRowInProject(context, problems, project, 'component', body.supplier_reference_id),
    blueprint_key: body.component_blueprint_key,
    display_name: body.display_name,
    description: body.description ?? null,
    activity_started_at: body.activity_started_at,
    activity_completed_at: body.activity_completed_at,
    inputs: body.inputs.map((i) => ({ input_key: i.input_key, datapoint_ids: [...i.datapoint_ids] })),
    removal_template_component_id: null,
    scope: 'REMOVAL',
    ghg_statement_id: null,
    allocation_strategy: null,
    supplier_reference_id: body.supplier_reference_id,
  };
  state.components.insert(row);
  return ok(componentView(state, row));
};

const createMeasurementLocation = (context: RequestContext, body: z.output<typeof createMeasurementLocationRequestSchema>) => {
  const { state } = context;
  const problems = new Problems();
  const project = ownedRef(context, problems, state.projects, 'project', ['body', 'project_id'], body.project_id);
  const row = {
    ...newRowInProject(context, problems, project, 'measurement_location', body.supplier_reference_id),
    latitude: body.latitude,
    longitude: body.longitude,
    supplier_reference_id: body.supplier_reference_id,
  };
  state.measurementLocations.insert(row);
  return ok(measurementLocationView(row));
};

function measurementLocationView(row: { id: string; latitude: number; longitude: number; supplier_reference_id: string | null }): Record<string, unknown> {
  return { id: row.id, latitude: row.latitude, longitude: row.longitude, supplier_reference_id: row.supplier_reference_id };
}

/** A measurement sample; each of its values becomes a datapoint locked to the sample. */
const createMeasurementSample = (context: RequestContext, body: z.output<typeof createMeasurementSampleRequestSchema>) => {
  const { state } = context;
  const problems = new Problems();
  const project = ownedRef(context, problems, state.projects, 'project', ['body', 'project_id'], body.project_id);
  if (body.feedstock_batch_id !== null) ownedRef(context, problems, state.feedstockBatches, 'feedstock batch', ['body', 'feedstock_batch_id'], body.feedstock_batch_id);
  if (body.measurement_location_id !== null) {
    const location = ownedRef(context, problems, state.measurementLocations, 'measurement location', ['body', 'measurement_location_id'], body.measurement_location_id);
    if (location !== undefined && project !== undefined && location.project_id !== project.id) {
      problems.add(['body', 'measurement_location_id'], `measurement location '${location.id}' belongs to another project`, location.id);
    }
  }
  if (body.storage_location_id !== null) ownedRef(context, problems, state.storageLocations, 'storage location', ['body', 'storage_location_id'], body.storage_location_id);
  const productionBatchId = body.production_batch_id ?? null;
  if (productionBatchId !== null) ownedRef(context, problems, state.productionBatches, 'production batch', ['body', 'production_batch_id'], productionBatchId);
  const quantities = body.values.map((v, i) => checkQuantity(problems, ['body', 'values', i, 'value'], v.value, v.measurement_property.quantity_kind));
  const sample = newRowInProject(context, problems, project, 'measurement_sample', body.supplier_reference_id);
  const { id } = sample;
  const values = body.values.map((v, i) => {
    const datapoint: DatapointRow = {
      id: state.ids('datapoint'),
      owner: sample.owner,
      project_id: sample.project_id,
      display_name: `${body.measurement_type} ${v.measurement_property.quantity_kind}${v.measurement_property.qualifier ? ` (${v.measurement_property.qualifier})` : ''}`,
      description: `Value ${i + 1} of measurement sample ${id}`,
      type: 'REPORTED',
      quantity: quantities[i] as QuantityRow,
      source_ids: [],
      measured_at: body.measured_at,
      supplier_reference_id: null,
      uncertainty_justification: null,
      measurement_sample_id: id,
    };
    state.datapoints.insert(datapoint);
    return { datapoint_id: datapoint.id, measurement_property: { quantity_kind: v.measurement_property.quantity_kind, qualifier: v.measurement_property.qualifier } };
  });
  const row = {
    ...sample,
    supplier_reference_id: body.supplier_reference_id,
    measured_at: body.measured_at.slice(0, 10),
    measurement_location_id: body.measurement_location_id,
    production_batch_id: productionBatchId,
    values,
  };
  state.measurementSamples.insert(row);
  return ok(measurementSampleView(context, row));
};

/** A project the caller may see (its owner, or anyone a submitted statement exposes it to), or 404. */
function visibleProject(context: ReadContext, id: string) {
  return visibleOrMissing(context, context.state.projects.get(id));
}

/** The routes of this module. */
export function evidenceRoutes(): Route[] {
  return [
    route('POST', '/mrv/v0/datapoints', { body: createDatapointRequestSchema }, (context, { body }) => createDatapoint(context, body)),
    route('GET', '/mrv/v0/datapoints', { query: listDatapointsQuerySchema }, (context, { query }) => listDatapoints(context, query)),
    route('GET', '/mrv/v0/datapoints/{id}', { path: datapointIdPathSchema }, (context, { path }) =>
      ok(datapointView(context, visibleOrMissing(context, context.state.datapoints.get(path.id))))),
    route('PATCH', '/mrv/v0/datapoints/{id}', { path: datapointIdPathSchema, body: patchDatapointRequestSchema }, (context, { path, body }) => patchDatapoint(context, path.id, body)),
    route('GET', '/mrv/v0/datapoints/{id}/components', { path: datapointIdPathSchema, query: paginationQuerySchema }, (context, { path, query }) => {
      const datapoint = visibleOrMissing(context, context.state.datapoints.get(path.id));
      const items = indexes(context).componentsByDatapoint.sequenced(datapoint.id).filter((item) => canSee(context, item.row));
      return ok(pageOf(context, `datapoint-components:${datapoint.id}`, items, query, (c) => componentView(context.state, c)));
    }),
    route('GET', '/mrv/v0/datapoints/{id}/removal_template_components', { path: datapointIdPathSchema, query: paginationQuerySchema }, (context, { path, query }) => {
      const datapoint = visibleOrMissing(context, context.state.datapoints.get(path.id));
      const items = indexes(context)
        .templates.usesOf(datapoint.id)
        .filter((use) => canSee(context, use.template))
        .map((use) => ({ seq: use.seq, row: templateComponentView(context.state, use.template, use.group, use.component) }));
      return ok(pageOf(context, `datapoint-template-components:${datapoint.id}`, items, query, (row) => row));
    }),
    route('POST', '/mrv/v0/sources', { body: createDocumentSourceRequestSchema }, (context, { body }) => createSource(context, body)),
    route('GET', '/mrv/v0/sources/{id}', { path: sourceIdPathSchema }, (context, { path }) =>
      ok(sourceView(context, visibleOrMissing(context, context.state.sources.get(path.id))))),
    route('GET', '/mrv/v0/sources/{id}/private_url', { path: sourceIdPathSchema }, (context, { path }) => {
      // The document itself: owner and verifier only, never the public (interface.md 1 rule 4).
      const source = visibleOrMissing(context, context.state.sources.get(path.id), canReadDocument);
      return ok(privateSourceUrl(context.state, source));
    }),
    route('POST', '/mrv/v0/components', { body: createComponentRequestSchema }, (context, { body }) => createComponent(context, body)),
    route('GET', '/mrv/v0/components/{id}', { path: idPathSchema('component') }, (context, { path }) =>
      ok(componentView(context.state, visibleOrMissing(context, context.state.components.get(path.id))))),
    route('POST', '/mrv/v0/measurement_locations', { body: createMeasurementLocationRequestSchema }, (context, { body }) => createMeasurementLocation(context, body)),
    route('GET', '/mrv/v0/measurement_locations/{id}', { path: idPathSchema('measurement_location') }, (context, { path }) =>
      ok(measurementLocationView(visibleOrMissing(context, context.state.measurementLocations.get(path.id))))),
    route('POST', '/mrv/v0/measurement_samples', { body: createMeasurementSampleRequestSchema }, (context, { body }) => createMeasurementSample(context, body)),
    route('GET', '/mrv/v0/measurement_samples', { query: paginationQuerySchema }, (context, { query }) => {
      return ok(pageOf(context, 'measurement_samples', visibleRows(context, context.state.measurementSamples), query, (m) => measurementSampleView(context, m)));
    }),
    route('GET', '/mrv/v0/component_blueprints', { query: paginationQuerySchema }, (context, { query }) =>
      ok(pageOf(context, 'component_blueprints', tableList(context.state.blueprints), query, blueprintView))),
    route('GET', '/mrv/v0/component_blueprints/{key}', { path: z.object({ key: z.string() }) }, (context, { path }) => {
      const blueprint = context.state.blueprints.get(path.key);
      if (blueprint === undefined) throw notVisible(context);
      return ok(blueprintView(blueprint));
    }),
    route('GET', '/mrv/v0/projects/{project_id}/removal_templates', { path: projectIdPathSchema, query: paginationQuerySchema }, (context, { path, query }) => {
      const project = visibleProject(context, path.project_id);
      const items = indexes(context).templatesByProject.sequenced(project.id).filter((item) => canSee(context, item.row));
      return ok(pageOf(context, `removal_templates:${project.id}`, items, query, (t) => templateView(context.state, t)));
    }),
    route('GET', '/mrv/v0/projects/{project_id}/removal_templates/{id}',
      { path: z.object({ project_id: idSchema('project'), id: idSchema('removal_template') }) },
      (context, { path }) => {
        const project = visibleProject(context, path.project_id);
        const template = context.state.templates.get(path.id);
        if (template === undefined || template.project_id !== project.id || !canSee(context, template)) throw notVisible(context);
        return ok(templateView(context.state, template));
      },
    ),
  ];
}
