/** The storage resource as the store and the state know it: its schemas, tables, supplier references, quantity fields, named indexes and routes (store/resource.ts). */
import { defineResource, tableOf, type TablesOfSpecs, indexesOn, type IndexesOf } from '../../store/resource';
import type { BiocharApplicationRow, SensorRow, StorageLocationRow, StorageUnitRow } from './rows';
import * as schemas from './schemas';
import { STORAGE_QUANTITIES } from './quantities';
import { distinct, RowsByKey } from '../../store/rows-by-key';
import { storageRoutes } from './routes';

const tables = {
  storageLocations: tableOf<StorageLocationRow>('storage_locations'),
  biocharApplications: tableOf<BiocharApplicationRow>('biochar_applications'),
  storageUnits: tableOf<StorageUnitRow>('storage_units'),
  sensors: tableOf<SensorRow>('sensors'),
};

/** Its named indexes (store/state-shape.ts, StateIndexes), kept in step with its tables. */
const indexes = indexesOn(tables, (t) => ({
  /** Biochar applications of each GHG entry. */
  applicationsByRemoval: new RowsByKey(t.biocharApplications, (a) => a.removal_id),
  /** Biochar applications naming each source. */
  applicationsBySource: new RowsByKey(t.biocharApplications, (a) => distinct(a.source_ids)),
  /** Biochar applications by production batch and by storage location. */
  applicationsByBatch: new RowsByKey(t.biocharApplications, (a) => a.production_batch_id),
  applicationsBySite: new RowsByKey(t.biocharApplications, (a) => a.storage_location_id),
  /** Storage locations of each project. */
  storageLocationsByProject: new RowsByKey(t.storageLocations, (l) => l.project_id),
}));

export const storageResource = defineResource({
  name: 'storage',
  schemas,
  tables,
  supplierReferences: ['storageLocations', 'biocharApplications'],
  quantities: STORAGE_QUANTITIES,
  world: {},
  indexes,
  routes: storageRoutes,
});

declare module '../../store/state-shape' {
  /** The state holds its tables. */
  interface StateTables extends TablesOfSpecs<typeof tables> {}
  /** The state's indexes hold its named indexes. */
  interface StateIndexes extends IndexesOf<typeof indexes> {}
}
