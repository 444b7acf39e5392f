/**
 * The views of feedstock types, feedstock batches and production batches: stored rows to response
 * bodies, in the field names and shapes of docs/rules.md#service-resources, typed by the resource's
 * response schema.
 */
import type { feedstockBatchSchema, feedstockTypeSchema, productionBatchSchema } from './schemas';
import type { BodyOf } from '../../router';
import type { FeedstockBatchRow, FeedstockTypeRow, ProductionBatchRow } from '../../rows';

/** A feedstock type as the service answers it. */
export function feedstockTypeView(row: FeedstockTypeRow): BodyOf<typeof feedstockTypeSchema> {
  return { id: row.id, supplier_reference_id: row.supplier_reference_id, name: row.name };
}

/** A feedstock batch as the service answers it. */
export function feedstockBatchView(row: FeedstockBatchRow): BodyOf<typeof feedstockBatchSchema> {
  return {
    id: row.id,
    created_at: row.created_at,
    delivery_date: row.delivery_date,
    display_name: row.display_name,
    feedstock_type_id: row.feedstock_type_id,
    mass: row.mass,
    supplier_reference_id: row.supplier_reference_id,
  };
}

/** A production batch as the service answers it. */
export function productionBatchView(row: ProductionBatchRow): BodyOf<typeof productionBatchSchema> {
  return {
    id: row.id,
    facility_id: row.facility_id,
    feedstock_type_ids: [...row.feedstock_type_ids],
    supplier_reference_id: row.supplier_reference_id,
    kind: row.kind,
    started_at: row.started_at,
    ended_at: row.ended_at,
    uploaded_at: row.uploaded_at,
    display_name: row.display_name,
    mass: row.mass,
  };
}
