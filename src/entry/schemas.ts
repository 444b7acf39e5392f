/**
 * Entry point `cdr-engine/schemas`: the zod schemas users validate the service's documents with,
 * listed by hand: every resource, request body, query and path parameter, the removal graph
 * document, and the builder of the 422 body. The types are the schemas' own
 * (`z.output<typeof datapointSchema>` for a resource as read, `z.input<...>` for a body as sent);
 * the building blocks the schemas are made of (lenient number parsers, id generators, the route
 * table) stay inside the package.
 *
 * @packageDocumentation
 */

// The removal graph document (docs/graph-document.md); the root entry exports its types too.
export { removalGraphSchema, type RemovalGraph, type RemovalGraphInput } from '../model/graph';

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

// Resources of the MRV service, and their enumerations.
export {
  componentAttributionSchema,
  componentBlueprintExpressionInputSchema,
  componentBlueprintExpressionSchema,
  componentBlueprintInputSchema,
  componentBlueprintSchema,
  componentInputTypeSchema,
  componentListInputSchema,
  componentSchema,
  componentScopeSchema,
  createSourceResponseSchema,
  datapointLockedStatusSchema,
  datapointSchema,
  datapointTypeSchema,
  ghgEntrySchema,
  ghgStatementSchema,
  processSchema,
  processStepSchema,
  projectSchema,
  removalSchema,
  removalTemplateComponentInputSchema,
  removalTemplateComponentSchema,
  removalTemplateGroupSchema,
  removalTemplateSchema,
  riskOfReversalSchema,
  sourcePrivateUrlInfoSchema,
  sourcePrivateUrlSchema,
  sourcePublicUrlInfoSchema,
  sourceSchema,
  sourceTypeSchema,
} from '../model/resources';
export {
  dataUploadSubmissionStatusSchema,
  dataUploadSubmissionTypeSchema,
} from '../adapter/resources/monitoring/schemas';
export {
  measurementLocationSchema,
  measurementPropertySchema,
  measurementSampleSchema,
  measurementTypeSchema,
  measurementValueSchema,
} from '../adapter/resources/measurements/schemas';
export {
  productionBatchKindSchema,
} from '../adapter/resources/feedstock/schemas';
export {
  storageMethodSchema,
} from '../adapter/resources/storage/schemas';

// Resources of the field (feedstock, production, storage, monitoring).
export {
  biocharApplicationSchema,
  createSensorRequestSchema,
  createStorageUnitRequestSchema,
  sensorSchema,
  storageLocationSchema,
  storageUnitSchema,
} from '../adapter/resources/storage/schemas';
export {
  createMonitoringSubmissionRequestSchema,
  dataUploadSubmissionSchema,
  fileUploadSchema,
  frequencySchema,
  monitoringPhaseSchema,
  monitoringSubmissionSchema,
  projectMonitoringRequirementSchema,
} from '../adapter/resources/monitoring/schemas';
export {
  feedstockBatchSchema,
  feedstockTypeSchema,
  productionBatchSchema,
} from '../adapter/resources/feedstock/schemas';

// Resources of the registry (credit batches, retirements, orders, balances), and their enumerations.
export {
  bufferPoolRefundSchema,
  carbonRemovalDataSchema,
  creditBalanceSchema,
  creditBatchSchema,
  creditBatchStatusSchema,
  deliverySchema,
  issuanceCreditBatchesSchema,
  issuanceSchema,
  orderCreditBalanceSchema,
  organisationCreditBalanceSchema,
  projectCreditBalanceSchema,
  refundSchema,
  retirementPurposeSchema,
  retirementSchema,
  supplierCreditBalanceSchema,
  transferSchema,
} from '../adapter/resources/credit-ledger/schemas';
export {
  orderSchema,
  orderStatusSchema,
  pathwaySchema,
  projectDocumentSchema,
  projectStatusSchema,
  registryProjectSchema,
} from '../adapter/resources/registry-parties/schemas';
export {
  stripeCheckoutResponseSchema,
  supplierStripeConfigurationSchema,
} from '../adapter/resources/stripe/schemas';

// Request bodies of the MRV service.
export {
  addComponentToRemovalSchema,
  componentInputRequestSchema,
  componentToAttributeSchema,
  createComponentRequestSchema,
  createDatapointRequestSchema,
  createDocumentSourceRequestSchema,
  createGhgStatementComponentRequestSchema,
  createGhgStatementRequestSchema,
  createProjectComponentRequestSchema,
  createRemovalComponentLinkSchema,
  createRemovalRequestSchema,
  createRemovalStepSchema,
  datapointQuantityInputSchema,
  patchComponentRequestSchema,
  patchDatapointRequestSchema,
  patchRemovalComponentAttributionsRequestSchema,
  patchRemovalRequestSchema,
  patchSourceRequestSchema,
  removalTemplateComponentInputsSchema,
  requestQuantitySchema,
  resubmitGhgStatementRequestSchema,
  signedUploadUrlRequestSchema,
  submitGhgStatementRequestSchema,
  updateProjectComponentRemovalAttributionRequestSchema,
} from '../model/requests';
export {
  createBiocharApplicationRequestSchema,
  createStorageLocationRequestSchema,
  patchStorageLocationRequestSchema,
} from '../adapter/resources/storage/schemas';
export {
  createDataUploadSubmissionRequestSchema,
  createFileUploadRequestSchema,
} from '../adapter/resources/monitoring/schemas';
export {
  createFeedstockBatchRequestSchema,
  createProductionBatchRequestSchema,
  patchFeedstockTypeRequestSchema,
} from '../adapter/resources/feedstock/schemas';
export {
  createMeasurementLocationRequestSchema,
  createMeasurementSampleRequestSchema,
  createMeasurementSampleValueRequestSchema,
} from '../adapter/resources/measurements/schemas';

// Request bodies of the registry.
export {
  createBeneficiaryRequestSchema,
  createIndividualBeneficiarySchema,
  createOrganizationBeneficiarySchema,
} from '../adapter/resources/registry-parties/schemas';
export {
  createDeliveryRequestSchema,
  createRetirementOldestCreditsRequestSchema,
  createRetirementRequestSchema,
  createTransferRequestSchema,
  creditBatchQuantitySchema,
} from '../adapter/resources/credit-ledger/schemas';
export {
  createStripeCheckoutSessionRequestSchema,
  stripeSubscriptionFrequencySchema,
} from '../adapter/resources/stripe/schemas';

// Queries and path parameters.
export {
  type IdPathSchema,
  type PaginatedQueryObject,
  paginationQueryShape,
  datapointIdPathSchema,
  listComponentAttributionsQuerySchema,
  listComponentBlueprintsQuerySchema,
  listByReferenceQuerySchema,
  listComponentsQuerySchema,
  listDatapointComponentsQuerySchema,
  listDatapointRemovalTemplateComponentsQuerySchema,
  listDatapointsQuerySchema,
  listRemovalsQuerySchema,
  listRemovalTemplatesQuerySchema,
  listSourcesQuerySchema,
  paginationQuerySchema,
  projectIdPathSchema,
  removalIdPathSchema,
  requestHeadersSchema,
  sourceIdPathSchema,
} from '../model/queries';
export {
  biocharApplicationIdPathSchema,
  listSensorsQuerySchema,
  listStorageUnitsQuerySchema,
  storageLocationPathSchema,
} from '../adapter/resources/storage/schemas';
export {
  feedstockTypeIdPathSchema,
} from '../adapter/resources/feedstock/schemas';
export {
  listDataUploadSubmissionsQuerySchema,
  listMonitoringRequirementsQuerySchema,
} from '../adapter/resources/monitoring/schemas';
export {
  listMeasurementSamplesQuerySchema,
} from '../adapter/resources/measurements/schemas';
export {
  listCreditBatchesQuerySchema,
  listDeliveriesQuerySchema,
  listRetirementsQuerySchema,
  listSupplierDeliveriesQuerySchema,
  listTransfersQuerySchema,
  refundIdPathSchema,
} from '../adapter/resources/credit-ledger/schemas';
export {
  supplierIdPathSchema,
} from '../adapter/resources/registry-parties/schemas';
