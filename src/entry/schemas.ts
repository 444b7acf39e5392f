/**
 * Entry point `cdr-engine/schemas`: the zod schemas users validate the service's documents with,
 * listed by hand: every resource, request body, query and path parameter, the removal graph
 * document, and the builder of the 422 body. Each resource's schemas come from its module
 * (src/adapter/resources/<resource>/schemas.ts), what they share from src/model. The types are
 * the schemas' own (`z.output<typeof datapointSchema>` for a resource as read, `z.input<...>` for
 * a body as sent);
 * the building blocks the schemas are made of (lenient number parsers, id generators, the route
 * table) stay inside the package.
 *
 * @packageDocumentation
 */

// The removal graph document (docs/graph-document.md); the root entry exports its types too.
// Its parts, each schema with its type, for a host that builds or reads documents piece by piece.
export {
  blueprintExpressionSchema,
  blueprintInputSchema,
  componentBlueprintDefinitionSchema,
  COMPONENT_TYPES,
  componentTypeSchema,
  dataShapeSchema,
  expressionInputSchema,
  expressionInputTypeSchema,
  GHG_STATEMENT_STATUSES,
  graphAttributionSchema,
  graphComponentInputSchema,
  graphComponentSchema,
  graphCorrelationSchema,
  graphDatapointSchema,
  graphDistributionSchema,
  graphGhgEntrySchema,
  graphGhgStatementSchema,
  graphProjectComponentAttributionSchema,
  graphProjectComponentSchema,
  graphProjectComponentShareSchema,
  graphProjectSchema,
  graphQuantitySchema,
  graphSampleSetSchema,
  PROJECT_COMPONENT_ALLOCATION_STRATEGIES,
  removalGraphSchema,
  type BlueprintExpression,
  type BlueprintInput,
  type ComponentBlueprintDefinition,
  type ComponentType,
  type DataShape,
  type ExpressionInput,
  type ExpressionInputType,
  type GhgStatementStatus,
  type GraphAttribution,
  type GraphComponent,
  type GraphComponentInput,
  type GraphCorrelation,
  type GraphDatapoint,
  type GraphDistribution,
  type GraphGhgEntry,
  type GraphGhgStatement,
  type GraphProject,
  type GraphProjectComponent,
  type GraphProjectComponentAttribution,
  type GraphProjectComponentShare,
  type GraphSampleSet,
  type GraphQuantity,
  type ProjectComponentAllocationStrategy,
  type RemovalGraph,
  type RemovalGraphInput,
} from '../model/graph';

// Every code of a problem and of a warning (docs/errors.md), as lists; the root entry exports their types.
export {
  EVALUATION_WARNING_CODES,
  GRAPH_ISSUE_CODES,
  type EvaluationWarningCode,
  type GraphIssue,
  type GraphIssueCode,
  type IssuePath,
} from '../model/issues';

// The 422 body (docs/errors.md): validate a request's parts and build the body of its refusal.
export {
  errorMessageBodySchema,
  jsonInvalidItem,
  parseJsonBody,
  toValidationErrorBody,
  toValidationErrorItems,
  validateRequest,
  validateRequestPart,
  validationErrorBodySchema,
  validationErrorItemSchema,
  type ParsedRequest,
  type RequestLocation,
  type RequestParts,
  type RequestSchemas,
  type ValidationErrorBody,
  type ValidationErrorItem,
  type ValidationResult,
} from '../model/validation-error';

// Shared shapes of the resources: dates, countries, locations, organisations, quantities of credits.
export {
  countryCodeSchema,
  creditAllocationSchema,
  creditQuantitySchema,
  dateSchema,
  dateTimeSchema,
  locationSchema,
  organisationSchema,
  pageInfoSchema,
  standardDeviationSchema,
  supplierSchema,
  type ScalarQuantityShape,
  type StandardDeviationRule,
  type StandardDeviationSchema,
} from '../model/shapes';

// What the request bodies share: a body's quantity.
export { requestQuantitySchema } from '../model/requests';

// What the queries and path parameters share: pagination, id paths, request headers.
export {
  type IdPathSchema,
  listByReferenceQuerySchema,
  type PaginatedQueryObject,
  paginationQuerySchema,
  paginationQueryShape,
  requestHeadersSchema,
} from '../model/queries';

// Removals (GHG entries): the resource, its bodies, query and path parameter.
export {
  addComponentToRemovalSchema,
  componentAttributionSchema,
  componentToAttributeSchema,
  createRemovalComponentLinkSchema,
  createRemovalRequestSchema,
  createRemovalStepSchema,
  ghgEntrySchema,
  listComponentAttributionsQuerySchema,
  listRemovalsQuerySchema,
  patchRemovalComponentAttributionsRequestSchema,
  patchRemovalRequestSchema,
  removalIdPathSchema,
  removalSchema,
} from '../adapter/resources/removals/schemas';

// Components and their blueprints.
export {
  componentBlueprintExpressionInputSchema,
  componentBlueprintExpressionSchema,
  componentBlueprintInputSchema,
  componentBlueprintSchema,
  componentInputRequestSchema,
  componentInputTypeSchema,
  componentListInputSchema,
  componentSchema,
  componentScopeSchema,
  createComponentRequestSchema,
  createGhgStatementComponentRequestSchema,
  createProjectComponentRequestSchema,
  listComponentBlueprintsQuerySchema,
  listComponentsQuerySchema,
  patchComponentRequestSchema,
  updateProjectComponentAttributionRequestSchema,
  updateProjectComponentRemovalAttributionRequestSchema,
} from '../adapter/resources/components/schemas';

// Datapoints.
export {
  createDatapointRequestSchema,
  datapointIdPathSchema,
  datapointLockedStatusSchema,
  datapointQuantityInputSchema,
  datapointSchema,
  datapointTypeSchema,
  listDatapointComponentsQuerySchema,
  listDatapointRemovalTemplateComponentsQuerySchema,
  listDatapointsQuerySchema,
  patchDatapointRequestSchema,
} from '../adapter/resources/datapoints/schemas';

// Sources.
export {
  createDocumentSourceRequestSchema,
  createSourceResponseSchema,
  listSourcesQuerySchema,
  patchSourceRequestSchema,
  signedUploadUrlRequestSchema,
  sourceIdPathSchema,
  sourcePrivateUrlInfoSchema,
  sourcePrivateUrlSchema,
  sourcePublicUrlInfoSchema,
  sourceSchema,
  sourceTypeSchema,
} from '../adapter/resources/sources/schemas';

// Projects, their processes and removal templates.
export {
  listRemovalTemplatesQuerySchema,
  processSchema,
  processStepSchema,
  projectIdPathSchema,
  projectSchema,
  removalTemplateComponentInputSchema,
  removalTemplateComponentInputsSchema,
  removalTemplateComponentSchema,
  removalTemplateGroupSchema,
  removalTemplateSchema,
  riskOfReversalSchema,
} from '../adapter/resources/projects/schemas';

// GHG statements.
export {
  createGhgStatementRequestSchema,
  ghgStatementSchema,
  resubmitGhgStatementRequestSchema,
  submitGhgStatementRequestSchema,
} from '../adapter/resources/ghg-statements/schemas';

// Measurements.
export {
  createMeasurementLocationRequestSchema,
  createMeasurementSampleRequestSchema,
  createMeasurementSampleValueRequestSchema,
  listMeasurementSamplesQuerySchema,
  measurementLocationSchema,
  measurementPropertySchema,
  measurementSampleSchema,
  measurementTypeSchema,
  measurementValueSchema,
} from '../adapter/resources/measurements/schemas';

// Feedstock and production.
export {
  createFeedstockBatchRequestSchema,
  createProductionBatchRequestSchema,
  feedstockBatchSchema,
  feedstockTypeIdPathSchema,
  feedstockTypeSchema,
  patchFeedstockTypeRequestSchema,
  productionBatchKindSchema,
  productionBatchSchema,
} from '../adapter/resources/feedstock/schemas';

// Storage locations, biochar applications, storage units, sensors.
export {
  biocharApplicationIdPathSchema,
  biocharApplicationSchema,
  createBiocharApplicationRequestSchema,
  createSensorRequestSchema,
  createStorageLocationRequestSchema,
  createStorageUnitRequestSchema,
  listSensorsQuerySchema,
  listStorageUnitsQuerySchema,
  patchStorageLocationRequestSchema,
  sensorSchema,
  storageLocationPathSchema,
  storageLocationSchema,
  storageMethodSchema,
  storageUnitSchema,
} from '../adapter/resources/storage/schemas';

// Monitoring and data uploads.
export {
  createDataUploadSubmissionRequestSchema,
  createFileUploadRequestSchema,
  createMonitoringSubmissionRequestSchema,
  dataUploadSubmissionSchema,
  dataUploadSubmissionStatusSchema,
  dataUploadSubmissionTypeSchema,
  fileUploadSchema,
  frequencySchema,
  listDataUploadSubmissionsQuerySchema,
  listMonitoringRequirementsQuerySchema,
  monitoringPhaseSchema,
  monitoringSubmissionSchema,
  projectMonitoringRequirementSchema,
} from '../adapter/resources/monitoring/schemas';

// The credit ledger: credit batches, issuances, retirements, deliveries, transfers, refunds, balances.
export {
  bufferPoolRefundSchema,
  carbonRemovalDataSchema,
  createDeliveryRequestSchema,
  createRetirementOldestCreditsRequestSchema,
  createRetirementRequestSchema,
  createTransferRequestSchema,
  creditBalanceSchema,
  creditBatchQuantitySchema,
  creditBatchSchema,
  creditBatchStatusSchema,
  deliverySchema,
  issuanceCreditBatchesSchema,
  issuanceSchema,
  listCreditBatchesQuerySchema,
  listDeliveriesQuerySchema,
  listRetirementsQuerySchema,
  listSupplierDeliveriesQuerySchema,
  listTransfersQuerySchema,
  orderCreditBalanceSchema,
  organisationCreditBalanceSchema,
  projectCreditBalanceSchema,
  refundIdPathSchema,
  refundSchema,
  retirementPurposeSchema,
  retirementSchema,
  supplierCreditBalanceSchema,
  transferSchema,
} from '../adapter/resources/credit-ledger/schemas';

// The registry's parties: orders, registry projects, beneficiaries.
export {
  createBeneficiaryRequestSchema,
  createIndividualBeneficiarySchema,
  createOrganizationBeneficiarySchema,
  orderSchema,
  orderStatusSchema,
  pathwaySchema,
  projectDocumentSchema,
  projectStatusSchema,
  registryProjectSchema,
  supplierIdPathSchema,
} from '../adapter/resources/registry-parties/schemas';

// Stripe checkout.
export {
  createStripeCheckoutSessionRequestSchema,
  stripeCheckoutResponseSchema,
  stripeSubscriptionFrequencySchema,
  supplierStripeConfigurationSchema,
} from '../adapter/resources/stripe/schemas';
