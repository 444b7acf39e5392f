/** The rows of the components resource as the store holds them (built on store/stored.ts; listed in rows.ts). */
import type { ComponentScope, componentListInputSchema, componentSchema } from './schemas';
import type { Owned, Stored } from '../../store/stored';
import type { ProjectComponentAllocationStrategy } from '../../../model';

export type ComponentInputRow = Stored<typeof componentListInputSchema, '__typename'>;

/** Where a component is attributed (the OpenAPI's ComponentScope, less NET_NEGATIVITY). */
export type ComponentScopeValue = Exclude<ComponentScope, 'NET_NEGATIVITY'>;

/** How a project component is amortised (docs/rules.md#statement-and-project-components). */
export type AllocationStrategyValue = ProjectComponentAllocationStrategy;

/** A component; `allocation_strategy` is that of a PROJECT component, its type is its blueprint's. */
export type ComponentRow = Stored<typeof componentSchema, 'type' | 'scope' | 'ghg_entry_template_component_id' | 'inputs'> &
  Owned & {
    /** REMOVAL: attributed to GHG entries; GHG_STATEMENT: split evenly over a statement's entries; PROJECT: amortised. */
    readonly scope: ComponentScopeValue;
    /** The statement of a GHG_STATEMENT component. */
    readonly ghg_statement_id: string | null;
    readonly inputs: readonly ComponentInputRow[];
  };
