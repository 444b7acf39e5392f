/** The ghg-statements resource as the store and the state know it: its schemas, tables, supplier references and quantity fields (store/resource.ts). */
import { defineResource, tableOf } from '../../store/resource';
import type { StatementRow } from './rows';
import * as schemas from './schemas';

export const ghgStatementsResource = defineResource({
  name: 'ghg-statements',
  schemas,
  tables: {
    statements: tableOf<StatementRow>('ghg_statements'),
  },
  supplierReferences: [],
  quantities: {},
  world: {},
});
