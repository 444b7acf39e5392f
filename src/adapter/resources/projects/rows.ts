/** The rows of the projects resource as the store holds them (built on store/stored.ts; listed in rows.ts). */
import type { ComponentBlueprintDefinition } from '../../../model';
import type { Owned, Stored, StoredFields } from '../../store/stored';
import type {
  projectSchema,
  removalTemplateComponentInputSchema,
  removalTemplateComponentSchema,
  removalTemplateGroupSchema,
  removalTemplateSchema,
} from './schemas';
import type { registryProjectSchema } from '../registry-parties/schemas';

/** A project: its data ingestion view, its registry details, and what the accounting reads of it. */
export type ProjectRow = Stored<typeof projectSchema> &
  Owned & {
    readonly risk_of_reversal_percentage: number | null;
    readonly verifier_organisation_id: string | null;
    readonly project_code: string;
    readonly pathway_code: string;
    /** The project's estimated gross sequestration, for ESTIMATED_PROJECT_TONNAGE amortisation. */
    readonly estimated_gross_tonnage_kg: number | null;
    /** The project's estimated lifetime (a time quantity), for ESTIMATED_PROJECT_LIFETIME amortisation. */
    readonly estimated_lifetime: { readonly magnitude: number; readonly unit: string } | null;
    /** Registry details (OpenAPI registry Project). */
    readonly registry: StoredFields<
      typeof registryProjectSchema,
      'status' | 'pathway' | 'protocol_slug' | 'validator_name' | 'crediting_period_start' | 'crediting_period_end'
    >;
  };

/** A blueprint (row id = blueprint key). */
export interface BlueprintRow {
  readonly id: string;
  readonly definition: ComponentBlueprintDefinition;
}

export type TemplateInputRow = Stored<typeof removalTemplateComponentInputSchema, 'type' | 'quantity_kind'>;

export type TemplateComponentRow = Stored<
  typeof removalTemplateComponentSchema,
  'removal_template_component_group_id' | 'removal_template_id' | 'inputs'
> & {
  readonly inputs: readonly TemplateInputRow[];
};

export type TemplateGroupRow = Stored<typeof removalTemplateGroupSchema, 'components'> & {
  readonly components: readonly TemplateComponentRow[];
};

export type TemplateRow = Stored<typeof removalTemplateSchema, 'groups'> &
  Owned & {
    readonly process_key: string;
    readonly groups: readonly TemplateGroupRow[];
  };
