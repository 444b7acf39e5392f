/** The rows of the feedstock resource as the store holds them (built on store/stored.ts; listed in rows.ts). */
import type { Owned, Stored } from '../../store/stored';
import type { feedstockBatchSchema, feedstockTypeSchema, productionBatchSchema } from './schemas';

export type FeedstockTypeRow = Stored<typeof feedstockTypeSchema> & Owned;

export type FeedstockBatchRow = Stored<typeof feedstockBatchSchema> & Owned;

export type ProductionBatchRow = Stored<typeof productionBatchSchema> & Owned;

export interface FacilityRow {
  readonly id: string;
  readonly owner: string;
  readonly project_id: string | null;
  readonly name: string;
}
