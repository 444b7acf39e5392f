/**
 * The Stripe checkout of a supplier's storefront, simulated: `POST /stripe/checkout` opens a
 * checkout session and answers where to send the buyer; the sandbox never talks to Stripe. The
 * test helper `POST /sandbox/v0/stripe/checkout_sessions/{id}/complete` stands for the buyer paying:
 * it creates the order (sandbox-helpers/routes.ts). A supplier without a Stripe configuration (world document)
 * has none to read (404) and cannot open a checkout (409).
 */
import type { z } from 'zod';
import { createStripeCheckoutSessionRequestSchema } from './schemas';
import { stripeCheckoutResponseSchema, supplierStripeConfigurationSchema } from './schemas';
import type { RequestContext } from '../../context';
import { conflict, notFound, Problems } from '../../http/failures';
import { ok, route, type Route } from '../../router';
import type { CheckoutSessionRow, StripeConfigurationRow } from '../../rows';
import { configurationView } from './view';

/** Where the buyer pays for a checkout session (an address of the simulated Stripe). */
export function checkoutAddress(id: string): string {
  return `https://checkout.sandbox.invalid/pay/${id}`;
}

/** The caller's supplier's Stripe configuration, or 404. */
function configurationOf(context: RequestContext): StripeConfigurationRow {
  const supplier = context.viewer.supplier;
  const configuration = supplier === null ? undefined : context.state.stripeConfigurations.get(supplier.id);
  if (configuration === undefined) throw notFound();
  return configuration;
}

const checkout = (context: RequestContext, body: z.output<typeof createStripeCheckoutSessionRequestSchema>) => {
  const { state } = context;
  const problems = new Problems();
  if (!body.isometric_terms_and_conditions_accepted)
    problems.add(['body', 'isometric_terms_and_conditions_accepted'], 'the terms and conditions must be accepted', false);
  if (!body.supplier_terms_and_conditions_accepted)
    problems.add(['body', 'supplier_terms_and_conditions_accepted'], "the supplier's terms and conditions must be accepted", false);
  problems.check();
  const supplier = context.viewer.supplier;
  if (supplier === null || !state.stripeConfigurations.has(supplier.id))
    throw conflict('the supplier of the access token has no Stripe configuration');
  const row: CheckoutSessionRow = {
    id: state.ids('checkout_session'),
    owner: context.viewer.id,
    supplier_id: supplier.id,
    quantity_kg: body.quantity_kg,
    frequency: body.frequency,
    customer_email: body.customer_email ?? null,
    success_url: body.success_url,
    cancel_url: body.cancel_url,
    status: 'open',
    order_id: null,
  };
  state.checkoutSessions.insert(row);
  return ok({ redirect_url: checkoutAddress(row.id) });
};

/** The routes of this module. */
export function stripeRoutes(): Route[] {
  return [
    route(
      'POST',
      '/registry/v0/stripe/checkout',
      {
        body: createStripeCheckoutSessionRequestSchema,
        response: stripeCheckoutResponseSchema,
        conflict: true,
        summary: "Open a checkout session for the supplier's credits",
      },
      (context, { body }) => checkout(context, body),
    ),
    route(
      'GET',
      '/registry/v0/stripe/configuration',
      { response: supplierStripeConfigurationSchema, notFound: true, summary: "The Stripe configuration of the caller's supplier" },
      (context) => ok(configurationView(configurationOf(context))),
    ),
  ];
}
