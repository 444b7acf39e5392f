/**
 * The views of sources and their document addresses: stored rows to response bodies, in the field
 * names and shapes of docs/rules.md#service-resources, typed by the resource's response schema.
 */
import type { sourceSchema } from './schemas';
import { type ReadContext, canReadDocument } from '../../context';
import type { BodyOf } from '../../router';
import type { SourceRow } from '../../rows';
import type { ServiceState } from '../../state';

/** Public address of a document marked public. */
export function publicSourceUrl(row: SourceRow): string {
  return `https://files.sandbox.invalid/public/sources/${row.id}/${encodeURIComponent(row.file_name ?? 'document')}`;
}

/** Private (signed) address of a source document. */
export function privateSourceUrl(state: ServiceState, row: SourceRow): string {
  return `https://files.sandbox.invalid/private/sources/${row.id}/${encodeURIComponent(row.file_name ?? 'document')}?expires=${encodeURIComponent(new Date(state.clock.nowMs() + 3_600_000).toISOString())}`;
}

/** A source as the service answers it: its address when public, whether the caller may read it when private. */
export function sourceView(context: ReadContext, row: SourceRow): BodyOf<typeof sourceSchema> {
  return {
    id: row.id,
    supplier_reference_id: row.supplier_reference_id,
    display_name: row.display_name,
    original_filename: row.file_name,
    type: 'DOCUMENT',
    published_at: row.published_at,
    url_info: row.is_public
      ? { __typename: 'SourcePublicUrlInfo', url: publicSourceUrl(row) }
      : { __typename: 'SourcePrivateUrlInfo', is_accessible: canReadDocument(context, row) },
    is_public: row.is_public,
    project_id: row.project_id,
  };
}
