/**
 * The measurement samples of the world document: a record's schema (every field documented here,
 * once) and its row; a sample's values name the datapoints it records (their
 * `measurement_sample_id`, set when the samples are loaded).
 */
import * as z from 'zod';
import { idSchema, quantityKindSchema } from '../../../model';
import type { Table } from '../../store/store';
import { date, owner, reference } from '../world-shapes';
import type { DatapointRow } from '../datapoints/rows';
import type { MeasurementSampleRow } from './rows';

/** A measurement sample; its values are datapoints of the world. */
export const worldMeasurementSampleSchema = z.object({
  /** `mts_` id. */
  id: idSchema('measurement_sample'),
  /** Owner. */
  owner_organisation_id: owner,
  /** `prj_` id. */
  project_id: idSchema('project'),
  /** Date of measurement. */
  measured_at: date,
  /** Client reference. */
  supplier_reference_id: reference,
  /** `mlc_` id. */
  measurement_location_id: idSchema('measurement_location').nullable().optional(),
  /** `ptb_` id. */
  production_batch_id: idSchema('production_batch').nullable().optional(),
  /** Measured values: datapoints of the world and what they measure. */
  values: z
    .array(
      z.object({
        /** `dtp_` id. */
        datapoint_id: idSchema('datapoint'),
        /** The quantity kind measured, and a qualifier. */
        measurement_property: z.object({ quantity_kind: quantityKindSchema, qualifier: z.string().nullable().optional() }),
      }),
    )
    .readonly()
    .optional(),
});

type WorldMeasurementSample = z.output<typeof worldMeasurementSampleSchema>;

/** A measurement sample with its values. */
function measurementSampleRow(m: WorldMeasurementSample): MeasurementSampleRow {
  return {
    id: m.id,
    owner: m.owner_organisation_id,
    project_id: m.project_id,
    supplier_reference_id: m.supplier_reference_id ?? null,
    measured_at: m.measured_at,
    measurement_location_id: m.measurement_location_id ?? null,
    production_batch_id: m.production_batch_id ?? null,
    feedstock_batch_id: null,
    storage_location_id: null,
    values: (m.values ?? []).map((v) => ({
      datapoint_id: v.datapoint_id,
      measurement_property: { quantity_kind: v.measurement_property.quantity_kind, qualifier: v.measurement_property.qualifier ?? null },
    })),
  };
}

/**
 * Loads the samples, after the datapoints: each datapoint a sample's values name is recorded by it
 * (the last sample naming it, in document order).
 */
export function loadMeasurementSamples(
  samples: readonly WorldMeasurementSample[],
  into: { readonly measurementSamples: Table<MeasurementSampleRow>; readonly datapoints: Table<DatapointRow> },
): void {
  for (const m of samples)
    for (const v of m.values ?? []) {
      const datapoint = into.datapoints.get(v.datapoint_id);
      if (datapoint !== undefined) into.datapoints.update({ ...datapoint, measurement_sample_id: m.id });
    }
  for (const m of samples) into.measurementSamples.insert(measurementSampleRow(m));
}
