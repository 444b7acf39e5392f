/** The rows of the stripe resource as the store holds them (built on store/stored.ts; listed in rows.ts). */
import type { Stored } from '../../store/stored';
import type { stripeSubscriptionFrequencySchema, supplierStripeConfigurationSchema } from './schemas';
import type { z } from 'zod';

/** A supplier's Stripe configuration (the world's; the sandbox never talks to Stripe); its id is the supplier's. */
export type StripeConfigurationRow = Stored<typeof supplierStripeConfigurationSchema>;

/** A simulated Stripe checkout session: completing it (test helper) creates the order. */
export interface CheckoutSessionRow {
  readonly id: string;
  /** The organisation that opened it (the supplier's storefront). */
  readonly owner: string;
  readonly supplier_id: string;
  readonly quantity_kg: number;
  readonly frequency: z.output<typeof stripeSubscriptionFrequencySchema>;
  readonly customer_email: string | null;
  readonly success_url: string;
  readonly cancel_url: string;
  readonly status: 'open' | 'complete';
  readonly order_id: string | null;
}
