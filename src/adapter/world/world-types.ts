/**
 * The world document's types (docs/rules.md#world-document-and-test-helpers): the input of
 * `worldSchema` (world-schema.ts, where each field is documented) and its records, named for the
 * sandbox entry. Nothing here restates a field: a change of the schema is a change of these types.
 */
import type { z } from 'zod';
import type { worldSchema } from './world-schema';

/**
 * The world document: what a sandbox starts with (docs/rules.md#world-document-and-test-helpers),
 * the input of the schema `createSandbox` checks it with. Every collection is optional; the records are in the
 * service's own shapes plus an owner (`owner_organisation_id`), and response-only fields
 * (`locked_status`, `uploaded_at`, ...) are filled in by the service.
 * @public
 */
export type WorldDocument = z.input<typeof worldSchema>;

/**
 * An organisation; with `supplier` it can own projects and receive credits.
 * @public
 */
export type WorldOrganisation = NonNullable<WorldDocument['organisations']>[number];

/**
 * A client application and its secret (sent as `x-client-secret`).
 * @public
 */
export type WorldClient = NonNullable<WorldDocument['clients']>[number];

/**
 * A bearer token scoped to one organisation. Give `expires_at`, or `generated_at` (it then
 * expires one year later).
 * @public
 */
export type WorldAccessToken = NonNullable<WorldDocument['access_tokens']>[number];

/**
 * A project of a supplier organisation.
 * @public
 */
export type WorldProject = NonNullable<WorldDocument['projects']>[number];

/**
 * A monitoring requirement the service set on a project.
 * @public
 */
export type WorldMonitoringRequirement = NonNullable<WorldDocument['monitoring_requirements']>[number];

/**
 * A public document of a project on the registry.
 * @public
 */
export type WorldProjectDocument = NonNullable<WorldDocument['project_documents']>[number];

/**
 * A supplier's Stripe configuration (the sandbox only simulates checkout).
 * @public
 */
export type WorldStripeConfiguration = NonNullable<WorldDocument['stripe_configurations']>[number];

/**
 * A feedstock type of a supplier.
 * @public
 */
export type WorldFeedstockType = NonNullable<WorldDocument['feedstock_types']>[number];

/**
 * A production batch (of biochar).
 * @public
 */
export type WorldProductionBatch = NonNullable<WorldDocument['production_batches']>[number];

/**
 * A quantity in a world document: `magnitude`, `unit` and an optional `standard_deviation`.
 * @public
 */
export type WorldQuantity = WorldProductionBatch['mass'];

/**
 * A facility (pyrolysis reactor, DAC plant, treatment plant).
 * @public
 */
export type WorldFacility = NonNullable<WorldDocument['facilities']>[number];

/**
 * An uploaded data file, ready to be submitted for processing.
 * @public
 */
export type WorldFileUpload = NonNullable<WorldDocument['file_uploads']>[number];

/**
 * A component blueprint, in the removal graph document's shape without its library extension
 * `result_expression_key` (the service's blueprints have none: their result is the single sink).
 * @public
 */
export type WorldComponentBlueprint = NonNullable<WorldDocument['component_blueprints']>[number];

/**
 * A removal (GHG entry) template of a project.
 * @public
 */
export type WorldRemovalTemplate = NonNullable<WorldDocument['removal_templates']>[number];

/**
 * A datapoint.
 * @public
 */
export type WorldDatapoint = NonNullable<WorldDocument['datapoints']>[number];

/**
 * A source document.
 * @public
 */
export type WorldSource = NonNullable<WorldDocument['sources']>[number];

/**
 * A component: a blueprint instantiated with datapoints.
 * @public
 */
export type WorldComponent = NonNullable<WorldDocument['components']>[number];

/**
 * A measurement sample; its values are datapoints of the world.
 * @public
 */
export type WorldMeasurementSample = NonNullable<WorldDocument['measurement_samples']>[number];

/**
 * An order of a buyer from a supplier; deliveries fulfil it.
 * @public
 */
export type WorldOrder = NonNullable<WorldDocument['orders']>[number];

/**
 * A credit batch issued before the world starts, to the supplier owning `project_id` (or to the
 * buffer pool).
 * @public
 */
export type WorldCreditBatch = NonNullable<WorldDocument['credit_batches']>[number];

/**
 * A delivery made before the world starts.
 * @public
 */
export type WorldDelivery = NonNullable<WorldDocument['deliveries']>[number];

/**
 * Kilograms of a batch in a world transaction.
 * @public
 */
export type WorldCreditBatchQuantity = WorldDelivery['credit_batch_quantities'][number];

/**
 * A transfer made before the world starts.
 * @public
 */
export type WorldTransfer = NonNullable<WorldDocument['transfers']>[number];

/**
 * A buffer-pool refund made before the world starts.
 * @public
 */
export type WorldRefund = NonNullable<WorldDocument['refunds']>[number];
