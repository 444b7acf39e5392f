/** The components resource as the store and the state know it: its schemas, tables, supplier references, quantity fields, world collections, named indexes and routes (store/resource.ts). */
import { defineResource, tableOf, worldRows, type TablesOfSpecs, indexesOn, type IndexesOf } from '../../store/resource';
import type { ComponentRow } from './rows';
import * as schemas from './schemas';
import { distinct, RowsByKey } from '../../store/rows-by-key';
import { componentRoutes } from './routes';
import { componentRow, worldComponentSchema } from './world';

const tables = {
  components: tableOf<ComponentRow>('components'),
};

/** Its named indexes (store/state-shape.ts, StateIndexes), kept in step with its tables. */
const indexes = indexesOn(tables, (t) => ({
  /** Components using a datapoint in an input, in creation order. */
  componentsByDatapoint: new RowsByKey(t.components, (c) => distinct(c.inputs.flatMap((input) => input.datapoint_ids))),
  /** Statement-level components of each GHG statement. */
  componentsByStatement: new RowsByKey(t.components, (c) => c.ghg_statement_id),
  /** Project-level components of each project. */
  projectComponents: new RowsByKey(t.components, (c) => (c.scope === 'PROJECT' ? c.project_id : null)),
}));

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
  indexes,
  routes: componentRoutes,
});

declare module '../../store/state-shape' {
  /** The state holds its tables. */
  interface StateTables extends TablesOfSpecs<typeof tables> {}
  /** The state's indexes hold its named indexes. */
  interface StateIndexes extends IndexesOf<typeof indexes> {}
}
