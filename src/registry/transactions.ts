/**
 * The four transactions that take credits from batches: deliveries, transfers, retirements (of
 * given batches or of the oldest credits) and buffer-pool refunds. Each reads its request (phase
 * 1, through request-checks), then states only its effect on each batch taken and the record it
 * stores; the pipeline does the rest.
 * Not part of the public API.
 * Imports: errors, the pipeline, request-checks, records, the store, types and the field readers
 * (validate) of this folder.
 */
import { CreditLedgerError } from './errors';
import { transact, type LedgerContext, type PlannedLine } from './pipeline';
import type { DeliveryRecord, RefundRecord, RetirementRecord, TransferRecord } from './records';
import { openRequest, readKnownSupplier, readLines, readParties, readRetirementHead, type RetirementHead } from './request-checks';
import { holdingKey, pushTo } from './store';
import type {
  BufferPoolRefundView,
  DeliveryInput,
  DeliveryView,
  RefundInput,
  RetirementByBatchInput,
  RetirementFromOldestInput,
  RetirementView,
  TransferInput,
  TransferView,
} from './types';
import { Problems, readId, readNotes, readObject, readOrganisation, readPositiveKg } from './validate';

/** See CreditLedger.createDelivery. */
export function createDelivery(ctx: LedgerContext, input: DeliveryInput): DeliveryView {
  const { store } = ctx;
  const { req, problems } = openRequest(input, 'delivery', 'delivery request');
  const order = readObject(req.order, ['order'], problems, 'order');
  const orderId = order === undefined ? undefined : readId('order', order.id, ['order', 'id'], problems, 'order id');
  const buyer =
    order === undefined ? undefined : readOrganisation(order.organisation, ['order', 'organisation'], problems, 'order organisation');
  const supplierId = order === undefined ? undefined : readKnownSupplier(store, order.supplier_id, ['order', 'supplier_id'], problems);
  const supplierOrgId = supplierId === undefined ? undefined : store.suppliers.get(supplierId)?.organisationId;
  if (buyer !== undefined && supplierOrgId !== undefined && buyer.id === supplierOrgId) {
    problems.add(['order', 'organisation', 'id'], 'same_organisation', `the buyer ${buyer.id} is the supplier's own organisation`);
  }
  const notes = readNotes(req.notes, ['notes'], problems);
  const lines = readLines(store, req.credit_batch_quantities, { owner: supplierOrgId, supplierId, bufferPoolOnly: false }, problems);
  if (!problems.empty || orderId === undefined || buyer === undefined || supplierId === undefined) {
    throw new CreditLedgerError('delivery', problems.list);
  }
  const delivery = transact(ctx, {
    kind: 'delivery',
    lines,
    notes,
    effect: (batch, tx) => {
      store.changeOwner(batch, buyer.id, orderId);
      batch.deliveryId = tx.id;
      batch.deliveredAt = tx.at;
    },
    record: (common) => {
      const record: DeliveryRecord = { ...common, orderId, supplierId, toOrganisationId: buyer.id };
      // Registered only now, when the delivery can no longer be refused.
      store.organisations.set(buyer.id, buyer);
      store.deliveries.set(record.id, record);
      pushTo(store.deliveriesBySupplier, supplierId, record.id);
      pushTo(store.deliveriesTo, buyer.id, record.id);
      return record;
    },
  });
  return ctx.views.delivery(delivery);
}

/** See CreditLedger.createTransfer. */
export function createTransfer(ctx: LedgerContext, input: TransferInput): TransferView {
  const { store } = ctx;
  const { req, problems } = openRequest(input, 'transfer', 'transfer request');
  const { from, to } = readParties(store, req, 'from_organisation_id', 'transfer', problems);
  const supplierId = readKnownSupplier(store, req.supplier_id, ['supplier_id'], problems);
  const notes = readNotes(req.notes, ['notes'], problems);
  const lines = readLines(store, req.credit_batch_quantities, { owner: from, supplierId, bufferPoolOnly: false }, problems);
  if (!problems.empty || from === undefined || to === undefined || supplierId === undefined) {
    throw new CreditLedgerError('transfer', problems.list);
  }
  const transfer = transact(ctx, {
    kind: 'transfer',
    lines,
    notes,
    effect: (batch) => store.changeOwner(batch, to, batch.orderId),
    record: (common) => {
      const record: TransferRecord = { ...common, supplierId, fromOrganisationId: from, toOrganisationId: to };
      store.transfers.set(record.id, record);
      pushTo(store.transfersFrom, from, record.id);
      pushTo(store.transfersTo, to, record.id);
      return record;
    },
  });
  return ctx.views.transfer(transfer);
}

/** See CreditLedger.createRetirement. */
export function createRetirement(ctx: LedgerContext, input: RetirementByBatchInput): RetirementView {
  const { req, problems } = openRequest(input, 'retirement', 'retirement request');
  const head = readRetirementHead(ctx.store, req, problems);
  const lines = readLines(
    ctx.store,
    req.credit_batch_quantities,
    { owner: head.owner, supplierId: head.supplierId, bufferPoolOnly: false },
    problems,
  );
  return retire(ctx, head, lines, problems);
}

/** Reads the optional `vintage` filter of a retirement from oldest credits: a year, or null. */
function readVintage(value: unknown, problems: Problems): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1900 && value <= 2100) return value;
  problems.add(['vintage'], 'invalid_vintage', `vintage must be a year from 1900 to 2100, got ${String(value)}`);
  return null;
}

/** What a retirement from the oldest credits asks: `quantity` kg of `owner`'s credits of a supplier, of one vintage or order when given. */
interface OldestAsk {
  readonly owner: string;
  readonly supplierId: string;
  readonly quantity: bigint;
  readonly vintage: number | null;
  readonly orderId: string | null;
}

/**
 * The lines that take the asked kg from the oldest active batches of a holding (ascending
 * `issued_at`, then id), only of one vintage or order when given; the last line may split its
 * batch. Records `insufficient_credits` when the holding has less.
 */
function oldestLines(ctx: LedgerContext, ask: OldestAsk, problems: Problems): PlannedLine[] {
  const { owner, supplierId, quantity, vintage, orderId } = ask;
  const lines: PlannedLine[] = [];
  const holding = ctx.store.activeHoldings.get(holdingKey(owner, supplierId));
  let remaining = quantity;
  // The holding is kept oldest first: read from the oldest until the quantity is reached.
  for (const batch of holding ?? []) {
    if (remaining === 0n) break;
    if ((vintage !== null && batch.origin.vintage !== vintage) || (orderId !== null && batch.orderId !== orderId)) continue;
    const kg = batch.size < remaining ? batch.size : remaining;
    lines.push({ batch, kg });
    remaining -= kg;
  }
  if (remaining > 0n) {
    const filters = [vintage === null ? '' : ` of vintage ${vintage}`, orderId === null ? '' : ` delivered against ${orderId}`].join('');
    problems.add(
      ['credit_quantity_kg'],
      'insufficient_credits',
      `${owner} holds only ${quantity - remaining} kg of active credits of ${supplierId}${filters}; ${quantity} kg were asked`,
    );
  }
  return lines;
}

/** See CreditLedger.createRetirementFromOldestCredits. */
export function createRetirementFromOldestCredits(ctx: LedgerContext, input: RetirementFromOldestInput): RetirementView {
  const { req, problems } = openRequest(input, 'retirement', 'retirement request');
  const head = readRetirementHead(ctx.store, req, problems);
  const quantity = readPositiveKg(req.credit_quantity_kg, ['credit_quantity_kg'], problems, 'credit_quantity_kg: ');
  const vintage = readVintage(req.vintage, problems);
  let orderId: string | null = null;
  if (req.order_id !== undefined && req.order_id !== null)
    orderId = readId('order', req.order_id, ['order_id'], problems, 'order_id') ?? null;
  const lines =
    problems.empty && head.owner !== undefined && head.supplierId !== undefined && quantity !== undefined
      ? oldestLines(ctx, { owner: head.owner, supplierId: head.supplierId, quantity, vintage, orderId }, problems)
      : [];
  return retire(ctx, head, lines, problems);
}

function retire(ctx: LedgerContext, head: RetirementHead, lines: readonly PlannedLine[], problems: Problems): RetirementView {
  const { store } = ctx;
  const { owner, beneficiary, supplierId, purposes, notes } = head;
  if (!problems.empty || owner === undefined || beneficiary === undefined || supplierId === undefined) {
    throw new CreditLedgerError('retirement', problems.list);
  }
  const countFor = ctx.policies.retiredCreditsCountFor === 'beneficiary' ? beneficiary : owner;
  const retirement = transact(ctx, {
    kind: 'retirement',
    lines,
    notes,
    effect: (batch, tx) => {
      store.withdraw(batch);
      store.totals.adjust(countFor, batch, 0n, batch.size);
      batch.status = 'retired';
      batch.beneficiary = beneficiary;
      batch.retirementId = tx.id;
      batch.retiredAt = tx.at;
    },
    record: (common) => {
      const record: RetirementRecord = {
        ...common,
        supplierId,
        ownerOrganisationId: owner,
        beneficiaryOrganisationId: beneficiary,
        purposes,
      };
      store.retirements.set(record.id, record);
      pushTo(store.retirementsByOwner, owner, record.id);
      return record;
    },
  });
  return ctx.views.retirement(retirement);
}

/** See CreditLedger.createRefund. */
export function createRefund(ctx: LedgerContext, input: RefundInput): BufferPoolRefundView {
  const { store } = ctx;
  const { req, problems } = openRequest(input, 'refund', 'refund request');
  const { from, to } = readParties(store, req, 'from_buffer_pool_organisation_id', 'refund', problems);
  const notes = readNotes(req.notes, ['notes'], problems);
  const lines = readLines(store, req.credit_batch_quantities, { owner: from, supplierId: undefined, bufferPoolOnly: true }, problems);
  if (!problems.empty || from === undefined || to === undefined) throw new CreditLedgerError('refund', problems.list);
  const refund = transact(ctx, {
    kind: 'refund',
    lines,
    notes,
    effect: (batch) => store.changeOwner(batch, to, batch.orderId),
    record: (common) => {
      const record: RefundRecord = { ...common, fromOrganisationId: from, toOrganisationId: to };
      store.refunds.set(record.id, record);
      return record;
    },
  });
  return ctx.views.refund(refund);
}
