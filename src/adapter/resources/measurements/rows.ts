/** The rows of the measurements resource as the store holds them (built on store/stored.ts; listed in rows.ts). */
import type { Owned, Stored } from '../../store/stored';
import type { measurementLocationSchema, measurementSampleSchema, measurementValueSchema } from './schemas';

export type MeasurementLocationRow = Stored<typeof measurementLocationSchema> & Owned & { readonly project_id: string };

/** A value of a sample: its datapoint (whose value is shown only to who may see it). */
export type MeasurementValueRow = Stored<typeof measurementValueSchema, 'value'>;

export type MeasurementSampleRow = Stored<typeof measurementSampleSchema, 'values'> &
  Owned & {
    readonly project_id: string;
    readonly feedstock_batch_id: string | null;
    readonly storage_location_id: string | null;
    readonly values: readonly MeasurementValueRow[];
  };
