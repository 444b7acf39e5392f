/** The rows of the removals resource as the store holds them (built on store/stored.ts; listed in rows.ts). */
import type { ComponentType } from '../../../model';
import type { GhgEntryResult } from '../../../accounting';
import type { Owned, Stored, StoredFields } from '../../store/stored';
import type { componentAttributionSchema, removalSchema } from './schemas';

/** One component's part in a removal's evaluation, kept for the registry's carbon figures. */
export interface ComponentPartRow {
  readonly component_id: string;
  readonly type: ComponentType;
  /** The share used (a legacy factor datapoint's value when the attribution has one). */
  readonly attribution_factor: number;
  readonly contribution_kg: number;
}

/** The evaluation of a removal (the accounting module's figures), recomputed on every change of the removal. */
export interface RemovalResultRow
  extends Pick<
    GhgEntryResult,
    | 'co2e_net_removed_kg'
    | 'co2e_net_removed_without_discount_kg'
    | 'co2e_net_removed_standard_deviation_kg'
    | 'risk_of_reversal_percentage'
    | 'issuable_kg'
    | 'credit_allocation'
  > {
  readonly parts: readonly ComponentPartRow[];
}

export type RemovalRow = StoredFields<
  typeof removalSchema,
  'id' | 'started_on' | 'completed_on' | 'feedstock_type_id' | 'ghg_statement_id' | 'removal_template_id'
> &
  Owned & {
    readonly project_id: string;
    readonly supplier_reference_id: string;
    readonly result: RemovalResultRow;
  };

/**
 * An attribution (one spelling of each id: the removal's); `attribution_factor` is the share, or
 * with a legacy factor datapoint the datapoint's value as a factor (in SI), as last evaluated.
 */
export type AttributionRow = Stored<typeof componentAttributionSchema, 'ghg_entry_id' | 'ghg_entry_template_component_id'> & {
  readonly attribution_factor_datapoint_id: string | null;
};
