/**
 * The service's resources, one folder each, grouped as the service's route prefixes group them:
 * `<resource>/routes.ts` declares the resource's routes (method, path, the zod schemas of their
 * parts and of the 200 body, the handler, typed by those schemas) and `<resource>/view.ts` turns
 * its stored rows into response bodies typed by its response schema. The schemas themselves are
 * declared in src/model (requests, queries, resources), where the `cdr-engine/schemas` entry and
 * the core read them. Adding an operation: its schemas, one `route(...)` line in its resource's
 * routes.ts (and the view it answers, if new); the OpenAPI document follows from the route.
 *
 * May import: the adapter's own modules (context, router, store, rows, state, views, failures,
 * pagination, indexes), registry, accounting, model. Nothing outside resources/ imports a
 * resource module but this index (and a resource imports another's view or routes only to
 * answer that resource's shape).
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
