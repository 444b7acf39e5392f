/**
 * Request bodies of the registry operations (`/registry/v0`): credit transactions (retirements,
 * deliveries, transfers), beneficiaries and the Stripe checkout. Strict, as every request body
 * (docs/rules.md#service-behaviour): an unknown key is refused.
 */
import { z } from 'zod';
import { anyIdSchema, idSchema } from './ids';
import { addPydanticIssue } from './pydantic-issue';
import { retirementPurposeSchema } from './registry-resources';
import { laxBoolean, laxInt, literalSchema } from './shapes';

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
 * Schema of the body of `POST /retirements` (operation 20).
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
// Beneficiaries and the Stripe checkout.

/**
 * Schema of the body of `POST /beneficiary` registering an organisation as a beneficiary
 * (OpenAPI CreateOrganizationBeneficiary).
 * @public
 */
export const createOrganizationBeneficiarySchema = z.strictObject({
  __typename: literalSchema('CreateOrganizationBeneficiary').optional(),
  beneficiary_name: z.string().min(1).max(256),
  beneficiary_domain: z.string().min(1).max(256),
});

/** An e-mail address as pydantic's `email` format checks it (one `@`, a dot in the domain). */
const emailSchema = z.string().superRefine((value, ctx) => {
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value)) {
    addPydanticIssue(ctx, value, { type: 'value_error', msg: 'value is not a valid email address: An email address must have an @-sign and a domain with a dot.', ctx: { reason: 'An email address must have an @-sign and a domain with a dot.' } });
  }
});

/**
 * Schema of the body of `POST /beneficiary` registering a person as a beneficiary (OpenAPI
 * CreateIndividualBeneficiary).
 * @public
 */
export const createIndividualBeneficiarySchema = z.strictObject({
  __typename: literalSchema('CreateIndividualBeneficiary').optional(),
  beneficiary_name: z.string().min(1).max(256),
  beneficiary_email: emailSchema,
});

/**
 * Schema of the body of `POST /beneficiary`: an organisation (with a domain) or an individual
 * (with an e-mail address), told apart by `__typename` or, without it, by the fields given.
 * @public
 */
export const createBeneficiaryRequestSchema = z.union([createOrganizationBeneficiarySchema, createIndividualBeneficiarySchema]);
/** Body of `POST /beneficiary`. */
export type CreateBeneficiaryRequest = z.infer<typeof createBeneficiaryRequestSchema>;

/** Schema of how often a Stripe checkout charges. @public */
export const stripeSubscriptionFrequencySchema = z.enum(['one_time', 'monthly', 'yearly']);

/**
 * Schema of the body of `POST /stripe/checkout` (OpenAPI CreateStripeCheckoutSessionRequest).
 * @public
 */
export const createStripeCheckoutSessionRequestSchema = z.strictObject({
  quantity_kg: laxInt(z.number().int().gt(0)),
  frequency: stripeSubscriptionFrequencySchema,
  isometric_terms_and_conditions_accepted: laxBoolean(),
  supplier_terms_and_conditions_accepted: laxBoolean(),
  customer_email: z.string().nullable().optional(),
  success_url: z.string().min(1),
  cancel_url: z.string().min(1),
});
/** Body of `POST /stripe/checkout`. */
export type CreateStripeCheckoutSessionRequest = z.infer<typeof createStripeCheckoutSessionRequestSchema>;
