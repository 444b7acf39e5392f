/**
 * The views of removals (GHG entries) and their component attributions: stored rows to response
 * bodies, in the field names and shapes of docs/rules.md#service-resources, typed by the resource's
 * response schema.
 */
import type { componentAttributionSchema, removalSchema } from './schemas';
import type { BodyOf } from '../../router';
import type { AttributionRow, RemovalRow } from '../../rows';

/** A removal (GHG entry) as the service answers it, with its evaluated figures. */
export function removalView(row: RemovalRow): BodyOf<typeof removalSchema> {
  const r = row.result;
  return {
    id: row.id,
    supplier_reference_id: row.supplier_reference_id,
    started_on: row.started_on,
    completed_on: row.completed_on,
    feedstock_type_id: row.feedstock_type_id,
    ghg_statement_id: row.ghg_statement_id,
    co2e_net_removed_kg: r.co2e_net_removed_kg,
    co2e_net_removed_without_discount_kg: r.co2e_net_removed_without_discount_kg,
    co2e_net_removed_standard_deviation_kg: r.co2e_net_removed_standard_deviation_kg,
    risk_of_reversal_percentage: r.risk_of_reversal_percentage,
    credit_allocation: r.credit_allocation,
    project_id: row.project_id,
    removal_template_id: row.removal_template_id,
  };
}

/** A component attribution of a removal, in both spellings (`ghg_entry_id` and `removal_id`). */
export function attributionView(row: AttributionRow): BodyOf<typeof componentAttributionSchema> {
  return {
    id: row.id,
    attribution_factor: row.attribution_factor,
    component_id: row.component_id,
    component_group_key: row.component_group_key,
    ghg_entry_id: row.removal_id,
    removal_id: row.removal_id,
    ghg_entry_template_component_id: row.removal_template_component_id,
    removal_template_component_id: row.removal_template_component_id,
  };
}
