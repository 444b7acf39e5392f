/**
 * The service's schemas of measurements: locations, samples and their values as read, their create
 * bodies and the list query (docs/service.md#routes). Owned by this resource's module (its routes
 * and view read them); the world document, the rows, the OpenAPI document and the
 * `cdr-engine/schemas` entry import them from here.
 */
import * as z from 'zod';
import { anyIdSchema, idSchema } from '../../../model/ids';
import { quantityKindSchema } from '../../../model/quantity-kinds';
import { paginationQuerySchema } from '../../../model/queries';
import { datapointQuantityInputSchema } from '../datapoints/schemas';
import {
  dateSchema,
  dateTimeSchema,
  latitudeSchema,
  longitudeSchema,
  nullableSupplierReferenceId,
  scalarQuantitySchema,
  supplierReferenceIdSchema,
} from '../../../model/shapes';

/** Schema of the kind of measurement a sample records. @public */
export const measurementTypeSchema = z.enum([
  'biochar_production_batch',
  'biochar_soil',
  'pyrolysis_reactor',
  'ew_soil',
  'ew_porewater',
  'ew_field_biomass',
  'ew_mineral_feedstock',
  'ew_ion_exchange_resin',
]);
/** Kind of measurement sample. */
export type MeasurementType = z.infer<typeof measurementTypeSchema>;

// ---------------------------------------------------------------------------------------------
// What a measurement measures, and where.

/**
 * Schema of what a measurement measures: a quantity kind and an optional qualifier (the
 * qualifier vocabulary is long and open-ended, so it is kept as a string).
 * @public
 */
export const measurementPropertySchema = z.object({
  quantity_kind: quantityKindSchema,
  qualifier: z.string().nullable(),
});
/** What a measurement measures. */
export type MeasurementProperty = z.infer<typeof measurementPropertySchema>;

/**
 * Schema of one value of a measurement sample.
 * @public
 */
export const measurementValueSchema = z.object({
  datapoint_id: idSchema('datapoint'),
  /** The value; null when the caller may not see its datapoint (docs/rules.md#service-behaviour). */
  value: scalarQuantitySchema('nullable').nullable(),
  measurement_property: measurementPropertySchema,
});
/** One value of a measurement sample. */
export type MeasurementValue = z.infer<typeof measurementValueSchema>;

/**
 * Schema of a MeasurementSample (docs/rules.md#service-resources; `supplier_reference_id` and `values` from the
 * OpenAPI).
 * @public
 */
export const measurementSampleSchema = z.object({
  id: idSchema('measurement_sample'),
  supplier_reference_id: nullableSupplierReferenceId,
  values: z.array(measurementValueSchema),
  measured_at: dateSchema,
  measurement_location_id: idSchema('measurement_location').nullable(),
  production_batch_id: idSchema('production_batch').nullable(),
});
/** A measurement sample. */
export type MeasurementSample = z.infer<typeof measurementSampleSchema>;

/**
 * Schema of a MeasurementLocation (OpenAPI).
 * @public
 */
export const measurementLocationSchema = z.object({
  id: idSchema('measurement_location'),
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  supplier_reference_id: nullableSupplierReferenceId,
});
/** Where samples are taken. */
export type MeasurementLocation = z.infer<typeof measurementLocationSchema>;

// ---------------------------------------------------------------------------------------------
// Request bodies.

/** The measurement property of a request: what a value measures. */
const requestMeasurementPropertySchema = measurementPropertySchema.strict();

/**
 * Schema of the body of `POST /measurement_locations` (OpenAPI CreateMeasurementLocationRequest).
 * @public
 */
export const createMeasurementLocationRequestSchema = z.strictObject({
  supplier_reference_id: supplierReferenceIdSchema,
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  project_id: anyIdSchema,
});
/** Body of `POST /measurement_locations`. */
export type CreateMeasurementLocationRequest = z.infer<typeof createMeasurementLocationRequestSchema>;

/**
 * Schema of one value of a measurement sample in a request.
 * @public
 */
export const createMeasurementSampleValueRequestSchema = z.strictObject({
  value: datapointQuantityInputSchema,
  measurement_property: requestMeasurementPropertySchema,
});
/** One value of a measurement sample creation. */
export type CreateMeasurementSampleValueRequest = z.infer<typeof createMeasurementSampleValueRequestSchema>;

/**
 * Schema of the body of `POST /measurement_samples` (OpenAPI CreateMeasurementSampleRequest;
 * the nullable references must be present, as there).
 * @public
 */
export const createMeasurementSampleRequestSchema = z.strictObject({
  supplier_reference_id: supplierReferenceIdSchema.nullable(),
  measured_at: dateTimeSchema,
  project_id: anyIdSchema,
  feedstock_batch_id: anyIdSchema.nullable(),
  measurement_location_id: anyIdSchema.nullable(),
  measurement_type: measurementTypeSchema,
  values: z.array(createMeasurementSampleValueRequestSchema),
  storage_location_id: anyIdSchema.nullable(),
  production_batch_id: anyIdSchema.nullable().optional(),
});
/** Body of `POST /measurement_samples`. */
export type CreateMeasurementSampleRequest = z.infer<typeof createMeasurementSampleRequestSchema>;

/**
 * Schema of the query of `GET /measurement_samples`.
 * @public
 */
export const listMeasurementSamplesQuerySchema = paginationQuerySchema;
