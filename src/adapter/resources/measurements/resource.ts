/** The measurements resource as the store and the state know it: its schemas, tables, supplier references and quantity fields (store/resource.ts). */
import { defineResource, tableOf } from '../../store/resource';
import type { MeasurementLocationRow, MeasurementSampleRow } from './rows';
import * as schemas from './schemas';

export const measurementsResource = defineResource({
  name: 'measurements',
  schemas,
  tables: {
    measurementLocations: tableOf<MeasurementLocationRow>('measurement_locations'),
    measurementSamples: tableOf<MeasurementSampleRow>('measurement_samples'),
  },
  supplierReferences: ['measurementLocations', 'measurementSamples'],
  quantities: {},
});
