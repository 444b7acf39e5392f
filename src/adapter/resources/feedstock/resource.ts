/** The feedstock resource as the store and the state know it: its schemas, tables, supplier references, quantity fields and world collections (store/resource.ts). */
import { defineResource, tableOf, worldRows } from '../../store/resource';
import type { FacilityRow, FeedstockBatchRow, FeedstockTypeRow, ProductionBatchRow } from './rows';
import * as schemas from './schemas';
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

export const feedstockResource = defineResource({
  name: 'feedstock',
  schemas,
  tables,
  supplierReferences: ['feedstockTypes', 'feedstockBatches', 'productionBatches'],
  quantities: { feedstock_batch: { mass: 'mass' }, production_batch: { mass: 'mass' } },
  world: {
    /** Feedstock types of suppliers. */
    feedstock_types: worldRows(tables, 'feedstockTypes', worldFeedstockTypeSchema, feedstockTypeRow),
    /** Production batches (of biochar). */
    production_batches: worldRows(tables, 'productionBatches', worldProductionBatchSchema, productionBatchRow),
    /** Facilities (pyrolysis reactors, DAC plants, treatment plants). */
    facilities: worldRows(tables, 'facilities', worldFacilitySchema, facilityRow),
  },
});
