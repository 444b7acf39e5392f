/** The feedstock resource as the store and the state know it: its schemas, tables, supplier references and quantity fields (store/resource.ts). */
import { defineResource, tableOf } from '../../store/resource';
import type { FacilityRow, FeedstockBatchRow, FeedstockTypeRow, ProductionBatchRow } from './rows';
import * as schemas from './schemas';

export const feedstockResource = defineResource({
  name: 'feedstock',
  schemas,
  tables: {
    feedstockTypes: tableOf<FeedstockTypeRow>('feedstock_types'),
    feedstockBatches: tableOf<FeedstockBatchRow>('feedstock_batches'),
    productionBatches: tableOf<ProductionBatchRow>('production_batches'),
    facilities: tableOf<FacilityRow>('facilities'),
  },
  supplierReferences: ['feedstockTypes', 'feedstockBatches', 'productionBatches'],
  quantities: { feedstock_batch: { mass: 'mass' }, production_batch: { mass: 'mass' } },
});
