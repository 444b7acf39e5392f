/** The components resource as the store and the state know it: its schemas, tables, supplier references, quantity fields and world collections (store/resource.ts). */
import { defineResource, tableOf, worldRows } from '../../store/resource';
import type { ComponentRow } from './rows';
import * as schemas from './schemas';
import { componentRow, worldComponentSchema } from './world';

const tables = {
  components: tableOf<ComponentRow>('components'),
};

export const componentsResource = defineResource({
  name: 'components',
  schemas,
  tables,
  supplierReferences: ['components'],
  quantities: {},
  world: {
    /** Components: blueprints instantiated with datapoints. */
    components: worldRows(tables, 'components', worldComponentSchema, componentRow),
  },
});
