/**
 * Rows to response bodies, in the field names and shapes of docs/rules.md#service-resources (and the
 * OpenAPI for the shapes marked "not shown"). Both spellings are given where docs/service.md lists
 * both (`ghg_entry_id` and `removal_id`, ...).
 */
import { canReadDocument, canSee, indexes, type ReadContext } from './context';
import type {
  AttributionRow,
  BiocharApplicationRow,
  BlueprintRow,
  ComponentRow,
  DatapointRow,
  FeedstockBatchRow,
  FeedstockTypeRow,
  MeasurementSampleRow,
  ProductionBatchRow,
  RemovalRow,
  SourceRow,
  StatementRow,
  StorageLocationRow,
  SubmissionRow,
  TemplateComponentRow,
  TemplateGroupRow,
  TemplateRow,
} from './rows';
import type { ServiceState } from './state';
import { pendingGhgStatementTotal, toGhgStatementResource } from '../accounting';
import type { OrganisationView } from '../registry';
import type { ComponentType } from '../model';
import { QUANTITY_KINDS, type QuantityKind } from '../model/quantity-kinds';
import { evaluateEntries } from './evaluation';
import type { BodyOf } from './router';
import type { componentAttributionSchema, componentBlueprintSchema, componentSchema, datapointSchema, ghgStatementSchema, measurementPropertySchema, measurementSampleSchema, removalSchema, removalTemplateComponentSchema, removalTemplateSchema, sourceSchema } from '../model/resources';
import type { biocharApplicationSchema, dataUploadSubmissionSchema, feedstockBatchSchema, feedstockTypeSchema, productionBatchSchema, storageLocationSchema } from '../model/resources-field';

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

export function removalView(row: RemovalRow): BodyOf<typeof removalSchema> {
  const r = row.result;
  return {
    id: row.id,
    supplier_reference_id: row.supplier_reference_id,
    started_on: row.started_on,
    completed_on: row.completed_on,
    feedstock_type_id: row.feedstock_type_id,
    ghg_statement_id: row.ghg_statement_id,
    co2e_net_removed_kg: r.co2e_net_removed_kg,
    co2e_net_removed_without_discount_kg: r.co2e_net_removed_without_discount_kg,
    co2e_net_removed_standard_deviation_kg: r.co2e_net_removed_standard_deviation_kg,
    risk_of_reversal_percentage: r.risk_of_reversal_percentage,
    credit_allocation: r.credit_allocation,
    project_id: row.project_id,
    removal_template_id: row.removal_template_id,
  };
}

export function attributionView(row: AttributionRow): BodyOf<typeof componentAttributionSchema> {
  return {
    id: row.id,
    attribution_factor: row.attribution_factor,
    component_id: row.component_id,
    component_group_key: row.component_group_key,
    ghg_entry_id: row.removal_id,
    removal_id: row.removal_id,
    ghg_entry_template_component_id: row.removal_template_component_id,
    removal_template_component_id: row.removal_template_component_id,
  };
}

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

export function templateComponentView(state: ServiceState, template: TemplateRow, group: TemplateGroupRow, component: TemplateComponentRow): BodyOf<typeof removalTemplateComponentSchema> {
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

export function datapointView(context: ReadContext, row: DatapointRow): BodyOf<typeof datapointSchema> {
  const locked = row.measurement_sample_id !== null
    ? 'locked_measurement_sample_datapoint'
    : indexes(context).exposure.isVerifiedDatapoint(row.id)
      ? 'locked_used_in_verified_removal'
      : 'not_locked';
  return {
    id: row.id,
    supplier_reference_id: row.supplier_reference_id,
    display_name: row.display_name,
    type: row.type,
    quantity: { magnitude: row.quantity.magnitude, unit: row.quantity.unit, standard_deviation: row.quantity.standard_deviation },
    description: row.description,
    source_ids: [...row.source_ids],
    measured_at: row.measured_at,
    project_id: row.project_id,
    locked_status: locked,
    uncertainty_justification: row.uncertainty_justification,
  };
}

/** Public address of a document marked public. */
export function publicSourceUrl(row: SourceRow): string {
  return `https://files.sandbox.invalid/public/sources/${row.id}/${encodeURIComponent(row.file_name ?? 'document')}`;
}

/** Private (signed) address of a source document. */
export function privateSourceUrl(state: ServiceState, row: SourceRow): string {
  return `https://files.sandbox.invalid/private/sources/${row.id}/${encodeURIComponent(row.file_name ?? 'document')}?expires=${encodeURIComponent(new Date(state.clock.nowMs() + 3_600_000).toISOString())}`;
}

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

/** A statement as the service answers it; the pending total is the lifecycle's (null when nothing is pending). */
export function statementView(state: ServiceState, row: StatementRow): BodyOf<typeof ghgStatementSchema> {
  const pending = row.record.submission === null ? null : pendingGhgStatementTotal(row.record, evaluateEntries(state, row.record.removal_ids));
  return { ...toGhgStatementResource(row.record, pending) };
}

export function storageLocationView(row: StorageLocationRow): BodyOf<typeof storageLocationSchema> {
  return {
    id: row.id,
    name: row.name,
    project_id: row.project_id,
    supplier_id: row.supplier_id,
    storage_method: row.storage_method,
    description: row.description,
    latitude: row.latitude,
    longitude: row.longitude,
    supplier_reference_id: row.supplier_reference_id,
  };
}

export function biocharApplicationView(row: BiocharApplicationRow): BodyOf<typeof biocharApplicationSchema> {
  return {
    id: row.id,
    application_date: row.application_date,
    average_application_rate: row.average_application_rate,
    production_batch_id: row.production_batch_id,
    storage_location_id: row.storage_location_id,
    supplier_reference_id: row.supplier_reference_id,
    truck_mass_on_arrival: row.truck_mass_on_arrival,
    truck_mass_on_departure: row.truck_mass_on_departure,
    removal_id: row.removal_id,
    ghg_entry_id: row.removal_id,
    uploaded_at: row.uploaded_at,
    source_ids: [...row.source_ids],
  };
}

export function feedstockTypeView(row: FeedstockTypeRow): BodyOf<typeof feedstockTypeSchema> {
  return { id: row.id, supplier_reference_id: row.supplier_reference_id, name: row.name };
}

export function feedstockBatchView(row: FeedstockBatchRow): BodyOf<typeof feedstockBatchSchema> {
  return {
    id: row.id,
    created_at: row.created_at,
    delivery_date: row.delivery_date,
    display_name: row.display_name,
    feedstock_type_id: row.feedstock_type_id,
    mass: row.mass,
    supplier_reference_id: row.supplier_reference_id,
  };
}

export function productionBatchView(row: ProductionBatchRow): BodyOf<typeof productionBatchSchema> {
  return {
    id: row.id,
    facility_id: row.facility_id,
    feedstock_type_ids: [...row.feedstock_type_ids],
    supplier_reference_id: row.supplier_reference_id,
    kind: row.kind,
    started_at: row.started_at,
    ended_at: row.ended_at,
    uploaded_at: row.uploaded_at,
    display_name: row.display_name,
    mass: row.mass,
  };
}

const KNOWN_QUANTITY_KINDS: ReadonlySet<string> = new Set(QUANTITY_KINDS);

function isQuantityKind(kind: string): kind is QuantityKind {
  return KNOWN_QUANTITY_KINDS.has(kind);
}

/** A stored measurement property as served: its kind was checked when the row was made (the row keeps a string). */
export function servedProperty(property: { readonly quantity_kind: string; readonly qualifier: string | null }): BodyOf<typeof measurementPropertySchema> {
  const kind = property.quantity_kind;
  if (!isQuantityKind(kind)) throw new Error(`stored measurement sample: unknown quantity kind '${kind}'`);
  return { quantity_kind: kind, qualifier: property.qualifier };
}

/**
 * A measurement sample as `context`'s caller sees it: a value whose datapoint the caller may not
 * see is shown as null (a visible record never shows the value of one that is not, docs/rules.md#service-behaviour).
 */
export function measurementSampleView(context: ReadContext, row: MeasurementSampleRow): BodyOf<typeof measurementSampleSchema> {
  return {
    id: row.id,
    supplier_reference_id: row.supplier_reference_id,
    values: row.values.map((v) => {
      const d = context.state.datapoints.get(v.datapoint_id);
      return {
        datapoint_id: v.datapoint_id,
        value: d === undefined || !canSee(context, d) ? null : d.quantity,
        measurement_property: servedProperty(v.measurement_property),
      };
    }),
    measured_at: row.measured_at,
    measurement_location_id: row.measurement_location_id,
    production_batch_id: row.production_batch_id,
  };
}

export function submissionView(row: SubmissionRow): BodyOf<typeof dataUploadSubmissionSchema> {
  return {
    id: row.id,
    status: row.status,
    submission_type: row.submission_type,
    facility_id: row.facility_id,
    storage_location_id: row.storage_location_id,
    error_message: row.error_message,
    file_upload_id: row.file_upload_id,
  };
}
