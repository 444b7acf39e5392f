/**
 * The credit batch lists of an organisation read the ledger keys of the most selective filter
 * (ledger-keys.ts). Those keys must follow every transaction, retirement from the oldest credits
 * included (which records only the batches it took and split): after a mix of transactions, every
 * record's keys are what they would be computed afresh, and each filtered list equals the whole
 * list filtered by hand.
 */
import { describe, expect, test } from 'vitest';
import { ledgerKeys } from '../../src/adapter/ledger-keys';
import { Client, demoSandbox, IDS, issuedRemoval } from './fixtures';

interface Batch {
  readonly id: string;
  readonly status: string;
  readonly supplier_id: string;
  readonly project_id: string;
  readonly issuance_id: string;
  readonly delivery_id: string | null;
  readonly retirement_id: string | null;
}

describe('credit batch lists by ledger keys', () => {
  test('keys stay current and filtered lists agree with the whole list', async () => {
    const client = new Client(demoSandbox());
    const { issued } = await issuedRemoval(client);
    const batch = issued.credit_batches.supplier_credit_batches[0]!;
    await client.ok('supplierA', 'POST', '/registry/v0/deliveries', { order_id: IDS.orderA, credit_batch_quantities: [{ credit_batch_id: batch.id, credit_quantity_kg: batch.size.credit_kgs }], notes: null });
    await client.ok('buyer', 'POST', '/registry/v0/transfers', { from_organisation_id: IDS.buyer, to_organisation_id: IDS.orgB, supplier_id: IDS.supplierA, credit_batch_quantities: [{ credit_batch_id: batch.id, credit_quantity_kg: 100 }], notes: null });
    const retire = { owner_organisation_id: IDS.buyer, beneficiary_organisation_id: IDS.buyer, supplier_id: IDS.supplierA, retirement_purposes: ['insetting'], notes: null };
    const first = await client.ok<{ id: string }>('buyer', 'POST', '/registry/v0/retirements/from_oldest_credits', { ...retire, credit_quantity_kg: 250 });
    await client.ok('buyer', 'POST', '/registry/v0/retirements/from_oldest_credits', { ...retire, credit_quantity_kg: 40 });

    const { state } = client.sandbox;
    for (const row of state.ledgerEntries.rows()) expect(row.keys, `${row.kind} ${row.id}`).toEqual(ledgerKeys(state.ledger, row.kind, row.id));

    const list = async (query: string): Promise<Batch[]> =>
      (await client.ok<{ nodes: Batch[] }>('buyer', 'GET', `/registry/v0/organisations/${IDS.buyer}/credit_batches?first=50${query}`)).nodes;
    const all = await list('');
    expect(all.length).toBeGreaterThan(2);
    const cases: [string, (b: Batch) => boolean][] = [
      ['&status=active', (b) => b.status === 'active'],
      ['&status=retired', (b) => b.status === 'retired'],
      ['&status=split', (b) => b.status === 'split'],
      [`&supplier_id=${IDS.supplierA}`, (b) => b.supplier_id === IDS.supplierA],
      [`&retirement_id=${first.id}`, (b) => b.retirement_id === first.id],
      [`&issuance_id=${all[0]!.issuance_id}&status=retired`, (b) => b.issuance_id === all[0]!.issuance_id && b.status === 'retired'],
    ];
    for (const [query, keep] of cases) expect((await list(query)).map((b) => b.id), query).toEqual(all.filter(keep).map((b) => b.id));
    expect((await list('&status=retired')).length).toBeGreaterThan(0);
  });
});
