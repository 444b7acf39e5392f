/** The credit-ledger resource as the store and the state know it: its schemas, tables, supplier references and quantity fields (store/resource.ts). */
import { defineResource, tableOf } from '../../store/resource';
import type { LedgerEntryRow } from './rows';
import * as schemas from './schemas';

export const creditLedgerResource = defineResource({
  name: 'credit-ledger',
  schemas,
  tables: {
    ledgerEntries: tableOf<LedgerEntryRow>('ledger_entries'),
  },
  supplierReferences: [],
  quantities: {},
  world: {},
});
