/**
 * The feedstock resource's collections of the world document: feedstock types, production batches
 * and facilities, each record's schema (every field documented here, once) and its row.
 */
import * as z from 'zod';
import { idSchema } from '../../../model';
import type { WorldStart } from '../../store/resource';
import { dateTime, owner, quantity, quantityRow, reference, text } from '../world-shapes';
import type { FacilityRow, FeedstockTypeRow, ProductionBatchRow } from './rows';

/** A feedstock type of a supplier. */
export const worldFeedstockTypeSchema = z.object({
  /** `ftt_` id. */
  id: idSchema('feedstock_type'),
  /** Owner. */
  owner_organisation_id: owner,
  /** Name. */
  name: text,
  /** Client reference, unique per supplier. */
  supplier_reference_id: reference,
});

/** A production batch (of biochar). */
export const worldProductionBatchSchema = z.object({
  /** `ptb_` id. */
  id: idSchema('production_batch'),
  /** Owner. */
  owner_organisation_id: owner,
  /** `fcl_` id of the facility that produced it. */
  facility_id: idSchema('facility'),
  /** Feedstock types used. */
  feedstock_type_ids: z.array(idSchema('feedstock_type')).readonly().optional(),
  /** Client reference. */
  supplier_reference_id: reference,
  /** Start of production (UTC date-time). */
  started_at: dateTime,
  /** End of production (UTC date-time). */
  ended_at: dateTime,
  /** Name. */
  display_name: z.string().optional(),
  /** Mass produced. */
  mass: quantity,
});

/** A facility (pyrolysis reactor, DAC plant, treatment plant). */
export const worldFacilitySchema = z.object({
  /** `fcl_` id. */
  id: idSchema('facility'),
  /** Owner. */
  owner_organisation_id: owner,
  /** Project it serves. */
  project_id: idSchema('project').nullable().optional(),
  /** Name. */
  name: text,
});

/** A feedstock type as the sandbox stores it. */
export function feedstockTypeRow(f: z.output<typeof worldFeedstockTypeSchema>): FeedstockTypeRow {
  return { id: f.id, owner: f.owner_organisation_id, name: f.name, supplier_reference_id: f.supplier_reference_id ?? null };
}

/** A production batch, uploaded when the sandbox starts. */
export function productionBatchRow(b: z.output<typeof worldProductionBatchSchema>, start: WorldStart): ProductionBatchRow {
  return {
    id: b.id,
    owner: b.owner_organisation_id,
    facility_id: b.facility_id,
    feedstock_type_ids: b.feedstock_type_ids ?? [],
    supplier_reference_id: b.supplier_reference_id ?? null,
    kind: 'biochar',
    started_at: b.started_at,
    ended_at: b.ended_at,
    uploaded_at: start.startIso,
    display_name: b.display_name ?? b.id,
    mass: quantityRow(b.mass),
  };
}

/** A facility as the sandbox stores it. */
export function facilityRow(f: z.output<typeof worldFacilitySchema>): FacilityRow {
  return { id: f.id, owner: f.owner_organisation_id, project_id: f.project_id ?? null, name: f.name };
}
