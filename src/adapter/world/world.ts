/**
 * Loading a world document into a fresh sandbox: shapes are checked with zod and unknown keys
 * with their nearest known key (model/schema-walk.ts), then every cross-reference (world-check.ts). A bad
 * world is refused as a whole with every problem and its path, before anything is loaded.
 */
import type { z } from 'zod';
import type { GraphIssue } from '../../model';
import type { ServiceState } from '../state';
import type { OrganisationRow } from '../rows';
import { WORLD_COLLECTIONS, type WorldCollections, type WorldStart } from '../resources';
import { crossCheck } from './world-check';
import { WorldDocumentError } from './world-error';
import { unknownKeyIssues } from '../../model/schema-walk';
import { loadLedger } from './world-ledger';
import { worldSchema, type World } from './world-schema';
import type { WorldDocument } from './world-types';

export { WorldDocumentError } from './world-error';

/** One year after `ms`, on the calendar (a token's lifetime, docs/service.md#authentication). */
export function oneYearAfter(ms: number): number {
  const date = new Date(ms);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.getTime();
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
  loadCollections(state, world, { startIso, startMs, project: (id) => state.projects.get(id) });
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

/**
 * The order the resources' collections are loaded in (each row takes the store's next sequence
 * number, so the order is the rows' creation order); a collection not named here (a resource added
 * since) is loaded after these, in resource-list order. Projects come first: the records of other
 * collections take their project's owner.
 */
const LOAD_ORDER = [
  'projects',
  'feedstock_types',
  'facilities',
  'production_batches',
  'file_uploads',
  'component_blueprints',
  'removal_templates',
  'sources',
  'datapoints',
  'components',
  'measurement_samples',
  'orders',
  'monitoring_requirements',
  'project_documents',
  'stripe_configurations',
];

/** Every resource's collections of `world`, each loaded by its resource's descriptor. */
function loadCollections(state: ServiceState, world: World, start: WorldStart): void {
  const rank = (key: string): number => {
    const at = LOAD_ORDER.indexOf(key);
    return at === -1 ? LOAD_ORDER.length : at;
  };
  const collections: WorldCollections = WORLD_COLLECTIONS;
  // Each collection's records were parsed by its own record schema (world-schema.ts composes them).
  const records: Readonly<Record<string, unknown>> = world;
  const keys = Object.keys(collections).sort((a, b) => rank(a) - rank(b));
  for (const key of keys) collections[key]?.load(records[key] as readonly unknown[], state, start);
}
