/**
 * Loading a world document into a fresh sandbox: shapes are checked with zod and unknown keys
 * with their nearest known key (model/schema-walk.ts), then every cross-reference (world-check.ts). A bad
 * world is refused as a whole with every problem and its path, before anything is loaded.
 */
import type { z } from 'zod';
import type { GraphIssue } from '../../model';
import type { ServiceState } from '../state';
import type {
  ComponentRow,
  DatapointRow,
  MeasurementSampleRow,
  OrganisationRow,
  ProductionBatchRow,
  ProjectRow,
  QuantityRow,
  TemplateRow,
} from '../rows';
import { crossCheck } from './world-check';
import { WorldDocumentError } from './world-error';
import { unknownKeyIssues } from '../../model/schema-walk';
import { loadLedger } from './world-ledger';
import { uploadUrl } from '../resources/monitoring/view';
import { worldSchema, type World } from './world-schema';
import type { WorldDocument } from './world-types';

export { WorldDocumentError } from './world-error';

/** One year after `ms`, on the calendar (a token's lifetime, docs/service.md#authentication). */
export function oneYearAfter(ms: number): number {
  const date = new Date(ms);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.getTime();
}

function quantityRow(q: { magnitude: number; unit: string; standard_deviation?: number | null | undefined }): QuantityRow {
  return { magnitude: q.magnitude, unit: q.unit, standard_deviation: q.standard_deviation ?? null };
}

function zodIssues(error: z.ZodError): GraphIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map((p) => (typeof p === 'number' ? p : String(p))),
    message: issue.message,
    code: issue.code,
  }));
}

/** Loads `document` into an empty state; throws {@link WorldDocumentError} when it is invalid. */
export function loadWorld(state: ServiceState, document: WorldDocument | unknown): void {
  const world = validWorld(document);
  const startMs = state.clock.nowMs();
  const startIso = new Date(startMs).toISOString();
  if (world.registry?.registry_code !== undefined) state.registryCode = world.registry.registry_code;
  loadAccounts(state, world);
  loadSupplierData(state, world, startIso);
  loadRemovalData(state, world);
  loadProjectRecords(state, world, startIso);
  loadLedger(state, world, startMs);
}

/** The parsed world; throws {@link WorldDocumentError} with every problem when it is invalid. */
function validWorld(document: unknown): World {
  // Unknown keys and shape problems are reported together, in one pass over the document.
  const unknown = unknownKeyIssues(worldSchema, document);
  const parsed = worldSchema.safeParse(document);
  if (!parsed.success || unknown.length > 0) throw new WorldDocumentError([...unknown, ...(parsed.success ? [] : zodIssues(parsed.error))]);
  const world = parsed.data;
  const issues = crossCheck(world);
  if (issues.length > 0) throw new WorldDocumentError(issues);
  return world;
}

/** The type of one row of a world collection. */
type Row<K extends keyof World> = NonNullable<World[K]> extends readonly (infer T)[] ? T : never;

/** Organisations, API clients and access tokens. */
function loadAccounts(state: ServiceState, world: World): void {
  for (const o of world.organisations) state.organisations.insert(organisationRow(o));
  for (const c of world.clients) state.clients.insert({ id: c.client_secret, name: c.name ?? null });
  for (const t of world.access_tokens) {
    const expires = t.expires_at !== undefined ? Date.parse(t.expires_at) : oneYearAfter(Date.parse(t.generated_at as string));
    state.tokens.insert({ id: t.token, organisation_id: t.organisation_id, expires_at_ms: expires });
  }
}

/** An organisation as the sandbox stores it, with its supplier record. */
function organisationRow(o: Row<'organisations'>): OrganisationRow {
  const supplier = o.supplier;
  return {
    id: o.id,
    name: o.name,
    domain: o.domain ?? null,
    buffer_pool: o.buffer_pool ?? false,
    registered_by: null,
    email: null,
    supplier:
      supplier === undefined
        ? null
        : {
            id: supplier.id,
            short_description: supplier.short_description ?? null,
            long_description: supplier.long_description ?? null,
            location:
              supplier.location === undefined || supplier.location === null
                ? null
                : { ...supplier.location, description: supplier.location.description ?? null },
          },
  };
}

/** Projects, feedstock types, facilities, production batches and file uploads. */
function loadSupplierData(state: ServiceState, world: World, startIso: string): void {
  for (const p of world.projects) state.projects.insert(projectRow(p));
  for (const f of world.feedstock_types) {
    state.feedstockTypes.insert({
      id: f.id,
      owner: f.owner_organisation_id,
      name: f.name,
      supplier_reference_id: f.supplier_reference_id ?? null,
    });
  }
  for (const f of world.facilities) {
    state.facilities.insert({ id: f.id, owner: f.owner_organisation_id, project_id: f.project_id ?? null, name: f.name });
  }
  for (const b of world.production_batches) state.productionBatches.insert(productionBatchRow(b, startIso));
  for (const u of world.file_uploads) {
    state.fileUploads.insert({
      id: u.id,
      owner: u.owner_organisation_id,
      file_name: u.file_name,
      content_type: u.content_type ?? 'application/vnd.apache.parquet',
      content_length: u.content_length ?? null,
      upload_url: uploadUrl(u.id),
    });
  }
}

/** A project as the sandbox stores it; the service's defaults where the world is silent. */
function projectRow(p: Row<'projects'>): ProjectRow {
  return {
    id: p.id,
    owner: p.owner_organisation_id,
    name: p.name,
    country_code: p.country_code,
    description: p.description ?? null,
    short_description: p.short_description ?? null,
    process_key: p.process_key ?? 'default',
    risk_of_reversal_percentage: p.risk_of_reversal_percentage ?? null,
    risk_of_reversal: p.risk_of_reversal ?? null,
    verifier_organisation_id: p.verifier_organisation_id ?? null,
    project_code:
      p.project_code ??
      p.id
        .slice(-6)
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, 'X'),
    pathway_code: p.pathway_code ?? 'CDR',
    estimated_gross_tonnage_kg: p.estimated_gross_tonnage_kg ?? null,
    estimated_lifetime: p.estimated_lifetime ?? null,
    registry: {
      status: p.status ?? 'validated',
      pathway: p.pathway ?? 'biomass_carbon_removal_and_storage',
      protocol_slug: p.protocol_slug ?? 'biochar',
      validator_name: p.validator_name ?? null,
      crediting_period_start: p.crediting_period_start ?? null,
      crediting_period_end: p.crediting_period_end ?? null,
    },
  };
}

/** A production batch, uploaded when the sandbox starts. */
function productionBatchRow(b: Row<'production_batches'>, startIso: string): ProductionBatchRow {
  return {
    id: b.id,
    owner: b.owner_organisation_id,
    facility_id: b.facility_id,
    feedstock_type_ids: b.feedstock_type_ids ?? [],
    supplier_reference_id: b.supplier_reference_id ?? null,
    kind: 'biochar',
    started_at: b.started_at,
    ended_at: b.ended_at,
    uploaded_at: startIso,
    display_name: b.display_name ?? b.id,
    mass: quantityRow(b.mass),
  };
}

/** Blueprints, removal templates, sources, datapoints, components and measurement samples. */
function loadRemovalData(state: ServiceState, world: World): void {
  for (const b of world.component_blueprints) state.blueprints.insert({ id: b.key, definition: b });
  const projectsById = new Map(world.projects.map((p) => [p.id, p]));
  for (const t of world.removal_templates) state.templates.insert(templateRow(t, projectsById.get(t.project_id)));
  for (const s of world.sources) {
    state.sources.insert({
      id: s.id,
      owner: s.owner_organisation_id,
      project_id: s.project_id,
      display_name: s.display_name,
      supplier_reference_id: s.supplier_reference_id ?? null,
      published_at: s.published_at ?? null,
      is_public: s.is_public ?? false,
      file_name: s.file_name ?? null,
      content_type: null,
      content_length: null,
    });
  }
  // A datapoint knows the measurement sample that records it.
  const sampleOf = new Map<string, string>();
  for (const m of world.measurement_samples) for (const v of m.values ?? []) sampleOf.set(v.datapoint_id, m.id);
  for (const d of world.datapoints) state.datapoints.insert(datapointRow(d, sampleOf.get(d.id) ?? null));
  for (const c of world.components) state.components.insert(componentRow(c));
  for (const m of world.measurement_samples) state.measurementSamples.insert(measurementSampleRow(m));
}

/** A removal template with its groups and components; its owner is its project's. */
function templateRow(t: Row<'removal_templates'>, project: Row<'projects'> | undefined): TemplateRow {
  return {
    id: t.id,
    owner: project?.owner_organisation_id ?? '',
    project_id: t.project_id,
    display_name: t.display_name,
    supplier_reference_id: t.supplier_reference_id ?? null,
    process_key: t.process_key ?? project?.process_key ?? 'default',
    groups: t.groups.map((g) => ({
      id: g.id,
      key: g.key,
      display_name: g.display_name,
      description: g.description ?? '',
      components: g.components.map((c) => ({
        id: c.id,
        display_name: c.display_name,
        description: c.description ?? null,
        blueprint_key: c.blueprint_key,
        inputs: c.inputs.map((input) => ({
          input_key: input.input_key,
          display_name: input.display_name ?? input.input_key,
          datapoint_id: input.datapoint_id ?? null,
        })),
      })),
    })),
  };
}

/** A datapoint, with the measurement sample that records it. */
function datapointRow(d: Row<'datapoints'>, measurementSampleId: string | null): DatapointRow {
  return {
    id: d.id,
    owner: d.owner_organisation_id,
    project_id: d.project_id,
    display_name: d.display_name,
    description: d.description ?? null,
    type: d.type ?? 'REPORTED',
    quantity: quantityRow(d.quantity),
    source_ids: d.source_ids ?? [],
    measured_at: d.measured_at ?? null,
    supplier_reference_id: d.supplier_reference_id ?? null,
    uncertainty_justification: d.uncertainty_justification ?? null,
    measurement_sample_id: measurementSampleId,
  };
}

/** A component of the world: removal-level, its inputs as lists of datapoint ids. */
function componentRow(c: Row<'components'>): ComponentRow {
  return {
    id: c.id,
    owner: c.owner_organisation_id,
    project_id: c.project_id,
    blueprint_key: c.blueprint_key,
    display_name: c.display_name,
    description: c.description ?? null,
    activity_started_at: c.activity_started_at ?? null,
    activity_completed_at: c.activity_completed_at ?? null,
    inputs: c.inputs.map((input) => ({
      input_key: input.input_key,
      datapoint_ids: input.datapoint_ids ?? (input.datapoint_id === undefined ? [] : [input.datapoint_id]),
    })),
    removal_template_component_id: c.removal_template_component_id ?? null,
    scope: 'REMOVAL',
    ghg_statement_id: null,
    allocation_strategy: null,
    supplier_reference_id: c.supplier_reference_id ?? null,
  };
}

/** A measurement sample with its values. */
function measurementSampleRow(m: Row<'measurement_samples'>): MeasurementSampleRow {
  return {
    id: m.id,
    owner: m.owner_organisation_id,
    project_id: m.project_id,
    supplier_reference_id: m.supplier_reference_id ?? null,
    measured_at: m.measured_at,
    measurement_location_id: m.measurement_location_id ?? null,
    production_batch_id: m.production_batch_id ?? null,
    feedstock_batch_id: null,
    storage_location_id: null,
    values: (m.values ?? []).map((v) => ({
      datapoint_id: v.datapoint_id,
      measurement_property: { quantity_kind: v.measurement_property.quantity_kind, qualifier: v.measurement_property.qualifier ?? null },
    })),
  };
}

/** Orders, monitoring requirements, project documents and Stripe configurations. */
function loadProjectRecords(state: ServiceState, world: World, startIso: string): void {
  const projectsById = new Map(world.projects.map((p) => [p.id, p]));
  for (const o of world.orders) {
    state.orders.insert({
      id: o.id,
      organisation_id: o.organisation_id,
      supplier_id: o.supplier_id,
      credits_ordered_kg: o.credits_ordered_kg ?? 0,
      created_at: startIso,
    });
  }
  for (const r of world.monitoring_requirements) {
    const owner = projectsById.get(r.project_id)?.owner_organisation_id ?? '';
    state.monitoringRequirements.insert({
      id: r.id,
      owner,
      project_id: r.project_id,
      storage_location_id: null,
      storage_unit_id: null,
      display_name: r.display_name,
      monitoring_phase: r.monitoring_phase,
      frequency: r.frequency,
      notes: r.notes ?? null,
    });
  }
  for (const d of world.project_documents) {
    state.projectDocuments.insert({
      id: d.id,
      owner: projectsById.get(d.project_id)?.owner_organisation_id ?? '',
      project_id: d.project_id,
      display_name: d.display_name,
      url: d.url,
    });
  }
  for (const c of world.stripe_configurations) {
    state.stripeConfigurations.insert({
      id: c.supplier_id,
      account_id: c.account_id,
      credit_product_price_per_tonne: c.credit_product_price_per_tonne ?? null,
      verification_product_price_per_tonne: c.verification_product_price_per_tonne ?? null,
      currency: c.currency ?? null,
      isometric_terms_and_conditions_url: c.isometric_terms_and_conditions_url,
    });
  }
}
