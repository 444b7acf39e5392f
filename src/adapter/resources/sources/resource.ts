/** The sources resource as the store and the state know it: its schemas, tables, supplier references and quantity fields (store/resource.ts). */
import { defineResource, tableOf } from '../../store/resource';
import type { SourceRow } from './rows';
import * as schemas from './schemas';

export const sourcesResource = defineResource({
  name: 'sources',
  schemas,
  tables: {
    sources: tableOf<SourceRow>('sources'),
  },
  supplierReferences: ['sources'],
  quantities: {},
});
