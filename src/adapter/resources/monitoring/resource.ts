/** The monitoring resource as the store and the state know it: its schemas, tables, supplier references, quantity fields, world collections, named indexes and routes (store/resource.ts). */
import { defineResource, tableOf, worldRows, type TablesOfSpecs, indexesOn, type IndexesOf } from '../../store/resource';
import type { FileUploadRow, MonitoringRequirementRow, MonitoringSubmissionRow, SubmissionRow } from './rows';
import * as schemas from './schemas';
import { RowsByKey } from '../../store/rows-by-key';
import { monitoringRoutes } from './routes';
import { fileUploadRow, monitoringRequirementRow, worldFileUploadSchema, worldMonitoringRequirementSchema } from './world';

const tables = {
  fileUploads: tableOf<FileUploadRow>('file_uploads'),
  submissions: tableOf<SubmissionRow>('data_upload_submissions'),
  monitoringRequirements: tableOf<MonitoringRequirementRow>('monitoring_requirements'),
  monitoringSubmissions: tableOf<MonitoringSubmissionRow>('monitoring_submissions'),
};

/** Its named indexes (store/state-shape.ts, StateIndexes), kept in step with its tables. */
const indexes = indexesOn(tables, (t) => ({
  submissionsByOwner: new RowsByKey(t.submissions, (s) => s.owner),
  /** Data upload submissions by `owner+status` (the status filter of the caller's list). */
  submissionsByOwnerStatus: new RowsByKey(t.submissions, (s) => `${s.owner}+${s.status}`),
  /** Monitoring submissions naming each source, and of each monitoring requirement. */
  monitoringSubmissionsBySource: new RowsByKey(t.monitoringSubmissions, (m) => m.source_id),
  submissionsByRequirement: new RowsByKey(t.monitoringSubmissions, (m) => m.project_monitoring_requirement_id),
  /** Monitoring requirements of each project. */
  requirementsByProject: new RowsByKey(t.monitoringRequirements, (r) => r.project_id),
}));

export const monitoringResource = defineResource({
  name: 'monitoring',
  schemas,
  tables,
  supplierReferences: [],
  quantities: {},
  world: {
    /** Uploaded data files, ready to be submitted for processing. */
    file_uploads: worldRows(tables, 'fileUploads', worldFileUploadSchema, fileUploadRow),
    /** Monitoring requirements the service set on projects. */
    monitoring_requirements: worldRows(tables, 'monitoringRequirements', worldMonitoringRequirementSchema, monitoringRequirementRow),
  },
  indexes,
  routes: monitoringRoutes,
});

declare module '../../store/state-shape' {
  /** The state holds its tables. */
  interface StateTables extends TablesOfSpecs<typeof tables> {}
  /** The state's indexes hold its named indexes. */
  interface StateIndexes extends IndexesOf<typeof indexes> {}
}
