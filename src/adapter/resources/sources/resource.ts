/** The sources resource as the store and the state know it: its schemas, tables, supplier references, quantity fields, world collections, named indexes and routes (store/resource.ts). */
import { defineResource, tableOf, worldRows, type TablesOfSpecs } from '../../store/resource';
import type { SourceRow } from './rows';
import * as schemas from './schemas';
import { sourceRoutes } from './routes';
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
  routes: sourceRoutes,
});

declare module '../../store/state-shape' {
  /** The state holds its tables. */
  interface StateTables extends TablesOfSpecs<typeof tables> {}
}
