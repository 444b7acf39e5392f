/**
 * The views of data upload submissions: stored rows to response bodies, in the field names and shapes of
 * docs/rules.md#service-resources, typed by the resource's response schema.
 */
import type { dataUploadSubmissionSchema } from '../../../model/resources-field';
import type { BodyOf } from '../../router';
import type { SubmissionRow } from '../../rows';

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
