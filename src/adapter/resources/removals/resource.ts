/** The removals resource as the store and the state know it: its schemas, tables, supplier references, quantity fields, named indexes and routes (store/resource.ts). */
import { defineResource, tableOf, type TablesOfSpecs, indexesOn, type IndexesOf } from '../../store/resource';
import type { AttributionRow, RemovalRow } from './rows';
import * as schemas from './schemas';
import { RowsByKey } from '../../store/rows-by-key';
import { removalRoutes } from './routes';

const tables = {
  removals: tableOf<RemovalRow>('removals'),
  attributions: tableOf<AttributionRow>('component_attributions'),
};

/** Its named indexes (store/state-shape.ts, StateIndexes), kept in step with its tables. */
const indexes = indexesOn(tables, (t) => ({
  /** Attributions of each GHG entry, in creation order. */
  attributionsByRemoval: new RowsByKey(t.attributions, (a) => a.removal_id),
  /** Attributions of each component, in creation order. */
  attributionsByComponent: new RowsByKey(t.attributions, (a) => a.component_id),
  /** Attributions using a datapoint as legacy attribution factor. */
  attributionsByFactorDatapoint: new RowsByKey(t.attributions, (a) => a.attribution_factor_datapoint_id),
}));

export const removalsResource = defineResource({
  name: 'removals',
  schemas,
  tables,
  supplierReferences: ['removals'],
  quantities: {},
  world: {},
  indexes,
  routes: removalRoutes,
});

declare module '../../store/state-shape' {
  /** The state holds its tables. */
  interface StateTables extends TablesOfSpecs<typeof tables> {}
  /** The state's indexes hold its named indexes. */
  interface StateIndexes extends IndexesOf<typeof indexes> {}
}
