/**
 * Every route of the service: data ingestion (`/mrv/v0`), registry (`/registry/v0`) and the test
 * helpers (`/sandbox/v0`), one module per resource.
 */
import type { Route } from '../router';
import { componentRoutes } from './components/routes';
import { datapointRoutes } from './datapoints/routes';
import { feedstockRoutes } from './feedstock/routes';
import { helperRoutes } from './sandbox-helpers/routes';
import { measurementRoutes } from './measurements/routes';
import { monitoringRoutes } from './monitoring/routes';
import { projectRoutes } from './projects/routes';
import { registryPartyRoutes } from './registry-parties/routes';
import { registryRoutes } from './credit-ledger/routes';
import { removalRoutes } from './removals/routes';
import { sourceRoutes } from './sources/routes';
import { statementRoutes } from './ghg-statements/routes';
import { storageRoutes } from './storage/routes';
import { stripeRoutes } from './stripe/routes';

/** The route table. */
export const ROUTES: readonly Route[] = [
  ...removalRoutes(),
  ...statementRoutes(),
  ...componentRoutes(),
  ...datapointRoutes(),
  ...sourceRoutes(),
  ...measurementRoutes(),
  ...projectRoutes(),
  ...feedstockRoutes(),
  ...storageRoutes(),
  ...monitoringRoutes(),
  ...registryRoutes(),
  ...registryPartyRoutes(),
  ...stripeRoutes(),
  ...helperRoutes(),
];
