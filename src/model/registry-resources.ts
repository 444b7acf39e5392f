/**
 * The registry (`/registry/v0`) resources as the service returns them (docs/rules.md#service-resources,
 * completed from the OpenAPI for the records 2.18 references by id). Credit batches carry both
 * the GHG entry and the removal spelling of their entry id.
 */
import { z } from 'zod';
import { CREDIT_BATCH_STATUSES, RETIREMENT_PURPOSES } from './enums';
import { idSchema } from './ids';
import {
  countryCodeSchema,
  creditQuantitySchema,
  dateSchema,
  dateTimeSchema,
  locationSchema,
  organisationSchema,
  supplierSchema,
} from './shapes';

/** Schema of a retirement purpose (docs/rules.md#service-resources). @public */
export const retirementPurposeSchema = z.enum(RETIREMENT_PURPOSES);
/** Why credits are retired. */
export type RetirementPurpose = z.infer<typeof retirementPurposeSchema>;

/** Schema of a credit batch's status (docs/rules.md#credit-batches). @public */
export const creditBatchStatusSchema = z.enum(CREDIT_BATCH_STATUSES);
/** Status of a credit batch. */
export type CreditBatchStatus = z.infer<typeof creditBatchStatusSchema>;

/** Schema of an order's status. @public */
export const orderStatusSchema = z.enum(['placed', 'in_progress', 'completed']);
/** Status of an order. */
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Schema of a project's status in the registry. @public */
export const projectStatusSchema = z.enum([
  'draft',
  'preview',
  'under_validation',
  'validated',
  'validation_unsuccessful',
  'cancelled',
]);
/** Status of a project in the registry. */
export type ProjectStatus = z.infer<typeof projectStatusSchema>;

/** Schema of a carbon removal pathway. @public */
export const pathwaySchema = z.enum([
  'biomass_carbon_removal_and_storage',
  'direct_air_capture',
  'enhanced_weathering',
  'carbon_mineralization',
  'reforestation',
  'marine',
  'superpollutants',
]);
/** Carbon removal pathway of a project. */
export type Pathway = z.infer<typeof pathwaySchema>;

/**
 * Schema of the carbon accounting behind a credit batch, in kilograms.
 * @public
 */
export const carbonRemovalDataSchema = z.object({
  counterfactuals_kg: z.number(),
  emissions_kg: z.number(),
  gross_carbon_removed_kg: z.number(),
  losses_kg: z.number(),
  net_carbon_removed_kg: z.number(),
});
/** Carbon accounting of a credit batch. */
export type CarbonRemovalData = z.infer<typeof carbonRemovalDataSchema>;

/**
 * Schema of a CreditBatch (docs/rules.md#service-resources, `status` and nullability from the OpenAPI). Fields
 * set by a later event (delivery, retirement, split, beneficiary) are null until it happens.
 * @public
 */
export const creditBatchSchema = z.object({
  id: idSchema('credit_batch'),
  serial_number: z.string(),
  status: creditBatchStatusSchema,
  size: creditQuantitySchema,
  project_id: idSchema('project'),
  supplier_id: idSchema('supplier'),
  owner: organisationSchema,
  beneficiary: organisationSchema.nullable(),
  country_of_issue: countryCodeSchema,
  ccp_approved: z.boolean(),
  sequestered_on: dateSchema,
  issued_at: dateTimeSchema,
  delivered_at: dateTimeSchema.nullable(),
  retired_at: dateTimeSchema.nullable(),
  issuance_id: idSchema('issuance'),
  delivery_id: idSchema('delivery').nullable(),
  retirement_id: idSchema('retirement').nullable(),
  ghg_entry_id: idSchema('ghg_entry'),
  removal_id: idSchema('ghg_entry'),
  parent_id: idSchema('credit_batch').nullable(),
  left_child_id: idSchema('credit_batch').nullable(),
  right_child_id: idSchema('credit_batch').nullable(),
  carbon_removal_data: carbonRemovalDataSchema.nullable(),
});
/** A batch of credits, a node of its issuance's split tree. */
export type CreditBatch = z.infer<typeof creditBatchSchema>;

/**
 * Schema of a Retirement (docs/rules.md#service-resources).
 * @public
 */
export const retirementSchema = z.object({
  id: idSchema('retirement'),
  beneficiary: organisationSchema,
  owner: organisationSchema,
  credit_batch_size_total: creditQuantitySchema,
  notes: z.string().nullable(),
  purposes: z.array(retirementPurposeSchema),
  retired_at: dateTimeSchema,
  url: z.string(),
});
/** A retirement of credits. */
export type Retirement = z.infer<typeof retirementSchema>;

/**
 * Schema of a Delivery (docs/rules.md#service-resources; `notes` may be null as in the OpenAPI).
 * @public
 */
export const deliverySchema = z.object({
  id: idSchema('delivery'),
  order_id: idSchema('order'),
  delivered_at: dateTimeSchema,
  notes: z.string().nullable(),
  url: z.string(),
  credit_batch_size_total: creditQuantitySchema,
  to_organisation: organisationSchema,
  from_supplier: supplierSchema,
});
/** A delivery of credits from a supplier to a buyer. */
export type Delivery = z.infer<typeof deliverySchema>;

/**
 * Schema of a Transfer (docs/rules.md#service-resources; `notes` may be null as in the OpenAPI).
 * @public
 */
export const transferSchema = z.object({
  id: idSchema('transfer'),
  from_organisation: organisationSchema,
  to_organisation: organisationSchema,
  credit_batch_size_total: creditQuantitySchema,
  notes: z.string().nullable(),
  transferred_at: dateTimeSchema,
});
/** A transfer of credits between organisations. */
export type Transfer = z.infer<typeof transferSchema>;

/**
 * Schema of an Order (OpenAPI).
 * @public
 */
export const orderSchema = z.object({
  id: idSchema('order'),
  effective_contract_date: dateSchema,
  fulfilled_at: dateTimeSchema.nullable(),
  buyer_organisation: organisationSchema,
  supplier: supplierSchema,
  status: orderStatusSchema,
  credits_ordered: creditQuantitySchema,
  credits_delivered: creditQuantitySchema,
});
/** An order of credits. */
export type Order = z.infer<typeof orderSchema>;

/**
 * Schema of an Issuance (OpenAPI).
 * @public
 */
export const issuanceSchema = z.object({
  id: idSchema('issuance'),
  issued_at: dateTimeSchema,
  supplier: supplierSchema,
  project_id: idSchema('project'),
  reporting_period_start_at: dateSchema,
  reporting_period_end_at: dateSchema,
  supplier_credit_batch_size_total: creditQuantitySchema,
  buffer_pool_credit_batch_size_total: creditQuantitySchema,
  credit_batch_size_total: creditQuantitySchema,
  /** The statement whose credits were issued (beyond the OpenAPI). */
  ghg_statement_id: idSchema('ghg_statement').optional(),
});
/** An issuance of credits for a verified GHG statement. */
export type Issuance = z.infer<typeof issuanceSchema>;

/**
 * Schema of the credit batches of an issuance (OpenAPI).
 * @public
 */
export const issuanceCreditBatchesSchema = z.object({
  issuance_id: idSchema('issuance'),
  supplier_credit_batches: z.array(creditBatchSchema),
  supplier_credit_batch_size_total: creditQuantitySchema,
  buffer_pool_credit_batches: z.array(creditBatchSchema),
  buffer_pool_credit_batch_size_total: creditQuantitySchema,
  credit_batch_size_total: creditQuantitySchema,
});
/** The credit batches of an issuance. */
export type IssuanceCreditBatches = z.infer<typeof issuanceCreditBatchesSchema>;

/**
 * Schema of a BufferPoolRefund (OpenAPI), the record behind a `bpr_` refund id.
 * @public
 */
export const bufferPoolRefundSchema = z.object({
  id: idSchema('refund'),
  refunded_at: dateTimeSchema,
  from_buffer_pool_organisation: organisationSchema,
  to_organisation: organisationSchema,
  credit_batch_size_total: creditQuantitySchema,
  notes: z.string(),
});
/** A refund of credits from the buffer pool. */
export type BufferPoolRefund = z.infer<typeof bufferPoolRefundSchema>;

/**
 * Schema of a refund: the same record as {@link bufferPoolRefundSchema}.
 * @public
 */
export const refundSchema = bufferPoolRefundSchema;
/** A refund (buffer pool refund). */
export type Refund = BufferPoolRefund;

/**
 * Schema of a CreditBalance: active and retired credits.
 * @public
 */
export const creditBalanceSchema = z.object({
  active_credits_total: creditQuantitySchema,
  retired_credits_total: creditQuantitySchema,
});
/** Active and retired credits of a holder. */
export type CreditBalance = z.infer<typeof creditBalanceSchema>;

/** Schema of the credit balance held from one supplier. @public */
export const supplierCreditBalanceSchema = z.object({ supplier_id: idSchema('supplier'), total: creditBalanceSchema });
/** Credit balance held from one supplier. */
export type SupplierCreditBalance = z.infer<typeof supplierCreditBalanceSchema>;

/** Schema of the credit balance held from one project. @public */
export const projectCreditBalanceSchema = z.object({ project_id: idSchema('project'), total: creditBalanceSchema });
/** Credit balance held from one project. */
export type ProjectCreditBalance = z.infer<typeof projectCreditBalanceSchema>;

/** Schema of the credit balance of one order. @public */
export const orderCreditBalanceSchema = z.object({ order_id: idSchema('order'), total: creditBalanceSchema });
/** Credit balance of one order. */
export type OrderCreditBalance = z.infer<typeof orderCreditBalanceSchema>;

/**
 * Schema of an organisation's credit balance, in total and per supplier, project and order.
 * @public
 */
export const organisationCreditBalanceSchema = z.object({
  total: creditBalanceSchema,
  supplier_balances: z.array(supplierCreditBalanceSchema),
  project_balances: z.array(projectCreditBalanceSchema),
  order_balances: z.array(orderCreditBalanceSchema),
});
/** Credit balance of an organisation. */
export type OrganisationCreditBalance = z.infer<typeof organisationCreditBalanceSchema>;

/**
 * Schema of a Project as the registry operations return it (OpenAPI `/registry/v0`).
 * @public
 */
export const registryProjectSchema = z.object({
  id: idSchema('project'),
  name: z.string(),
  supplier: supplierSchema,
  status: projectStatusSchema,
  short_code: z.string(),
  url: z.string(),
  process_key: z.string(),
  pathway: pathwaySchema,
  protocol_slug: z.string(),
  country_code: countryCodeSchema,
  validator_name: z.string().nullable(),
  current_verifier_name: z.string().nullable(),
  crediting_period_start: dateSchema.nullable(),
  crediting_period_end: dateSchema.nullable(),
  issued_credits_total: creditQuantitySchema,
  retired_credits_total: creditQuantitySchema,
  issued_buffer_pool_credits_total: creditQuantitySchema,
  retired_buffer_pool_credits_total: creditQuantitySchema,
  location: locationSchema.nullable(),
});
/** A project (registry view). */
export type RegistryProject = z.infer<typeof registryProjectSchema>;

/**
 * Schema of a ProjectDocument (OpenAPI): a public document of a project.
 * @public
 */
export const projectDocumentSchema = z.object({
  id: idSchema('project_document'),
  display_name: z.string(),
  project_id: idSchema('project'),
  url: z.string(),
});
/** A public document of a project. */
export type ProjectDocument = z.infer<typeof projectDocumentSchema>;

/**
 * Schema of a StripeCheckoutResponse (OpenAPI): where to send the buyer to pay.
 * @public
 */
export const stripeCheckoutResponseSchema = z.object({ redirect_url: z.string() });
/** The answer to a checkout request. */
export type StripeCheckoutResponse = z.infer<typeof stripeCheckoutResponseSchema>;

/**
 * Schema of a SupplierStripeConfiguration (OpenAPI): a supplier's Stripe account and prices
 * (decimal strings).
 * @public
 */
export const supplierStripeConfigurationSchema = z.object({
  id: idSchema('supplier'),
  account_id: z.string(),
  credit_product_price_per_tonne: z.string().regex(/^(?!^[-+.]*$)[+-]?0*\d*\.?\d*$/).nullable(),
  verification_product_price_per_tonne: z.string().regex(/^(?!^[-+.]*$)[+-]?0*\d*\.?\d*$/).nullable(),
  currency: z.string().nullable(),
  isometric_terms_and_conditions_url: z.string(),
});
/** A supplier's Stripe configuration. */
export type SupplierStripeConfiguration = z.infer<typeof supplierStripeConfigurationSchema>;

