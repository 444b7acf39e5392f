/** The registry-parties resource as the store and the state know it: its schemas, tables, supplier references, quantity fields and world collections (store/resource.ts). */
import { defineResource, tableOf, worldRows } from '../../store/resource';
import type { OrderRow, ProjectDocumentRow } from './rows';
import * as schemas from './schemas';
import { orderRow, projectDocumentRow, worldOrderSchema, worldProjectDocumentSchema } from './world';

const tables = {
  orders: tableOf<OrderRow>('orders'),
  projectDocuments: tableOf<ProjectDocumentRow>('project_documents'),
};

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
});
