/**
 * Orders and the deliveries against them (docs/service.md#orders-and-deliveries): an order is
 * placed for another organisation than its supplier's own; a delivery takes at most what remains
 * of its order; `fulfilled_at` is the first complete delivery and never moves; a refusal of the
 * ledger is located at fields the request had.
 */
import { describe, expect, test } from 'vitest';
import { ledgerItems } from '../../src/adapter/resources/credit-ledger/refusals';
import { createSandboxWithState } from '../../src/adapter/sandbox';
import type { WorldDocument } from '../../src/adapter/world/world-types';
import { CreditLedgerError } from '../../src/registry';
import { Client, DEMO_WORLD, demoSandbox, IDS, START } from './fixtures';

const B = 'supplierB';
/** Delivers `kg` of supplier B's 9,800 kg batch (or the lines given) against `order`. */
const deliver = (client: Client, order: string, lines: number | readonly { credit_batch_id: string; credit_quantity_kg: number }[]) =>
  client.post(B, '/registry/v0/deliveries', {
    order_id: order,
    credit_batch_quantities: typeof lines === 'number' ? [{ credit_batch_id: IDS.batchB1, credit_quantity_kg: lines }] : lines,
    notes: null,
  });
/** The active part of a batch that was split: its right child. */
const rest = async (client: Client, batch: string) =>
  (await client.ok<{ right_child_id: string }>(B, 'GET', `/registry/v0/credit_batches/${batch}`)).right_child_id;

interface OrderBody {
  status: string;
  fulfilled_at: string | null;
  credits_delivered: { credit_kgs: number };
}
const readOrder = (client: Client, id: string) => client.ok<OrderBody>(B, 'GET', `/registry/v0/orders/${id}`);

/** A 422 of exactly one value_error item. */
function oneValueError(loc: readonly (string | number)[], message: string, input: unknown) {
  return { detail: [{ type: 'value_error', loc, msg: `Value error, ${message}`, input, ctx: { error: message } }] };
}

describe("an order for the supplier's own organisation", () => {
  const own = `the buyer ${IDS.orgB} is the supplier's own organisation: an order is placed for another organisation, to which its credits are delivered`;

  test('is refused where it is placed, and nothing changes', async () => {
    const client = new Client(demoSandbox());
    const before = client.sandbox.state.snapshot();
    const response = await client.post(B, '/sandbox/v0/orders', {
      buyer_organisation_id: IDS.orgB,
      supplier_id: IDS.supplierB,
      credits_ordered_kg: 10,
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual(oneValueError(['body', 'buyer_organisation_id'], own, IDS.orgB));
    expect(client.sandbox.state.snapshot()).toBe(before);
  });

  test('is refused when a checkout session is completed for it', async () => {
    const client = new Client(demoSandbox());
    const session = await client.ok<{ redirect_url: string }>('supplierA', 'POST', '/registry/v0/stripe/checkout', {
      quantity_kg: 2000,
      frequency: 'one_time',
      isometric_terms_and_conditions_accepted: true,
      supplier_terms_and_conditions_accepted: true,
      success_url: 'https://s.example/ok',
      cancel_url: 'https://s.example/no',
    });
    const id = session.redirect_url.split('/').pop() as string;
    const before = client.sandbox.state.snapshot();
    const response = await client.post('supplierA', `/sandbox/v0/stripe/checkout_sessions/${id}/complete`, {
      buyer_organisation_id: IDS.orgA,
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual(oneValueError(['body', 'buyer_organisation_id'], own.replaceAll(IDS.orgB, IDS.orgA), IDS.orgA));
    expect(client.sandbox.state.snapshot()).toBe(before);
  });

  test("one a world holds is refused by the ledger at the request's order_id, not at the ledger's own fields", async () => {
    const world = structuredClone(DEMO_WORLD) as WorldDocument & { orders: unknown[] };
    const order = 'ord_01JDEMOORDERSELF0000000';
    world.orders.push({ id: order, organisation_id: IDS.orgB, supplier_id: IDS.supplierB, credits_ordered_kg: 10 });
    const client = new Client(createSandboxWithState({ world, now: () => START, onInternalError: () => undefined }));
    const before = client.sandbox.state.snapshot();
    const response = await deliver(client, order, 5);
    expect(response.status).toBe(422);
    expect(response.body).toEqual(oneValueError(['body', 'order_id'], `the buyer ${IDS.orgB} is the supplier's own organisation`, order));
    expect(client.sandbox.state.snapshot()).toBe(before);
  });
});

describe('a ledger path the request does not hold', () => {
  test('is cut back to the deepest field the body has, with the value there', () => {
    const error = new CreditLedgerError('delivery', [
      { path: ['order', 'organisation', 'id'], code: 'same_organisation', message: 'same' },
      { path: ['credit_batch_quantities', 0, 'credit_quantity_kg'], code: 'exceeds_batch_size', message: 'too much' },
      { path: ['credit_batch_quantities', 3, 'credit_batch_id'], code: 'unknown_credit_batch', message: 'no such line' },
    ]);
    const body = { order_id: 'ord_x', credit_batch_quantities: [{ credit_batch_id: 'ctb_x', credit_quantity_kg: 5 }] };
    const items = ledgerItems(error, body).map(({ loc, input }) => ({ loc, input }));
    expect(items).toEqual([
      { loc: ['body'], input: body },
      { loc: ['body', 'credit_batch_quantities', 0, 'credit_quantity_kg'], input: 5 },
      { loc: ['body', 'credit_batch_quantities'], input: body.credit_batch_quantities },
    ]);
    const placed = ledgerItems(error, body, (path) => (path[0] === 'order' ? { loc: ['body', 'order_id'], input: 'ord_x' } : undefined));
    expect(placed[0]).toMatchObject({ loc: ['body', 'order_id'], input: 'ord_x', msg: 'Value error, same' });
  });
});

describe('deliveries against an order', () => {
  test('beyond what remains of the order: 422 at the quantity, naming ordered, delivered and remaining; nothing changes', async () => {
    const client = new Client(demoSandbox());
    // Order B: 3,000 kg ordered, delivered in full by the world's delivery.
    const before = client.sandbox.state.snapshot();
    const response = await deliver(client, IDS.orderB, 5000);
    const message = `order '${IDS.orderB}' has 0 kg left to deliver (ordered 3000 kg, delivered 3000 kg): a delivery of 5000 kg would pass it`;
    expect(response.status).toBe(422);
    expect(response.body).toEqual(oneValueError(['body', 'credit_batch_quantities', 0, 'credit_quantity_kg'], message, 5000));
    expect(client.sandbox.state.snapshot()).toBe(before);
    expect(await readOrder(client, IDS.orderB)).toMatchObject({
      status: 'completed',
      fulfilled_at: '2026-02-01T09:00:00.000Z',
      credits_delivered: { credit_kgs: 3000 },
    });
  });

  test('fill an order up to its quantity; fulfilled_at is the delivery that completed it and stays', async () => {
    const client = new Client(demoSandbox());
    const order = await client.ok<{ id: string }>('buyer', 'POST', '/sandbox/v0/orders', {
      buyer_organisation_id: IDS.buyer,
      supplier_id: IDS.supplierB,
      credits_ordered_kg: 1000,
    });
    expect((await deliver(client, order.id, 400)).status).toBe(200);
    expect(await readOrder(client, order.id)).toMatchObject({
      status: 'in_progress',
      fulfilled_at: null,
      credits_delivered: { credit_kgs: 400 },
    });
    await client.ok('buyer', 'POST', '/sandbox/v0/clock/advance', { days: 1 });
    // Supplier B holds the rest of its batch and the 50 kg the buffer pool refunded it: 50 + 600 =
    // 650 kg > 600 kg left, so the second line is the one that passes.
    const remaining = await rest(client, IDS.batchB1);
    const refunded = (await client.ok<{ left_child_id: string }>(B, 'GET', `/registry/v0/credit_batches/${IDS.batchB1Buffer}`))
      .left_child_id;
    const over = await deliver(client, order.id, [
      { credit_batch_id: refunded, credit_quantity_kg: 50 },
      { credit_batch_id: remaining, credit_quantity_kg: 600 },
    ]);
    const message = `order '${order.id}' has 600 kg left to deliver (ordered 1000 kg, delivered 400 kg): a delivery of 650 kg would pass it`;
    expect(over.body).toEqual(oneValueError(['body', 'credit_batch_quantities', 1, 'credit_quantity_kg'], message, 600));
    expect((await deliver(client, order.id, [{ credit_batch_id: remaining, credit_quantity_kg: 600 }])).status).toBe(200);
    const completed = await readOrder(client, order.id);
    expect(completed).toMatchObject({
      status: 'completed',
      fulfilled_at: '2026-06-02T00:00:00.000Z',
      credits_delivered: { credit_kgs: 1000 },
    });
    await client.ok('buyer', 'POST', '/sandbox/v0/clock/advance', { days: 1 });
    const after = client.sandbox.state.snapshot();
    expect((await deliver(client, order.id, [{ credit_batch_id: await rest(client, remaining), credit_quantity_kg: 1 }])).status).toBe(422);
    expect(client.sandbox.state.snapshot()).toBe(after);
    expect(await readOrder(client, order.id)).toEqual(completed);
  });

  test('fulfilled_at is the first delivery that completed the order, even when a world delivers more after it', async () => {
    const world = structuredClone(DEMO_WORLD) as WorldDocument & {
      orders: unknown[];
      credit_batches: { id: string; size_kg: number }[];
      deliveries: unknown[];
    };
    const order = 'ord_01JDEMOORDERC000000000';
    const extra = 'ctb_01JDEMOBATCHB3SUPPLIER';
    world.credit_batches.push({ ...(world.credit_batches[0] as { id: string; size_kg: number }), id: extra, size_kg: 500 });
    world.orders.push({ id: order, organisation_id: IDS.buyer, supplier_id: IDS.supplierB, credits_ordered_kg: 1000 });
    world.deliveries.push(
      {
        id: 'dlv_01JDEMODELIVERYC000000',
        order_id: order,
        credit_batch_quantities: [{ credit_batch_id: IDS.batchB1, credit_quantity_kg: 1000 }],
        notes: null,
        delivered_at: '2026-02-20T09:00:00Z',
      },
      {
        id: 'dlv_01JDEMODELIVERYC000001',
        order_id: order,
        credit_batch_quantities: [{ credit_batch_id: extra, credit_quantity_kg: 500 }],
        notes: null,
        delivered_at: '2026-03-01T09:00:00Z',
      },
    );
    const client = new Client(createSandboxWithState({ world, now: () => START, onInternalError: () => undefined }));
    expect(await readOrder(client, order)).toMatchObject({
      status: 'completed',
      fulfilled_at: '2026-02-20T09:00:00.000Z',
      credits_delivered: { credit_kgs: 1500 },
    });
  });

  test('an order placed without a quantity (0 kg) is open-ended', async () => {
    const client = new Client(demoSandbox());
    const order = await client.ok<{ id: string }>('buyer', 'POST', '/sandbox/v0/orders', {
      buyer_organisation_id: IDS.buyer,
      supplier_id: IDS.supplierB,
    });
    expect((await deliver(client, order.id, 5000)).status).toBe(200);
    expect(await readOrder(client, order.id)).toMatchObject({
      status: 'in_progress',
      fulfilled_at: null,
      credits_delivered: { credit_kgs: 5000 },
    });
  });
});
