/**
 * The views of components: stored rows to response bodies, in the field names and shapes of
 * docs/rules.md#service-resources, typed by the resource's response schema.
 */
import type { componentSchema } from './schemas';
import type { BodyOf } from '../../router';
import type { ComponentRow } from '../../rows';
import type { ServiceState } from '../../state';
import { servedComponentType } from '../views';

/** A component as the service answers it, its type the served spelling of its blueprint's. */
export function componentView(state: ServiceState, row: ComponentRow): BodyOf<typeof componentSchema> {
  const blueprint = state.blueprints.get(row.blueprint_key);
  return {
    id: row.id,
    display_name: row.display_name,
    description: row.description,
    blueprint_key: row.blueprint_key,
    activity_started_at: row.activity_started_at,
    activity_completed_at: row.activity_completed_at,
    inputs: row.inputs.map((i) => ({ input_key: i.input_key, datapoint_ids: [...i.datapoint_ids], __typename: 'ComponentListInput' })),
    ghg_entry_template_component_id: row.removal_template_component_id,
    removal_template_component_id: row.removal_template_component_id,
    supplier_reference_id: row.supplier_reference_id,
    // The blueprint exists: a component is checked against it when made, and blueprints are never removed.
    type: servedComponentType(blueprint?.definition.type ?? 'ACTIVITY'),
    scope: row.scope,
    allocation_strategy: row.allocation_strategy,
    project_id: row.project_id,
  };
}
