/**
 * The service's resources, one folder each, grouped as the service's route prefixes group them:
 * `<resource>/resource.ts` declares what the store and the state hold of it (its schemas module,
 * its tables, which of them carry supplier references, the quantity kind of its ScalarQuantity
 * fields, its collections of the world document, its named indexes, its routes:
 * store/resource.ts; it adds its tables and indexes to the state's types, store/state-shape.ts;
 * `<resource>/world.ts` holds the world's record schemas and rows), `<resource>/routes.ts` its routes (method, path, the zod schemas of
 * their parts and of the 200 body, the handler, typed by those schemas), `<resource>/view.ts` turns
 * its stored rows into response bodies typed by its response schema, `<resource>/schemas.ts`
 * declares its zod schemas and `<resource>/rows.ts` its row types. What every resource shares
 * (pagination, id paths, the "not sent" marker, fields such as dates and quantities) stays in
 * src/model. This module is the resource list: the state makes one typed table per declared
 * table from it and the indexes register its named indexes and supplier references (sandbox.ts
 * hands it to the state), the OpenAPI document names its schemas, the world composes its document
 * from its collections, routes.ts makes the route table from its routes. Adding a resource: its
 * folder, one line here (and its import), its schema names in src/entry/schemas.ts,
 * docs/service.md (docs/architecture.md).
 *
 * May import: http, store, indexes, evaluation, context.ts, router.ts, rows.ts, state.ts, registry,
 * accounting, model. The layers are in eslint.config.mjs (SUB_FOLDER_MAY_IMPORT): the world and the
 * OpenAPI document stand above the resources, the store and http below them. What two resources share
 * (visible-lists.ts, views.ts, common.ts, component-shapes.ts, world-shapes.ts, attribution-shares.ts) sits at the top of resources/, below the
 * resource folders, and no resource folder imports another in a loop (test/import-cycles.test.ts);
 * nothing outside resources/ imports a resource module but this list and routes.ts, and for a
 * resource's schemas.ts the rows and the `cdr-engine/schemas` entry.
 */
import { type NamedIndexesOf, quantitiesOf, type TablesOf, worldOf } from '../store/resource';
import { componentsResource } from './components/resource';
import { creditLedgerResource } from './credit-ledger/resource';
import { datapointsResource } from './datapoints/resource';
import { feedstockResource } from './feedstock/resource';
import { ghgStatementsResource } from './ghg-statements/resource';
import { measurementsResource } from './measurements/resource';
import { monitoringResource } from './monitoring/resource';
import { projectsResource } from './projects/resource';
import { registryPartiesResource } from './registry-parties/resource';
import { removalsResource } from './removals/resource';
import { sourcesResource } from './sources/resource';
import { storageResource } from './storage/resource';
import { stripeResource } from './stripe/resource';

/**
 * Every resource, in the order their supplier references are registered (the last one scanned
 * wins a reference used twice) and their tables made (the store's snapshot order).
 */
export const RESOURCES = [
  feedstockResource,
  projectsResource,
  datapointsResource,
  sourcesResource,
  componentsResource,
  removalsResource,
  storageResource,
  measurementsResource,
  ghgStatementsResource,
  monitoringResource,
  registryPartiesResource,
  creditLedgerResource,
  stripeResource,
] as const;

/** One typed table per table a resource declares, by the name it gives it (the state's StateTables, store/state-shape.ts, but the service's own). */
export type ResourceTables = TablesOf<typeof RESOURCES>;

/** Every named index a resource registers, by name (the state's StateIndexes, store/state-shape.ts, but the service's own). */
export type ResourceIndexes = NamedIndexesOf<typeof RESOURCES>;

/**
 * The quantity kind of every ScalarQuantity field of a request or world document, by resource and
 * field: what the field measures, hence which units it takes (each resource declares its own).
 */
export const QUANTITY_FIELDS = quantitiesOf(RESOURCES);

export type { WorldCollection, WorldCollections, WorldStart } from '../store/resource';

/**
 * The collections of the world document the resources hold, by the document's key: each one's
 * record schema and loader (world/ composes the document's schema from them and loads them).
 */
export const WORLD_COLLECTIONS = worldOf(RESOURCES);

/** Every resource's schemas by their exported names: the OpenAPI document names its component schemas from these. */
export const RESOURCE_SCHEMAS: Readonly<Record<string, unknown>> = schemasOf(RESOURCES);

function schemasOf(
  list: readonly { readonly name: string; readonly schemas: Readonly<Record<string, unknown>> }[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { name, schemas } of list)
    for (const [key, value] of Object.entries(schemas)) {
      if (key in out && out[key] !== value) throw new Error(`resource '${name}' exports a schema '${key}' another resource exports too`);
      out[key] = value;
    }
  return out;
}
