/**
 * The service's schemas of monitoring: requirements, submissions, data uploads and file uploads as
 * read, their create bodies and list queries (docs/service.md#routes). Owned by this resource's
 * module (its routes and view read them); the world document, the rows, the OpenAPI document and
 * the `cdr-engine/schemas` entry import them from here.
 */
import * as z from 'zod';
import { anyIdSchema, idSchema } from '../../../model/ids';
import { paginatedQuerySchema } from '../../../model/queries';
import { dateTimeSchema, laxInt, literalSchema, storageLocationSupplierReferenceIdSchema } from '../../../model/shapes';

/** Schema of a data upload submission's processing status (docs/rules.md#service-resources). @public */
export const dataUploadSubmissionStatusSchema = z.enum(['pending', 'completed', 'failed']);
/** Processing status of a data upload submission. */
export type DataUploadSubmissionStatus = z.infer<typeof dataUploadSubmissionStatusSchema>;

/** Schema of the kind of time series a data upload submission carries (docs/rules.md#service-resources). @public */
export const dataUploadSubmissionTypeSchema = z.enum([
  'biochar_pyrolysis_reactor_facility_time_series',
  'dac_storage_site_time_series',
  'dac_facility_time_series',
  'wae_wastewater_treatment_plant_facility_time_series',
]);
/** Kind of time series of a data upload submission. */
export type DataUploadSubmissionType = z.infer<typeof dataUploadSubmissionTypeSchema>;

/**
 * Schema of a DataUploadSubmission (docs/rules.md#service-resources).
 * @public
 */
export const dataUploadSubmissionSchema = z.object({
  id: idSchema('data_upload_submission'),
  status: dataUploadSubmissionStatusSchema,
  submission_type: dataUploadSubmissionTypeSchema,
  facility_id: idSchema('facility').nullable(),
  storage_location_id: idSchema('storage_location').nullable(),
  error_message: z.string().nullable().optional(),
  /** The uploaded file submitted (beyond docs/rules.md#service-resources). */
  file_upload_id: idSchema('file_upload').optional(),
});
/** A submitted data file and its processing state. */
export type DataUploadSubmission = z.infer<typeof dataUploadSubmissionSchema>;

/**
 * Schema of a FileUpload (OpenAPI): where to put a data file before submitting it.
 * @public
 */
export const fileUploadSchema = z.object({ id: idSchema('file_upload'), upload_url: z.string() });
/** An upload slot for a data file. */
export type FileUpload = z.infer<typeof fileUploadSchema>;

// ---------------------------------------------------------------------------------------------
// Monitoring requirements.

/** Schema of the phase of a project a monitoring requirement applies to. @public */
export const monitoringPhaseSchema = z.enum(['pre_op', 'operation', 'post_op', 'feedstock']);
/** Phase of a monitoring requirement. */
export type MonitoringPhase = z.infer<typeof monitoringPhaseSchema>;

/** Schema of how often a monitoring requirement must be met. @public */
export const frequencySchema = z.enum([
  'na',
  'once',
  'optional',
  'if_needed',
  'every_1_days',
  'every_1_months',
  'every_2_weeks',
  'every_3_months',
  'every_6_months',
  'every_2_years',
  'every_5_years',
]);
/** Frequency of a monitoring requirement. */
export type Frequency = z.infer<typeof frequencySchema>;

/**
 * Schema of a ProjectMonitoringRequirement (OpenAPI).
 * @public
 */
export const projectMonitoringRequirementSchema = z.object({
  id: idSchema('monitoring_requirement'),
  project_id: idSchema('project'),
  storage_location_id: idSchema('storage_location').nullable(),
  storage_unit_id: idSchema('storage_unit').nullable(),
  display_name: z.string(),
  monitoring_phase: monitoringPhaseSchema,
  frequency: frequencySchema,
  notes: z.string().nullable(),
});
/** A monitoring requirement of a project. */
export type ProjectMonitoringRequirement = z.infer<typeof projectMonitoringRequirementSchema>;

/**
 * Schema of a MonitoringSubmission (OpenAPI): a source meeting a monitoring requirement over a period.
 * @public
 */
export const monitoringSubmissionSchema = z.object({
  id: idSchema('monitoring_submission'),
  project_monitoring_requirement_id: idSchema('monitoring_requirement'),
  source_id: idSchema('source'),
  valid_from: dateTimeSchema.nullable(),
  valid_to: dateTimeSchema.nullable(),
  supplier_reference_id: storageLocationSupplierReferenceIdSchema.nullable(),
  notes: z.string().nullable(),
});
/** A monitoring submission. */
export type MonitoringSubmission = z.infer<typeof monitoringSubmissionSchema>;

/**
 * Schema of the body of `POST .../monitoring_requirements/{id}/submissions` (OpenAPI
 * CreateMonitoringSubmissionRequest).
 * @public
 */
export const createMonitoringSubmissionRequestSchema = z.strictObject({
  source_id: anyIdSchema,
  valid_from: dateTimeSchema,
  valid_to: dateTimeSchema.nullable().optional(),
  supplier_reference_id: storageLocationSupplierReferenceIdSchema.nullable().optional(),
  notes: z.string().nullable().optional(),
});
/** Body of a monitoring submission. */
export type CreateMonitoringSubmissionRequest = z.infer<typeof createMonitoringSubmissionRequestSchema>;

/**
 * Schema of the body of `POST /file-uploads` (OpenAPI CreateFileUploadRequest): only parquet
 * files, at most 100 MB.
 * @public
 */
export const createFileUploadRequestSchema = z.strictObject({
  content_type: literalSchema('application/vnd.apache.parquet'),
  content_length: laxInt(z.number().int().lte(100_000_000)),
  file_name: z.string(),
});
/** Body of `POST /file-uploads`. */
export type CreateFileUploadRequest = z.infer<typeof createFileUploadRequestSchema>;

/**
 * Schema of the body of `POST /data-upload-submissions`.
 * @public
 */
export const createDataUploadSubmissionRequestSchema = z.strictObject({
  file_upload_id: idSchema('file_upload'),
  submission_type: dataUploadSubmissionTypeSchema,
  facility_id: anyIdSchema.nullable().optional(),
  storage_location_id: anyIdSchema.nullable().optional(),
});
/** Body of `POST /data-upload-submissions`. */
export type CreateDataUploadSubmissionRequest = z.infer<typeof createDataUploadSubmissionRequestSchema>;

/**
 * Schema of the query of `GET /data-upload-submissions`.
 * @public
 */
export const listDataUploadSubmissionsQuerySchema = paginatedQuerySchema({
  status: dataUploadSubmissionStatusSchema.nullable().optional(),
});
/** Parsed query of `GET /data-upload-submissions`. */
export type ListDataUploadSubmissionsQuery = z.infer<typeof listDataUploadSubmissionsQuerySchema>;

/** Schema of the query of `GET /projects/{id}/monitoring_requirements`. @public */
export const listMonitoringRequirementsQuerySchema = paginatedQuerySchema({
  storage_location_id: idSchema('storage_location').nullable().optional(),
  storage_unit_id: idSchema('storage_unit').nullable().optional(),
});
