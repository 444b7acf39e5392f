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
  /** Exposure of statements, projects, entries, attributions, components, datapoints and sources. */
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

  // Exposure: every submitted statement exposes its entries and what they are built from.
  const exposure = new Map<string, Exposure>();
  const verifiedDatapoints = new Set<string>();
  const expose = (id: string, verifier: string | null, isPublic: boolean): void => {
    let e = exposure.get(id);
    if (e === undefined) {
      e = { public: false, verifiers: new Set() };
      exposure.set(id, e);
    }
    if (isPublic) e.public = true;
    if (verifier !== null) e.verifiers.add(verifier);
  };
  for (const statement of state.statements.rows()) {
    const { record } = statement;
    if (record.status === 'DRAFT') continue;
    const verifier = statement.verifier_organisation_id;
    const isPublic = record.status === 'CREDITS_ISSUED';
    const verified = isPublic || record.status === 'VERIFIED';
    expose(statement.id, verifier, isPublic);
    expose(record.project_id, verifier, isPublic);
    for (const removalId of record.removal_ids) {
      expose(removalId, verifier, isPublic);
      for (const a of attributionsByRemoval.get(removalId) ?? []) {
        expose(a.id, verifier, isPublic);
        const component = state.components.get(a.component_id);
        const datapointIds: string[] = a.attribution_factor_datapoint_id === null ? [] : [a.attribution_factor_datapoint_id];
        if (component !== undefined) {
          expose(component.id, verifier, isPublic);
          for (const input of component.inputs) datapointIds.push(...input.datapoint_ids);
        }
        for (const d of datapointIds) {
          expose(d, verifier, isPublic);
          if (verified) verifiedDatapoints.add(d);
          // A source added to a datapoint later is exposed from then on (rule 5): this runs on every change.
          for (const s of state.datapoints.get(d)?.source_ids ?? []) expose(s, verifier, isPublic);
        }
      }
    }
  }

  const references = new Map<string, string>();
  const note = (rows: readonly { readonly id: string; readonly owner: string; readonly supplier_reference_id: string | null }[]): void => {
    for (const row of rows) if (row.supplier_reference_id !== null) references.set(referenceKey(row.owner, row.supplier_reference_id), row.id);
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
