/**
 * Storage: storage locations of a project, the biochar applications spread on them, their storage
 * units and the sensors of a project. A storage location or application is part of a GHG statement
 * only when a submitted entry reaches it (docs/rules.md#service-behaviour); units and sensors stay owner-only.
 * Deleting something in use is 409.
 */
import { found } from '../found';
import * as z from 'zod';
import { idSchema } from '../../../model';
import { biocharApplicationIdPathSchema, listSensorsQuerySchema, listStorageUnitsQuerySchema, storageLocationPathSchema } from './schemas';
import { idPathSchema, paginationQuerySchema } from '../../../model/queries';
import { createBiocharApplicationRequestSchema, createStorageLocationRequestSchema, patchStorageLocationRequestSchema } from './schemas';
import {
  biocharApplicationSchema,
  createSensorRequestSchema,
  createStorageUnitRequestSchema,
  sensorSchema,
  storageLocationSchema,
  storageUnitSchema,
} from './schemas';
import { paginatedListSchema } from '../../../model/shapes';
import { isCompatible } from '../../../units';
import { canSee, indexes, notVisible, type ReadContext, type RequestContext } from '../../context';
import { conflict, notFound, Problems, unprocessable } from '../../http/failures';
import { checkQuantity } from '../../evaluation/quantities';
import { STORAGE_QUANTITIES } from './quantities';
import { NO_CONTENT, ok, route, type Route } from '../../router';
import type { QuantityRow, SensorRow, StorageLocationRow, StorageUnitRow } from '../../rows';
import { biocharApplicationView, sensorView, storageLocationView, storageUnitView } from './view';
import { matching, ownedRows, visibleInGroup, visibleRows } from '../visible-lists';
import { bodyProject, checkReferenceFree, newRow, newRowInProject, pageOf, patched } from '../common';

/** Default storage method when a request gives none ([decision]: the method of biochar projects). */
export const DEFAULT_STORAGE_METHOD = 'biochar_field';

/** A storage location of a project the caller may see, or 404. */
function storageLocationIn(context: ReadContext, projectId: string, id: string): StorageLocationRow {
  const project = found(context.state.projects.get(projectId), { visible: context });
  const location = context.state.storageLocations.get(id);
  if (location === undefined || location.project_id !== project.id || !canSee(context, location)) throw notVisible(context);
  return location;
}

/** A storage location of a project, found as {@link storageLocationIn} finds it, that the caller owns (for changes), or 404. */
function ownedStorageLocationIn(context: RequestContext, projectId: string, id: string): StorageLocationRow {
  const location = storageLocationIn(context, projectId, id);
  if (location.owner !== context.viewer.id) throw notFound();
  return location;
}

const createStorageLocation = (context: RequestContext, projectId: string, body: z.output<typeof createStorageLocationRequestSchema>) => {
  const { state } = context;
  const project = found(state.projects.get(projectId), { owned: context });
  const problems = new Problems();
  if (body.project_id !== project.id)
    problems.add(['body', 'project_id'], `project_id must be the project of the path (${project.id})`, body.project_id);
  problems.check();
  const supplier = context.viewer.supplier;
  if (supplier === null) throw notFound();
  const row: StorageLocationRow = {
    ...newRowInProject(context, problems, project, 'storage_location', body.supplier_reference_id),
    supplier_id: supplier.id,
    name: body.name,
    storage_method: body.storage_method ?? DEFAULT_STORAGE_METHOD,
    description: body.description ?? null,
    latitude: body.latitude,
    longitude: body.longitude,
    supplier_reference_id: body.supplier_reference_id ?? null,
  };
  state.storageLocations.insert(row);
  return ok(storageLocationView(row));
};

const patchStorageLocation = (
  context: RequestContext,
  projectId: string,
  id: string,
  body: z.output<typeof patchStorageLocationRequestSchema>,
) => {
  const { state } = context;
  const location = ownedStorageLocationIn(context, projectId, id);
  if (body.supplier_reference_id !== undefined) checkReferenceFree(context, body.supplier_reference_id, id);
  const row: StorageLocationRow = patched(location, body, [
    'name',
    'description',
    'latitude',
    'longitude',
    'supplier_reference_id',
    'storage_method',
  ]);
  state.storageLocations.update(row);
  return ok(storageLocationView(row));
};

/** Deletes a storage location nothing uses: an application, a data upload, a storage unit, a sensor, a sample (409). */
const deleteStorageLocation = (context: RequestContext, projectId: string, id: string) => {
  const { state } = context;
  ownedStorageLocationIn(context, projectId, id); // 404 unless the caller's project holds it
  const application = indexes(context).applicationsBySite.ids(id)[0];
  if (application !== undefined) throw conflict(`storage location ${id} is used by biochar application ${application}`);
  const users: [string, { readonly id: string; readonly storage_location_id: string | null }[]][] = [
    ['data upload submission', state.submissions.rows()],
    ['storage unit', state.storageUnits.rows()],
    ['sensor', state.sensors.rows()],
    ['measurement sample', state.measurementSamples.rows()],
    ['monitoring requirement', state.monitoringRequirements.rows()],
  ];
  for (const [what, rows] of users) {
    const user = rows.find((r) => r.storage_location_id === id);
    if (user !== undefined) throw conflict(`storage location ${id} is used by ${what} ${user.id}`);
  }
  state.storageLocations.delete(id);
  return NO_CONTENT;
};

/** Deletes a biochar application that no GHG entry names (409 otherwise). */
const deleteBiocharApplication = (context: RequestContext, id: string) => {
  const { state } = context;
  const application = found(state.biocharApplications.get(id), { owned: context });
  if (application.removal_id !== null) throw conflict(`biochar application ${id} is part of GHG entry ${application.removal_id}`);
  state.biocharApplications.delete(id);
  return NO_CONTENT;
};

const createBiocharApplication = (context: RequestContext, body: z.output<typeof createBiocharApplicationRequestSchema>) => {
  const { state } = context;
  const problems = new Problems();
  const project = bodyProject(context, problems, body.project_id);
  const site = found(state.storageLocations.get(body.storage_site_id), {
    reference: context,
    problems,
    loc: ['body', 'storage_site_id'],
    item: ['storage location', body.storage_site_id],
  });
  if (site !== undefined && project !== undefined && site.project_id !== project.id) {
    problems.add(['body', 'storage_site_id'], `storage location '${site.id}' belongs to another project`, site.id);
  }
  found(state.productionBatches.get(body.production_batch_id), {
    reference: context,
    problems,
    loc: ['body', 'production_batch_id'],
    item: ['production batch', body.production_batch_id],
  });
  body.source_ids.forEach((s, i) =>
    found(state.sources.get(s), { reference: context, problems, loc: ['body', 'source_ids', i], item: ['source', s] }),
  );
  const kinds = STORAGE_QUANTITIES.biochar_application;
  const rate = checkQuantity(problems, ['body', 'average_application_rate'], body.average_application_rate, kinds.average_application_rate);
  const arrival = checkQuantity(problems, ['body', 'truck_mass_on_arrival'], body.truck_mass_on_arrival, kinds.truck_mass_on_arrival);
  const departure = checkQuantity(
    problems,
    ['body', 'truck_mass_on_departure'],
    body.truck_mass_on_departure,
    kinds.truck_mass_on_departure,
  );
  const row = {
    ...newRowInProject(context, problems, project, 'biochar_application', body.supplier_reference_id),
    application_date: body.application_date,
    // Checked: newRowInProject refused the request if any quantity had a problem.
    average_application_rate: rate as QuantityRow,
    production_batch_id: body.production_batch_id,
    storage_location_id: body.storage_site_id,
    supplier_reference_id: body.supplier_reference_id,
    truck_mass_on_arrival: arrival as QuantityRow,
    truck_mass_on_departure: departure as QuantityRow,
    source_ids: [...body.source_ids],
    removal_id: null,
    uploaded_at: state.clock.nowIso(),
  };
  state.biocharApplications.insert(row);
  return ok(biocharApplicationView(row));
};

const createStorageUnit = (context: RequestContext, body: z.output<typeof createStorageUnitRequestSchema>) => {
  const { state } = context;
  const problems = new Problems();
  const location = found(state.storageLocations.get(body.storage_location_id), {
    reference: context,
    problems,
    loc: ['body', 'storage_location_id'],
    item: ['storage location', body.storage_location_id],
  });
  const row: StorageUnitRow = {
    ...newRow(context, problems, 'storage_unit', body.supplier_reference_id),
    storage_location_id: body.storage_location_id,
    supplier_id: location?.supplier_id ?? '',
    name: body.name,
    description: body.description ?? null,
    latitude: body.latitude,
    longitude: body.longitude,
    supplier_reference_id: body.supplier_reference_id ?? null,
  };
  state.storageUnits.insert(row);
  return ok(storageUnitView(row));
};

/**
 * A sensor installed at a storage location or a facility of the caller (one of the two); its
 * project is theirs, and its units must be units of the quantity kind it measures.
 */
const createSensor = (context: RequestContext, body: z.output<typeof createSensorRequestSchema>) => {
  const { state } = context;
  const problems = new Problems();
  const locationId = body.storage_location_id ?? null;
  const facilityId = body.facility_id ?? null;
  const location =
    locationId === null
      ? undefined
      : found(state.storageLocations.get(locationId), {
          reference: context,
          problems,
          loc: ['body', 'storage_location_id'],
          item: ['storage location', locationId],
        });
  const facility =
    facilityId === null
      ? undefined
      : found(state.facilities.get(facilityId), {
          reference: context,
          problems,
          loc: ['body', 'facility_id'],
          item: ['facility', facilityId],
        });
  if (locationId === null && facilityId === null)
    problems.add(
      ['body', 'storage_location_id'],
      'a sensor is installed at a storage location or a facility: give storage_location_id or facility_id',
      null,
    );
  if (locationId !== null && facilityId !== null)
    problems.add(['body', 'facility_id'], 'give storage_location_id or facility_id, not both', facilityId);
  const projectId = location?.project_id ?? facility?.project_id ?? null;
  if (facility !== undefined && projectId === null)
    problems.add(['body', 'facility_id'], `facility '${facility.id}' belongs to no project`, facility.id);
  const units = isCompatible(body.units, body.measurement_property.quantity_kind);
  if (!units.ok) problems.add(['body', 'units'], units.message, body.units);
  problems.check();
  if (projectId === null) throw unprocessable(problems.items);
  const row: SensorRow = {
    ...newRow(context, problems, 'sensor', null),
    project_id: projectId,
    reference: body.reference,
    measurement_property: { quantity_kind: body.measurement_property.quantity_kind, qualifier: body.measurement_property.qualifier },
    units: body.units,
    manufacturer: body.manufacturer ?? null,
    model: body.model ?? null,
    storage_location_id: locationId,
    facility_id: facilityId,
  };
  state.sensors.insert(row);
  return ok(sensorView(row));
};

/** The routes of this module. */
export function storageRoutes(): Route[] {
  const projectPath = z.object({ project_id: idSchema('project') });
  const path = storageLocationPathSchema;
  return [
    route(
      'POST',
      '/mrv/v0/projects/{project_id}/storage_locations',
      {
        path: projectPath,
        body: createStorageLocationRequestSchema,
        response: storageLocationSchema,
        conflict: true,
        summary: 'Create a storage location',
      },
      (context, { path: p, body }) => createStorageLocation(context, p.project_id, body),
    ),
    route(
      'GET',
      '/mrv/v0/projects/{project_id}/storage_locations',
      {
        path: projectPath,
        query: paginationQuerySchema,
        response: paginatedListSchema(storageLocationSchema),
        summary: 'List the storage locations of a project',
      },
      (context, { path: p, query }) => {
        const project = found(context.state.projects.get(p.project_id), { visible: context });
        const items = visibleInGroup(context, context.state.storageLocations, {
          index: indexes(context).storageLocationsByProject,
          key: project.id,
          groupOwner: project.owner,
          keyOf: (l) => l.project_id,
        });
        return ok(pageOf(context, `storage_locations:${project.id}`, items, query, storageLocationView));
      },
    ),
    route(
      'GET',
      '/mrv/v0/projects/{project_id}/storage_locations/{id}',
      { path, response: storageLocationSchema, summary: 'Read a storage location' },
      (context, { path: p }) => ok(storageLocationView(storageLocationIn(context, p.project_id, p.id))),
    ),
    route(
      'PATCH',
      '/mrv/v0/projects/{project_id}/storage_locations/{id}',
      {
        path,
        body: patchStorageLocationRequestSchema,
        response: storageLocationSchema,
        conflict: true,
        summary: 'Change a storage location',
      },
      (context, { path: p, body }) => patchStorageLocation(context, p.project_id, p.id, body),
    ),
    route(
      'DELETE',
      '/mrv/v0/projects/{project_id}/storage_locations/{id}',
      { path, response: null, conflict: true, summary: 'Delete a storage location nothing uses' },
      (context, { path: p }) => deleteStorageLocation(context, p.project_id, p.id),
    ),
    route(
      'POST',
      '/mrv/v0/biochar_applications',
      {
        body: createBiocharApplicationRequestSchema,
        quantities: STORAGE_QUANTITIES.biochar_application,
        response: biocharApplicationSchema,
        conflict: true,
        summary: 'Create a biochar application',
      },
      (context, { body }) => createBiocharApplication(context, body),
    ),
    route(
      'GET',
      '/mrv/v0/biochar_applications',
      { query: paginationQuerySchema, response: paginatedListSchema(biocharApplicationSchema), summary: 'List biochar applications' },
      (context, { query }) =>
        ok(pageOf(context, 'biochar_applications', visibleRows(context, context.state.biocharApplications), query, biocharApplicationView)),
    ),
    route(
      'GET',
      '/mrv/v0/biochar_applications/{id}',
      { path: biocharApplicationIdPathSchema, response: biocharApplicationSchema, summary: 'Read a biochar application' },
      (context, { path: p }) =>
        ok(biocharApplicationView(found(context.state.biocharApplications.get(p.id), { visible: context, see: canSee }))),
    ),
    route(
      'DELETE',
      '/mrv/v0/biochar_applications/{id}',
      { path: biocharApplicationIdPathSchema, response: null, conflict: true, summary: 'Delete a biochar application no GHG entry names' },
      (context, { path: p }) => deleteBiocharApplication(context, p.id),
    ),
    route(
      'POST',
      '/mrv/v0/storage_units',
      { body: createStorageUnitRequestSchema, response: storageUnitSchema, conflict: true, summary: 'Create a storage unit' },
      (context, { body }) => createStorageUnit(context, body),
    ),
    route(
      'GET',
      '/mrv/v0/storage_units',
      { query: listStorageUnitsQuerySchema, response: paginatedListSchema(storageUnitSchema), summary: 'List storage units' },
      (context, { query }) => {
        const all = ownedRows(context, context.state.storageUnits);
        const location = query.storage_location_id ?? null;
        const reference = query.supplier_reference_id ?? null;
        const keep = (u: StorageUnitRow): boolean =>
          (location === null || u.storage_location_id === location) && (reference === null || u.supplier_reference_id === reference);
        const equal = { storage_location_id: location, supplier_reference_id: reference };
        const items =
          location === null && reference === null ? all : matching(context, context.state.storageUnits, { scope: 'owned', equal, keep });
        return ok(pageOf(context, 'storage_units', items, query, storageUnitView));
      },
    ),
    route(
      'GET',
      '/mrv/v0/storage_units/{id}',
      { path: idPathSchema('storage_unit'), response: storageUnitSchema, summary: 'Read a storage unit' },
      (context, { path: p }) => ok(storageUnitView(found(context.state.storageUnits.get(p.id), { owned: context }))),
    ),
    route(
      'POST',
      '/mrv/v0/sensors',
      { body: createSensorRequestSchema, response: sensorSchema, summary: 'Create a sensor' },
      (context, { body }) => createSensor(context, body),
    ),
    route(
      'GET',
      '/mrv/v0/sensors',
      { query: listSensorsQuerySchema, response: paginatedListSchema(sensorSchema), summary: 'List sensors' },
      (context, { query }) => {
        const all = ownedRows(context, context.state.sensors);
        const project = query.project_id ?? null;
        const reference = query.reference ?? null;
        const keep = (s: SensorRow): boolean =>
          (project === null || s.project_id === project) && (reference === null || s.reference === reference);
        const items =
          project === null && reference === null
            ? all
            : matching(context, context.state.sensors, { scope: 'owned', equal: { project_id: project, reference }, keep });
        return ok(pageOf(context, 'sensors', items, query, sensorView));
      },
    ),
    route(
      'GET',
      '/mrv/v0/sensors/{id}',
      { path: idPathSchema('sensor'), response: sensorSchema, summary: 'Read a sensor' },
      (context, { path: p }) => ok(sensorView(found(context.state.sensors.get(p.id), { owned: context }))),
    ),
  ];
}
