/**
 * The registry parties' collections of the world document: orders and project documents, each
 * record's schema (every field documented here, once) and its row.
 */
import * as z from 'zod';
import { idSchema } from '../../../model';
import type { WorldStart } from '../../store/resource';
import { owner, text } from '../world-shapes';
import type { OrderRow, ProjectDocumentRow } from './rows';

/** An order of a buyer from a supplier; deliveries fulfil it. */
export const worldOrderSchema = z.object({
  /** `ord_` id. */
  id: idSchema('order'),
  /** The buyer organisation. */
  organisation_id: owner,
  /** `spl_` id of the supplier. */
  supplier_id: idSchema('supplier'),
  /** Credits ordered, in kg (default 0: no amount named). */
  credits_ordered_kg: z.number().int().gte(0).optional(),
});

/** A public document of a project on the registry. */
export const worldProjectDocumentSchema = z.object({
  /** `pjd_` id. */
  id: idSchema('project_document'),
  /** Project. */
  project_id: idSchema('project'),
  /** Name. */
  display_name: text,
  /** Where it is published. */
  url: z.string().min(1),
});

/** An order, placed when the sandbox starts. */
export function orderRow(o: z.output<typeof worldOrderSchema>, start: WorldStart): OrderRow {
  return {
    id: o.id,
    organisation_id: o.organisation_id,
    supplier_id: o.supplier_id,
    credits_ordered_kg: o.credits_ordered_kg ?? 0,
    created_at: start.startIso,
  };
}

/** A project document; its owner is its project's. */
export function projectDocumentRow(d: z.output<typeof worldProjectDocumentSchema>, start: WorldStart): ProjectDocumentRow {
  return {
    id: d.id,
    owner: start.project(d.project_id)?.owner ?? '',
    project_id: d.project_id,
    display_name: d.display_name,
    url: d.url,
  };
}
