/**
 * The views of projects, their removal templates and the component blueprints: stored rows to
 * response bodies, in the field names and shapes of docs/rules.md#service-resources, typed by the
 * resource's response schema.
 */
import type { componentBlueprintSchema } from '../component-shapes';
import type { projectSchema, removalTemplateComponentSchema, removalTemplateSchema } from './schemas';
import type { BodyOf } from '../../router';
import type { BlueprintRow, ProjectRow, TemplateComponentRow, TemplateGroupRow, TemplateRow } from '../../rows';
import type { ServiceState } from '../../state';
import { servedComponentType } from '../views';

/** A component of a removal template, each input fixed or monitored. */
export function templateComponentView(
  state: ServiceState,
  template: TemplateRow,
  group: TemplateGroupRow,
  component: TemplateComponentRow,
): BodyOf<typeof removalTemplateComponentSchema> {
  const blueprint = state.blueprints.get(component.blueprint_key)?.definition;
  return {
    id: component.id,
    display_name: component.display_name,
    description: component.description,
    blueprint_key: component.blueprint_key,
    removal_template_component_group_id: group.id,
    removal_template_id: template.id,
    // A template input either fixes its datapoint (`fixed`) or takes one per GHG entry (`monitored`).
    inputs: component.inputs.map((input) => ({
      input_key: input.input_key,
      display_name: input.display_name,
      datapoint_id: input.datapoint_id,
      type: input.datapoint_id === null ? 'monitored' : 'fixed',
      quantity_kind: blueprint?.inputs.find((b) => b.input_key === input.input_key)?.quantity_kind ?? 'dimensionless',
    })),
  };
}

/** A removal template with its groups and their components. */
export function templateView(state: ServiceState, template: TemplateRow): BodyOf<typeof removalTemplateSchema> {
  return {
    id: template.id,
    display_name: template.display_name,
    project_id: template.project_id,
    supplier_reference_id: template.supplier_reference_id,
    groups: template.groups.map((group) => ({
      id: group.id,
      key: group.key,
      display_name: group.display_name,
      description: group.description,
      components: group.components.map((c) => templateComponentView(state, template, group, c)),
    })),
  };
}

/** A component blueprint as the service answers it (its inputs' descriptions and shapes filled in). */
export function blueprintView(row: BlueprintRow): BodyOf<typeof componentBlueprintSchema> {
  const b = row.definition;
  const shapes = new Map(b.inputs.map((i) => [i.input_key, i.data_shape]));
  return {
    key: b.key,
    display_name: b.display_name ?? b.key,
    description: b.description ?? '',
    type: servedComponentType(b.type),
    inputs: b.inputs.map((i) => ({
      input_key: i.input_key,
      description: i.description ?? i.display_name ?? '',
      compatible_unit: i.compatible_unit,
      data_shape: i.data_shape,
      quantity_kind: i.quantity_kind,
    })),
    expressions: b.expressions.map((e) => ({
      key: e.key,
      template: e.template,
      inputs: e.inputs.map((i) => ({
        input_key: i.input_key,
        template_key: i.template_key,
        type: i.type,
        data_shape: i.data_shape ?? (i.type === 'DATAPOINT' ? (shapes.get(i.input_key) ?? 'SCALAR') : 'SCALAR'),
      })),
    })),
  };
}

/** A project as the data ingestion operations answer it. */
export function projectView(row: ProjectRow): BodyOf<typeof projectSchema> {
  return {
    id: row.id,
    name: row.name,
    country_code: row.country_code,
    process_key: row.process_key,
    description: row.description,
    short_description: row.short_description,
    risk_of_reversal: row.risk_of_reversal,
  };
}
