/**
 * The service's schemas of storage: storage locations, biochar applications, storage units and
 * sensors as read, their create and patch bodies, list queries and path parameters
 * (docs/service.md#routes). Owned by this resource's module (its routes and view read them); the
 * world document, the rows, the OpenAPI document and the `cdr-engine/schemas` entry import them
 * from here.
 */
import * as z from 'zod';
import { anyIdSchema, idSchema } from '../../../model/ids';
import { quantityKindSchema } from '../../../model/quantity-kinds';
import { idPathSchema, paginatedQuerySchema } from '../../../model/queries';
import { notSent, requestQuantitySchema } from '../../../model/requests';
import {
  dateSchema,
  dateTimeSchema,
  latitudeSchema,
  longitudeSchema,
  nullableSupplierReferenceId,
  scalarQuantitySchema,
  storageLocationSupplierReferenceIdSchema,
  supplierReferenceIdSchema,
} from '../../../model/shapes';

/** Schema of a storage method (docs/rules.md#service-resources). @public */
export const storageMethodSchema = z.enum([
  'biochar_field',
  'biochar_landfill',
  'biomass_injection_well',
  'biomass_subsurface',
  'saline_aquifer',
  'in_situ_mineralization',
]);
/** How carbon is stored at a storage location. */
export type StorageMethod = z.infer<typeof storageMethodSchema>;

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
 * Schema of the body of `POST /biochar_applications` (requiredness from the
 * OpenAPI: everything but `source_ids`). `storage_site_id` becomes the response's
 * `storage_location_id`.
 * @public
 */
export const createBiocharApplicationRequestSchema = z.strictObject({
  application_date: dateSchema,
  average_application_rate: requestQuantitySchema,
  production_batch_id: idSchema('production_batch'),
  project_id: idSchema('project'),
  storage_site_id: idSchema('storage_location'),
  supplier_reference_id: supplierReferenceIdSchema,
  truck_mass_on_arrival: requestQuantitySchema,
  truck_mass_on_departure: requestQuantitySchema,
  source_ids: z.array(idSchema('source')).default([]),
});
/** Body of `POST /biochar_applications`. */
export type CreateBiocharApplicationRequest = z.infer<typeof createBiocharApplicationRequestSchema>;

/**
 * Schema of the body of `POST /projects/{project_id}/storage_locations` (OpenAPI
 * CreateStorageLocationRequest, with the name bound of docs/rules.md#endpoints-and-limits).
 * @public
 */
export const createStorageLocationRequestSchema = z.strictObject({
  project_id: anyIdSchema,
  name: z.string().max(100),
  storage_method: notSent(storageMethodSchema),
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  description: notSent(z.string()),
  supplier_reference_id: notSent(storageLocationSupplierReferenceIdSchema),
});
/** Body of a storage location creation. */
export type CreateStorageLocationRequest = z.infer<typeof createStorageLocationRequestSchema>;

/**
 * Schema of the body of `PATCH /projects/{project_id}/storage_locations/{id}`.
 * @public
 */
export const patchStorageLocationRequestSchema = z.strictObject({
  name: notSent(z.string().max(100)),
  description: notSent(z.string()),
  latitude: notSent(latitudeSchema),
  longitude: notSent(longitudeSchema),
  supplier_reference_id: notSent(storageLocationSupplierReferenceIdSchema),
  storage_method: notSent(storageMethodSchema),
});
/** Body of a storage location update. */
export type PatchStorageLocationRequest = z.infer<typeof patchStorageLocationRequestSchema>;

/** Schema of the query of `GET /storage_units`. @public */
export const listStorageUnitsQuerySchema = paginatedQuerySchema({
  storage_location_id: idSchema('storage_location').nullable().optional(),
  supplier_reference_id: supplierReferenceIdSchema.nullable().optional(),
});

/** Schema of the query of `GET /sensors`. @public */
export const listSensorsQuerySchema = paginatedQuerySchema({
  project_id: idSchema('project').nullable().optional(),
  reference: z.string().nullable().optional(),
});

/** Path of `/biochar_applications/{id}`: `id` of a biochar application. @public */
export const biocharApplicationIdPathSchema = idPathSchema('biochar_application');
/**
 * Path of `/projects/{project_id}/storage_locations/{id}`: `project_id` of a project and `id` of one of its storage locations.
 * @public
 */
export const storageLocationPathSchema = z.object({
  project_id: idSchema('project'),
  id: idSchema('storage_location'),
});
