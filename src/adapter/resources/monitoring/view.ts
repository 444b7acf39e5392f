/**
 * The views of data upload submissions, monitoring requirements and monitoring submissions: stored
 * rows to response bodies, in the field names and shapes of docs/rules.md#service-resources, typed
 * by the resource's response schema.
 */
import type { dataUploadSubmissionSchema, monitoringSubmissionSchema, projectMonitoringRequirementSchema } from './schemas';
import type { BodyOf } from '../../router';
import type { MonitoringRequirementRow, MonitoringSubmissionRow, SubmissionRow } from '../../rows';

/** A data upload submission as the service answers it. */
export function submissionView(row: SubmissionRow): BodyOf<typeof dataUploadSubmissionSchema> {
  return {
    id: row.id,
    status: row.status,
    submission_type: row.submission_type,
    facility_id: row.facility_id,
    storage_location_id: row.storage_location_id,
    error_message: row.error_message,
    file_upload_id: row.file_upload_id,
  };
}

/** A monitoring requirement as the service answers it. */
export function monitoringRequirementView(row: MonitoringRequirementRow): BodyOf<typeof projectMonitoringRequirementSchema> {
  return {
    id: row.id,
    project_id: row.project_id,
    storage_location_id: row.storage_location_id,
    storage_unit_id: row.storage_unit_id,
    display_name: row.display_name,
    monitoring_phase: row.monitoring_phase,
    frequency: row.frequency,
    notes: row.notes,
  };
}

export function monitoringSubmissionView(row: MonitoringSubmissionRow): BodyOf<typeof monitoringSubmissionSchema> {
  return {
    id: row.id,
    project_monitoring_requirement_id: row.project_monitoring_requirement_id,
    source_id: row.source_id,
    valid_from: row.valid_from,
    valid_to: row.valid_to,
    supplier_reference_id: row.supplier_reference_id,
    notes: row.notes,
  };
}

export { uploadUrl } from './rows';
