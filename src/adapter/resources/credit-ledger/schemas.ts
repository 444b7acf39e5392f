/**
 * The service's schemas of the credit ledger: credit batches, issuances, retirements, deliveries,
 * transfers, refunds and balances as read, the retirement, delivery and transfer bodies, list
 * queries and path parameters (docs/service.md#routes). Owned by this resource's module (its routes
 * and view read them); the world document, the rows, the OpenAPI document and the
 * `cdr-engine/schemas` entry import them from here.
 */
import * as z from 'zod';
import { CREDIT_BATCH_STATUSES, RETIREMENT_PURPOSES } from '../../../model/enums';
import { anyIdSchema, idSchema } from '../../../model/ids';
import { idPathSchema, paginatedQuerySchema, paginationQuerySchema } from '../../../model/queries';
import {
  countryCodeSchema,
  creditQuantitySchema,
  dateSchema,
  dateTimeSchema,
  laxInt,
  organisationSchema,
  supplierSchema,
} from '../../../model/shapes';

/** Schema of a retirement purpose (docs/rules.md#service-resources). @public */
export const retirementPurposeSchema = z.enum(RETIREMENT_PURPOSES);
/** Why credits are retired. */
export type RetirementPurpose = z.infer<typeof retirementPurposeSchema>;

/** Schema of a credit batch's status (docs/rules.md#credit-batches). @public */
export const creditBatchStatusSchema = z.enum(CREDIT_BATCH_STATUSES);
/** Status of a credit batch. */
export type CreditBatchStatus = z.infer<typeof creditBatchStatusSchema>;

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

const notesSchema = z.string().max(256).nullable();

// ---------------------------------------------------------------------------------------------
// Credit transactions.

/**
 * Schema of a quantity taken from one credit batch: a whole, positive number of kilograms.
 * @public
 */
export const creditBatchQuantitySchema = z.strictObject({
  credit_batch_id: idSchema('credit_batch'),
  credit_quantity_kg: laxInt(z.number().int().gt(0)),
});
/** A quantity taken from one credit batch. */
export type CreditBatchQuantity = z.infer<typeof creditBatchQuantitySchema>;

/**
 * Retirement purposes: at least one; repeated purposes count once (the service holds a set).
 */
const retirementPurposesSchema = z
  .array(retirementPurposeSchema)
  .min(1)
  .transform((purposes) => [...new Set(purposes)]);

/**
 * Schema of the body of `POST /retirements`.
 * @public
 */
export const createRetirementRequestSchema = z.strictObject({
  beneficiary_organisation_id: anyIdSchema,
  owner_organisation_id: anyIdSchema,
  credit_batch_quantities: z.array(creditBatchQuantitySchema).min(1),
  retirement_purposes: retirementPurposesSchema,
  notes: notesSchema,
  supplier_id: anyIdSchema,
});
/** Body of `POST /retirements`. */
export type CreateRetirementRequest = z.infer<typeof createRetirementRequestSchema>;

/**
 * Schema of the body of `POST /retirements/from_oldest_credits` (OpenAPI
 * CreateRetirementOldestCreditsRequest): retire a quantity from the supplier's oldest credits.
 * @public
 */
export const createRetirementOldestCreditsRequestSchema = z.strictObject({
  owner_organisation_id: anyIdSchema,
  beneficiary_organisation_id: anyIdSchema,
  supplier_id: anyIdSchema,
  retirement_purposes: retirementPurposesSchema,
  notes: notesSchema,
  credit_quantity_kg: laxInt(z.number().int().gt(0)),
  vintage: laxInt(z.number().int().gte(1900).lte(2100)).nullable().optional(),
  order_id: anyIdSchema.nullable().optional(),
});
/** Body of `POST /retirements/from_oldest_credits`. */
export type CreateRetirementOldestCreditsRequest = z.infer<typeof createRetirementOldestCreditsRequestSchema>;

/**
 * Schema of the body of `POST /deliveries` (OpenAPI CreateDeliveryRequest).
 * @public
 */
export const createDeliveryRequestSchema = z.strictObject({
  credit_batch_quantities: z.array(creditBatchQuantitySchema).min(1),
  order_id: anyIdSchema,
  notes: notesSchema,
});
/** Body of `POST /deliveries`. */
export type CreateDeliveryRequest = z.infer<typeof createDeliveryRequestSchema>;

/**
 * Schema of the body of `POST /transfers` (OpenAPI CreateTransferRequest).
 * @public
 */
export const createTransferRequestSchema = z.strictObject({
  credit_batch_quantities: z.array(creditBatchQuantitySchema),
  from_organisation_id: anyIdSchema,
  to_organisation_id: anyIdSchema,
  supplier_id: anyIdSchema,
  notes: notesSchema,
});
/** Body of `POST /transfers`. */
export type CreateTransferRequest = z.infer<typeof createTransferRequestSchema>;

// ---------------------------------------------------------------------------------------------
// List queries.

/**
 * Schema of the query of `GET /transfers`.
 * @public
 */
export const listTransfersQuerySchema = paginatedQuerySchema({
  from_organisation_id: anyIdSchema.nullable().optional(),
  to_organisation_id: anyIdSchema.nullable().optional(),
});
/** Parsed query of `GET /transfers`. */
export type ListTransfersQuery = z.infer<typeof listTransfersQuerySchema>;

/** Schema of the query of `GET /registry/v0/deliveries`. @public */
export const listDeliveriesQuerySchema = paginatedQuerySchema({
  from_supplier_id: idSchema('supplier').nullable().optional(),
  to_organisation_id: idSchema('organisation').nullable().optional(),
});

/** Schema of the query of `GET /registry/v0/retirements`. @public */
export const listRetirementsQuerySchema = paginatedQuerySchema({
  beneficiary_org_id: idSchema('organisation').nullable().optional(),
  owner_org_id: idSchema('organisation').nullable().optional(),
});

/** Credit batch statuses as a query gives them: one status, or several separated by commas. */
const creditBatchStatusesSchema = z
  .string()
  .transform((text) => text.split(',').map((s) => s.trim()))
  .pipe(z.array(creditBatchStatusSchema));

/** Schema of the query of `GET /registry/v0/organisations/{id}/credit_batches`. @public */
export const listCreditBatchesQuerySchema = paginatedQuerySchema({
  supplier_id: idSchema('supplier').nullable().optional(),
  project_id: idSchema('project').nullable().optional(),
  issuance_id: idSchema('issuance').nullable().optional(),
  delivery_id: idSchema('delivery').nullable().optional(),
  order_id: idSchema('order').nullable().optional(),
  retirement_id: idSchema('retirement').nullable().optional(),
  status: creditBatchStatusesSchema.nullable().optional(),
  issued_after: dateTimeSchema.nullable().optional(),
  issued_before: dateTimeSchema.nullable().optional(),
  sort_field: z.enum(['issued_at']).nullable().optional(),
  sort_direction: z.enum(['asc', 'desc']).nullable().optional(),
});
/** Parsed query of the credit batches of an organisation. */
export type ListCreditBatchesQuery = z.infer<typeof listCreditBatchesQuerySchema>;

/** Schema of the query of `GET /suppliers/{id}/deliveries`. @public */
export const listSupplierDeliveriesQuerySchema = paginationQuerySchema;

// ---------------------------------------------------------------------------------------------
// Path parameters and data upload submissions.

/** Path of `/refunds/{id}`: `id` of a refund. @public */
export const refundIdPathSchema = idPathSchema('refund');
