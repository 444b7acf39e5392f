/** The ghg-statements resource as the store and the state know it: its schemas, tables, supplier references, quantity fields, named indexes and routes (store/resource.ts). */
import { defineResource, tableOf, type TablesOfSpecs } from '../../store/resource';
import type { StatementRow } from './rows';
import * as schemas from './schemas';
import { statementRoutes } from './routes';

const tables = {
  statements: tableOf<StatementRow>('ghg_statements'),
};

export const ghgStatementsResource = defineResource({
  name: 'ghg-statements',
  schemas,
  tables,
  supplierReferences: [],
  quantities: {},
  world: {},
  routes: statementRoutes,
});

declare module '../../store/state-shape' {
  /** The state holds its tables. */
  interface StateTables extends TablesOfSpecs<typeof tables> {}
}
