/**
 * What the views of several resources share: the served spelling of a component type, the
 * registry's Organisation of an organisation id, and a stored measurement property as served.
 * Each resource's own view is in resources/<resource>/view.ts.
 */
import type { ServiceState } from '../state';
import type { OrganisationView } from '../../registry';
import type { ComponentType } from '../../model';
import type { QuantityKind } from '../../model/quantity-kinds';
import type { BodyOf } from '../router';
import type { measurementPropertySchema } from './measurements/schemas';

/**
 * The component type as the service writes it (docs/rules.md#blueprints-components-and-inputs): `COUNTERFACTUAL`, which graph
 * documents accept, is the service's `REMOVAL_COUNTERFACTUAL`.
 */
export function servedComponentType(type: ComponentType): Exclude<ComponentType, 'COUNTERFACTUAL'> {
  return type === 'COUNTERFACTUAL' ? 'REMOVAL_COUNTERFACTUAL' : type;
}

/** The registry's Organisation of an organisation id (named by its id when the sandbox has no such organisation). */
export function organisationView(state: ServiceState, id: string): OrganisationView {
  const o = state.organisations.get(id);
  return { id, name: o?.name ?? id, domain: o?.domain ?? null };
}

/** A stored measurement property as served (the row's kind is a quantity kind, checked when the row was made). */
export function servedProperty(property: {
  readonly quantity_kind: QuantityKind;
  readonly qualifier: string | null;
}): BodyOf<typeof measurementPropertySchema> {
  return { quantity_kind: property.quantity_kind, qualifier: property.qualifier };
}
