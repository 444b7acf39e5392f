/**
 * The credit batch lists of an organisation read the ledger keys of the most selective filter
 * (ledger-keys.ts). Those keys must follow every transaction, retirement from the oldest credits
 * included (which records only the batches it took and split): after a mix of transactions, every
 * record's keys are what they would be computed afresh, and each filtered list equals the whole
 * list filtered by hand.
 */
import { describe, expect, test } from 'vitest';
import { ledgerKeys } from '../../src/adapter/indexes/ledger-keys';
import { Client, demoSandbox, IDS, issuedRemoval } from './fixtures';

interface Batch {
  readonly id: string;
  readonly status: string;
  readonly supplier_id: string;
  readonly project_id: string;
  readonly issuance_id: string;
  readonly delivery_id: string | null;
  readonly retirement_id: string | null;
  readonly issued_at: string;
}

describe('credit batch lists by ledger keys', () => {
  test('keys stay current and filtered lists agree with the whole list', async () => {
    const client = new Client(demoSandbox());
    const { issued } = await issuedRemoval(client);
    const batch = issued.credit_batches.supplier_credit_batches[0]!;
    // An order of the whole batch (a delivery takes at most what remains of its order).
    const { id: orderId } = await client.ok<{ id: string }>('buyer', 'POST', '/sandbox/v0/orders', {
      buyer_organisation_id: IDS.buyer,
      supplier_id: IDS.supplierA,
      credits_ordered_kg: batch.size.credit_kgs,
    });
    await client.ok('supplierA', 'POST', '/registry/v0/deliveries', {
      order_id: orderId,
      credit_batch_quantities: [{ credit_batch_id: batch.id, credit_quantity_kg: batch.size.credit_kgs }],
      notes: null,
    });
    await client.ok('buyer', 'POST', '/registry/v0/transfers', {
      from_organisation_id: IDS.buyer,
      to_organisation_id: IDS.orgB,
      supplier_id: IDS.supplierA,
      credit_batch_quantities: [{ credit_batch_id: batch.id, credit_quantity_kg: 100 }],
      notes: null,
    });
    const retire = {
      owner_organisation_id: IDS.buyer,
      beneficiary_organisation_id: IDS.buyer,
      supplier_id: IDS.supplierA,
      retirement_purposes: ['insetting'],
      notes: null,
    };
    const first = await client.ok<{ id: string }>('buyer', 'POST', '/registry/v0/retirements/from_oldest_credits', {
      ...retire,
      credit_quantity_kg: 250,
    });
    await client.ok('buyer', 'POST', '/registry/v0/retirements/from_oldest_credits', { ...retire, credit_quantity_kg: 40 });

    const { state } = client.sandbox;
    for (const row of state.ledgerEntries.rows())
      expect(row.keys, `${row.kind} ${row.id}`).toEqual(ledgerKeys(state.ledger, row.kind, row.id));

    const list = async (query: string): Promise<Batch[]> =>
      (await client.ok<{ nodes: Batch[] }>('buyer', 'GET', `/registry/v0/organisations/${IDS.buyer}/credit_batches?first=50${query}`))
        .nodes;
    const all = await list('');
    expect(all.length).toBeGreaterThan(2);
    const issuedAt = all[all.length - 1]!.issued_at;
    const time = (b: Batch): number => Date.parse(b.issued_at);
    const time0 = Date.parse(issuedAt);
    expect(new Set(all.map(time)).size, 'batches issued at different times').toBeGreaterThan(1);
    const shifted = (ms: number): string => new Date(Date.parse(issuedAt) + ms).toISOString();
    const [earlier, later] = [shifted(-1000), shifted(1000)];
    // The order of each delivery a batch names, read from the delivery itself.
    const orderOf = new Map<string, string>();
    for (const id of new Set(all.map((b) => b.delivery_id).filter((d): d is string => d !== null))) {
      orderOf.set(id, (await client.ok<{ order_id: string }>('buyer', 'GET', `/registry/v0/deliveries/${id}`)).order_id);
    }
    const cases: [string, (b: Batch) => boolean][] = [
      ['&status=active', (b) => b.status === 'active'],
      ['&status=retired', (b) => b.status === 'retired'],
      ['&status=split', (b) => b.status === 'split'],
      [`&supplier_id=${IDS.supplierA}`, (b) => b.supplier_id === IDS.supplierA],
      [`&retirement_id=${first.id}`, (b) => b.retirement_id === first.id],
      [`&issuance_id=${all[0]!.issuance_id}&status=retired`, (b) => b.issuance_id === all[0]!.issuance_id && b.status === 'retired'],
      [`&order_id=${orderId}`, (b) => orderOf.get(b.delivery_id ?? '') === orderId],
      [`&order_id=${orderId}&status=active`, (b) => orderOf.get(b.delivery_id ?? '') === orderId && b.status === 'active'],
      [`&issued_after=${encodeURIComponent(earlier)}`, (b) => time(b) > time0 - 1000],
      [`&issued_after=${encodeURIComponent(issuedAt)}`, (b) => time(b) > time0],
      [`&issued_before=${encodeURIComponent(later)}&status=retired`, (b) => time(b) < time0 + 1000 && b.status === 'retired'],
      [`&issued_before=${encodeURIComponent(issuedAt)}`, (b) => time(b) < time0],
      [`&issued_after=${encodeURIComponent(earlier)}&issued_before=${encodeURIComponent(later)}`, (b) => Math.abs(time(b) - time0) < 1000],
    ];
    for (const [query, keep] of cases)
      expect(
        (await list(query)).map((b) => b.id),
        query,
      ).toEqual(all.filter(keep).map((b) => b.id));
    expect((await list('&status=retired')).length).toBeGreaterThan(0);
    expect((await list(`&order_id=${orderId}`)).length).toBeGreaterThan(0);

    // Descending: the same lists from their end, and paged by cursors in that order.
    for (const [query, keep] of cases)
      expect(
        (await list(`${query}&sort_direction=desc`)).map((b) => b.id),
        `${query} desc`,
      ).toEqual(
        all
          .filter(keep)
          .map((b) => b.id)
          .reverse(),
      );
    const paged: string[] = [];
    let after = '';
    for (;;) {
      const page = await client.ok<{ nodes: Batch[]; page_info: { has_next_page: boolean; end_cursor: string | null } }>(
        'buyer',
        'GET',
        `/registry/v0/organisations/${IDS.buyer}/credit_batches?first=2&sort_direction=desc${after}`,
      );
      paged.push(...page.nodes.map((b) => b.id));
      if (!page.page_info.has_next_page) break;
      after = `&after=${encodeURIComponent(page.page_info.end_cursor ?? '')}`;
    }
    expect(paged).toEqual(all.map((b) => b.id).reverse());
    const back = await client.ok<{ nodes: Batch[] }>(
      'buyer',
      'GET',
      `/registry/v0/organisations/${IDS.buyer}/credit_batches?last=2&sort_direction=desc`,
    );
    expect(back.nodes.map((b) => b.id)).toEqual(
      all
        .map((b) => b.id)
        .reverse()
        .slice(-2),
    );
  });
});
