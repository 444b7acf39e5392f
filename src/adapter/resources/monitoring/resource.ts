/** The monitoring resource as the store and the state know it: its schemas, tables, supplier references and quantity fields (store/resource.ts). */
import { defineResource, tableOf } from '../../store/resource';
import type { FileUploadRow, MonitoringRequirementRow, MonitoringSubmissionRow, SubmissionRow } from './rows';
import * as schemas from './schemas';

export const monitoringResource = defineResource({
  name: 'monitoring',
  schemas,
  tables: {
    fileUploads: tableOf<FileUploadRow>('file_uploads'),
    submissions: tableOf<SubmissionRow>('data_upload_submissions'),
    monitoringRequirements: tableOf<MonitoringRequirementRow>('monitoring_requirements'),
    monitoringSubmissions: tableOf<MonitoringSubmissionRow>('monitoring_submissions'),
  },
  supplierReferences: [],
  quantities: {},
});
