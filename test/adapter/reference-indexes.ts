/**
 * The indexes as the sandbox derived them before they were kept incrementally: rebuilt from every
 * table on every change (the former src/adapter/derived.ts, unchanged but for names). The tests
 * hold the incremental indexes and the list routes to this.
 */
import type { ServiceState } from '../../src/adapter/state';
import type { AttributionRow, TemplateComponentRow, TemplateGroupRow, TemplateRow } from '../../src/adapter/rows';

/** Who, besides the owner, may see a resource. */
export interface Exposure {
  /** Everyone: credits were issued on a statement using it (interface.md 1 rule 3). */
  public: boolean;
  /** Verifiers of submitted statements using it (rule 2). */
  readonly verifiers: Set<string>;
}

/** A template component with its group and template. */
export interface TemplateComponentPlace {
  readonly template: TemplateRow;
  readonly group: TemplateGroupRow;
  readonly component: TemplateComponentRow;
}

/** The indexes as the full rebuild made them. */
export interface ReferenceIndexes {
  readonly attributionsByRemoval: ReadonlyMap<string, readonly AttributionRow[]>;
  readonly attributionsByComponent: ReadonlyMap<string, readonly AttributionRow[]>;
  /** Component ids (creation order) using a datapoint in an input. */
  readonly componentsByDatapoint: ReadonlyMap<string, readonly string[]>;
  /** Removal ids using a datapoint as a legacy attribution factor. */
  readonly factorRemovalsByDatapoint: ReadonlyMap<string, readonly string[]>;
  readonly templateComponents: ReadonlyMap<string, TemplateComponentPlace>;
  /** Template component ids (template order) defaulting an input to a datapoint. */
  readonly templateComponentsByDatapoint: ReadonlyMap<string, readonly string[]>;
  readonly templateGroups: ReadonlyMap<string, { readonly template: TemplateRow; readonly group: TemplateGroupRow }>;
  /** Exposure of every record a submitted statement reaches. */
  readonly exposure: ReadonlyMap<string, Exposure>;
  /** Datapoints of entries of verified statements (their `locked_status`). */
  readonly verifiedDatapoints: ReadonlySet<string>;
  /** `owner NUL supplier_reference_id` to the id of the resource using it. */
  readonly references: ReadonlyMap<string, string>;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

/** Key of a supplier reference in {@link Derived.references}. */
export function referenceKey(owner: string, reference: string): string {
  return `${owner}\u0000${reference}`;
}

export function referenceIndexes(state: ServiceState): ReferenceIndexes {
  const attributionsByRemoval = new Map<string, AttributionRow[]>();
  const attributionsByComponent = new Map<string, AttributionRow[]>();
  const factorRemovalsByDatapoint = new Map<string, string[]>();
  for (const a of state.attributions.rows()) {
    push(attributionsByRemoval, a.removal_id, a);
    push(attributionsByComponent, a.component_id, a);
    if (a.attribution_factor_datapoint_id !== null) push(factorRemovalsByDatapoint, a.attribution_factor_datapoint_id, a.removal_id);
  }
  const componentsByDatapoint = new Map<string, string[]>();
  for (const c of state.components.rows()) {
    const seen = new Set<string>();
    for (const input of c.inputs) {
      for (const d of input.datapoint_ids) {
        if (seen.has(d)) continue;
        seen.add(d);
        push(componentsByDatapoint, d, c.id);
      }
    }
  }
  const templateComponents = new Map<string, TemplateComponentPlace>();
  const templateComponentsByDatapoint = new Map<string, string[]>();
  const templateGroups = new Map<string, { template: TemplateRow; group: TemplateGroupRow }>();
  for (const template of state.templates.rows()) {
    for (const group of template.groups) {
      templateGroups.set(group.id, { template, group });
      for (const component of group.components) {
        templateComponents.set(component.id, { template, group, component });
        const seen = new Set<string>();
        for (const input of component.inputs) {
          if (input.datapoint_id === null || seen.has(input.datapoint_id)) continue;
          seen.add(input.datapoint_id);
          push(templateComponentsByDatapoint, input.datapoint_id, component.id);
        }
      }
    }
  }

  // Exposure (semantics.md 7): every submitted statement exposes what its entries reach.
  const exposure = new Map<string, Exposure>();
  const verifiedDatapoints = new Set<string>();
  const templateOfSlot = new Map<string, string>();
  for (const [id, place] of templateComponents) templateOfSlot.set(id, place.template.id);
  for (const statement of state.statements.rows()) {
    const { record } = statement;
    if (record.status === 'DRAFT') continue;
    const verifier = statement.verifier_organisation_id;
    const isPublic = record.status === 'CREDITS_ISSUED';
    const verified = isPublic || record.status === 'VERIFIED';
    const expose = (id: string | null | undefined): void => {
      if (id === null || id === undefined) return;
      let e = exposure.get(id);
      if (e === undefined) {
        e = { public: false, verifiers: new Set() };
        exposure.set(id, e);
      }
      if (isPublic) e.public = true;
      if (verifier !== null) e.verifiers.add(verifier);
    };
    const productionBatch = (id: string | null): void => {
      if (id === null) return;
      expose(id);
      for (const f of state.productionBatches.get(id)?.feedstock_type_ids ?? []) expose(f);
    };
    const datapoint = (id: string): void => {
      expose(id);
      if (verified) verifiedDatapoints.add(id);
      const d = state.datapoints.get(id);
      for (const s of d?.source_ids ?? []) expose(s);
      const sample = d?.measurement_sample_id == null ? undefined : state.measurementSamples.get(d.measurement_sample_id);
      if (sample === undefined) return;
      expose(sample.id);
      expose(sample.measurement_location_id);
      productionBatch(sample.production_batch_id);
    };
    const component = (id: string): void => {
      expose(id);
      const c = state.components.get(id);
      if (c === undefined) return;
      if (c.removal_template_component_id !== null) expose(templateOfSlot.get(c.removal_template_component_id));
      for (const input of c.inputs) for (const d of input.datapoint_ids) datapoint(d);
    };
    expose(statement.id);
    expose(record.project_id);
    for (const c of state.components.rows()) {
      if (
        c.ghg_statement_id === statement.id ||
        (c.scope === 'PROJECT' && c.project_id === record.project_id && c.allocation_strategy !== 'MANUAL')
      )
        component(c.id);
    }
    for (const removalId of record.removal_ids) {
      expose(removalId);
      const removal = state.removals.get(removalId);
      expose(removal?.feedstock_type_id);
      expose(removal?.removal_template_id);
      for (const a of attributionsByRemoval.get(removalId) ?? []) {
        expose(a.id);
        if (a.attribution_factor_datapoint_id !== null) datapoint(a.attribution_factor_datapoint_id);
        component(a.component_id);
      }
      for (const application of state.biocharApplications.rows()) {
        if (application.removal_id !== removalId) continue;
        expose(application.id);
        expose(application.storage_location_id);
        productionBatch(application.production_batch_id);
        for (const s of application.source_ids) expose(s);
      }
    }
  }

  const references = new Map<string, string>();
  const note = (rows: readonly { readonly id: string; readonly owner: string; readonly supplier_reference_id: string | null }[]): void => {
    for (const row of rows)
      if (row.supplier_reference_id !== null) references.set(referenceKey(row.owner, row.supplier_reference_id), row.id);
  };
  note(state.feedstockTypes.rows());
  note(state.feedstockBatches.rows());
  note(state.productionBatches.rows());
  note(state.templates.rows());
  note(state.datapoints.rows());
  note(state.sources.rows());
  note(state.components.rows());
  note(state.removals.rows());
  note(state.storageLocations.rows());
  note(state.biocharApplications.rows());
  note(state.measurementLocations.rows());
  note(state.measurementSamples.rows());

  return {
    attributionsByRemoval,
    attributionsByComponent,
    componentsByDatapoint,
    factorRemovalsByDatapoint,
    templateComponents,
    templateComponentsByDatapoint,
    templateGroups,
    exposure,
    verifiedDatapoints,
    references,
  };
}
