/** The storage resource as the store and the state know it: its schemas, tables, supplier references and quantity fields (store/resource.ts). */
import { defineResource, tableOf } from '../../store/resource';
import type { BiocharApplicationRow, SensorRow, StorageLocationRow, StorageUnitRow } from './rows';
import * as schemas from './schemas';

export const storageResource = defineResource({
  name: 'storage',
  schemas,
  tables: {
    storageLocations: tableOf<StorageLocationRow>('storage_locations'),
    biocharApplications: tableOf<BiocharApplicationRow>('biochar_applications'),
    storageUnits: tableOf<StorageUnitRow>('storage_units'),
    sensors: tableOf<SensorRow>('sensors'),
  },
  supplierReferences: ['storageLocations', 'biocharApplications'],
  quantities: {
    biochar_application: {
      average_application_rate: 'mass_per_area',
      truck_mass_on_arrival: 'mass',
      truck_mass_on_departure: 'mass',
    },
  },
  world: {},
});
