/**
 * The route table: every resource's routes, in the order the OpenAPI document lists them (the
 * resource list itself, which the state iterates, is index.ts: the routes import the state, so the
 * two lists cannot be one module without an import cycle).
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
