/**
 * The service's resources, one folder each, grouped as the service's route prefixes group them:
 * `<resource>/routes.ts` declares the resource's routes (method, path, the zod schemas of their
 * parts and of the 200 body, the handler, typed by those schemas) and `<resource>/view.ts` turns
 * its stored rows into response bodies typed by its response schema; `<resource>/schemas.ts`
 * declares its zod schemas (the resource as read, its request bodies, queries and path parameters).
 * What every resource shares (pagination, id paths, the "not sent" marker, fields such as dates and
 * quantities) stays in src/model. Adding an operation: its schemas in its resource's schemas.ts,
 * one `route(...)` line in its routes.ts (and the view it answers, if new); the OpenAPI document
 * follows from the route.
 *
 * May import: http, store, indexes, evaluation, context.ts, router.ts, rows.ts, state.ts, registry,
 * accounting, model. The layers are in eslint.config.mjs (SUB_FOLDER_MAY_IMPORT): the world and the
 * OpenAPI document stand above the resources, the store and http below them. What two resources share
 * (visible-lists.ts, views.ts, common.ts) sits at the top of resources/, below the resource folders;
 * nothing outside resources/ imports a resource module but this index, and for a resource's
 * schemas.ts the world document, the rows, the OpenAPI document (through schemas.ts) and the
 * `cdr-engine/schemas` entry.
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
