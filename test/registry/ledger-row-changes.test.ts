// The rows a ledger notes as changed (LedgerStore.takeChanges, src/registry/store.ts) on a fixed
// history: nothing before noting is asked for, every noted key names a row the ledger holds, and
// the rows written step by step are exactly the ledger's rows, so a ledger loaded from them has
// the same balances (the running tallies are rows, not in the snapshot).
import { describe, expect, it } from 'vitest';
import { createIdGenerator } from '../../src/model/ids';
import type { CreditLedger } from '../../src/registry';
import { restoreLedger } from '../../src/registry/ledger';
import { everyLedgerRowKey, ledgerRow, loadLedgerRows } from '../../src/registry/ledger-rows';
import { LedgerStore } from '../../src/registry/store';
import { createRandomSource } from '../../src/uncertainty';
import { entry, fakeId, issuance, ORG, SUPPLIER_A, steppingClock } from './fixtures';

const ORDER = { id: fakeId('ord', 'ONE'), organisation: ORG.buyer, supplier_id: SUPPLIER_A };

/** A ledger on a noting store, and the rows written after each step (as a kept state writes them). */
function notingLedger(): { store: LedgerStore; ledger: CreditLedger; disk: Map<string, string>; step(run: () => unknown): string[] } {
  const store = new LedgerStore();
  store.noteChanges();
  const ledger = restoreLedger(store, {
    ids: createIdGenerator({ now: () => Date.UTC(2025, 0, 1), random: createRandomSource(5) }),
    now: steppingClock(),
  });
  const disk = new Map<string, string>();
  const step = (run: () => unknown): string[] => {
    run();
    const keys = store.takeChanges();
    for (const key of keys) {
      const row = ledgerRow(store, key);
      if (row === null) disk.delete(key);
      else disk.set(key, row);
    }
    return keys;
  };
  return { store, ledger, disk, step };
}

/** A history: organisations, a supplier, an issuance, a delivery on an order, a transfer and a retirement. */
function history(): ReturnType<typeof notingLedger> & { steps: string[][] } {
  const noting = notingLedger();
  const { ledger, step } = noting;
  const steps: string[][] = [];
  for (const org of Object.values(ORG)) steps.push(step(() => ledger.registerOrganisation(org)));
  steps.push(step(() => ledger.registerSupplier({ id: SUPPLIER_A, organisation: ORG.supplier })));
  steps.push(step(() => ledger.createIssuance(issuance([entry(900, 100)]))));
  const own = () => ledger.listCreditBatches({ status: 'active', owner_organisation_id: ORG.supplier.id })[0]!;
  steps.push(
    step(() =>
      ledger.createDelivery({
        order: ORDER,
        credit_batch_quantities: [{ credit_batch_id: own().id, credit_quantity_kg: 300 }],
        notes: null,
      }),
    ),
  );
  const bought = () => ledger.listCreditBatches({ status: 'active', owner_organisation_id: ORG.buyer.id })[0]!;
  steps.push(
    step(() =>
      ledger.createTransfer({
        from_organisation_id: ORG.buyer.id,
        to_organisation_id: ORG.other.id,
        supplier_id: SUPPLIER_A,
        credit_batch_quantities: [{ credit_batch_id: bought().id, credit_quantity_kg: 100 }],
        notes: null,
      }),
    ),
  );
  const kept = () => ledger.listCreditBatches({ status: 'active', owner_organisation_id: ORG.buyer.id })[0]!;
  steps.push(
    step(() =>
      ledger.createRetirement({
        owner_organisation_id: ORG.buyer.id,
        beneficiary_organisation_id: ORG.buyer.id,
        supplier_id: SUPPLIER_A,
        retirement_purposes: ['other'],
        notes: null,
        credit_batch_quantities: [{ credit_batch_id: kept().id, credit_quantity_kg: 50 }],
      }),
    ),
  );
  return { ...noting, steps };
}

const sorted = (rows: Map<string, string>) => [...rows].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

describe('the rows a ledger notes as changed', () => {
  it('are none on a store that does not note them', () => {
    const store = new LedgerStore();
    store.issuanceCount = 3;
    expect(store.takeChanges()).toEqual([]);
  });

  it('each name a row the ledger holds, once per step', () => {
    const { store, steps } = history();
    for (const keys of steps) {
      expect(new Set(keys).size).toBe(keys.length);
      for (const key of keys) expect([key, ledgerRow(store, key)]).toEqual([key, expect.any(String)]);
    }
    // The delivery on the order notes the buyer's tally of that order; the issuance notes no order's.
    const orderTally = JSON.stringify(['a', ORG.buyer.id, 'o', ORDER.id]);
    expect(steps[7]).toContain(orderTally);
    expect(steps[6]!.filter((k) => k.startsWith('["a"') && k.includes('"o"'))).toEqual([]);
  });

  it('written step by step are exactly the rows of the ledger, and load back with the same balances', () => {
    const { store, ledger, disk } = history();
    const whole = new Map(everyLedgerRowKey(store).map((key) => [key, ledgerRow(store, key)!]));
    expect(sorted(disk)).toEqual(sorted(whole));
    const loaded = restoreLedger(loadLedgerRows(disk.values()));
    expect(loaded.serialize()).toBe(ledger.serialize());
    for (const org of Object.values(ORG)) {
      expect(loaded.getOrganisationCreditBalance(org.id)).toEqual(ledger.getOrganisationCreditBalance(org.id));
      expect(loaded.getCreditBalance(org.id)).toEqual(ledger.getCreditBalance(org.id));
    }
  });
});
