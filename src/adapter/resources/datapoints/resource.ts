/** The datapoints resource as the store and the state know it: its schemas, tables, supplier references, quantity fields and world collections (store/resource.ts). */
import { defineResource, tableOf, worldRows } from '../../store/resource';
import type { DatapointRow } from './rows';
import * as schemas from './schemas';
import { datapointRow, worldDatapointSchema } from './world';

const tables = {
  datapoints: tableOf<DatapointRow>('datapoints'),
};

export const datapointsResource = defineResource({
  name: 'datapoints',
  schemas,
  tables,
  supplierReferences: ['datapoints'],
  quantities: {},
  world: {
    /** Datapoints. */
    datapoints: worldRows(tables, 'datapoints', worldDatapointSchema, datapointRow),
  },
});
