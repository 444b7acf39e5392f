/**
 * adapter: the in-memory service, a request -> response function (`createSandbox().handle`) with
 * authentication, visibility, pagination and the service's error shapes. No HTTP framework; the
 * node:http binding (`http/http.ts`: limits, timeouts, shutdown) and the SQLite store of `--state`
 * (`sqlite-state.ts`) are node-only, used by `cdr-engine serve`, and not part of the package API:
 * the sandbox reaches its store through the `StatePort` of kept-state.ts and does no I/O itself.
 *
 * Who sees what (docs/service.md#visibility, docs/rules.md#service-behaviour). Every request needs a known `x-client-secret`
 * and a valid bearer token, whatever it asks for (401 otherwise). It acts for the token's
 * organisation: it sees what it owns, what a submitted GHG statement shows it as verifier, and
 * what credits were issued on (visible to every authenticated organisation, source documents
 * aside); an invisible resource is 404, exactly as a missing one. A record becomes part of a
 * statement only when a submitted entry reaches it, and a visible record never shows the value of
 * one the caller cannot see.
 *
 * Names (docs/architecture.md#one-thing-four-names): the service is the thing; `adapter` is this
 * folder, a sandbox one instance of the service (`createSandbox`), `serve` the CLI command.
 *
 * Layout, bottom up (each sub-folder's index.ts says what it may import; eslint.config.mjs,
 * SUB_FOLDER_MAY_IMPORT, enforces it): http/ (refusals, request limits, the node:http binding);
 * store/ (Table, Store transactions, pagination, index machinery: no resource); indexes/ and
 * evaluation/; resources/<resource>/ (each resource's schemas, rows, routes, view and resource.ts,
 * the descriptor of its tables; resources/index.ts is the resource list, resources/routes.ts the
 * route table; found.ts the one get-or-refuse); world/ (the sandbox world) and openapi/ (the
 * served documents, generated from the route table). At the top: sandbox.ts, the request pipeline;
 * router.ts, a handler typed by its route's schemas; context.ts, the caller; state.ts, a sandbox's
 * tables (one per table the resource list declares) and ledger; rows.ts, the row types; kept-state.ts and sqlite-state.ts, the state kept on disk (state-files.ts, its files as the file system names them).
 *
 * Public surface: `createSandbox`, its request, response and option types, the world document, and
 * the service's own OpenAPI document (`serviceOpenApiDocument`).
 * May import: registry, accounting, expressions, uncertainty, units, model.
 */
export { createSandbox } from './sandbox';
export { serviceOpenApiDocument, type OpenApiDocument } from './openapi/openapi';
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
  WorldMonitoringRequirement,
  WorldOrder,
  WorldOrganisation,
  WorldProductionBatch,
  WorldProject,
  WorldProjectDocument,
  WorldQuantity,
  WorldRefund,
  WorldRemovalTemplate,
  WorldSource,
  WorldStripeConfiguration,
  WorldTransfer,
} from './world/world-types';
