/** The feedstock resource as the store and the state know it: its schemas, tables, supplier references, quantity fields, world collections, named indexes and routes (store/resource.ts). */
import { defineResource, tableOf, worldRows, type TablesOfSpecs, indexesOn, type IndexesOf } from '../../store/resource';
import type { FacilityRow, FeedstockBatchRow, FeedstockTypeRow, ProductionBatchRow } from './rows';
import * as schemas from './schemas';
import { FEEDSTOCK_QUANTITIES } from './quantities';
import { RowsByKey } from '../../store/rows-by-key';
import { feedstockRoutes } from './routes';
import {
  facilityRow,
  feedstockTypeRow,
  productionBatchRow,
  worldFacilitySchema,
  worldFeedstockTypeSchema,
  worldProductionBatchSchema,
} from './world';

const tables = {
  feedstockTypes: tableOf<FeedstockTypeRow>('feedstock_types'),
  feedstockBatches: tableOf<FeedstockBatchRow>('feedstock_batches'),
  productionBatches: tableOf<ProductionBatchRow>('production_batches'),
  facilities: tableOf<FacilityRow>('facilities'),
};

/** Its named indexes (store/state-shape.ts, StateIndexes), kept in step with its tables. */
const indexes = indexesOn(tables, (t) => ({
  /** Feedstock batches of each feedstock type. */
  batchesByType: new RowsByKey(t.feedstockBatches, (b) => b.feedstock_type_id),
}));

export const feedstockResource = defineResource({
  name: 'feedstock',
  schemas,
  tables,
  supplierReferences: ['feedstockTypes', 'feedstockBatches', 'productionBatches'],
  quantities: FEEDSTOCK_QUANTITIES,
  world: {
    /** Feedstock types of suppliers. */
    feedstock_types: worldRows(tables, 'feedstockTypes', worldFeedstockTypeSchema, feedstockTypeRow),
    /** Production batches (of biochar). */
    production_batches: worldRows(tables, 'productionBatches', worldProductionBatchSchema, productionBatchRow),
    /** Facilities (pyrolysis reactors, DAC plants, treatment plants). */
    facilities: worldRows(tables, 'facilities', worldFacilitySchema, facilityRow),
  },
  indexes,
  routes: feedstockRoutes,
});

declare module '../../store/state-shape' {
  /** The state holds its tables. */
  interface StateTables extends TablesOfSpecs<typeof tables> {}
  /** The state's indexes hold its named indexes. */
  interface StateIndexes extends IndexesOf<typeof indexes> {}
}
