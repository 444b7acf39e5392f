/**
 * The service's schemas of Stripe checkout: the checkout response, a supplier's Stripe
 * configuration and the checkout session body (docs/service.md#routes). Owned by this resource's
 * module (its routes and view read them); the world document, the rows, the OpenAPI document and
 * the `cdr-engine/schemas` entry import them from here.
 */
import * as z from 'zod';
import { idSchema } from '../../../model/ids';
import { laxBoolean, laxInt } from '../../../model/shapes';

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
  credit_product_price_per_tonne: z
    .string()
    .regex(/^(?!^[-+.]*$)[+-]?0*\d*\.?\d*$/)
    .nullable(),
  verification_product_price_per_tonne: z
    .string()
    .regex(/^(?!^[-+.]*$)[+-]?0*\d*\.?\d*$/)
    .nullable(),
  currency: z.string().nullable(),
  isometric_terms_and_conditions_url: z.string(),
});
/** A supplier's Stripe configuration. */
export type SupplierStripeConfiguration = z.infer<typeof supplierStripeConfigurationSchema>;

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
