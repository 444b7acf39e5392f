/**
 * adapter: the in-memory service, a request -> response function (`createSandbox().handle`) with
 * authentication, visibility, pagination and the service's error shapes. No HTTP framework; the
 * node:http binding (`http.ts`) is used by `cdr-engine serve` and is not part of the package API.
 *
 * Who sees what (interface.md 1, semantics.md 7). Every request needs a known `x-client-secret`.
 * With a bearer token it acts for the token's organisation: it sees what it owns, what a submitted
 * GHG statement shows it as verifier, and what is public; an invisible resource is 404, exactly as
 * a missing one. Without an `Authorization` header at all it is the public, which may only read
 * (the routes declared with `publicRead`): the GHG entries whose credits were issued and what they
 * are built from (statements, attributions, components, datapoints, source metadata, the project's
 * templates, storage locations, biochar applications and measurement data), the component
 * blueprints, and the registry (credit batches, issuances, balances, deliveries, refunds,
 * retirements). Lists show the public items only. Source documents (`private_url`), transfers,
 * orders, data uploads, feedstock and production records and every write need a token. Whatever
 * the public may not see is answered 401 `{"detail": "Not authenticated"}`, the same whether it is
 * private or missing. An `Authorization` header that is empty, malformed, unknown or expired is
 * 401 too: it is never taken for the public.
 *
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
