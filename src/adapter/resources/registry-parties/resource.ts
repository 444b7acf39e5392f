/** The registry-parties resource as the store and the state know it: its schemas, tables, supplier references, quantity fields, world collections, named indexes and routes (store/resource.ts). */
import { defineResource, tableOf, worldRows, type TablesOfSpecs, indexesOn, type IndexesOf } from '../../store/resource';
import type { OrderRow, ProjectDocumentRow } from './rows';
import * as schemas from './schemas';
import { RowsByKey } from '../../store/rows-by-key';
import { registryPartyRoutes } from './routes';
import { orderRow, projectDocumentRow, worldOrderSchema, worldProjectDocumentSchema } from './world';

const tables = {
  orders: tableOf<OrderRow>('orders'),
  projectDocuments: tableOf<ProjectDocumentRow>('project_documents'),
};

/** Its named indexes (store/state-shape.ts, StateIndexes), kept in step with its tables. */
const indexes = indexesOn(tables, (t) => ({
  /** Orders by buyer and by supplier. */
  ordersByBuyer: new RowsByKey(t.orders, (o) => o.organisation_id),
  ordersBySupplier: new RowsByKey(t.orders, (o) => o.supplier_id),
  /** Project documents of each project. */
  documentsByProject: new RowsByKey(t.projectDocuments, (d) => d.project_id),
}));

export const registryPartiesResource = defineResource({
  name: 'registry-parties',
  schemas,
  tables,
  supplierReferences: [],
  quantities: {},
  world: {
    /** Orders of buyers from suppliers; deliveries fulfil them. */
    orders: worldRows(tables, 'orders', worldOrderSchema, orderRow),
    /** Public documents of projects on the registry. */
    project_documents: worldRows(tables, 'projectDocuments', worldProjectDocumentSchema, projectDocumentRow),
  },
  indexes,
  routes: registryPartyRoutes,
});

declare module '../../store/state-shape' {
  /** The state holds its tables. */
  interface StateTables extends TablesOfSpecs<typeof tables> {}
  /** The state's indexes hold its named indexes. */
  interface StateIndexes extends IndexesOf<typeof indexes> {}
}
