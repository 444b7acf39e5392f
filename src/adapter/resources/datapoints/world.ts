/** The datapoints of the world document: a record's schema (every field documented here, once) and its row. */
import * as z from 'zod';
import { idSchema } from '../../../model';
import { dateTime, optionalText, owner, quantity, quantityRow, reference, text } from '../world-shapes';
import type { DatapointRow } from './rows';
import { datapointTypeSchema } from './schemas';

/** A datapoint. */
export const worldDatapointSchema = z.object({
  /** `dtp_` id. */
  id: idSchema('datapoint'),
  /** Owner. */
  owner_organisation_id: owner,
  /** `prj_` id. */
  project_id: idSchema('project'),
  /** Name. */
  display_name: text,
  /** Description. */
  description: optionalText,
  /** `CONSTANT`, `STANDARD_PUBLISHED_VALUE`, `REPORTED` (default), `ASSUMPTION` or `DERIVED`. */
  type: datapointTypeSchema.optional(),
  /** The value. */
  quantity,
  /** Sources backing it. */
  source_ids: z.array(idSchema('source')).readonly().optional(),
  /** UTC date-time of the measurement. */
  measured_at: dateTime.nullable().optional(),
  /** Client reference. */
  supplier_reference_id: reference,
  /** Why its uncertainty is what it is. */
  uncertainty_justification: optionalText,
});

/** A datapoint as the sandbox stores it (the measurement sample recording it is set when the samples are loaded). */
export function datapointRow(d: z.output<typeof worldDatapointSchema>): DatapointRow {
  return {
    id: d.id,
    owner: d.owner_organisation_id,
    project_id: d.project_id,
    display_name: d.display_name,
    description: d.description ?? null,
    type: d.type ?? 'REPORTED',
    quantity: quantityRow(d.quantity),
    source_ids: d.source_ids ?? [],
    measured_at: d.measured_at ?? null,
    supplier_reference_id: d.supplier_reference_id ?? null,
    uncertainty_justification: d.uncertainty_justification ?? null,
    measurement_sample_id: null,
  };
}
