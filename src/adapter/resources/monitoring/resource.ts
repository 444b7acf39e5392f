/** The monitoring resource as the store and the state know it: its schemas, tables, supplier references, quantity fields and world collections (store/resource.ts). */
import { defineResource, tableOf, worldRows } from '../../store/resource';
import type { FileUploadRow, MonitoringRequirementRow, MonitoringSubmissionRow, SubmissionRow } from './rows';
import * as schemas from './schemas';
import { fileUploadRow, monitoringRequirementRow, worldFileUploadSchema, worldMonitoringRequirementSchema } from './world';

const tables = {
  fileUploads: tableOf<FileUploadRow>('file_uploads'),
  submissions: tableOf<SubmissionRow>('data_upload_submissions'),
  monitoringRequirements: tableOf<MonitoringRequirementRow>('monitoring_requirements'),
  monitoringSubmissions: tableOf<MonitoringSubmissionRow>('monitoring_submissions'),
};

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
});
