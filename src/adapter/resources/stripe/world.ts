/** The Stripe configurations of the world document: a record's schema (every field documented here, once) and its row. */
import * as z from 'zod';
import { idSchema } from '../../../model';
import type { StripeConfigurationRow } from './rows';

const decimalText = z.string().regex(/^[+-]?\d*\.?\d+$/, 'must be a decimal number');

/** A supplier's Stripe configuration (the sandbox only simulates checkout). */
export const worldStripeConfigurationSchema = z.object({
  /** The supplier (`spl_`). */
  supplier_id: idSchema('supplier'),
  /** Stripe account id. */
  account_id: z.string().min(1),
  /** Price per tonne of credits, a decimal string. */
  credit_product_price_per_tonne: decimalText.nullable().optional(),
  /** Price per tonne of verification, a decimal string. */
  verification_product_price_per_tonne: decimalText.nullable().optional(),
  /** Currency code. */
  currency: z.string().nullable().optional(),
  /** Terms and conditions shown at checkout. */
  isometric_terms_and_conditions_url: z.string().min(1),
});

/** A Stripe configuration as the sandbox stores it, by its supplier. */
export function stripeConfigurationRow(c: z.output<typeof worldStripeConfigurationSchema>): StripeConfigurationRow {
  return {
    id: c.supplier_id,
    account_id: c.account_id,
    credit_product_price_per_tonne: c.credit_product_price_per_tonne ?? null,
    verification_product_price_per_tonne: c.verification_product_price_per_tonne ?? null,
    currency: c.currency ?? null,
    isometric_terms_and_conditions_url: c.isometric_terms_and_conditions_url,
  };
}
