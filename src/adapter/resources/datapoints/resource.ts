/** The datapoints resource as the store and the state know it: its schemas, tables, supplier references, quantity fields, world collections, named indexes and routes (store/resource.ts). */
import { defineResource, tableOf, worldRows, type TablesOfSpecs, indexesOn, type IndexesOf } from '../../store/resource';
import type { DatapointRow } from './rows';
import * as schemas from './schemas';
import { distinct, RowsByKey } from '../../store/rows-by-key';
import { datapointRoutes } from './routes';
import { datapointRow, worldDatapointSchema } from './world';

const tables = {
  datapoints: tableOf<DatapointRow>('datapoints'),
};

/** Its named indexes (store/state-shape.ts, StateIndexes), kept in step with its tables. */
const indexes = indexesOn(tables, (t) => ({
  datapointsByOwner: new RowsByKey(t.datapoints, (d) => d.owner, 'owner'),
  /** Datapoints by the unit of their quantity (the `quantity_kind` filter reads the compatible units' groups). */
  datapointsByUnit: new RowsByKey(t.datapoints, (d) => d.quantity.unit),
  /** Datapoints naming each source. */
  datapointsBySource: new RowsByKey(t.datapoints, (d) => distinct(d.source_ids)),
}));

export const datapointsResource = defineResource({
  name: 'datapoints',
  schemas,
  tables,
  supplierReferences: ['datapoints'],
  quantities: {},
  world: {
    /** Datapoints. */
    datapoints: worldRows(tables, 'datapoints', worldDatapointSchema, datapointRow),
  },
  indexes,
  routes: datapointRoutes,
});

declare module '../../store/state-shape' {
  /** The state holds its tables. */
  interface StateTables extends TablesOfSpecs<typeof tables> {}
  /** The state's indexes hold its named indexes. */
  interface StateIndexes extends IndexesOf<typeof indexes> {}
}
