/** The rows of the registry-parties resource as the store holds them (built on store/stored.ts; listed in rows.ts). */
import type { Owned, Stored } from '../../store/stored';
import type { projectDocumentSchema } from './schemas';

export interface OrderRow {
  readonly id: string;
  /** The buyer. */
  readonly organisation_id: string;
  readonly supplier_id: string;
  /** Credits ordered in kg; 0 when the order names no amount. */
  readonly credits_ordered_kg: number;
  readonly created_at: string;
}

/** A public document of a project on the registry. */
export type ProjectDocumentRow = Stored<typeof projectDocumentSchema> & Owned;
