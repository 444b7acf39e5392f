/**
 * Every route of the service: data ingestion (`/mrv/v0`), registry (`/registry/v0`) and the test
 * helpers (`/sandbox/v0`), one module per resource.
 */
import type { Route } from '../router';
import { componentRoutes } from './components';
import { datapointRoutes } from './datapoints';
import { feedstockRoutes } from './feedstock';
import { helperRoutes } from './helpers';
import { measurementRoutes } from './measurements';
import { monitoringRoutes } from './monitoring';
import { projectRoutes } from './projects';
import { registryPartyRoutes } from './registry-parties';
import { registryRoutes } from './registry';
import { removalRoutes } from './removals';
import { sourceRoutes } from './sources';
import { statementRoutes } from './statements';
import { storageRoutes } from './storage';
import { stripeRoutes } from './stripe';

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
