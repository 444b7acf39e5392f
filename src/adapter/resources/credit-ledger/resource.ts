/** The credit-ledger resource as the store and the state know it: its schemas, tables, supplier references, quantity fields, named indexes and routes (store/resource.ts). */
import { defineResource, tableOf, type TablesOfSpecs, indexesOn, type IndexesOf } from '../../store/resource';
import type { LedgerEntryRow } from './rows';
import * as schemas from './schemas';
import { BatchDates } from '../../indexes/batch-dates';
import { RowsByKey } from '../../store/rows-by-key';
import { registryRoutes } from './routes';

const tables = {
  ledgerEntries: tableOf<LedgerEntryRow>('ledger_entries'),
};

/** Its named indexes (store/state-shape.ts, StateIndexes), kept in step with its tables. */
const indexes = indexesOn(tables, (t, reader) => ({
  /** Records of the credit ledger by their list keys (indexes/ledger-keys.ts). */
  ledger: new RowsByKey(t.ledgerEntries, (e) => e.keys),
  /** Credit batches of each owner by issue date (the date filters of the credit batch list); the ledger is read when a record is listed. */
  batchDates: new BatchDates(t.ledgerEntries, (id) => reader.ledger.getCreditBatch(id)?.issued_at),
}));

export const creditLedgerResource = defineResource({
  name: 'credit-ledger',
  schemas,
  tables,
  supplierReferences: [],
  quantities: {},
  world: {},
  indexes,
  routes: registryRoutes,
});

declare module '../../store/state-shape' {
  /** The state holds its tables. */
  interface StateTables extends TablesOfSpecs<typeof tables> {}
  /** The state's indexes hold its named indexes. */
  interface StateIndexes extends IndexesOf<typeof indexes> {}
}
