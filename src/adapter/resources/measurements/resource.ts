/** The measurements resource as the store and the state know it: its schemas, tables, supplier references, quantity fields, world collections, named indexes and routes (store/resource.ts). */
import { defineResource, tableOf, worldCollection, type TablesOfSpecs, indexesOn, type IndexesOf } from '../../store/resource';
import { datapointsResource } from '../datapoints/resource';
import type { MeasurementLocationRow, MeasurementSampleRow } from './rows';
import * as schemas from './schemas';
import { distinct, RowsByKey } from '../../store/rows-by-key';
import { measurementRoutes } from './routes';
import { loadMeasurementSamples, worldMeasurementSampleSchema } from './world';

const tables = {
  measurementLocations: tableOf<MeasurementLocationRow>('measurement_locations'),
  measurementSamples: tableOf<MeasurementSampleRow>('measurement_samples'),
};

/** Its named indexes (store/state-shape.ts, StateIndexes), kept in step with its tables. */
const indexes = indexesOn(tables, (t) => ({
  measurementSamplesByOwner: new RowsByKey(t.measurementSamples, (m) => m.owner),
  measurementSamplesByProject: new RowsByKey(t.measurementSamples, (m) => m.project_id),
  /** Measurement samples by their location, and by their production batch and feedstock batch. */
  samplesByLocation: new RowsByKey(t.measurementSamples, (m) => m.measurement_location_id),
  samplesByBatch: new RowsByKey(t.measurementSamples, (m) => distinct([m.production_batch_id, m.feedstock_batch_id])),
}));

export const measurementsResource = defineResource({
  name: 'measurements',
  schemas,
  tables,
  supplierReferences: ['measurementLocations', 'measurementSamples'],
  quantities: {},
  world: {
    /** Measurement samples; their values are datapoints of the world. */
    measurement_samples: worldCollection(
      { ...tables, datapoints: datapointsResource.tables.datapoints },
      worldMeasurementSampleSchema,
      loadMeasurementSamples,
    ),
  },
  indexes,
  routes: measurementRoutes,
});

declare module '../../store/state-shape' {
  /** The state holds its tables. */
  interface StateTables extends TablesOfSpecs<typeof tables> {}
  /** The state's indexes hold its named indexes. */
  interface StateIndexes extends IndexesOf<typeof indexes> {}
}
