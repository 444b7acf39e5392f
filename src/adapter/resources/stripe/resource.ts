/** The stripe resource as the store and the state know it: its schemas, tables, supplier references and quantity fields (store/resource.ts). */
import { defineResource, tableOf } from '../../store/resource';
import type { CheckoutSessionRow, StripeConfigurationRow } from './rows';
import * as schemas from './schemas';

export const stripeResource = defineResource({
  name: 'stripe',
  schemas,
  tables: {
    stripeConfigurations: tableOf<StripeConfigurationRow>('stripe_configurations'),
    checkoutSessions: tableOf<CheckoutSessionRow>('checkout_sessions'),
  },
  supplierReferences: [],
  quantities: {},
});
