/**
 * The service's own records as the state holds them: organisations, their API clients and tokens
 * (no resource folder, no routes of their own), declared to the store like a resource
 * (store/resource.ts) and added to the state's shape (store/state-shape.ts). In a file of its own,
 * as each resource's descriptor is, so that the declaration merging stays out of the package's
 * declarations: state.ts's types are reached from the public ones, this file's are not.
 */
import type { ClientRow, OrganisationRow, TokenRow } from './rows';
import { defineResource, type IndexesOf, indexesOn, tableOf, type TablesOfSpecs } from './store/resource';
import { RowsByKey } from './store/rows-by-key';

const serviceTables = {
  organisations: tableOf<OrganisationRow>('organisations'),
  clients: tableOf<ClientRow>('clients'),
  tokens: tableOf<TokenRow>('access_tokens'),
};

const serviceIndexes = indexesOn(serviceTables, (t) => ({
  /** Organisations by kind: `supplier`, `registry` (the world's), `beneficiary:<org>` (registered by one). */
  organisationsByKind: new RowsByKey(t.organisations, (o) =>
    o.registered_by !== null ? `beneficiary:${o.registered_by}` : o.supplier !== null ? ['registry', 'supplier'] : 'registry',
  ),
  /** The organisation of each supplier id. */
  organisationOfSupplier: new RowsByKey(t.organisations, (o) => o.supplier?.id ?? null),
}));

/** The service's own records: organisations, their API clients and tokens (no resource folder, no routes of their own). */
export const SERVICE_RECORDS = defineResource({
  name: 'service',
  schemas: {},
  tables: serviceTables,
  supplierReferences: [],
  quantities: {},
  world: {},
  indexes: serviceIndexes,
  routes: () => [],
});

declare module './store/state-shape' {
  /** The state holds the service's own tables. */
  interface StateTables extends TablesOfSpecs<typeof serviceTables> {}
  /** The state's indexes hold the organisations' named indexes. */
  interface StateIndexes extends IndexesOf<typeof serviceIndexes> {}
}
