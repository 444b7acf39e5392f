/** The stripe resource as the store and the state know it: its schemas, tables, supplier references, quantity fields, world collections, named indexes and routes (store/resource.ts). */
import { defineResource, tableOf, worldRows, type TablesOfSpecs } from '../../store/resource';
import type { CheckoutSessionRow, StripeConfigurationRow } from './rows';
import * as schemas from './schemas';
import { stripeRoutes } from './routes';
import { stripeConfigurationRow, worldStripeConfigurationSchema } from './world';

const tables = {
  stripeConfigurations: tableOf<StripeConfigurationRow>('stripe_configurations'),
  checkoutSessions: tableOf<CheckoutSessionRow>('checkout_sessions'),
};

export const stripeResource = defineResource({
  name: 'stripe',
  schemas,
  tables,
  supplierReferences: [],
  quantities: {},
  world: {
    /** Stripe configurations of suppliers (the sandbox only simulates checkout). */
    stripe_configurations: worldRows(tables, 'stripeConfigurations', worldStripeConfigurationSchema, stripeConfigurationRow),
  },
  routes: stripeRoutes,
});

declare module '../../store/state-shape' {
  /** The state holds its tables. */
  interface StateTables extends TablesOfSpecs<typeof tables> {}
}
