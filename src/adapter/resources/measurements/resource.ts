/** The measurements resource as the store and the state know it: its schemas, tables, supplier references, quantity fields and world collections (store/resource.ts). */
import { defineResource, tableOf, worldCollection } from '../../store/resource';
import { datapointsResource } from '../datapoints/resource';
import type { MeasurementLocationRow, MeasurementSampleRow } from './rows';
import * as schemas from './schemas';
import { loadMeasurementSamples, worldMeasurementSampleSchema } from './world';

const tables = {
  measurementLocations: tableOf<MeasurementLocationRow>('measurement_locations'),
  measurementSamples: tableOf<MeasurementSampleRow>('measurement_samples'),
};

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
});
