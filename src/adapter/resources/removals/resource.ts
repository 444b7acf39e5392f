/** The removals resource as the store and the state know it: its schemas, tables, supplier references and quantity fields (store/resource.ts). */
import { defineResource, tableOf } from '../../store/resource';
import type { AttributionRow, RemovalRow } from './rows';
import * as schemas from './schemas';

export const removalsResource = defineResource({
  name: 'removals',
  schemas,
  tables: {
    removals: tableOf<RemovalRow>('removals'),
    attributions: tableOf<AttributionRow>('component_attributions'),
  },
  supplierReferences: ['removals'],
  quantities: {},
  world: {},
});
