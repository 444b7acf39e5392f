/**
 * Registry operations over the credit ledger: retirements, deliveries, transfers, refunds, credit
 * batches and issuances. The registry is visible to every authenticated organisation, except
 * transfers, which only their two organisations see. The acting organisation is the bearer
 * token's: it must own the credits it moves. Lists page through the ledger keys (ledger-keys.ts),
 * so a page costs the page, whatever the size of the ledger.
 */
import { found } from '../found';
import * as z from 'zod';
import { idSchema } from '../../../model';
import { idPathSchema, paginationQuerySchema } from '../../../model/queries';
import {
  listCreditBatchesQuerySchema,
  listDeliveriesQuerySchema,
  listRetirementsQuerySchema,
  listTransfersQuerySchema,
  refundIdPathSchema,
} from './schemas';
import {
  createDeliveryRequestSchema,
  createRetirementOldestCreditsRequestSchema,
  createRetirementRequestSchema,
  createTransferRequestSchema,
} from './schemas';
import {
  creditBatchSchema,
  deliverySchema,
  issuanceCreditBatchesSchema,
  issuanceSchema,
  organisationCreditBalanceSchema,
  refundSchema,
  retirementSchema,
  transferSchema,
} from './schemas';
import { listResourceSchema, paginatedListSchema } from '../../../model/shapes';
import type { CreditBatchView, TransferView } from '../../../registry';
import { type ReadContext, type RequestContext } from '../../context';
import { ledgerKey } from '../../indexes/ledger-keys';
import { mergedList } from '../../store/merged-list';
import { listOf, reversedList, type OrderedList } from '../../store/pagination';
import { notFound, Problems, unprocessable, valueError } from '../../http/failures';
import { ok, route, type Ok, type Route } from '../../router';
import type { LedgerEntryRow, LedgerKind, OrderRow } from '../../rows';
import type { ServiceState } from '../../state';
import { filtered } from '../visible-lists';
import { organisationView } from '../views';
import { pageOf } from '../common';
import { inRequestTerms } from './refusals';
import { orderProgress } from './order-progress';

/** The ledger records under one list key, in creation order. */
export function ledgerList(context: ReadContext, kind: LedgerKind, field?: string, value?: string): OrderedList<LedgerEntryRow> {
  return mergedList(context.state.ledgerEntries, [context.state.indexes.ledger.sequence(ledgerKey(kind, field, value))]);
}

/**
 * The ledger records of `kind` filtered by fields (each a list key): the smallest of the lists the
 * given fields name, checked against the others, so the cost follows the records of the most
 * selective field, not the ledger.
 */
function ledgerListBy(
  context: ReadContext,
  kind: LedgerKind,
  filters: readonly (readonly [string, string | null | undefined])[],
  scope?: readonly [string, string],
): OrderedList<LedgerEntryRow> {
  const given = filters.filter((f): f is readonly [string, string] => f[1] !== null && f[1] !== undefined);
  const all = scope === undefined ? given : [scope, ...given];
  if (all.length === 0) return ledgerList(context, kind);
  const lists = all.map(([field, value]) => ({ key: ledgerKey(kind, field, value), list: ledgerList(context, kind, field, value) }));
  const smallest = lists.reduce((a, b) => (b.list.size < a.list.size ? b : a));
  if (lists.length === 1) return smallest.list;
  const wanted = lists.filter((l) => l !== smallest).map((l) => l.key);
  return listOf(filtered(smallest.list, (e) => wanted.every((key) => e.keys.includes(key))));
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
  if (acting.id !== context.viewer.id)
    problems.add(['body', acting.field], `${acting.field} must be the organisation of the access token (${context.viewer.id})`, acting.id);
  if (!context.state.organisations.has(counterparty.id))
    problems.add(['body', counterparty.field], `organisation '${counterparty.id}' was not found`, counterparty.id);
  if (context.state.ledger.getSupplier(supplierId) === undefined)
    problems.add(['body', 'supplier_id'], `supplier '${supplierId}' was not found`, supplierId);
  problems.check();
}

/** Remembers a transaction the ledger made (and the batches it split) and answers its view. */
function recorded<V extends { readonly id: string }>(
  context: RequestContext,
  kind: 'delivery' | 'transfer' | 'retirement',
  view: V,
  lines: readonly { readonly credit_batch_id: string }[],
): Ok<V> {
  context.state.recordTransaction(kind, view.id, lines);
  return ok(view);
}

/** A ListResource of the credit batches of a record the caller may read. */
function creditBatchList(
  context: ReadContext,
  nodes: readonly CreditBatchView[] | undefined,
): Ok<{ readonly nodes: readonly CreditBatchView[]; readonly total_count: number }> {
  const list = found(nodes, { public: context });
  return ok({ nodes: list, total_count: list.length });
}

const retire = (context: RequestContext, body: z.output<typeof createRetirementRequestSchema>) => {
  checkTransaction(
    context,
    { field: 'owner_organisation_id', id: body.owner_organisation_id },
    { field: 'beneficiary_organisation_id', id: body.beneficiary_organisation_id },
    body.supplier_id,
  );
  return recorded(context, 'retirement', context.state.ledger.createRetirement(body), body.credit_batch_quantities);
};

const retireOldest = (context: RequestContext, body: z.output<typeof createRetirementOldestCreditsRequestSchema>) => {
  const { state } = context;
  checkTransaction(
    context,
    { field: 'owner_organisation_id', id: body.owner_organisation_id },
    { field: 'beneficiary_organisation_id', id: body.beneficiary_organisation_id },
    body.supplier_id,
  );
  const view = state.ledger.createRetirementFromOldestCredits(body);
  // The batches it changed: those it took and the parents it split to take them (recording a
  // parent records its two children), not every batch it could have taken.
  const taken = state.ledger.getRetirementCreditBatches(view.id) ?? [];
  const changed = new Set(taken.flatMap((b) => (b.parent_id === null ? [b.id] : [b.id, b.parent_id])));
  return recorded(
    context,
    'retirement',
    view,
    [...changed].map((id) => ({ credit_batch_id: id })),
  );
};

/**
 * A delivery takes at most what remains of its order (docs/service.md#orders-and-deliveries): the
 * first line that passes it is refused, naming what was ordered, delivered and remains. An order
 * of 0 kg (placed without a quantity) is open-ended.
 */
function checkWithinOrder(state: ServiceState, order: OrderRow, lines: readonly { readonly credit_quantity_kg: number }[]): void {
  const ordered = order.credits_ordered_kg;
  if (ordered === 0) return;
  const { deliveredKg } = orderProgress(state, order);
  const remaining = Math.max(0, ordered - deliveredKg);
  const total = lines.reduce((sum, line) => sum + line.credit_quantity_kg, 0);
  let taken = 0;
  const beyond = lines.findIndex((line) => (taken += line.credit_quantity_kg) > remaining);
  if (beyond < 0) return;
  const message = `order '${order.id}' has ${remaining} kg left to deliver (ordered ${ordered} kg, delivered ${deliveredKg} kg): a delivery of ${total} kg would pass it`;
  throw unprocessable([
    valueError(['body', 'credit_batch_quantities', beyond, 'credit_quantity_kg'], message, lines[beyond]?.credit_quantity_kg),
  ]);
}

const deliver = (context: RequestContext, body: z.output<typeof createDeliveryRequestSchema>) => {
  const { state } = context;
  const order = state.orders.get(body.order_id);
  // Only the supplier of the order delivers against it.
  if (order === undefined || context.viewer.supplier?.id !== order.supplier_id) {
    throw unprocessable([
      valueError(['body', 'order_id'], `order '${body.order_id}' was not found among the orders of your supplier`, body.order_id),
    ]);
  }
  checkWithinOrder(state, order, body.credit_batch_quantities);
  // The ledger's `order` is built from the stored order the request names by `order_id`.
  const orderPlace = { loc: ['body', 'order_id'], input: body.order_id };
  const view = inRequestTerms(
    body,
    (path) => (path[0] === 'order' ? orderPlace : undefined),
    () =>
      state.ledger.createDelivery({
        order: { id: order.id, organisation: organisationView(state, order.organisation_id), supplier_id: order.supplier_id },
        credit_batch_quantities: body.credit_batch_quantities,
        notes: body.notes,
      }),
  );
  return recorded(context, 'delivery', view, body.credit_batch_quantities);
};

const transfer = (context: RequestContext, body: z.output<typeof createTransferRequestSchema>) => {
  checkTransaction(
    context,
    { field: 'from_organisation_id', id: body.from_organisation_id },
    { field: 'to_organisation_id', id: body.to_organisation_id },
    body.supplier_id,
  );
  return recorded(context, 'transfer', context.state.ledger.createTransfer(body), body.credit_batch_quantities);
};

/** A transfer the caller is party to, or the 404 that a missing one gets. */
function visibleTransfer(context: RequestContext, id: string): TransferView {
  const view = context.state.ledger.getTransfer(id);
  if (view === undefined || (view.from_organisation.id !== context.viewer.id && view.to_organisation.id !== context.viewer.id))
    throw notFound();
  return view;
}

/** Batches numbered from the end for a descending list (cursors hold non-negative numbers). */
const DESCENDING_BASE = 2 ** 52;

/** The filters of the credit batch list that a ledger key of the owner's batches answers exactly. */
function keyedFilters(query: z.output<typeof listCreditBatchesQuerySchema>): (readonly [string, string])[] {
  const given: (readonly [string, string | null | undefined])[] = [
    ['supplier', query.supplier_id],
    ['project', query.project_id],
    ['issuance', query.issuance_id],
    ['delivery', query.delivery_id],
    ['order', query.order_id],
    ['retirement', query.retirement_id],
    ['status', query.status?.length === 1 ? query.status[0] : null],
  ];
  return given.filter((f): f is readonly [string, string] => f[1] !== null && f[1] !== undefined);
}

/**
 * The smallest list that holds every batch of `organisationId` passing the filters: the owner's
 * batches, those of one filter's ledger key (ledger-keys.ts), or those issued in the date range
 * (indexes/batch-dates.ts). Not a scan: each candidate is a binary search or a range read.
 */
function narrowestBatches(
  context: ReadContext,
  organisationId: string,
  query: z.output<typeof listCreditBatchesQuerySchema>,
): OrderedList<LedgerEntryRow> {
  let narrowest = ledgerList(context, 'credit_batch', 'owner', organisationId);
  for (const [field, value] of keyedFilters(query)) {
    const list = ledgerList(context, 'credit_batch', `owner+${field}`, `${organisationId}+${value}`);
    if (list.size < narrowest.size) narrowest = list;
  }
  if (query.issued_after == null && query.issued_before == null) return narrowest;
  const dated = context.state.indexes.batchDates.range(organisationId, query.issued_after ?? null, query.issued_before ?? null);
  return dated.length < narrowest.size ? listOf(dated) : narrowest;
}

/** The credit batches an organisation holds, with the OpenAPI's filters and sort. */
const organisationCreditBatches = (
  context: RequestContext,
  organisationId: string,
  query: z.output<typeof listCreditBatchesQuerySchema>,
) => {
  const { ledger } = context.state;
  found(context.state.organisations.get(organisationId), { public: context });
  const owned = narrowestBatches(context, organisationId, query);
  const statuses = query.status == null ? null : new Set<string>(query.status);
  const orderOf = (deliveryId: string | null): string | null =>
    deliveryId === null ? null : (ledger.getDelivery(deliveryId)?.order_id ?? null);
  const keep = (b: CreditBatchView): boolean =>
    (query.supplier_id == null || b.supplier_id === query.supplier_id) &&
    (query.project_id == null || b.project_id === query.project_id) &&
    (query.issuance_id == null || b.issuance_id === query.issuance_id) &&
    (query.delivery_id == null || b.delivery_id === query.delivery_id) &&
    (query.order_id == null || orderOf(b.delivery_id) === query.order_id) &&
    (query.retirement_id == null || b.retirement_id === query.retirement_id) &&
    (statuses === null || statuses.has(b.status)) &&
    (query.issued_after == null || b.issued_at > query.issued_after) &&
    (query.issued_before == null || b.issued_at < query.issued_before);
  const filtering = [
    query.supplier_id,
    query.project_id,
    query.issuance_id,
    query.delivery_id,
    query.order_id,
    query.retirement_id,
    query.status,
    query.issued_after,
    query.issued_before,
  ].some((v) => v != null);
  const view = (e: LedgerEntryRow): CreditBatchView => found(ledger.getCreditBatch(e.id), { defect: e.id });
  // The narrowest list is checked against every filter: the cost follows the batches it holds.
  const items = filtering ? listOf(filtered(owned, (e) => keep(view(e)))) : owned;
  // Creation order is issuance order; descending reads the same list from its end.
  if (query.sort_direction === 'desc')
    return ok(pageOf(context, `credit_batches:${organisationId}:desc`, reversedList(items, DESCENDING_BASE), query, view));
  return ok(pageOf(context, `credit_batches:${organisationId}`, items, query, view));
};

/** The routes of this module: the registry is visible to every authenticated organisation, except transfers. */
export function registryRoutes(): Route[] {
  const ledger = (context: ReadContext) => context.state.ledger;
  const page = <T extends z.ZodType>(schema: T) => paginatedListSchema(schema);
  const batches = listResourceSchema(creditBatchSchema);
  return [
    route(
      'POST',
      '/registry/v0/retirements',
      { body: createRetirementRequestSchema, response: retirementSchema, summary: 'Retire credits by batch' },
      (context, { body }) => retire(context, body),
    ),
    route(
      'POST',
      '/registry/v0/retirements/from_oldest_credits',
      {
        body: createRetirementOldestCreditsRequestSchema,
        response: retirementSchema,
        summary: "Retire credits from a supplier's oldest batches",
      },
      (context, { body }) => retireOldest(context, body),
    ),
    route(
      'GET',
      '/registry/v0/retirements',
      { query: listRetirementsQuerySchema, response: page(retirementSchema), summary: 'List retirements' },
      (context, { query }) => {
        const items = ledgerListBy(context, 'retirement', [
          ['owner', query.owner_org_id],
          ['beneficiary', query.beneficiary_org_id],
        ]);
        return ok(pageOf(context, 'retirements', items, query, (e) => found(ledger(context).getRetirement(e.id), { defect: e.id })));
      },
    ),
    route(
      'GET',
      '/registry/v0/retirements/{id}',
      { path: idPathSchema('retirement'), response: retirementSchema, summary: 'Read a retirement' },
      (context, { path }) => ok(found(ledger(context).getRetirement(path.id), { public: context })),
    ),
    route(
      'GET',
      '/registry/v0/retirements/{id}/credit_batches',
      { path: idPathSchema('retirement'), response: batches, summary: 'The credit batches of a retirement' },
      (context, { path }) => creditBatchList(context, ledger(context).getRetirementCreditBatches(path.id)),
    ),
    route(
      'POST',
      '/registry/v0/deliveries',
      { body: createDeliveryRequestSchema, response: deliverySchema, summary: 'Deliver credits against an order' },
      (context, { body }) => deliver(context, body),
    ),
    route(
      'GET',
      '/registry/v0/deliveries',
      { query: listDeliveriesQuerySchema, response: page(deliverySchema), summary: 'List deliveries' },
      (context, { query }) => {
        const items = ledgerListBy(context, 'delivery', [
          ['supplier', query.from_supplier_id],
          ['to', query.to_organisation_id],
        ]);
        return ok(pageOf(context, 'deliveries', items, query, (e) => found(ledger(context).getDelivery(e.id), { defect: e.id })));
      },
    ),
    route(
      'GET',
      '/registry/v0/deliveries/{id}',
      { path: idPathSchema('delivery'), response: deliverySchema, summary: 'Read a delivery' },
      (context, { path }) => ok(found(ledger(context).getDelivery(path.id), { public: context })),
    ),
    route(
      'GET',
      '/registry/v0/deliveries/{id}/credit_batches',
      { path: idPathSchema('delivery'), response: batches, summary: 'The credit batches of a delivery' },
      (context, { path }) => creditBatchList(context, ledger(context).getDeliveryCreditBatches(path.id)),
    ),
    route(
      'GET',
      '/registry/v0/suppliers/{id}/deliveries',
      {
        path: idPathSchema('supplier'),
        query: paginationQuerySchema,
        response: page(deliverySchema),
        summary: 'List the deliveries of a supplier',
      },
      (context, { path, query }) => {
        found(ledger(context).getSupplier(path.id), { public: context });
        return ok(
          pageOf(context, `deliveries:${path.id}`, ledgerList(context, 'delivery', 'supplier', path.id), query, (e) =>
            found(ledger(context).getDelivery(e.id), { defect: e.id }),
          ),
        );
      },
    ),
    route(
      'POST',
      '/registry/v0/transfers',
      { body: createTransferRequestSchema, response: transferSchema, summary: 'Transfer credits to another organisation' },
      (context, { body }) => transfer(context, body),
    ),
    route(
      'GET',
      '/registry/v0/transfers',
      { query: listTransfersQuerySchema, response: page(transferSchema), summary: 'List the transfers the caller is party to' },
      (context, { query }) => {
        const from = query.from_organisation_id ?? null;
        const to = query.to_organisation_id ?? null;
        // The caller's transfers (as either party), narrowed by the smallest of the three lists.
        const items = ledgerListBy(
          context,
          'transfer',
          [
            ['from', from],
            ['to', to],
          ],
          ['party', context.viewer.id],
        );
        return ok(pageOf(context, 'transfers', items, query, (e) => found(ledger(context).getTransfer(e.id), { defect: e.id })));
      },
    ),
    route(
      'GET',
      '/registry/v0/transfers/{id}',
      { path: idPathSchema('transfer'), response: transferSchema, summary: 'Read a transfer' },
      (context, { path }) => ok(visibleTransfer(context, path.id)),
    ),
    route(
      'GET',
      '/registry/v0/transfers/{id}/credit_batches',
      { path: idPathSchema('transfer'), response: batches, summary: 'The credit batches of a transfer' },
      (context, { path }) => {
        visibleTransfer(context, path.id);
        return creditBatchList(context, ledger(context).getTransferCreditBatches(path.id));
      },
    ),
    route(
      'GET',
      '/registry/v0/refunds/{id}',
      { path: refundIdPathSchema, response: refundSchema, summary: 'Read a buffer-pool refund' },
      (context, { path }) => ok(found(ledger(context).getRefund(path.id), { public: context })),
    ),
    route(
      'GET',
      '/registry/v0/refunds/{id}/credit_batches',
      { path: refundIdPathSchema, response: batches, summary: 'The credit batches of a refund' },
      (context, { path }) => creditBatchList(context, ledger(context).getRefundCreditBatches(path.id)),
    ),
    route(
      'GET',
      '/registry/v0/credit_batches/{id}',
      { path: idPathSchema('credit_batch'), response: creditBatchSchema, summary: 'Read a credit batch' },
      (context, { path }) => ok(found(ledger(context).getCreditBatch(path.id), { public: context })),
    ),
    route(
      'GET',
      '/registry/v0/issuances',
      { query: paginationQuerySchema, response: page(issuanceSchema), summary: 'List issuances' },
      (context, { query }) =>
        ok(
          pageOf(context, 'issuances', ledgerList(context, 'issuance'), query, (e) =>
            found(ledger(context).getIssuance(e.id), { defect: e.id }),
          ),
        ),
    ),
    route(
      'GET',
      '/registry/v0/issuances/{id}',
      { path: idPathSchema('issuance'), response: issuanceSchema, summary: 'Read an issuance' },
      (context, { path }) => ok(found(ledger(context).getIssuance(path.id), { public: context })),
    ),
    route(
      'GET',
      '/registry/v0/issuances/{id}/credit_batches',
      { path: idPathSchema('issuance'), response: issuanceCreditBatchesSchema, summary: 'The credit batches of an issuance' },
      (context, { path }) => ok(found(ledger(context).getIssuanceCreditBatches(path.id), { public: context })),
    ),
    route(
      'GET',
      '/registry/v0/suppliers/{id}/issuances',
      {
        path: idPathSchema('supplier'),
        query: paginationQuerySchema,
        response: page(issuanceSchema),
        summary: 'List the issuances of a supplier',
      },
      (context, { path, query }) => {
        found(ledger(context).getSupplier(path.id), { public: context });
        return ok(
          pageOf(context, `issuances:${path.id}`, ledgerList(context, 'issuance', 'supplier', path.id), query, (e) =>
            found(ledger(context).getIssuance(e.id), { defect: e.id }),
          ),
        );
      },
    ),
    route(
      'GET',
      '/registry/v0/organisations/{id}/credit_balance',
      { path: idPathSchema('organisation'), response: organisationCreditBalanceSchema, summary: 'The credit balance of an organisation' },
      (context, { path }) => {
        found(context.state.organisations.get(path.id), { public: context });
        return ok(ledger(context).getOrganisationCreditBalance(path.id));
      },
    ),
    route(
      'GET',
      '/registry/v0/organisations/{id}/credit_batches',
      {
        path: z.object({ id: idSchema('organisation') }),
        query: listCreditBatchesQuerySchema,
        response: page(creditBatchSchema),
        summary: 'List the credit batches an organisation holds',
      },
      (context, { path, query }) => organisationCreditBatches(context, path.id, query),
    ),
  ];
}
