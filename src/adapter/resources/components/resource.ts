/** The components resource as the store and the state know it: its schemas, tables, supplier references and quantity fields (store/resource.ts). */
import { defineResource, tableOf } from '../../store/resource';
import type { ComponentRow } from './rows';
import * as schemas from './schemas';

export const componentsResource = defineResource({
  name: 'components',
  schemas,
  tables: {
    components: tableOf<ComponentRow>('components'),
  },
  supplierReferences: ['components'],
  quantities: {},
});
