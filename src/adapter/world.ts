/**
 * Loading a world document into a fresh sandbox: shapes are checked with zod, then every
 * cross-reference (owners, projects, blueprints, datapoints, orders, credit batches); components
 * are checked by the accounting module like any graph. A bad world is refused as a whole with
 * every problem and its path, before anything is loaded.
 */
import { z } from 'zod';
import { prepareGraph } from '../accounting';
import {
  componentBlueprintDefinitionSchema,
  formatIssuePath,
  idSchema,
  quantityKindSchema,
  type GraphIssue,
  type IssuePath,
} from '../model';
import { countryCodeSchema, dateSchema, dateTimeSchema } from '../model/shapes';
import { CreditLedgerError } from '../registry';
import { tryParseUnit } from '../units';
import type { ServiceState } from './state';
import type { DatapointRow, QuantityRow, TemplateRow } from './rows';
import { organisationView } from './views';
import type { WorldDocument } from './world-types';

/**
 * Thrown by `createSandbox` for a world document that cannot be loaded; lists every problem with
 * its path into the document.
 */
export class WorldDocumentError extends Error {
  readonly issues: readonly GraphIssue[];

  constructor(issues: readonly GraphIssue[]) {
    const shown = issues.slice(0, 10).map((i) => `${formatIssuePath(i.path)}: ${i.message}`);
    const more = issues.length > 10 ? `\n  ... and ${issues.length - 10} more` : '';
    super(`invalid world document (${issues.length} problem${issues.length === 1 ? '' : 's'}):\n  ${shown.join('\n  ')}${more}`);
    this.name = 'WorldDocumentError';
    this.issues = issues;
  }
}

const text = z.string();
const optionalText = z.string().nullable().optional();
const reference = z.string().min(1).max(200).nullable().optional();
const quantity = z.object({
  magnitude: z.number().refine(Number.isFinite, 'must be a finite number'),
  unit: z.string().min(1),
  standard_deviation: z.number().gte(0).nullable().optional(),
});
const owner = idSchema('organisation');
const serialCode = z.string().regex(/^[A-Za-z0-9]{1,32}$/, 'must be 1 to 32 letters or digits');
const batchQuantities = z
  .array(z.object({ credit_batch_id: idSchema('credit_batch'), credit_quantity_kg: z.number().int().gt(0) }))
  .min(1);

const worldSchema = z
  .object({
    organisations: z
      .array(
        z.object({
          id: idSchema('organisation'),
          name: text,
          domain: optionalText,
          supplier: z
            .object({
              id: idSchema('supplier'),
              short_description: optionalText,
              long_description: optionalText,
              location: z
                .object({
                  country_code: countryCodeSchema,
                  country_name: text,
                  latitude: z.number().gte(-90).lte(90),
                  longitude: z.number().gte(-180).lte(180),
                  description: optionalText,
                })
                .nullable()
                .optional(),
            })
            .optional(),
          buffer_pool: z.boolean().optional(),
        }),
      )
      .default([]),
    clients: z.array(z.object({ client_secret: z.string().min(1), name: z.string().optional() })).default([]),
    access_tokens: z
      .array(
        z
          .object({
            token: z.string().min(1),
            organisation_id: owner,
            expires_at: dateTimeSchema.optional(),
            generated_at: dateTimeSchema.optional(),
          })
          .refine((t) => t.expires_at !== undefined || t.generated_at !== undefined, 'give expires_at or generated_at'),
      )
      .default([]),
    projects: z
      .array(
        z.object({
          id: idSchema('project'),
          owner_organisation_id: owner,
          name: text,
          country_code: countryCodeSchema,
          description: optionalText,
          short_description: optionalText,
          process_key: z.string().optional(),
          risk_of_reversal_percentage: z.number().gte(0).lte(100).nullable().optional(),
          verifier_organisation_id: owner.nullable().optional(),
          project_code: serialCode.optional(),
          pathway_code: serialCode.optional(),
        }),
      )
      .default([]),
    feedstock_types: z
      .array(z.object({ id: idSchema('feedstock_type'), owner_organisation_id: owner, name: text, supplier_reference_id: reference }))
      .default([]),
    production_batches: z
      .array(
        z.object({
          id: idSchema('production_batch'),
          owner_organisation_id: owner,
          facility_id: idSchema('facility'),
          feedstock_type_ids: z.array(idSchema('feedstock_type')).optional(),
          supplier_reference_id: reference,
          started_at: dateTimeSchema,
          ended_at: dateTimeSchema,
          display_name: z.string().optional(),
          mass: quantity,
        }),
      )
      .default([]),
    facilities: z
      .array(z.object({ id: idSchema('facility'), owner_organisation_id: owner, project_id: idSchema('project').nullable().optional(), name: text }))
      .default([]),
    file_uploads: z
      .array(
        z.object({
          id: idSchema('file_upload'),
          owner_organisation_id: owner,
          file_name: text,
          content_type: z.string().optional(),
          content_length: z.number().int().gte(0).optional(),
        }),
      )
      .default([]),
    component_blueprints: z.array(componentBlueprintDefinitionSchema).default([]),
    removal_templates: z
      .array(
        z.object({
          id: idSchema('removal_template'),
          project_id: idSchema('project'),
          display_name: text,
          supplier_reference_id: reference,
          process_key: z.string().optional(),
          groups: z.array(
            z.object({
              id: idSchema('removal_template_component_group'),
              key: z.string().min(1),
              display_name: text,
              description: z.string().optional(),
              components: z.array(
                z.object({
                  id: idSchema('removal_template_component'),
                  display_name: text,
                  description: optionalText,
                  blueprint_key: z.string().min(1),
                  inputs: z.array(
                    z.object({
                      input_key: z.string().min(1),
                      display_name: z.string().optional(),
                      datapoint_id: idSchema('datapoint').nullable().optional(),
                    }),
                  ),
                }),
              ),
            }),
          ),
        }),
      )
      .default([]),
    datapoints: z
      .array(
        z.object({
          id: idSchema('datapoint'),
          owner_organisation_id: owner,
          project_id: idSchema('project'),
          display_name: text,
          description: optionalText,
          type: z.enum(['CONSTANT', 'STANDARD_PUBLISHED_VALUE', 'REPORTED', 'ASSUMPTION', 'DERIVED']).optional(),
          quantity,
          source_ids: z.array(idSchema('source')).optional(),
          measured_at: dateTimeSchema.nullable().optional(),
          supplier_reference_id: reference,
          uncertainty_justification: optionalText,
        }),
      )
      .default([]),
    sources: z
      .array(
        z.object({
          id: idSchema('source'),
          owner_organisation_id: owner,
          project_id: idSchema('project'),
          display_name: text,
          supplier_reference_id: reference,
          is_public: z.boolean().optional(),
          file_name: optionalText,
          published_at: dateSchema.nullable().optional(),
        }),
      )
      .default([]),
    components: z
      .array(
        z.object({
          id: idSchema('component'),
          owner_organisation_id: owner,
          project_id: idSchema('project'),
          blueprint_key: z.string().min(1),
          display_name: text,
          description: optionalText,
          activity_started_at: dateTimeSchema.nullable().optional(),
          activity_completed_at: dateTimeSchema.nullable().optional(),
          inputs: z.array(
            z.object({
              input_key: z.string().min(1),
              datapoint_ids: z.array(idSchema('datapoint')).optional(),
              datapoint_id: idSchema('datapoint').optional(),
            }),
          ),
          supplier_reference_id: reference,
          removal_template_component_id: idSchema('removal_template_component').nullable().optional(),
        }),
      )
      .default([]),
    measurement_samples: z
      .array(
        z.object({
          id: idSchema('measurement_sample'),
          owner_organisation_id: owner,
          project_id: idSchema('project'),
          measured_at: dateSchema,
          supplier_reference_id: reference,
          measurement_location_id: idSchema('measurement_location').nullable().optional(),
          production_batch_id: idSchema('production_batch').nullable().optional(),
          values: z
            .array(
              z.object({
                datapoint_id: idSchema('datapoint'),
                measurement_property: z.object({ quantity_kind: quantityKindSchema, qualifier: z.string().nullable().optional() }),
              }),
            )
            .optional(),
        }),
      )
      .default([]),
    orders: z
      .array(z.object({ id: idSchema('order'), organisation_id: owner, supplier_id: idSchema('supplier'), credits_ordered_kg: z.number().int().gte(0).optional() }))
      .default([]),
    credit_batches: z
      .array(
        z.object({
          id: idSchema('credit_batch'),
          project_id: idSchema('project'),
          ghg_entry_id: idSchema('ghg_entry'),
          sequestered_on: dateSchema,
          size_kg: z.number().int().gt(0),
          pool: z.enum(['supplier', 'buffer_pool']).optional(),
          issued_at: dateTimeSchema.optional(),
          carbon_removal_data: z
            .object({
              counterfactuals_kg: z.number(),
              emissions_kg: z.number(),
              gross_carbon_removed_kg: z.number(),
              losses_kg: z.number(),
              net_carbon_removed_kg: z.number(),
            })
            .optional(),
          ccp_approved: z.boolean().optional(),
        }),
      )
      .default([]),
    deliveries: z
      .array(
        z.object({
          id: idSchema('delivery'),
          order_id: idSchema('order'),
          credit_batch_quantities: batchQuantities,
          notes: z.string().max(256).nullable().optional(),
          delivered_at: dateTimeSchema.optional(),
        }),
      )
      .default([]),
    transfers: z
      .array(
        z.object({
          id: idSchema('transfer'),
          from_organisation_id: owner,
          to_organisation_id: owner,
          supplier_id: idSchema('supplier'),
          credit_batch_quantities: batchQuantities,
          notes: z.string().max(256).nullable().optional(),
          transferred_at: dateTimeSchema.optional(),
        }),
      )
      .default([]),
    refunds: z
      .array(
        z.object({
          id: idSchema('refund'),
          to_organisation_id: owner,
          credit_batch_quantities: batchQuantities,
          notes: z.string().max(256).nullable().optional(),
          refunded_at: dateTimeSchema.optional(),
        }),
      )
      .default([]),
    registry: z.object({ registry_code: serialCode.optional() }).optional(),
  })
  .strict();

type World = z.output<typeof worldSchema>;

/** One year after `ms`, on the calendar (a token's lifetime, interface.md 5). */
export function oneYearAfter(ms: number): number {
  const date = new Date(ms);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.getTime();
}

function quantityRow(q: { magnitude: number; unit: string; standard_deviation?: number | null | undefined }): QuantityRow {
  return { magnitude: q.magnitude, unit: q.unit, standard_deviation: q.standard_deviation ?? null };
}

/** Checks ids are unique within and across collections of the same kind, and references resolve. */
function crossCheck(world: World): GraphIssue[] {
  const issues: GraphIssue[] = [];
  const problem = (path: IssuePath, message: string, code = 'invalid_reference'): void => {
    issues.push({ path, message, code });
  };
  const idsOf = <T extends { id: string }>(collection: string, rows: readonly T[]): Map<string, T> => {
    const map = new Map<string, T>();
    rows.forEach((row, i) => {
      if (map.has(row.id)) problem([collection, i, 'id'], `id '${row.id}' is used more than once`, 'duplicate_id');
      else map.set(row.id, row);
    });
    return map;
  };
  const organisations = idsOf('organisations', world.organisations);
  const projects = idsOf('projects', world.projects);
  const feedstockTypes = idsOf('feedstock_types', world.feedstock_types);
  const facilities = idsOf('facilities', world.facilities);
  idsOf('production_batches', world.production_batches);
  idsOf('file_uploads', world.file_uploads);
  idsOf('removal_templates', world.removal_templates);
  const datapoints = idsOf('datapoints', world.datapoints);
  const sources = idsOf('sources', world.sources);
  idsOf('components', world.components);
  idsOf('measurement_samples', world.measurement_samples);
  const orders = idsOf('orders', world.orders);
  const batches = idsOf('credit_batches', world.credit_batches);
  idsOf('deliveries', world.deliveries);
  idsOf('transfers', world.transfers);
  idsOf('refunds', world.refunds);

  const suppliers = new Map<string, string>();
  world.organisations.forEach((o, i) => {
    if (o.supplier === undefined) return;
    if (suppliers.has(o.supplier.id)) problem(['organisations', i, 'supplier', 'id'], `supplier id '${o.supplier.id}' is used more than once`, 'duplicate_id');
    suppliers.set(o.supplier.id, o.id);
  });
  const bufferPools = world.organisations.filter((o) => o.buffer_pool === true);
  if (bufferPools.length > 1) problem(['organisations'], `${bufferPools.length} organisations are marked buffer_pool; at most one may hold the buffer pool`, 'duplicate_buffer_pool');
  const secrets = new Set<string>();
  world.clients.forEach((c, i) => {
    if (secrets.has(c.client_secret)) problem(['clients', i, 'client_secret'], 'client secret is used more than once', 'duplicate_id');
    secrets.add(c.client_secret);
  });
  const tokens = new Set<string>();
  world.access_tokens.forEach((t, i) => {
    if (tokens.has(t.token)) problem(['access_tokens', i, 'token'], 'token is used more than once', 'duplicate_id');
    tokens.add(t.token);
    if (!organisations.has(t.organisation_id)) problem(['access_tokens', i, 'organisation_id'], `organisation '${t.organisation_id}' is not in organisations`);
  });

  const supplierOwner = (path: IssuePath, id: string): void => {
    const org = organisations.get(id);
    if (org === undefined) problem(path, `organisation '${id}' is not in organisations`);
    else if (org.supplier === undefined) problem(path, `organisation '${id}' has no supplier record, so it cannot own supplier data`);
  };
  const inProject = (collection: string, i: number, row: { owner_organisation_id: string; project_id?: string | null }): void => {
    supplierOwner([collection, i, 'owner_organisation_id'], row.owner_organisation_id);
    if (row.project_id === undefined || row.project_id === null) return;
    const project = projects.get(row.project_id);
    if (project === undefined) problem([collection, i, 'project_id'], `project '${row.project_id}' is not in projects`);
    else if (project.owner_organisation_id !== row.owner_organisation_id) {
      problem([collection, i, 'project_id'], `project '${row.project_id}' belongs to '${project.owner_organisation_id}', not to the owner '${row.owner_organisation_id}'`);
    }
  };

  world.projects.forEach((p, i) => {
    supplierOwner(['projects', i, 'owner_organisation_id'], p.owner_organisation_id);
    const verifier = p.verifier_organisation_id;
    if (verifier !== undefined && verifier !== null) {
      if (!organisations.has(verifier)) problem(['projects', i, 'verifier_organisation_id'], `organisation '${verifier}' is not in organisations`);
      else if (verifier === p.owner_organisation_id) problem(['projects', i, 'verifier_organisation_id'], 'a project cannot be verified by its own supplier');
    }
  });
  world.feedstock_types.forEach((r, i) => supplierOwner(['feedstock_types', i, 'owner_organisation_id'], r.owner_organisation_id));
  world.facilities.forEach((r, i) => inProject('facilities', i, r));
  world.file_uploads.forEach((r, i) => supplierOwner(['file_uploads', i, 'owner_organisation_id'], r.owner_organisation_id));
  world.production_batches.forEach((r, i) => {
    supplierOwner(['production_batches', i, 'owner_organisation_id'], r.owner_organisation_id);
    if (!facilities.has(r.facility_id)) problem(['production_batches', i, 'facility_id'], `facility '${r.facility_id}' is not in facilities`);
    (r.feedstock_type_ids ?? []).forEach((f, k) => {
      if (!feedstockTypes.has(f)) problem(['production_batches', i, 'feedstock_type_ids', k], `feedstock type '${f}' is not in feedstock_types`);
    });
  });
  world.sources.forEach((r, i) => inProject('sources', i, r));
  world.datapoints.forEach((r, i) => {
    inProject('datapoints', i, r);
    if (tryParseUnit(r.quantity.unit) === undefined) problem(['datapoints', i, 'quantity', 'unit'], `unit '${r.quantity.unit}' is not a known unit`, 'unknown_unit');
    (r.source_ids ?? []).forEach((s, k) => {
      const source = sources.get(s);
      if (source === undefined) problem(['datapoints', i, 'source_ids', k], `source '${s}' is not in sources`);
      else if (source.owner_organisation_id !== r.owner_organisation_id) problem(['datapoints', i, 'source_ids', k], `source '${s}' has another owner`);
    });
  });
  const blueprintKeys = new Set(world.component_blueprints.map((b) => b.key));
  const templateComponentIds = new Set<string>();
  const groupIds = new Set<string>();
  world.removal_templates.forEach((t, i) => {
    const project = projects.get(t.project_id);
    if (project === undefined) problem(['removal_templates', i, 'project_id'], `project '${t.project_id}' is not in projects`);
    t.groups.forEach((g, gi) => {
      if (groupIds.has(g.id)) problem(['removal_templates', i, 'groups', gi, 'id'], `group id '${g.id}' is used more than once`, 'duplicate_id');
      groupIds.add(g.id);
      g.components.forEach((c, ci) => {
        const path = ['removal_templates', i, 'groups', gi, 'components', ci];
        if (templateComponentIds.has(c.id)) problem([...path, 'id'], `template component id '${c.id}' is used more than once`, 'duplicate_id');
        templateComponentIds.add(c.id);
        if (!blueprintKeys.has(c.blueprint_key)) problem([...path, 'blueprint_key'], `blueprint '${c.blueprint_key}' is not in component_blueprints`);
        c.inputs.forEach((input, k) => {
          const d = input.datapoint_id;
          if (d === undefined || d === null) return;
          const datapoint = datapoints.get(d);
          if (datapoint === undefined) problem([...path, 'inputs', k, 'datapoint_id'], `datapoint '${d}' is not in datapoints`);
          else if (project !== undefined && datapoint.owner_organisation_id !== project.owner_organisation_id) problem([...path, 'inputs', k, 'datapoint_id'], `datapoint '${d}' has another owner than the project`);
        });
      });
    });
  });
  world.components.forEach((r, i) => {
    inProject('components', i, r);
    const rtc = r.removal_template_component_id;
    if (rtc !== undefined && rtc !== null && !templateComponentIds.has(rtc)) problem(['components', i, 'removal_template_component_id'], `template component '${rtc}' is not in removal_templates`);
    r.inputs.forEach((input, k) => {
      for (const d of [...(input.datapoint_ids ?? []), ...(input.datapoint_id === undefined ? [] : [input.datapoint_id])]) {
        const datapoint = datapoints.get(d);
        if (datapoint !== undefined && datapoint.owner_organisation_id !== r.owner_organisation_id) problem(['components', i, 'inputs', k], `datapoint '${d}' has another owner`);
      }
    });
  });
  world.measurement_samples.forEach((r, i) => {
    inProject('measurement_samples', i, r);
    (r.values ?? []).forEach((v, k) => {
      const datapoint = datapoints.get(v.datapoint_id);
      if (datapoint === undefined) problem(['measurement_samples', i, 'values', k, 'datapoint_id'], `datapoint '${v.datapoint_id}' is not in datapoints`);
      else if (datapoint.owner_organisation_id !== r.owner_organisation_id) problem(['measurement_samples', i, 'values', k, 'datapoint_id'], `datapoint '${v.datapoint_id}' has another owner`);
    });
  });
  world.orders.forEach((o, i) => {
    if (!organisations.has(o.organisation_id)) problem(['orders', i, 'organisation_id'], `organisation '${o.organisation_id}' is not in organisations`);
    if (!suppliers.has(o.supplier_id)) problem(['orders', i, 'supplier_id'], `supplier '${o.supplier_id}' is not a supplier of organisations`);
  });
  if (world.credit_batches.length > 0 && bufferPools.length === 0) {
    problem(['credit_batches'], 'issuing credit batches needs an organisation marked buffer_pool');
  }
  world.credit_batches.forEach((b, i) => {
    if (!projects.has(b.project_id)) problem(['credit_batches', i, 'project_id'], `project '${b.project_id}' is not in projects`);
  });
  const checkLines = (collection: string, i: number, lines: readonly { credit_batch_id: string }[]): void => {
    lines.forEach((line, k) => {
      if (!batches.has(line.credit_batch_id)) problem([collection, i, 'credit_batch_quantities', k, 'credit_batch_id'], `credit batch '${line.credit_batch_id}' is not in credit_batches`);
    });
  };
  world.deliveries.forEach((d, i) => {
    if (!orders.has(d.order_id)) problem(['deliveries', i, 'order_id'], `order '${d.order_id}' is not in orders`);
    checkLines('deliveries', i, d.credit_batch_quantities);
  });
  world.transfers.forEach((t, i) => {
    if (!organisations.has(t.from_organisation_id)) problem(['transfers', i, 'from_organisation_id'], `organisation '${t.from_organisation_id}' is not in organisations`);
    if (!organisations.has(t.to_organisation_id)) problem(['transfers', i, 'to_organisation_id'], `organisation '${t.to_organisation_id}' is not in organisations`);
    checkLines('transfers', i, t.credit_batch_quantities);
  });
  world.refunds.forEach((r, i) => {
    if (!organisations.has(r.to_organisation_id)) problem(['refunds', i, 'to_organisation_id'], `organisation '${r.to_organisation_id}' is not in organisations`);
    if (bufferPools.length === 0) problem(['refunds', i], 'no organisation is marked buffer_pool');
    checkLines('refunds', i, r.credit_batch_quantities);
  });

  // Supplier references: unique per supplier organisation across every collection.
  const seenReferences = new Map<string, string>();
  const references: [string, readonly { owner_organisation_id: string; supplier_reference_id?: string | null | undefined }[]][] = [
    ['feedstock_types', world.feedstock_types],
    ['production_batches', world.production_batches],
    ['datapoints', world.datapoints],
    ['sources', world.sources],
    ['components', world.components],
    ['measurement_samples', world.measurement_samples],
  ];
  for (const [collection, rows] of references) {
    rows.forEach((row, i) => {
      const ref = row.supplier_reference_id;
      if (ref === undefined || ref === null) return;
      const key = `${row.owner_organisation_id}\u0000${ref}`;
      const first = seenReferences.get(key);
      if (first !== undefined) problem([collection, i, 'supplier_reference_id'], `supplier_reference_id '${ref}' is already used by ${first}`, 'duplicate_reference');
      else seenReferences.set(key, `${collection}[${i}]`);
    });
  }

  // Components against blueprints and datapoints: the accounting module's own checks.
  if (issues.length === 0 && world.components.length > 0) {
    const prepared = prepareGraph({
      component_blueprints: world.component_blueprints,
      datapoints: world.datapoints.map((d) => ({ id: d.id, quantity: d.quantity })),
      components: world.components.map((c) => ({ id: c.id, blueprint_key: c.blueprint_key, inputs: c.inputs })),
      ghg_entries: [],
    });
    if (!prepared.ok) issues.push(...prepared.issues);
  } else if (issues.length === 0 && world.component_blueprints.length > 0) {
    const prepared = prepareGraph({ component_blueprints: world.component_blueprints, datapoints: [], components: [], ghg_entries: [] });
    if (!prepared.ok) issues.push(...prepared.issues);
  }
  return issues;
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
  const parsed = worldSchema.safeParse(document);
  if (!parsed.success) throw new WorldDocumentError(zodIssues(parsed.error));
  const world = parsed.data;
  const issues = crossCheck(world);
  if (issues.length > 0) throw new WorldDocumentError(issues);

  const startMs = state.clock.nowMs();
  const startIso = new Date(startMs).toISOString();
  if (world.registry?.registry_code !== undefined) state.registryCode = world.registry.registry_code;

  for (const o of world.organisations) {
    const supplier = o.supplier;
    state.organisations.insert({
      id: o.id,
      name: o.name,
      domain: o.domain ?? null,
      buffer_pool: o.buffer_pool ?? false,
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
    });
  }
  for (const c of world.clients) state.clients.insert({ id: c.client_secret, name: c.name ?? null });
  for (const t of world.access_tokens) {
    const expires = t.expires_at !== undefined ? Date.parse(t.expires_at) : oneYearAfter(Date.parse(t.generated_at as string));
    state.tokens.insert({ id: t.token, organisation_id: t.organisation_id, expires_at_ms: expires });
  }
  for (const p of world.projects) {
    state.projects.insert({
      id: p.id,
      owner: p.owner_organisation_id,
      name: p.name,
      country_code: p.country_code,
      description: p.description ?? null,
      short_description: p.short_description ?? null,
      process_key: p.process_key ?? 'default',
      risk_of_reversal_percentage: p.risk_of_reversal_percentage ?? null,
      verifier_organisation_id: p.verifier_organisation_id ?? null,
      project_code: p.project_code ?? p.id.slice(-6).toUpperCase().replace(/[^A-Z0-9]/g, 'X'),
      pathway_code: p.pathway_code ?? 'CDR',
    });
  }
  for (const f of world.feedstock_types) {
    state.feedstockTypes.insert({ id: f.id, owner: f.owner_organisation_id, name: f.name, supplier_reference_id: f.supplier_reference_id ?? null });
  }
  for (const f of world.facilities) {
    state.facilities.insert({ id: f.id, owner: f.owner_organisation_id, project_id: f.project_id ?? null, name: f.name });
  }
  for (const b of world.production_batches) {
    state.productionBatches.insert({
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
    });
  }
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
  for (const b of world.component_blueprints) state.blueprints.insert({ id: b.key, definition: b });
  const projectsById = new Map(world.projects.map((p) => [p.id, p]));
  for (const t of world.removal_templates) {
    const project = projectsById.get(t.project_id);
    const row: TemplateRow = {
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
    state.templates.insert(row);
  }
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
  const sampleOf = new Map<string, string>();
  for (const m of world.measurement_samples) for (const v of m.values ?? []) sampleOf.set(v.datapoint_id, m.id);
  for (const d of world.datapoints) {
    const row: DatapointRow = {
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
      measurement_sample_id: sampleOf.get(d.id) ?? null,
    };
    state.datapoints.insert(row);
  }
  for (const c of world.components) {
    state.components.insert({
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
      supplier_reference_id: c.supplier_reference_id ?? null,
    });
  }
  for (const m of world.measurement_samples) {
    state.measurementSamples.insert({
      id: m.id,
      owner: m.owner_organisation_id,
      project_id: m.project_id,
      supplier_reference_id: m.supplier_reference_id ?? null,
      measured_at: m.measured_at,
      measurement_location_id: m.measurement_location_id ?? null,
      production_batch_id: m.production_batch_id ?? null,
      values: (m.values ?? []).map((v) => ({
        datapoint_id: v.datapoint_id,
        measurement_property: { quantity_kind: v.measurement_property.quantity_kind, qualifier: v.measurement_property.qualifier ?? null },
      })),
    });
  }
  for (const o of world.orders) {
    state.orders.insert({ id: o.id, organisation_id: o.organisation_id, supplier_id: o.supplier_id, credits_ordered_kg: o.credits_ordered_kg ?? 0, created_at: startIso });
  }
  loadLedger(state, world, startMs);
}

/** Where a file upload's bytes would go; the sandbox keeps no files. */
export function uploadUrl(id: string): string {
  return `https://uploads.sandbox.invalid/file-uploads/${id}`;
}

/** Replays the world's registry records through the ledger, keeping the world's own ids. */
function loadLedger(state: ServiceState, world: World, startMs: number): void {
  const organisation = (id: string) => organisationView(state, id);
  for (const o of world.organisations) {
    state.ledger.registerOrganisation(organisation(o.id));
    if (o.supplier !== undefined) {
      state.ledger.registerSupplier({
        id: o.supplier.id,
        organisation: organisation(o.id),
        short_description: o.supplier.short_description ?? null,
        long_description: o.supplier.long_description ?? null,
        location: o.supplier.location === undefined || o.supplier.location === null ? null : { ...o.supplier.location, description: o.supplier.location.description ?? null },
      });
    }
  }
  const bufferPool = world.organisations.find((o) => o.buffer_pool === true);
  const at = (iso: string | undefined): void => state.clock.pin(iso === undefined ? startMs : Date.parse(iso));
  const fail = (path: IssuePath, error: unknown): never => {
    if (error instanceof CreditLedgerError) {
      throw new WorldDocumentError(error.problems.map((p) => ({ path: [...path, ...p.path], message: p.message, code: p.code })));
    }
    throw error;
  };
  try {
    world.credit_batches.forEach((b, i) => {
      const project = state.projects.get(b.project_id);
      const owner = project === undefined ? undefined : state.organisations.get(project.owner);
      if (project === undefined || owner?.supplier === null || owner === undefined) return;
      const supplier = owner.supplier;
      const buffer = b.pool === 'buffer_pool';
      at(b.issued_at);
      state.overrideLedgerIds('credit_batch', [b.id]);
      try {
        const issuance = state.ledger.createIssuance({
          ghg_statement_id: state.ids('ghg_statement'),
          project_id: project.id,
          supplier_id: supplier.id,
          supplier_organisation: organisation(owner.id),
          buffer_pool_organisation: organisation(bufferPool?.id ?? owner.id),
          country_of_issue: project.country_code,
          registry_code: state.registryCode,
          pathway_code: project.pathway_code,
          project_code: project.project_code,
          ccp_approved: b.ccp_approved ?? false,
          entries: [
            {
              ghg_entry_id: b.ghg_entry_id,
              sequestered_on: b.sequestered_on,
              supplier_allocation_kg: buffer ? 0 : b.size_kg,
              buffer_pool_contribution_kg: buffer ? b.size_kg : 0,
              carbon_removal_data: b.carbon_removal_data ?? {
                counterfactuals_kg: 0,
                emissions_kg: 0,
                gross_carbon_removed_kg: 0,
                losses_kg: 0,
                net_carbon_removed_kg: 0,
              },
            },
          ],
        });
        state.recordIssuance(issuance.id);
      } catch (error) {
        fail(['credit_batches', i], error);
      }
    });
    // Transactions are replayed in order, each at its own date and with its own id.
    const replay = <T extends { readonly id: string; readonly credit_batch_quantities: readonly { readonly credit_batch_id: string }[] }>(
      collection: 'deliveries' | 'transfers' | 'refunds',
      kind: 'delivery' | 'transfer' | 'refund',
      items: readonly T[],
      when: (item: T) => string | undefined,
      create: (item: T) => { readonly id: string } | undefined,
    ): void => {
      items.forEach((item, i) => {
        at(when(item));
        state.overrideLedgerIds(kind, [item.id]);
        try {
          const view = create(item);
          if (view !== undefined) state.recordTransaction(kind, view.id, item.credit_batch_quantities);
        } catch (error) {
          fail([collection, i], error);
        }
      });
    };
    replay('deliveries', 'delivery', world.deliveries, (d) => d.delivered_at, (d) => {
      // The cross-check refused a world whose order is missing; nothing to replay then.
      const order = state.orders.get(d.order_id);
      if (order === undefined) return undefined;
      return state.ledger.createDelivery({
        order: { id: order.id, organisation: organisation(order.organisation_id), supplier_id: order.supplier_id },
        credit_batch_quantities: d.credit_batch_quantities,
        notes: d.notes ?? null,
      });
    });
    replay('transfers', 'transfer', world.transfers, (t) => t.transferred_at, (t) =>
      state.ledger.createTransfer({
        from_organisation_id: t.from_organisation_id,
        to_organisation_id: t.to_organisation_id,
        supplier_id: t.supplier_id,
        credit_batch_quantities: t.credit_batch_quantities,
        notes: t.notes ?? null,
      }));
    replay('refunds', 'refund', world.refunds, (r) => r.refunded_at, (r) =>
      state.ledger.createRefund({
        from_buffer_pool_organisation_id: bufferPool?.id ?? '',
        to_organisation_id: r.to_organisation_id,
        credit_batch_quantities: r.credit_batch_quantities,
        notes: r.notes ?? null,
      }));
  } finally {
    state.clock.pin(null);
    for (const kind of ['credit_batch', 'delivery', 'transfer', 'refund'] as const) state.overrideLedgerIds(kind, []);
  }
}
