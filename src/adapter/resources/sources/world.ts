/** The source documents of the world document: a record's schema (every field documented here, once) and its row. */
import * as z from 'zod';
import { idSchema } from '../../../model';
import { date, optionalText, owner, reference, text } from '../world-shapes';
import type { SourceRow } from './rows';

/** A source document. */
export const worldSourceSchema = z.object({
  /** `src_` id. */
  id: idSchema('source'),
  /** Owner. */
  owner_organisation_id: owner,
  /** `prj_` id. */
  project_id: idSchema('project'),
  /** Name (public once the GHG entries it backs are on the registry). */
  display_name: text,
  /** Client reference. */
  supplier_reference_id: reference,
  /** Whether the document itself may be published. */
  is_public: z.boolean().optional(),
  /** File name of the document. */
  file_name: optionalText,
  /** Publication date. */
  published_at: date.nullable().optional(),
});

/** A source as the sandbox stores it. */
export function sourceRow(s: z.output<typeof worldSourceSchema>): SourceRow {
  return {
    id: s.id,
    owner: s.owner_organisation_id,
    project_id: s.project_id,
    display_name: s.display_name,
    supplier_reference_id: s.supplier_reference_id ?? null,
    published_at: s.published_at ?? null,
    is_public: s.is_public ?? false,
    file_name: s.file_name ?? null,
    content_type: null,
    content_length: null,
  };
}
