/** The sources resource as the store and the state know it: its schemas, tables, supplier references, quantity fields and world collections (store/resource.ts). */
import { defineResource, tableOf, worldRows } from '../../store/resource';
import type { SourceRow } from './rows';
import * as schemas from './schemas';
import { sourceRow, worldSourceSchema } from './world';

const tables = {
  sources: tableOf<SourceRow>('sources'),
};

export const sourcesResource = defineResource({
  name: 'sources',
  schemas,
  tables,
  supplierReferences: ['sources'],
  quantities: {},
  world: {
    /** Source documents. */
    sources: worldRows(tables, 'sources', worldSourceSchema, sourceRow),
  },
});
