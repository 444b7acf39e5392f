/** The rows of the datapoints resource as the store holds them (built on store/stored.ts; listed in rows.ts). */
import type { Owned, Stored } from '../../store/stored';
import type { datapointSchema } from './schemas';

/** A datapoint; its lock state is worked out when it is shown. */
export type DatapointRow = Stored<typeof datapointSchema, 'project_id' | 'locked_status'> &
  Owned & {
    readonly project_id: string;
    readonly measurement_sample_id: string | null;
  };
