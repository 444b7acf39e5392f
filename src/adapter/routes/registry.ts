/**
 * Registry operations over the credit ledger: retirements, deliveries, transfers, refunds, credit
 * batches, issuances and balances. The registry is public, except transfers, which only their two
 * organisations see. The acting organisation is the bearer token's: it must own the credits it
 * moves.
 */
import { z } from 'zod';
import { idSchema } from '../../model';
import { idPathSchema, listTransfersQuerySchema, paginationQuerySchema, refundIdPathSchema, supplierIdPathSchema } from '../../model/queries';
import {
  createDeliveryRequestSchema,
  createRetirementOldestCreditsRequestSchema,
  createRetirementRequestSchema,
  createTransferRequestSchema,
} from '../../model/requests';
import type { RequestContext } from '../context';
import { notFound, Problems } from '../failures';
import { ok, route, type Route } from '../router';
import type { OrderRow } from '../rows';
import type { ServiceState } from '../state';
import type { Sequenced } from '../store';
import { pageOf } from './common';

/** Ledger records with their place in the creation order (every record the sandbox made is known). */
function sequenced<T extends { readonly id: string }>(state: ServiceState, views: readonly T[]): Sequenced<T>[] {
  return views
    .map((row) => {
      const seq = state.ledgerEntries.seqOf(row.id);
      if (seq === undefined) throw new Error(`registry record ${row.id} has no place in the creation order`);
      return { seq, row };
    })
    .sort((a, b) => a.seq - b.seq);
}

function found<T>(value: T | undefined): T {
  if (value === undefined) throw notFound();
  return value;
}

/** The organisation acting must be the one named in the body. */
function checkActing(context: RequestContext, problems: Problems, field: string, id: string): void {
  if (id !== context.viewer.id) problems.add(['body', field], `${field} must be the organisation of the access token (${context.viewer.id})`, id);
}

function checkOrganisation(context: RequestContext, problems: Problems, field: string, id: string): void {
  if (!context.state.organisations.has(id)) problems.add(['body', field], `organisation '${id}' was not found`, id);
}

function checkSupplier(context: RequestContext, problems: Problems, id: string): void {
  if (context.state.ledger.getSupplier(id) === undefined) problems.add(['body', 'supplier_id'], `supplier '${id}' was not found`, id);
}

/** The OpenAPI Order of an order row, with its delivered total from the ledger. */
export function orderView(state: ServiceState, order: OrderRow): Record<string, unknown> {
  const deliveries = state.ledger.listDeliveries({ from_supplier_id: order.supplier_id }).filter((d) => d.order_id === order.id);
  const deliveredKg = deliveries.reduce((sum, d) => sum + d.credit_batch_size_total.credit_kgs, 0);
  const buyer = state.organisations.get(order.organisation_id);
  const complete = order.credits_ordered_kg > 0 && deliveredKg >= order.credits_ordered_kg;
  const quantity = (kg: number) => ({ credits: kg / 1000, credit_kgs: kg });
  return {
    id: order.id,
    effective_contract_date: order.created_at.slice(0, 10),
    fulfilled_at: complete ? (deliveries[deliveries.length - 1]?.delivered_at ?? null) : null,
    buyer_organisation: { id: order.organisation_id, name: buyer?.name ?? order.organisation_id, domain: buyer?.domain ?? null },
    supplier: state.ledger.getSupplier(order.supplier_id) ?? null,
    status: complete ? 'completed' : deliveredKg > 0 ? 'in_progress' : 'placed',
    credits_ordered: quantity(order.credits_ordered_kg),
    credits_delivered: quantity(deliveredKg),
  };
}

const retire = (context: RequestContext, body: z.output<typeof createRetirementRequestSchema>) => {
  const { state } = context;
  const problems = new Problems();
  checkActing(context, problems, 'owner_organisation_id', body.owner_organisation_id);
  checkOrganisation(context, problems, 'beneficiary_organisation_id', body.beneficiary_organisation_id);
  checkSupplier(context, problems, body.supplier_id);
  problems.check();
  const view = state.ledger.createRetirement({
    owner_organisation_id: body.owner_organisation_id,
    beneficiary_organisation_id: body.beneficiary_organisation_id,
    supplier_id: body.supplier_id,
    retirement_purposes: body.retirement_purposes,
    notes: body.notes,
    credit_batch_quantities: body.credit_batch_quantities,
  });
  state.recordTransaction('retirement', view.id, body.credit_batch_quantities);
  return ok(view);
};

const retireOldest = (context: RequestContext, body: z.output<typeof createRetirementOldestCreditsRequestSchema>) => {
  const { state } = context;
  const problems = new Problems();
  checkActing(context, problems, 'owner_organisation_id', body.owner_organisation_id);
  checkOrganisation(context, problems, 'beneficiary_organisation_id', body.beneficiary_organisation_id);
  checkSupplier(context, problems, body.supplier_id);
  problems.check();
  const before = new Set(state.ledger.listCreditBatches({ owner_organisation_id: body.owner_organisation_id, supplier_id: body.supplier_id, status: 'active' }).map((b) => b.id));
  const view = state.ledger.createRetirementFromOldestCredits({
    owner_organisation_id: body.owner_organisation_id,
    beneficiary_organisation_id: body.beneficiary_organisation_id,
    supplier_id: body.supplier_id,
    retirement_purposes: body.retirement_purposes,
    notes: body.notes,
    credit_quantity_kg: body.credit_quantity_kg,
    vintage: body.vintage ?? null,
    order_id: body.order_id ?? null,
  });
  state.recordTransaction('retirement', view.id, [...before].map((id) => ({ credit_batch_id: id })));
  return ok(view);
};

const deliver = (context: RequestContext, body: z.output<typeof createDeliveryRequestSchema>) => {
  const { state } = context;
  const problems = new Problems();
  const order = state.orders.get(body.order_id);
  // Only the supplier of the order delivers against it.
  if (order === undefined || context.viewer.supplier?.id !== order.supplier_id) problems.add(['body', 'order_id'], `order '${body.order_id}' was not found among the orders of your supplier`, body.order_id);
  problems.check();
  if (order === undefined) throw notFound();
  const buyer = state.organisations.get(order.organisation_id);
  const view = state.ledger.createDelivery({
    order: { id: order.id, organisation: { id: order.organisation_id, name: buyer?.name ?? order.organisation_id, domain: buyer?.domain ?? null }, supplier_id: order.supplier_id },
    credit_batch_quantities: body.credit_batch_quantities,
    notes: body.notes,
  });
  state.recordTransaction('delivery', view.id, body.credit_batch_quantities);
  return ok(view);
};

const transfer = (context: RequestContext, body: z.output<typeof createTransferRequestSchema>) => {
  const { state } = context;
  const problems = new Problems();
  checkActing(context, problems, 'from_organisation_id', body.from_organisation_id);
  checkOrganisation(context, problems, 'to_organisation_id', body.to_organisation_id);
  checkSupplier(context, problems, body.supplier_id);
  problems.check();
  const view = state.ledger.createTransfer({
    from_organisation_id: body.from_organisation_id,
    to_organisation_id: body.to_organisation_id,
    supplier_id: body.supplier_id,
    credit_batch_quantities: body.credit_batch_quantities,
    notes: body.notes,
  });
  state.recordTransaction('transfer', view.id, body.credit_batch_quantities);
  return ok(view);
};

/** A transfer is seen by its two organisations only. */
function transferVisible(context: RequestContext, t: { from_organisation: { id: string }; to_organisation: { id: string } }): boolean {
  return t.from_organisation.id === context.viewer.id || t.to_organisation.id === context.viewer.id;
}

/** The routes of this module. */
export function registryRoutes(): Route[] {
  return [
    route('POST', '/registry/v0/retirements', { body: createRetirementRequestSchema }, (context, { body }) => retire(context, body)),
    route('POST', '/registry/v0/retirements/from_oldest_credits', { body: createRetirementOldestCreditsRequestSchema }, (context, { body }) => retireOldest(context, body)),
    route('GET', '/registry/v0/retirements/{id}', { path: idPathSchema('retirement') }, (context, { path }) => ok(found(context.state.ledger.getRetirement(path.id)))),
    route('GET', '/registry/v0/retirements/{id}/credit_batches', { path: idPathSchema('retirement') }, (context, { path }) => {
      const nodes = found(context.state.ledger.getRetirementCreditBatches(path.id));
      return ok({ nodes, total_count: nodes.length });
    }),
    route('POST', '/registry/v0/deliveries', { body: createDeliveryRequestSchema }, (context, { body }) => deliver(context, body)),
    route('GET', '/registry/v0/deliveries/{id}', { path: idPathSchema('delivery') }, (context, { path }) => ok(found(context.state.ledger.getDelivery(path.id)))),
    route('GET', '/registry/v0/deliveries/{id}/credit_batches', { path: idPathSchema('delivery') }, (context, { path }) => {
      const nodes = found(context.state.ledger.getDeliveryCreditBatches(path.id));
      return ok({ nodes, total_count: nodes.length });
    }),
    route('GET', '/registry/v0/suppliers/{id}/deliveries', { path: supplierIdPathSchema, query: paginationQuerySchema }, (context, { path, query }) => {
      found(context.state.ledger.getSupplier(path.id));
      const items = sequenced(context.state, context.state.ledger.listSupplierDeliveries(path.id));
      return ok(pageOf(context, `deliveries:${path.id}`, items, query, (d) => d));
    }),
    route('POST', '/registry/v0/transfers', { body: createTransferRequestSchema }, (context, { body }) => transfer(context, body)),
    route('GET', '/registry/v0/transfers', { query: listTransfersQuerySchema }, (context, { query }) => {
      const filter = {
        ...(query.from_organisation_id == null ? {} : { from_organisation_id: query.from_organisation_id }),
        ...(query.to_organisation_id == null ? {} : { to_organisation_id: query.to_organisation_id }),
      };
      const views = context.state.ledger.listTransfers(filter).filter((t) => transferVisible(context, t));
      return ok(pageOf(context, 'transfers', sequenced(context.state, views), query, (t) => t));
    }),
    route('GET', '/registry/v0/transfers/{id}', { path: idPathSchema('transfer') }, (context, { path }) => {
      const view = context.state.ledger.getTransfer(path.id);
      if (view === undefined || !transferVisible(context, view)) throw notFound();
      return ok(view);
    }),
    route('GET', '/registry/v0/transfers/{id}/credit_batches', { path: idPathSchema('transfer') }, (context, { path }) => {
      const view = context.state.ledger.getTransfer(path.id);
      if (view === undefined || !transferVisible(context, view)) throw notFound();
      const nodes = found(context.state.ledger.getTransferCreditBatches(path.id));
      return ok({ nodes, total_count: nodes.length });
    }),
    route('GET', '/registry/v0/refunds/{id}', { path: refundIdPathSchema }, (context, { path }) => ok(found(context.state.ledger.getRefund(path.id)))),
    route('GET', '/registry/v0/refunds/{id}/credit_batches', { path: refundIdPathSchema }, (context, { path }) => {
      const nodes = found(context.state.ledger.getRefundCreditBatches(path.id));
      return ok({ nodes, total_count: nodes.length });
    }),
    route('GET', '/registry/v0/credit_batches/{id}', { path: idPathSchema('credit_batch') }, (context, { path }) => ok(found(context.state.ledger.getCreditBatch(path.id)))),
    route('GET', '/registry/v0/issuances/{id}', { path: idPathSchema('issuance') }, (context, { path }) => ok(found(context.state.ledger.getIssuance(path.id)))),
    route('GET', '/registry/v0/issuances/{id}/credit_batches', { path: idPathSchema('issuance') }, (context, { path }) => ok(found(context.state.ledger.getIssuanceCreditBatches(path.id)))),
    route('GET', '/registry/v0/organisations/{id}/credit_balance', { path: idPathSchema('organisation') }, (context, { path }) => {
      found(context.state.organisations.get(path.id));
      return ok(context.state.ledger.getOrganisationCreditBalance(path.id));
    }),
    route('GET', '/registry/v0/organisations/{id}/credit_batches', { path: idPathSchema('organisation'), query: paginationQuerySchema }, (context, { path, query }) => {
      found(context.state.organisations.get(path.id));
      const items = sequenced(context.state, context.state.ledger.listCreditBatches({ owner_organisation_id: path.id }));
      return ok(pageOf(context, `credit_batches:${path.id}`, items, query, (b) => b));
    }),
    route('GET', '/registry/v0/orders/{id}', { path: z.object({ id: idSchema('order') }) }, (context, { path }) => {
      const order = context.state.orders.get(path.id);
      // An order is seen by its buyer and its supplier.
      if (order === undefined || (order.organisation_id !== context.viewer.id && context.viewer.supplier?.id !== order.supplier_id)) throw notFound();
      return ok(orderView(context.state, order));
    }),
  ];
}
