// A ledger's rows and snapshot read by key and read back, at their edges: a key the ledger holds
// nothing under gives no row (every kind, and tallies of unknown organisations and keys), and a
// snapshot or set of rows that contradicts itself is refused with an error naming what is wrong,
// not a TypeError (src/registry/ledger-rows.ts, restore.ts).
import { describe, expect, it } from 'vitest';
import { everyLedgerRowKey, ledgerRow, loadLedgerRows } from '../../src/registry/ledger-rows';
import { restoreLedgerStore } from '../../src/registry/restore';
import { LedgerStore, ledgerRowKey, type LedgerRowKind } from '../../src/registry/store';
import { entry, fakeId, issuance, newLedger, ORG, SUPPLIER_A } from './fixtures';

/** A ledger with an issuance and a partial delivery (so a split batch), and its store read back from its snapshot. */
function ledgerWithDelivery() {
  const ledger = newLedger();
  ledger.createIssuance(issuance([entry(900, 100)]));
  const own = ledger.listCreditBatches({ status: 'active', owner_organisation_id: ORG.supplier.id })[0]!;
  const order = { id: fakeId('ord', 'ONE'), organisation: ORG.buyer, supplier_id: SUPPLIER_A };
  ledger.createDelivery({ order, credit_batch_quantities: [{ credit_batch_id: own.id, credit_quantity_kg: 300 }], notes: null });
  const text = ledger.serialize();
  return { ledger, text, store: restoreLedgerStore(text) };
}

type Snapshot = {
  credit_batches: unknown[][];
  indexes: { active_holdings: [string, string[]][]; active_count: number };
};
const tampered = (text: string, change: (snap: Snapshot) => void): string => {
  const snap = JSON.parse(text) as Snapshot;
  change(snap);
  return JSON.stringify(snap);
};

describe('a row the ledger holds nothing under', () => {
  it('is null for every kind of record, the project numbering and the holding', () => {
    const { store } = ledgerWithDelivery();
    for (const kind of ['o', 's', 'i', 'b', 'd', 't', 'r', 'f', 'p', 'h'] as LedgerRowKind[]) {
      expect([kind, ledgerRow(store, ledgerRowKey(kind, 'nothing'))]).toEqual([kind, null]);
    }
    // The same keys of records it holds give rows.
    expect(ledgerRow(store, ledgerRowKey('o', ORG.buyer.id))).toBe(JSON.stringify(['o', [ORG.buyer.id, ORG.buyer.name, ORG.buyer.domain]]));
  });

  it('is null for a tally of an organisation without one, and of a key an organisation has none under', () => {
    const { store } = ledgerWithDelivery();
    for (const sub of ['', 's', 'p', 'o']) expect(ledgerRow(store, ledgerRowKey('a', ORG.other.id, sub, sub === '' ? '' : 'x'))).toBeNull();
    for (const sub of ['s', 'p', 'o']) expect(ledgerRow(store, ledgerRowKey('a', ORG.buyer.id, sub, 'x'))).toBeNull();
    expect(ledgerRow(store, ledgerRowKey('a', ORG.buyer.id, 'o', fakeId('ord', 'ONE')))).toBe(
      JSON.stringify(['a', [ORG.buyer.id, 'o', fakeId('ord', 'ONE'), '300', '0']]),
    );
  });
});

describe('rows that contradict each other', () => {
  it('are refused when an active batch has no holding row, naming the batch', () => {
    const { store } = ledgerWithDelivery();
    const rows = everyLedgerRowKey(store)
      .filter((key) => !key.startsWith('["h"'))
      .map((key) => ledgerRow(store, key)!);
    expect(() => loadLedgerRows(rows)).toThrow(/^ledger rows: active credit batch \S+ is in holding .+, which has no row$/);
    expect(() => loadLedgerRows(everyLedgerRowKey(store).map((key) => ledgerRow(store, key)!))).not.toThrow();
  });

  it('load an empty store from no rows', () => {
    expect(everyLedgerRowKey(loadLedgerRows([]))).toEqual(everyLedgerRowKey(new LedgerStore()));
  });
});

describe('a snapshot that contradicts itself', () => {
  it('is refused when a batch names an issuance or an origin that is not there', () => {
    const { text } = ledgerWithDelivery();
    const unknownIssuance = tampered(text, (snap) => {
      snap.credit_batches[0]![1] = 'iss_nothing';
    });
    expect(() => restoreLedgerStore(unknownIssuance)).toThrow(/^ledger snapshot: credit batch \S+ names an origin that is not there$/);
    const unknownOrigin = tampered(text, (snap) => {
      snap.credit_batches[0]![2] = 99;
    });
    expect(() => restoreLedgerStore(unknownOrigin)).toThrow(/names an origin that is not there/);
  });

  it('is refused when a holding names a batch that is not there or not active', () => {
    const { text } = ledgerWithDelivery();
    const split = (JSON.parse(text) as Snapshot).credit_batches.find((cells) => cells[5] === 'split')![0] as string;
    for (const id of ['bat_nothing', split]) {
      const wrong = tampered(text, (snap) => {
        snap.indexes.active_holdings[0]![1][0] = id;
      });
      expect(() => restoreLedgerStore(wrong)).toThrow(new RegExp(`^ledger snapshot: holding .+ names ${id}, not an active batch$`));
    }
  });

  it('is refused when its active count is not what the holdings hold', () => {
    const { text } = ledgerWithDelivery();
    const count = (JSON.parse(text) as Snapshot).indexes.active_count;
    const wrong = tampered(text, (snap) => {
      snap.indexes.active_count = count + 1;
    });
    expect(() => restoreLedgerStore(wrong)).toThrow(`ledger snapshot: ${count} batches held, but the snapshot counts ${count + 1}`);
  });

  it('is refused when it is not an object with the format', () => {
    expect(() => restoreLedgerStore('null')).toThrow(/^ledger snapshot: format undefined, not cdr-engine\/credit-ledger\/1$/);
  });

  it('keeps null and text cells as they are', () => {
    const { ledger, store } = ledgerWithDelivery();
    const delivered = ledger.listCreditBatches({ owner_organisation_id: ORG.buyer.id })[0]!;
    const batch = store.batches.get(delivered.id)!;
    expect([batch.orderId, batch.beneficiary, batch.retirementId]).toEqual([fakeId('ord', 'ONE'), null, null]);
  });
});
