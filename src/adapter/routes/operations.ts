/**
 * Field operations and files: storage locations, biochar applications, feedstock types and
 * batches, production batches, file uploads and data upload submissions.
 */
import { z } from 'zod';
import {
  biocharApplicationIdPathSchema,
  feedstockTypeIdPathSchema,
  idPathSchema,
  listDataUploadSubmissionsQuerySchema,
  storageLocationPathSchema,
} from '../../model/queries';
import {
  createBiocharApplicationRequestSchema,
  createDataUploadSubmissionRequestSchema,
  createFeedstockBatchRequestSchema,
  createFileUploadRequestSchema,
  createProductionBatchRequestSchema,
  createStorageLocationRequestSchema,
} from '../../model/requests';
import { idSchema } from '../../model';
import { canSee, indexes, notVisible, ownedOr404, visibleOrMissing, type ReadContext, type RequestContext } from '../context';
import { conflict, notFound, Problems } from '../failures';
import { NO_CONTENT, ok, route, type Route } from '../router';
import type { QuantityRow, StorageLocationRow, SubmissionRow } from '../rows';
import {
  biocharApplicationView,
  feedstockBatchView,
  feedstockTypeView,
  productionBatchView,
  storageLocationView,
  submissionView,
} from '../views';
import { mergedList } from '../merged-list';
import { uploadUrl } from '../world';
import { newRow, newRowInProject, ownedRef, pageOf } from './common';
import { checkQuantity, QUANTITY_FIELDS } from '../quantities';

/** Default storage method when a request gives none ([decision]: the method of biochar projects). */
export const DEFAULT_STORAGE_METHOD = 'biochar_field';

/** Submission types whose data comes from a facility; the others from a storage site. */
const FACILITY_TYPES: ReadonlySet<string> = new Set([
  'biochar_pyrolysis_reactor_facility_time_series',
  'dac_facility_time_series',
  'wae_wastewater_treatment_plant_facility_time_series',
]);

/** A storage location of a project the caller may see, or 404. */
function storageLocationIn(context: ReadContext, projectId: string, id: string): StorageLocationRow {
  const project = visibleOrMissing(context, context.state.projects.get(projectId));
  const location = context.state.storageLocations.get(id);
  if (location === undefined || location.project_id !== project.id || !canSee(context, location)) throw notVisible(context);
  return location;
}

const createStorageLocation = (context: RequestContext, projectId: string, body: z.output<typeof createStorageLocationRequestSchema>) => {
  const { state } = context;
  const project = ownedOr404(context, state.projects.get(projectId));
  const problems = new Problems();
  if (body.project_id !== project.id) problems.add(['body', 'project_id'], `project_id must be the project of the path (${project.id})`, body.project_id);
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

const deleteStorageLocation = (context: RequestContext, projectId: string, id: string) => {
  const { state } = context;
  const location = storageLocationIn(context, projectId, id);
  if (location.owner !== context.viewer.id) throw notFound();
  const application = state.biocharApplications.rows().find((a) => a.storage_location_id === id);
  if (application !== undefined) throw conflict(`storage location ${id} is used by biochar application ${application.id}`);
  const submission = state.submissions.rows().find((s) => s.storage_location_id === id);
  if (submission !== undefined) throw conflict(`storage location ${id} is used by data upload submission ${submission.id}`);
  state.storageLocations.delete(id);
  return NO_CONTENT;
};

const createBiocharApplication = (context: RequestContext, body: z.output<typeof createBiocharApplicationRequestSchema>) => {
  const { state } = context;
  const problems = new Problems();
  const project = ownedRef(context, problems, state.projects, 'project', ['body', 'project_id'], body.project_id);
  const site = ownedRef(context, problems, state.storageLocations, 'storage location', ['body', 'storage_site_id'], body.storage_site_id);
  if (site !== undefined && project !== undefined && site.project_id !== project.id) {
    problems.add(['body', 'storage_site_id'], `storage location '${site.id}' belongs to another project`, site.id);
  }
  ownedRef(context, problems, state.productionBatches, 'production batch', ['body', 'production_batch_id'], body.production_batch_id);
  body.source_ids.forEach((s, i) => ownedRef(context, problems, state.sources, 'source', ['body', 'source_ids', i], s));
  const kinds = QUANTITY_FIELDS.biochar_application;
  const rate = checkQuantity(problems, ['body', 'average_application_rate'], body.average_application_rate, kinds.average_application_rate);
  const arrival = checkQuantity(problems, ['body', 'truck_mass_on_arrival'], body.truck_mass_on_arrival, kinds.truck_mass_on_arrival);
  const departure = checkQuantity(problems, ['body', 'truck_mass_on_departure'], body.truck_mass_on_departure, kinds.truck_mass_on_departure);
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

const createFeedstockBatch = (context: RequestContext, body: z.output<typeof createFeedstockBatchRequestSchema>) => {
  const { state } = context;
  const problems = new Problems();
  ownedRef(context, problems, state.feedstockTypes, 'feedstock type', ['body', 'feedstock_type_id'], body.feedstock_type_id);
  const mass = checkQuantity(problems, ['body', 'mass'], body.mass, QUANTITY_FIELDS.feedstock_batch.mass);
  const row = {
    ...newRow(context, problems, 'feedstock_batch', body.supplier_reference_id),
    created_at: state.clock.nowIso(),
    delivery_date: body.delivery_date,
    display_name: body.display_name,
    feedstock_type_id: body.feedstock_type_id,
    mass: mass as QuantityRow,
    supplier_reference_id: body.supplier_reference_id,
  };
  state.feedstockBatches.insert(row);
  return ok(feedstockBatchView(row));
};

const deleteFeedstockType = (context: RequestContext, id: string) => {
  const { state } = context;
  ownedOr404(context, state.feedstockTypes.get(id));
  const batch = state.feedstockBatches.rows().find((b) => b.feedstock_type_id === id);
  if (batch !== undefined) throw conflict(`feedstock type ${id} is used by feedstock batch ${batch.id}`);
  const removal = state.removals.rows().find((r) => r.feedstock_type_id === id);
  if (removal !== undefined) throw conflict(`feedstock type ${id} is used by GHG entry ${removal.id}`);
  const production = state.productionBatches.rows().find((p) => p.feedstock_type_ids.includes(id));
  if (production !== undefined) throw conflict(`feedstock type ${id} is used by production batch ${production.id}`);
  state.feedstockTypes.delete(id);
  return NO_CONTENT;
};

const createProductionBatch = (context: RequestContext, body: z.output<typeof createProductionBatchRequestSchema>) => {
  const { state } = context;
  const problems = new Problems();
  ownedRef(context, problems, state.facilities, 'facility', ['body', 'facility_id'], body.facility_id);
  body.feedstock_type_ids.forEach((f, i) => ownedRef(context, problems, state.feedstockTypes, 'feedstock type', ['body', 'feedstock_type_ids', i], f));
  if (body.ended_at < body.started_at) problems.add(['body', 'ended_at'], 'ended_at must not be before started_at', body.ended_at);
  const mass = checkQuantity(problems, ['body', 'mass'], body.mass, QUANTITY_FIELDS.production_batch.mass);
  const row = {
    ...newRow(context, problems, 'production_batch', body.supplier_reference_id),
    facility_id: body.facility_id,
    feedstock_type_ids: [...body.feedstock_type_ids],
    supplier_reference_id: body.supplier_reference_id,
    kind: body.kind,
    started_at: body.started_at,
    ended_at: body.ended_at,
    uploaded_at: state.clock.nowIso(),
    display_name: body.display_name ?? body.supplier_reference_id,
    mass: mass as QuantityRow,
  };
  state.productionBatches.insert(row);
  return ok(productionBatchView(row));
};

const createFileUpload = (context: RequestContext, body: z.output<typeof createFileUploadRequestSchema>) => {
  const { state } = context;
  const problems = new Problems();
  if (body.content_length < 0) problems.add(['body', 'content_length'], 'content_length must not be negative', body.content_length);
  problems.check();
  const id = state.ids('file_upload');
  state.fileUploads.insert({
    id,
    owner: context.viewer.id,
    file_name: body.file_name,
    content_type: body.content_type,
    content_length: body.content_length,
    upload_url: uploadUrl(id),
  });
  return ok({ id, upload_url: uploadUrl(id) });
};

/**
 * A data file submitted for processing: facility time series name their facility, storage site
 * time series their storage location (and not the other); it stays `pending` until processed.
 */
const createSubmission = (context: RequestContext, body: z.output<typeof createDataUploadSubmissionRequestSchema>) => {
  const { state } = context;
  const problems = new Problems();
  ownedRef(context, problems, state.fileUploads, 'file upload', ['body', 'file_upload_id'], body.file_upload_id);
  const facilityId = body.facility_id ?? null;
  const locationId = body.storage_location_id ?? null;
  if (FACILITY_TYPES.has(body.submission_type)) {
    if (facilityId === null) problems.add(['body', 'facility_id'], `submission type '${body.submission_type}' needs facility_id`, null);
    else ownedRef(context, problems, state.facilities, 'facility', ['body', 'facility_id'], facilityId);
    if (locationId !== null) problems.add(['body', 'storage_location_id'], `submission type '${body.submission_type}' takes facility_id, not storage_location_id`, locationId);
  } else {
    if (locationId === null) problems.add(['body', 'storage_location_id'], `submission type '${body.submission_type}' needs storage_location_id`, null);
    else ownedRef(context, problems, state.storageLocations, 'storage location', ['body', 'storage_location_id'], locationId);
    if (facilityId !== null) problems.add(['body', 'facility_id'], `submission type '${body.submission_type}' takes storage_location_id, not facility_id`, facilityId);
  }
  problems.check();
  const earlier = state.submissions.rows().find((s) => s.file_upload_id === body.file_upload_id);
  if (earlier !== undefined) throw conflict(`file upload ${body.file_upload_id} was already submitted as ${earlier.id}`);
  const row: SubmissionRow = {
    id: state.ids('data_upload_submission'),
    owner: context.viewer.id,
    file_upload_id: body.file_upload_id,
    submission_type: body.submission_type,
    status: 'pending',
    facility_id: facilityId,
    storage_location_id: locationId,
    error_message: null,
    created_at: state.clock.nowIso(),
  };
  state.submissions.insert(row);
  return ok(submissionView(row));
};

/** The routes of this module. */
export function operationRoutes(): Route[] {
  return [
    route('POST', '/mrv/v0/projects/{project_id}/storage_locations', { path: z.object({ project_id: idSchema('project') }), body: createStorageLocationRequestSchema }, (context, { path, body }) =>
      createStorageLocation(context, path.project_id, body)),
    route('GET', '/mrv/v0/projects/{project_id}/storage_locations/{id}', { path: storageLocationPathSchema }, (context, { path }) =>
      ok(storageLocationView(storageLocationIn(context, path.project_id, path.id)))),
    route('DELETE', '/mrv/v0/projects/{project_id}/storage_locations/{id}', { path: storageLocationPathSchema }, (context, { path }) =>
      deleteStorageLocation(context, path.project_id, path.id)),
    route('POST', '/mrv/v0/biochar_applications', { body: createBiocharApplicationRequestSchema }, (context, { body }) => createBiocharApplication(context, body)),
    route('GET', '/mrv/v0/biochar_applications/{id}', { path: biocharApplicationIdPathSchema }, (context, { path }) =>
      ok(biocharApplicationView(visibleOrMissing(context, context.state.biocharApplications.get(path.id))))),
    route('POST', '/mrv/v0/feedstock_batches', { body: createFeedstockBatchRequestSchema }, (context, { body }) => createFeedstockBatch(context, body)),
    route('GET', '/mrv/v0/feedstock_batches/{id}', { path: idPathSchema('feedstock_batch') }, (context, { path }) =>
      ok(feedstockBatchView(visibleOrMissing(context, context.state.feedstockBatches.get(path.id), canSee)))),
    route('GET', '/mrv/v0/feedstock_types/{id}', { path: feedstockTypeIdPathSchema }, (context, { path }) =>
      ok(feedstockTypeView(visibleOrMissing(context, context.state.feedstockTypes.get(path.id), canSee)))),
    route('DELETE', '/mrv/v0/feedstock_types/{id}', { path: feedstockTypeIdPathSchema }, (context, { path }) => deleteFeedstockType(context, path.id)),
    route('POST', '/mrv/v0/production_batches', { body: createProductionBatchRequestSchema }, (context, { body }) => createProductionBatch(context, body)),
    route('GET', '/mrv/v0/production_batches/{id}', { path: idPathSchema('production_batch') }, (context, { path }) =>
      ok(productionBatchView(visibleOrMissing(context, context.state.productionBatches.get(path.id), canSee)))),
    route('POST', '/mrv/v0/file-uploads', { body: createFileUploadRequestSchema }, (context, { body }) => createFileUpload(context, body)),
    route('POST', '/mrv/v0/data-upload-submissions', { body: createDataUploadSubmissionRequestSchema }, (context, { body }) => createSubmission(context, body)),
    route('GET', '/mrv/v0/data-upload-submissions', { query: listDataUploadSubmissionsQuerySchema }, (context, { query }) => {
      const status = query.status ?? null;
      const own = indexes(context).submissionsByOwner;
      const items =
        status === null
          ? mergedList(context.state.submissions, [own.sequence(context.viewer.id)])
          : own.sequenced(context.viewer.id).filter((item) => item.row.status === status);
      return ok(pageOf(context, 'data_upload_submissions', items, query, submissionView));
    }),
    route('GET', '/mrv/v0/data-upload-submissions/{id}', { path: idPathSchema('data_upload_submission') }, (context, { path }) =>
      ok(submissionView(ownedOr404(context, context.state.submissions.get(path.id))))),
  ];
}
