/**
 * Orders and the deliveries against them (docs/service.md#orders-and-deliveries): an order is
 * placed for another organisation than its supplier's own; a refusal of the ledger is located at
 * fields the request had.
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
