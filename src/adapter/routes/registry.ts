/**
 * Registry operations over the credit ledger: retirements, deliveries, transfers, refunds, credit
 * batches, issuances and balances. The registry is public, to the public too (reads without a
 * bearer token), except transfers, which only their two organisations see, and orders, which only
 * their buyer and supplier see. The acting organisation is the bearer token's: it must own the
 * credits it moves.
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
import type { CreditBatchView, TransferView } from '../../registry';
import { existing, type ReadContext, type RequestContext } from '../context';
import { notFound, Problems, unprocessable, valueError } from '../failures';
import { ok, route, type Reply, type Route } from '../router';
import type { OrderRow } from '../rows';
import type { ServiceState } from '../state';
import type { Sequenced } from '../store';
import { organisationView } from '../views';
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

/**
 * The checks of a transaction the caller makes with credits it owns: it is the organisation named
 * in the acting field, the counterparty exists, the supplier exists. Refuses with every problem.
 */
function checkTransaction(
  context: RequestContext,
  acting: { readonly field: string; readonly id: string },
  counterparty: { readonly field: string; readonly id: string },
  supplierId: string,
): void {
  const problems = new Problems();
  if (acting.id !== context.viewer.id) {
    problems.add(['body', acting.field], `${acting.field} must be the organisation of the access token (${context.viewer.id})`, acting.id);
  }
  if (!context.state.organisations.has(counterparty.id)) problems.add(['body', counterparty.field], `organisation '${counterparty.id}' was not found`, counterparty.id);
  if (context.state.ledger.getSupplier(supplierId) === undefined) problems.add(['body', 'supplier_id'], `supplier '${supplierId}' was not found`, supplierId);
  problems.check();
}

/** Remembers a transaction the ledger made (and the batches it split) and answers its view. */
function recorded<V extends { readonly id: string }>(
  context: RequestContext,
  kind: 'delivery' | 'transfer' | 'retirement',
  view: V,
  lines: readonly { readonly credit_batch_id: string }[],
): Reply {
  context.state.recordTransaction(kind, view.id, lines);
  return ok(view);
}

/** A ListResource of the credit batches of a record the caller may read. */
function creditBatchList(context: ReadContext, nodes: readonly CreditBatchView[] | undefined): Reply {
  const list = existing(context, nodes);
  return ok({ nodes: list, total_count: list.length });
}

/** The OpenAPI Order of an order row, with its delivered total from the ledger. */
export function orderView(state: ServiceState, order: OrderRow): Record<string, unknown> {
  const deliveries = state.ledger.listDeliveries({ from_supplier_id: order.supplier_id }).filter((d) => d.order_id === order.id);
  const deliveredKg = deliveries.reduce((sum, d) => sum + d.credit_batch_size_total.credit_kgs, 0);
  const complete = order.credits_ordered_kg > 0 && deliveredKg >= order.credits_ordered_kg;
  const quantity = (kg: number) => ({ credits: kg / 1000, credit_kgs: kg });
  return {
    id: order.id,
    effective_contract_date: order.created_at.slice(0, 10),
    fulfilled_at: complete ? (deliveries[deliveries.length - 1]?.delivered_at ?? null) : null,
    buyer_organisation: organisationView(state, order.organisation_id),
    supplier: state.ledger.getSupplier(order.supplier_id) ?? null,
    status: complete ? 'completed' : deliveredKg > 0 ? 'in_progress' : 'placed',
    credits_ordered: quantity(order.credits_ordered_kg),
    credits_delivered: quantity(deliveredKg),
  };
}

const retire = (context: RequestContext, body: z.output<typeof createRetirementRequestSchema>) => {
  checkTransaction(context, { field: 'owner_organisation_id', id: body.owner_organisation_id }, { field: 'beneficiary_organisation_id', id: body.beneficiary_organisation_id }, body.supplier_id);
  return recorded(context, 'retirement', context.state.ledger.createRetirement(body), body.credit_batch_quantities);
};

const retireOldest = (context: RequestContext, body: z.output<typeof createRetirementOldestCreditsRequestSchema>) => {
  const { state } = context;
  checkTransaction(context, { field: 'owner_organisation_id', id: body.owner_organisation_id }, { field: 'beneficiary_organisation_id', id: body.beneficiary_organisation_id }, body.supplier_id);
  // The batches it may split: every active one of the owner from that supplier.
  const candidates = state.ledger.listCreditBatches({ owner_organisation_id: body.owner_organisation_id, supplier_id: body.supplier_id, status: 'active' });
  const view = state.ledger.createRetirementFromOldestCredits(body);
  return recorded(context, 'retirement', view, candidates.map((b) => ({ credit_batch_id: b.id })));
};

const deliver = (context: RequestContext, body: z.output<typeof createDeliveryRequestSchema>) => {
  const { state } = context;
  const order = state.orders.get(body.order_id);
  // Only the supplier of the order delivers against it.
  if (order === undefined || context.viewer.supplier?.id !== order.supplier_id) {
    throw unprocessable([valueError(['body', 'order_id'], `order '${body.order_id}' was not found among the orders of your supplier`, body.order_id)]);
  }
  const view = state.ledger.createDelivery({
    order: { id: order.id, organisation: organisationView(state, order.organisation_id), supplier_id: order.supplier_id },
    credit_batch_quantities: body.credit_batch_quantities,
    notes: body.notes,
  });
  return recorded(context, 'delivery', view, body.credit_batch_quantities);
};

const transfer = (context: RequestContext, body: z.output<typeof createTransferRequestSchema>) => {
  checkTransaction(context, { field: 'from_organisation_id', id: body.from_organisation_id }, { field: 'to_organisation_id', id: body.to_organisation_id }, body.supplier_id);
  return recorded(context, 'transfer', context.state.ledger.createTransfer(body), body.credit_batch_quantities);
};

/** A transfer is seen by its two organisations only. */
function transferVisible(context: RequestContext, t: { from_organisation: { id: string }; to_organisation: { id: string } }): boolean {
  return t.from_organisation.id === context.viewer.id || t.to_organisation.id === context.viewer.id;
}

/** A transfer the caller is party to, or the 404 that a missing one gets. */
function visibleTransfer(context: RequestContext, id: string): TransferView {
  const view = context.state.ledger.getTransfer(id);
  if (view === undefined || !transferVisible(context, view)) throw notFound();
  return view;
}

/** The routes of this module: the registry is public (reads without a token too), except transfers and orders. */
export function registryRoutes(): Route[] {
  const ledger = (context: ReadContext) => context.state.ledger;
  return [
    route('POST', '/registry/v0/retirements', { body: createRetirementRequestSchema }, (context, { body }) => retire(context, body)),
    route('POST', '/registry/v0/retirements/from_oldest_credits', { body: createRetirementOldestCreditsRequestSchema }, (context, { body }) => retireOldest(context, body)),
    route('GET', '/registry/v0/retirements/{id}', { path: idPathSchema('retirement') }, (context, { path }) => ok(existing(context, ledger(context).getRetirement(path.id)))),
    route('GET', '/registry/v0/retirements/{id}/credit_batches', { path: idPathSchema('retirement') }, (context, { path }) =>
      creditBatchList(context, ledger(context).getRetirementCreditBatches(path.id))),
    route('POST', '/registry/v0/deliveries', { body: createDeliveryRequestSchema }, (context, { body }) => deliver(context, body)),
    route('GET', '/registry/v0/deliveries/{id}', { path: idPathSchema('delivery') }, (context, { path }) => ok(existing(context, ledger(context).getDelivery(path.id)))),
    route('GET', '/registry/v0/deliveries/{id}/credit_batches', { path: idPathSchema('delivery') }, (context, { path }) =>
      creditBatchList(context, ledger(context).getDeliveryCreditBatches(path.id))),
    route('GET', '/registry/v0/suppliers/{id}/deliveries', { path: supplierIdPathSchema, query: paginationQuerySchema }, (context, { path, query }) => {
      existing(context, ledger(context).getSupplier(path.id));
      const items = sequenced(context.state, ledger(context).listSupplierDeliveries(path.id));
      return ok(pageOf(context, `deliveries:${path.id}`, items, query, (d) => d));
    }),
    route('POST', '/registry/v0/transfers', { body: createTransferRequestSchema }, (context, { body }) => transfer(context, body)),
    route('GET', '/registry/v0/transfers', { query: listTransfersQuerySchema }, (context, { query }) => {
      const filter = {
        ...(query.from_organisation_id == null ? {} : { from_organisation_id: query.from_organisation_id }),
        ...(query.to_organisation_id == null ? {} : { to_organisation_id: query.to_organisation_id }),
      };
      const views = ledger(context).listTransfers(filter).filter((t) => transferVisible(context, t));
      return ok(pageOf(context, 'transfers', sequenced(context.state, views), query, (t) => t));
    }),
    route('GET', '/registry/v0/transfers/{id}', { path: idPathSchema('transfer') }, (context, { path }) => ok(visibleTransfer(context, path.id))),
    route('GET', '/registry/v0/transfers/{id}/credit_batches', { path: idPathSchema('transfer') }, (context, { path }) => {
      visibleTransfer(context, path.id);
      return creditBatchList(context, ledger(context).getTransferCreditBatches(path.id));
    }),
    route('GET', '/registry/v0/refunds/{id}', { path: refundIdPathSchema }, (context, { path }) => ok(existing(context, ledger(context).getRefund(path.id)))),
    route('GET', '/registry/v0/refunds/{id}/credit_batches', { path: refundIdPathSchema }, (context, { path }) => creditBatchList(context, ledger(context).getRefundCreditBatches(path.id))),
    route('GET', '/registry/v0/credit_batches/{id}', { path: idPathSchema('credit_batch') }, (context, { path }) => ok(existing(context, ledger(context).getCreditBatch(path.id)))),
    route('GET', '/registry/v0/issuances/{id}', { path: idPathSchema('issuance') }, (context, { path }) => ok(existing(context, ledger(context).getIssuance(path.id)))),
    route('GET', '/registry/v0/issuances/{id}/credit_batches', { path: idPathSchema('issuance') }, (context, { path }) =>
      ok(existing(context, ledger(context).getIssuanceCreditBatches(path.id)))),
    route('GET', '/registry/v0/organisations/{id}/credit_balance', { path: idPathSchema('organisation') }, (context, { path }) => {
      existing(context, context.state.organisations.get(path.id));
      return ok(ledger(context).getOrganisationCreditBalance(path.id));
    }),
    route('GET', '/registry/v0/organisations/{id}/credit_batches', { path: idPathSchema('organisation'), query: paginationQuerySchema }, (context, { path, query }) => {
      existing(context, context.state.organisations.get(path.id));
      const items = sequenced(context.state, ledger(context).listCreditBatches({ owner_organisation_id: path.id }));
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
