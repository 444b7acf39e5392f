/**
 * adapter: the in-memory service, a request -> response function (`createSandbox().handle`) with
 * authentication, visibility, pagination and the service's error shapes. No HTTP framework; the
 * node:http binding (`http.ts`) is used by `cdr-engine serve` and is not part of the package API.
 * Public surface: `createSandbox`, its request, response and option types, the world document.
 * May import: registry, accounting, expressions, uncertainty, units, model.
 */
export { createSandbox } from './sandbox';
export type { Sandbox, SandboxHeaders, SandboxOptions, SandboxRequest, SandboxResponse } from './types';
export type {
  WorldAccessToken,
  WorldClient,
  WorldComponent,
  WorldComponentBlueprint,
  WorldCreditBatch,
  WorldCreditBatchQuantity,
  WorldDatapoint,
  WorldDelivery,
  WorldDocument,
  WorldFacility,
  WorldFeedstockType,
  WorldFileUpload,
  WorldMeasurementSample,
  WorldOrder,
  WorldOrganisation,
  WorldProductionBatch,
  WorldProject,
  WorldQuantity,
  WorldRefund,
  WorldRemovalTemplate,
  WorldSource,
  WorldTransfer,
} from './world-types';
