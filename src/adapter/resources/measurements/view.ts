/**
 * The views of measurement samples: stored rows to response bodies, in the field names and shapes
 * of docs/rules.md#service-resources, typed by the resource's response schema.
 */
import type { measurementLocationSchema, measurementSampleSchema } from './schemas';
import { canSee, type ReadContext } from '../../context';
import type { BodyOf } from '../../router';
import type { MeasurementSampleRow } from '../../rows';
import { servedProperty } from '../views';

/**
 * A measurement sample as `context`'s caller sees it: a value whose datapoint the caller may not
 * see is shown as null (a visible record never shows the value of one that is not, docs/rules.md#service-behaviour).
 */
export function measurementSampleView(context: ReadContext, row: MeasurementSampleRow): BodyOf<typeof measurementSampleSchema> {
  return {
    id: row.id,
    supplier_reference_id: row.supplier_reference_id,
    values: row.values.map((v) => {
      const d = context.state.datapoints.get(v.datapoint_id);
      return {
        datapoint_id: v.datapoint_id,
        value: d === undefined || !canSee(context, d) ? null : d.quantity,
        measurement_property: servedProperty(v.measurement_property),
      };
    }),
    measured_at: row.measured_at,
    measurement_location_id: row.measurement_location_id,
    production_batch_id: row.production_batch_id,
  };
}

/** A measurement location as the service answers it. */
export function measurementLocationView(row: {
  id: string;
  latitude: number;
  longitude: number;
  supplier_reference_id: string | null;
}): BodyOf<typeof measurementLocationSchema> {
  return { id: row.id, latitude: row.latitude, longitude: row.longitude, supplier_reference_id: row.supplier_reference_id };
}
