/**
 * The view of a supplier's Stripe configuration: its stored row to the response body, typed by the
 * resource's response schema.
 */
import type { supplierStripeConfigurationSchema } from './schemas';
import type { BodyOf } from '../../router';
import type { StripeConfigurationRow } from '../../rows';

/** A supplier's Stripe configuration as the service answers it. */
export function configurationView(row: StripeConfigurationRow): BodyOf<typeof supplierStripeConfigurationSchema> {
  return {
    id: row.id,
    account_id: row.account_id,
    credit_product_price_per_tonne: row.credit_product_price_per_tonne,
    verification_product_price_per_tonne: row.verification_product_price_per_tonne,
    currency: row.currency,
    isometric_terms_and_conditions_url: row.isometric_terms_and_conditions_url,
  };
}
