/**
 * Monitoring and data files: the monitoring requirements the service set on a project (its own
 * side: world document or test helper) with the submissions that meet them, and the time-series
 * files a supplier uploads and submits for processing. All owner-only.
 */
import { found } from '../found';
import * as z from 'zod';
import { idSchema } from '../../../model';
import { idPathSchema, paginationQuerySchema } from '../../../model/queries';
import { listDataUploadSubmissionsQuerySchema, listMonitoringRequirementsQuerySchema } from './schemas';
import { createDataUploadSubmissionRequestSchema, createFileUploadRequestSchema } from './schemas';
import {
  createMonitoringSubmissionRequestSchema,
  dataUploadSubmissionSchema,
  fileUploadSchema,
  monitoringSubmissionSchema,
  projectMonitoringRequirementSchema,
} from './schemas';
import { paginatedListSchema } from '../../../model/shapes';
import { indexes, type RequestContext } from '../../context';
import { conflict, notFound, Problems } from '../../http/failures';
import { mergedList } from '../../store/merged-list';
import { NO_CONTENT, ok, route, type Route } from '../../router';
import type { MonitoringRequirementRow, MonitoringSubmissionRow, SubmissionRow } from '../../rows';
import { monitoringRequirementView, monitoringSubmissionView, submissionView, uploadUrl } from './view';
import { filtered, ownedRows } from '../visible-lists';
import { newRow, ownedInProject, pageOf } from '../common';

/** Submission types whose data comes from a facility; the others from a storage site. */
const FACILITY_TYPES: ReadonlySet<string> = new Set([
  'biochar_pyrolysis_reactor_facility_time_series',
  'dac_facility_time_series',
  'wae_wastewater_treatment_plant_facility_time_series',
]);

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
  found(state.fileUploads.get(body.file_upload_id), {
    reference: context,
    problems,
    loc: ['body', 'file_upload_id'],
    item: ['file upload', body.file_upload_id],
  });
  const facilityId = body.facility_id ?? null;
  const locationId = body.storage_location_id ?? null;
  if (FACILITY_TYPES.has(body.submission_type)) {
    if (facilityId === null) problems.add(['body', 'facility_id'], `submission type '${body.submission_type}' needs facility_id`, null);
    else
      found(state.facilities.get(facilityId), {
        reference: context,
        problems,
        loc: ['body', 'facility_id'],
        item: ['facility', facilityId],
      });
    if (locationId !== null)
      problems.add(
        ['body', 'storage_location_id'],
        `submission type '${body.submission_type}' takes facility_id, not storage_location_id`,
        locationId,
      );
  } else {
    if (locationId === null)
      problems.add(['body', 'storage_location_id'], `submission type '${body.submission_type}' needs storage_location_id`, null);
    else
      found(state.storageLocations.get(locationId), {
        reference: context,
        problems,
        loc: ['body', 'storage_location_id'],
        item: ['storage location', locationId],
      });
    if (facilityId !== null)
      problems.add(
        ['body', 'facility_id'],
        `submission type '${body.submission_type}' takes storage_location_id, not facility_id`,
        facilityId,
      );
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

/** A monitoring requirement of a project of the caller, or 404. */
function requirementIn(context: RequestContext, projectId: string, id: string): MonitoringRequirementRow {
  return ownedInProject(context, context.state.monitoringRequirements.get(id), projectId);
}

const listRequirements = (
  context: RequestContext,
  projectId: string,
  query: z.output<typeof listMonitoringRequirementsQuerySchema>,
  locationId: string | null,
) => {
  const project = found(context.state.projects.get(projectId), { owned: context });
  const location = locationId ?? query.storage_location_id ?? null;
  const unit = query.storage_unit_id ?? null;
  const table = context.state.monitoringRequirements;
  const all = mergedList(table, [indexes(context).requirementsByProject.sequence(project.id)]);
  // The smallest of the project's requirements, the location's and the unit's, checked against every filter.
  let narrowest = all;
  for (const [field, value] of [
    ['storage_location_id', location],
    ['storage_unit_id', unit],
  ] as const) {
    const list = value === null ? null : mergedList(table, [indexes(context).byField(table, field).sequence(value)]);
    if (list !== null && list.size < narrowest.size) narrowest = list;
  }
  const items =
    location === null && unit === null
      ? all
      : filtered(
          narrowest,
          (r) =>
            r.project_id === project.id &&
            (location === null || r.storage_location_id === location) &&
            (unit === null || r.storage_unit_id === unit),
        );
  return ok(pageOf(context, `monitoring_requirements:${project.id}`, items, query, monitoringRequirementView));
};

const createMonitoringSubmission = (
  context: RequestContext,
  projectId: string,
  requirementId: string,
  body: z.output<typeof createMonitoringSubmissionRequestSchema>,
) => {
  const { state } = context;
  const requirement = requirementIn(context, projectId, requirementId);
  const problems = new Problems();
  const source = found(state.sources.get(body.source_id), {
    reference: context,
    problems,
    loc: ['body', 'source_id'],
    item: ['source', body.source_id],
  });
  if (source !== undefined && source.project_id !== projectId)
    problems.add(['body', 'source_id'], `source '${source.id}' belongs to another project`, source.id);
  const validTo = body.valid_to ?? null;
  if (validTo !== null && validTo < body.valid_from) problems.add(['body', 'valid_to'], 'valid_to must not be before valid_from', validTo);
  const row: MonitoringSubmissionRow = {
    ...newRow(context, problems, 'monitoring_submission', body.supplier_reference_id),
    project_id: projectId,
    project_monitoring_requirement_id: requirement.id,
    source_id: body.source_id,
    valid_from: body.valid_from,
    valid_to: validTo,
    supplier_reference_id: body.supplier_reference_id ?? null,
    notes: body.notes ?? null,
  };
  state.monitoringSubmissions.insert(row);
  return ok(monitoringSubmissionView(row));
};

/** The routes of this module. */
export function monitoringRoutes(): Route[] {
  const requirementPath = z.object({ project_id: idSchema('project'), requirement_id: idSchema('monitoring_requirement') });
  const submissionsPath = z.object({ project_id: idSchema('project'), id: idSchema('monitoring_requirement') });
  const submissionPath = z.object({
    project_id: idSchema('project'),
    monitoring_requirement_id: idSchema('monitoring_requirement'),
    id: idSchema('monitoring_submission'),
  });
  const page = paginatedListSchema(projectMonitoringRequirementSchema);
  return [
    route(
      'GET',
      '/mrv/v0/projects/{id}/monitoring_requirements',
      {
        path: idPathSchema('project'),
        query: listMonitoringRequirementsQuerySchema,
        response: page,
        summary: 'List the monitoring requirements of a project',
      },
      (context, { path: p, query }) => listRequirements(context, p.id, query, null),
    ),
    route(
      'GET',
      '/mrv/v0/projects/{project_id}/storage_locations/{id}/monitoring_requirements',
      {
        path: z.object({ project_id: idSchema('project'), id: idSchema('storage_location') }),
        query: paginationQuerySchema,
        response: page,
        summary: 'List the monitoring requirements of a storage location',
      },
      (context, { path: p, query }) => {
        const location = ownedInProject(context, context.state.storageLocations.get(p.id), p.project_id);
        return listRequirements(context, p.project_id, query, location.id);
      },
    ),
    route(
      'GET',
      '/mrv/v0/projects/{project_id}/monitoring_requirements/{requirement_id}',
      { path: requirementPath, response: projectMonitoringRequirementSchema, summary: 'Read a monitoring requirement' },
      (context, { path: p }) => ok(monitoringRequirementView(requirementIn(context, p.project_id, p.requirement_id))),
    ),
    route(
      'GET',
      '/mrv/v0/projects/{project_id}/monitoring_requirements/{id}/submissions',
      {
        path: submissionsPath,
        query: paginationQuerySchema,
        response: paginatedListSchema(monitoringSubmissionSchema),
        summary: 'List the submissions of a monitoring requirement',
      },
      (context, { path: p, query }) => {
        const requirement = requirementIn(context, p.project_id, p.id);
        const items = mergedList(context.state.monitoringSubmissions, [indexes(context).submissionsByRequirement.sequence(requirement.id)]);
        return ok(pageOf(context, `monitoring_submissions:${requirement.id}`, items, query, monitoringSubmissionView));
      },
    ),
    route(
      'POST',
      '/mrv/v0/projects/{project_id}/monitoring_requirements/{id}/submissions',
      {
        path: submissionsPath,
        body: createMonitoringSubmissionRequestSchema,
        response: monitoringSubmissionSchema,
        conflict: true,
        summary: 'Submit a source meeting a monitoring requirement',
      },
      (context, { path: p, body }) => createMonitoringSubmission(context, p.project_id, p.id, body),
    ),
    route(
      'DELETE',
      '/mrv/v0/projects/{project_id}/monitoring_requirements/{monitoring_requirement_id}/submissions/{id}',
      { path: submissionPath, response: null, summary: 'Delete a monitoring submission' },
      (context, { path: p }) => {
        const submission = ownedInProject(context, context.state.monitoringSubmissions.get(p.id), p.project_id);
        if (submission.project_monitoring_requirement_id !== p.monitoring_requirement_id) throw notFound();
        context.state.monitoringSubmissions.delete(submission.id);
        return NO_CONTENT;
      },
    ),
    route(
      'POST',
      '/mrv/v0/file-uploads',
      { body: createFileUploadRequestSchema, response: fileUploadSchema, summary: 'Create an upload address for a data file' },
      (context, { body }) => createFileUpload(context, body),
    ),
    route(
      'POST',
      '/mrv/v0/data-upload-submissions',
      {
        body: createDataUploadSubmissionRequestSchema,
        response: dataUploadSubmissionSchema,
        conflict: true,
        summary: 'Submit an uploaded data file for processing',
      },
      (context, { body }) => createSubmission(context, body),
    ),
    route(
      'GET',
      '/mrv/v0/data-upload-submissions',
      {
        query: listDataUploadSubmissionsQuerySchema,
        response: paginatedListSchema(dataUploadSubmissionSchema),
        summary: 'List data upload submissions',
      },
      (context, { query }) => {
        const status = query.status ?? null;
        const { submissions } = context.state;
        // The caller's submissions of one status are a group of their own: no scan of the others.
        const items =
          status === null
            ? ownedRows(context, submissions)
            : mergedList(submissions, [indexes(context).submissionsByOwnerStatus.sequence(`${context.viewer.id}+${status}`)]);
        return ok(pageOf(context, 'data_upload_submissions', items, query, submissionView));
      },
    ),
    route(
      'GET',
      '/mrv/v0/data-upload-submissions/{id}',
      { path: idPathSchema('data_upload_submission'), response: dataUploadSubmissionSchema, summary: 'Read a data upload submission' },
      (context, { path: p }) => ok(submissionView(found(context.state.submissions.get(p.id), { owned: context }))),
    ),
  ];
}
