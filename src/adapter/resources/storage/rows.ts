/** The rows of the storage resource as the store holds them (built on store/stored.ts; listed in rows.ts). */
import type { Owned, Stored } from '../../store/stored';
import type { biocharApplicationSchema, sensorSchema, storageLocationSchema, storageUnitSchema } from './schemas';

export type StorageLocationRow = Stored<typeof storageLocationSchema> & Owned;

/** A biochar application (one spelling of its GHG entry id: `removal_id`). */
export type BiocharApplicationRow = Stored<typeof biocharApplicationSchema, 'ghg_entry_id' | 'supplier_reference_id'> &
  Owned & {
    readonly project_id: string;
    readonly supplier_reference_id: string;
  };

export type StorageUnitRow = Stored<typeof storageUnitSchema> & Owned;

export type SensorRow = Stored<typeof sensorSchema> &
  Owned & {
    readonly storage_location_id: string | null;
    readonly facility_id: string | null;
  };
