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
  dataUploadSubmissionStatusSchema,
  dataUploadSubmissionTypeSchema,
  ghgEntrySchema,
  ghgStatementSchema,
  measurementLocationSchema,
  measurementPropertySchema,
  measurementSampleSchema,
  measurementTypeSchema,
  measurementValueSchema,
  processSchema,
  processStepSchema,
  productionBatchKindSchema,
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
  storageMethodSchema,
} from '../model/resources';

// Resources of the field (feedstock, production, storage, monitoring).
export {
  biocharApplicationSchema,
  createMonitoringSubmissionRequestSchema,
  createSensorRequestSchema,
  createStorageUnitRequestSchema,
  dataUploadSubmissionSchema,
  feedstockBatchSchema,
  feedstockTypeSchema,
  fileUploadSchema,
  frequencySchema,
  monitoringPhaseSchema,
  monitoringSubmissionSchema,
  productionBatchSchema,
  projectMonitoringRequirementSchema,
  sensorSchema,
  storageLocationSchema,
  storageUnitSchema,
} from '../model/resources-field';

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
  createBiocharApplicationRequestSchema,
  createComponentRequestSchema,
  createDatapointRequestSchema,
  createDataUploadSubmissionRequestSchema,
  createDocumentSourceRequestSchema,
  createFeedstockBatchRequestSchema,
  createFileUploadRequestSchema,
  createGhgStatementComponentRequestSchema,
  createGhgStatementRequestSchema,
  createMeasurementLocationRequestSchema,
  createMeasurementSampleRequestSchema,
  createMeasurementSampleValueRequestSchema,
  createProductionBatchRequestSchema,
  createProjectComponentRequestSchema,
  createRemovalComponentLinkSchema,
  createRemovalRequestSchema,
  createRemovalStepSchema,
  createStorageLocationRequestSchema,
  datapointQuantityInputSchema,
  patchComponentRequestSchema,
  patchDatapointRequestSchema,
  patchFeedstockTypeRequestSchema,
  patchRemovalComponentAttributionsRequestSchema,
  patchRemovalRequestSchema,
  patchSourceRequestSchema,
  patchStorageLocationRequestSchema,
  removalTemplateComponentInputsSchema,
  requestQuantitySchema,
  resubmitGhgStatementRequestSchema,
  signedUploadUrlRequestSchema,
  submitGhgStatementRequestSchema,
  updateProjectComponentRemovalAttributionRequestSchema,
} from '../model/requests';

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
  biocharApplicationIdPathSchema,
  datapointIdPathSchema,
  feedstockTypeIdPathSchema,
  listComponentAttributionsQuerySchema,
  listComponentBlueprintsQuerySchema,
  listByReferenceQuerySchema,
  listComponentsQuerySchema,
  listDatapointComponentsQuerySchema,
  listDatapointRemovalTemplateComponentsQuerySchema,
  listDatapointsQuerySchema,
  listDataUploadSubmissionsQuerySchema,
  listMeasurementSamplesQuerySchema,
  listMonitoringRequirementsQuerySchema,
  listRemovalsQuerySchema,
  listRemovalTemplatesQuerySchema,
  listSensorsQuerySchema,
  listSourcesQuerySchema,
  listStorageUnitsQuerySchema,
  paginationQuerySchema,
  projectIdPathSchema,
  removalIdPathSchema,
  requestHeadersSchema,
  sourceIdPathSchema,
  storageLocationPathSchema,
} from '../model/queries';
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
