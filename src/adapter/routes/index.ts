/**
 * Every route of the service: data ingestion (`/mrv/v0`), registry (`/registry/v0`) and the test
 * helpers (`/sandbox/v0`).
 */
import type { Route } from '../router';
import { evidenceRoutes } from './evidence';
import { helperRoutes } from './helpers';
import { operationRoutes } from './operations';
import { registryRoutes } from './registry';
import { removalRoutes } from './removals';
import { statementRoutes } from './statements';

/** The route table. */
export const ROUTES: readonly Route[] = [
  ...removalRoutes(),
  ...evidenceRoutes(),
  ...statementRoutes(),
  ...operationRoutes(),
  ...registryRoutes(),
  ...helperRoutes(),
];
