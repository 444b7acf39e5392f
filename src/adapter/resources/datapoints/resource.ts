/** The datapoints resource as the store and the state know it: its schemas, tables, supplier references and quantity fields (store/resource.ts). */
import { defineResource, tableOf } from '../../store/resource';
import type { DatapointRow } from './rows';
import * as schemas from './schemas';

export const datapointsResource = defineResource({
  name: 'datapoints',
  schemas,
  tables: {
    datapoints: tableOf<DatapointRow>('datapoints'),
  },
  supplierReferences: ['datapoints'],
  quantities: {},
});
