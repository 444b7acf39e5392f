/**
 * The views of storage locations and biochar applications: stored rows to response bodies, in the
 * field names and shapes of docs/rules.md#service-resources, typed by the resource's response
 * schema.
 */
import type { biocharApplicationSchema, sensorSchema, storageLocationSchema, storageUnitSchema } from './schemas';
import type { BodyOf } from '../../router';
import type { BiocharApplicationRow, SensorRow, StorageLocationRow, StorageUnitRow } from '../../rows';
import { servedProperty } from '../views';

/** A storage location as the service answers it. */
export function storageLocationView(row: StorageLocationRow): BodyOf<typeof storageLocationSchema> {
  return {
    id: row.id,
    name: row.name,
    project_id: row.project_id,
    supplier_id: row.supplier_id,
    storage_method: row.storage_method,
    description: row.description,
    latitude: row.latitude,
    longitude: row.longitude,
    supplier_reference_id: row.supplier_reference_id,
  };
}

/** A biochar application, in both spellings of its entry (`ghg_entry_id` and `removal_id`). */
export function biocharApplicationView(row: BiocharApplicationRow): BodyOf<typeof biocharApplicationSchema> {
  return {
    id: row.id,
    application_date: row.application_date,
    average_application_rate: row.average_application_rate,
    production_batch_id: row.production_batch_id,
    storage_location_id: row.storage_location_id,
    supplier_reference_id: row.supplier_reference_id,
    truck_mass_on_arrival: row.truck_mass_on_arrival,
    truck_mass_on_departure: row.truck_mass_on_departure,
    removal_id: row.removal_id,
    ghg_entry_id: row.removal_id,
    uploaded_at: row.uploaded_at,
    source_ids: [...row.source_ids],
  };
}

export function storageUnitView(row: StorageUnitRow): BodyOf<typeof storageUnitSchema> {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    latitude: row.latitude,
    longitude: row.longitude,
    supplier_reference_id: row.supplier_reference_id,
    storage_location_id: row.storage_location_id,
    supplier_id: row.supplier_id,
  };
}

export function sensorView(row: SensorRow): BodyOf<typeof sensorSchema> {
  return {
    id: row.id,
    project_id: row.project_id,
    reference: row.reference,
    measurement_property: servedProperty(row.measurement_property),
    units: row.units,
    manufacturer: row.manufacturer,
    model: row.model,
  };
}
