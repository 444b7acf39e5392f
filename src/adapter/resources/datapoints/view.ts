/**
 * The views of datapoints: stored rows to response bodies, in the field names and shapes of
 * docs/rules.md#service-resources, typed by the resource's response schema.
 */
import type { datapointSchema } from './schemas';
import { type ReadContext, indexes } from '../../context';
import type { BodyOf } from '../../router';
import type { DatapointRow } from '../../rows';

/** A datapoint as the service answers it, with its locked status. */
export function datapointView(context: ReadContext, row: DatapointRow): BodyOf<typeof datapointSchema> {
  const locked =
    row.measurement_sample_id !== null
      ? 'locked_measurement_sample_datapoint'
      : indexes(context).exposure.isVerifiedDatapoint(row.id)
        ? 'locked_used_in_verified_removal'
        : 'not_locked';
  return {
    id: row.id,
    supplier_reference_id: row.supplier_reference_id,
    display_name: row.display_name,
    type: row.type,
    quantity: { magnitude: row.quantity.magnitude, unit: row.quantity.unit, standard_deviation: row.quantity.standard_deviation },
    description: row.description,
    source_ids: [...row.source_ids],
    measured_at: row.measured_at,
    project_id: row.project_id,
    locked_status: locked,
    uncertainty_justification: row.uncertainty_justification,
  };
}
