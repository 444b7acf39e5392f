/** The rows of the monitoring resource as the store holds them (built on store/stored.ts; listed in rows.ts). */
import type { Owned, Stored } from '../../store/stored';
import type {
  dataUploadSubmissionSchema,
  fileUploadSchema,
  monitoringSubmissionSchema,
  projectMonitoringRequirementSchema,
} from './schemas';

export type FileUploadRow = Stored<typeof fileUploadSchema> &
  Owned & {
    readonly file_name: string;
    readonly content_type: string;
    readonly content_length: number | null;
  };

export type SubmissionRow = Stored<typeof dataUploadSubmissionSchema> & Owned & { readonly created_at: string };

/** A monitoring requirement: set by the service (world or test helper), met by the supplier's submissions. */
export type MonitoringRequirementRow = Stored<typeof projectMonitoringRequirementSchema> & Owned;

export type MonitoringSubmissionRow = Stored<typeof monitoringSubmissionSchema, 'valid_from'> &
  Owned & {
    readonly project_id: string;
    readonly valid_from: string;
  };

/** Where a file upload's bytes would go (its row's `upload_url`); the sandbox keeps no files. */
export function uploadUrl(id: string): string {
  return `https://uploads.sandbox.invalid/file-uploads/${id}`;
}
