/** The rows of the sources resource as the store holds them (built on store/stored.ts; listed in rows.ts). */
import type { Owned, Stored } from '../../store/stored';
import type { sourceSchema } from './schemas';

/** A source; its type and address are worked out from its file when it is shown. */
export type SourceRow = Stored<typeof sourceSchema, 'display_name' | 'original_filename' | 'type' | 'url_info' | 'project_id'> &
  Owned & {
    readonly project_id: string;
    readonly display_name: string;
    readonly file_name: string | null;
    readonly content_type: string | null;
    readonly content_length: number | null;
  };
