/**
 * The data ingestion resources of the field (`/mrv/v0`): feedstock types and batches, production
 * batches, biochar applications, storage locations and units, sensors, monitoring requirements and
 * their submissions, data files; with the request bodies of the last four kinds. Request bodies are
 * strict (docs/rules.md#service-behaviour).
 */
import { z } from 'zod';
import { idSchema, anyIdSchema } from './ids';
import { quantityKindSchema } from './quantity-kinds';
import { notSent } from './requests';
import { dataUploadSubmissionStatusSchema, dataUploadSubmissionTypeSchema, productionBatchKindSchema, storageMethodSchema } from './resources';
import {
  dateSchema,
  dateTimeSchema,
  latitudeSchema,
  longitudeSchema,
  scalarQuantitySchema,
  storageLocationSupplierReferenceIdSchema,
  supplierReferenceIdSchema,
} from './shapes';

const nullableSupplierReferenceId = supplierReferenceIdSchema.nullable();

// ---------------------------------------------------------------------------------------------
// Feedstocks, production and storage.

/**
 * Schema of a FeedstockType (OpenAPI).
 * @public
 */
export const feedstockTypeSchema = z.object({
  id: idSchema('feedstock_type'),
  supplier_reference_id: nullableSupplierReferenceId,
  name: z.string(),
});
/** A feedstock type. */
export type FeedstockType = z.infer<typeof feedstockTypeSchema>;

/**
 * Schema of a FeedstockBatch (docs/rules.md#service-resources).
 * @public
 */
export const feedstockBatchSchema = z.object({
  id: idSchema('feedstock_batch'),
  created_at: dateTimeSchema,
  delivery_date: dateSchema,
  display_name: z.string().min(1).max(150),
  feedstock_type_id: idSchema('feedstock_type'),
  mass: scalarQuantitySchema('nullable').nullable(),
  supplier_reference_id: nullableSupplierReferenceId,
});
/** A delivered batch of feedstock. */
export type FeedstockBatch = z.infer<typeof feedstockBatchSchema>;

/**
 * Schema of a ProductionBatch (OpenAPI).
 * @public
 */
export const productionBatchSchema = z.object({
  id: idSchema('production_batch'),
  facility_id: idSchema('facility'),
  feedstock_type_ids: z.array(idSchema('feedstock_type')),
  supplier_reference_id: nullableSupplierReferenceId,
  kind: productionBatchKindSchema,
  started_at: dateTimeSchema,
  ended_at: dateTimeSchema,
  uploaded_at: dateTimeSchema,
  display_name: z.string(),
  mass: scalarQuantitySchema('nullable'),
});
/** A production batch (of biochar). */
export type ProductionBatch = z.infer<typeof productionBatchSchema>;

/**
 * Schema of a BiocharApplication (docs/rules.md#service-resources). Both spellings of the GHG entry id are present.
 * @public
 */
export const biocharApplicationSchema = z.object({
  id: idSchema('biochar_application'),
  application_date: dateSchema,
  average_application_rate: scalarQuantitySchema('nullable'),
  production_batch_id: idSchema('production_batch'),
  storage_location_id: idSchema('storage_location'),
  supplier_reference_id: nullableSupplierReferenceId,
  truck_mass_on_arrival: scalarQuantitySchema('nullable'),
  truck_mass_on_departure: scalarQuantitySchema('nullable'),
  removal_id: idSchema('ghg_entry').nullable(),
  ghg_entry_id: idSchema('ghg_entry').nullable(),
  uploaded_at: dateTimeSchema,
  /** Sources of the application (beyond docs/rules.md#service-resources). */
  source_ids: z.array(idSchema('source')).optional(),
});
/** A biochar application on a storage location. */
export type BiocharApplication = z.infer<typeof biocharApplicationSchema>;

/**
 * Schema of a StorageLocation (docs/rules.md#service-resources).
 * @public
 */
export const storageLocationSchema = z.object({
  id: idSchema('storage_location'),
  name: z.string().max(100),
  project_id: idSchema('project'),
  supplier_id: idSchema('supplier'),
  storage_method: storageMethodSchema,
  description: z.string().nullable().optional(),
  latitude: latitudeSchema.nullable().optional(),
  longitude: longitudeSchema.nullable().optional(),
  supplier_reference_id: storageLocationSupplierReferenceIdSchema.nullable().optional(),
});
/** A storage location. */
export type StorageLocation = z.infer<typeof storageLocationSchema>;

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
// Storage units, sensors, monitoring.

/** Schema of the phase of a project a monitoring requirement applies to. @public */
export const monitoringPhaseSchema = z.enum(['pre_op', 'operation', 'post_op', 'feedstock']);
/** Phase of a monitoring requirement. */
export type MonitoringPhase = z.infer<typeof monitoringPhaseSchema>;

/** Schema of how often a monitoring requirement must be met. @public */
export const frequencySchema = z.enum(['na', 'once', 'optional', 'if_needed', 'every_1_days', 'every_1_months', 'every_2_weeks', 'every_3_months', 'every_6_months', 'every_2_years', 'every_5_years']);
/** Frequency of a monitoring requirement. */
export type Frequency = z.infer<typeof frequencySchema>;

/**
 * Schema of a StorageUnit (OpenAPI): a unit (well, pit, container) of a storage location.
 * @public
 */
export const storageUnitSchema = z.object({
  id: idSchema('storage_unit'),
  name: z.string().max(100),
  description: z.string().nullable(),
  latitude: latitudeSchema.nullable(),
  longitude: longitudeSchema.nullable(),
  supplier_reference_id: storageLocationSupplierReferenceIdSchema.nullable(),
  storage_location_id: idSchema('storage_location'),
  supplier_id: idSchema('supplier'),
});
/** A storage unit. */
export type StorageUnit = z.infer<typeof storageUnitSchema>;

/**
 * Schema of the body of `POST /storage_units` (OpenAPI CreateStorageUnitRequest).
 * @public
 */
export const createStorageUnitRequestSchema = z.strictObject({
  storage_location_id: anyIdSchema,
  name: z.string().max(100),
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  description: notSent(z.string()),
  supplier_reference_id: notSent(storageLocationSupplierReferenceIdSchema),
});
/** Body of `POST /storage_units`. */
export type CreateStorageUnitRequest = z.infer<typeof createStorageUnitRequestSchema>;

/** Schema of what a sensor measures (the qualifier vocabulary is kept as a string). @public */
const sensorMeasurementPropertySchema = z.object({ quantity_kind: quantityKindSchema, qualifier: z.string().nullable() });

/**
 * Schema of a Sensor (OpenAPI).
 * @public
 */
export const sensorSchema = z.object({
  id: idSchema('sensor'),
  project_id: idSchema('project'),
  reference: z.string(),
  measurement_property: sensorMeasurementPropertySchema,
  units: z.string(),
  manufacturer: z.string().nullable(),
  model: z.string().nullable(),
});
/** A sensor. */
export type Sensor = z.infer<typeof sensorSchema>;

/**
 * Schema of the body of `POST /sensors` (OpenAPI CreateSensorRequest): `units` must be units of
 * the measured quantity kind. The sensor's project is its storage location's or facility's.
 * @public
 */
export const createSensorRequestSchema = z.strictObject({
  reference: z.string().min(1).max(255),
  measurement_property: sensorMeasurementPropertySchema.strict(),
  units: z.string(),
  manufacturer: z.string().nullable().optional(),
  model: z.string().nullable().optional(),
  storage_location_id: anyIdSchema.nullable().optional(),
  facility_id: anyIdSchema.nullable().optional(),
});
/** Body of `POST /sensors`. */
export type CreateSensorRequest = z.infer<typeof createSensorRequestSchema>;

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
