/** The registry-parties resource as the store and the state know it: its schemas, tables, supplier references and quantity fields (store/resource.ts). */
import { defineResource, tableOf } from '../../store/resource';
import type { OrderRow, ProjectDocumentRow } from './rows';
import * as schemas from './schemas';

export const registryPartiesResource = defineResource({
  name: 'registry-parties',
  schemas,
  tables: {
    orders: tableOf<OrderRow>('orders'),
    projectDocuments: tableOf<ProjectDocumentRow>('project_documents'),
  },
  supplierReferences: [],
  quantities: {},
});
