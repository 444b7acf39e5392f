/**
 * The ledger's state (src/registry/store.ts, snapshot.ts): a ledger read back from its snapshot
 * answers every lookup, list and balance as the original does (each kind of record, the indexes,
 * the balances by supplier, project and order, the statements already issued), and an id the
 * generator gives again is refused for each kind of record that draws one.
 */
import { describe, expect, it } from 'vitest';
import { createLedger, type CreditBatchView, type CreditLedger, type CreditLedgerOptions } from '../../src/registry';
import { restoreLedger } from '../../src/registry/ledger';
import { restoreLedgerStore } from '../../src/registry/restore';
import { entry, fakeId, issuance, newLedger, ORG, PROJECT_B, refusal, steppingClock, SUPPLIER_A, SUPPLIER_B } from './fixtures';

const ORDER = fakeId('ord', 'STATE');

/** A ledger with two issuances and one transaction of each kind. */
function history(ledger: CreditLedger): { statement: string; ids: Record<string, string> } {
  const request = issuance([entry(1_000, 100, '2023-03-01'), entry(500, 50, '2024-07-01')], {
    reporting_period_start_at: '2023-01-01',
    reporting_period_end_at: '2024-12-31',
  });
  const a = ledger.createIssuance(request);
  const b = ledger.createIssuance(
    issuance([entry(300, 30)], { supplier_id: SUPPLIER_B, supplier_organisation: ORG.supplierB, project_id: PROJECT_B }),
  );
  const batchesOf = (id: string) => ledger.getIssuanceCreditBatches(id);
  const [a1, a2] = (batchesOf(a.id)?.supplier_credit_batches ?? []) as CreditBatchView[];
  const [aBuffer] = (batchesOf(a.id)?.buffer_pool_credit_batches ?? []) as CreditBatchView[];
  const delivery = ledger.createDelivery({
    order: { id: ORDER, organisation: ORG.buyer, supplier_id: SUPPLIER_A },
    credit_batch_quantities: [{ credit_batch_id: a1?.id ?? '', credit_quantity_kg: 400 }],
    notes: 'order',
  });
  const delivered = ledger.getDeliveryCreditBatches(delivery.id)?.[0]?.id ?? '';
  const transfer = ledger.createTransfer({
    from_organisation_id: ORG.buyer.id,
    to_organisation_id: ORG.other.id,
    supplier_id: SUPPLIER_A,
    credit_batch_quantities: [{ credit_batch_id: delivered, credit_quantity_kg: 100 }],
    notes: 'move',
  });
  const retirement = ledger.createRetirement({
    owner_organisation_id: ORG.supplier.id,
    beneficiary_organisation_id: ORG.buyer.id,
    supplier_id: SUPPLIER_A,
    retirement_purposes: ['corporate_targets'],
    notes: null,
    credit_batch_quantities: [{ credit_batch_id: a2?.id ?? '', credit_quantity_kg: 200 }],
  });
  const refund = ledger.createRefund({
    from_buffer_pool_organisation_id: ORG.buffer.id,
    to_organisation_id: ORG.other.id,
    credit_batch_quantities: [{ credit_batch_id: aBuffer?.id ?? '', credit_quantity_kg: 60 }],
    notes: 'refund',
  });
  return {
    statement: request.ghg_statement_id,
    ids: { a: a.id, b: b.id, delivery: delivery.id, transfer: transfer.id, retirement: retirement.id, refund: refund.id },
  };
}

/** Everything a caller can read of a ledger, by the public lookups. */
function readings(ledger: CreditLedger, statement: string, ids: Record<string, string>): unknown {
  const orgs = Object.values(ORG).map((o) => o.id);
  return {
    counts: ledger.counts(),
    issuances: [
      ledger.getIssuance(ids.a ?? ''),
      ledger.getIssuanceOfStatement(statement),
      ledger.listIssuances({ supplier_id: SUPPLIER_B }),
    ],
    issuanceBatches: [ledger.getIssuanceCreditBatches(ids.a ?? ''), ledger.getIssuanceCreditBatches(ids.b ?? '')],
    batches: ledger.listCreditBatches(),
    delivery: [ledger.getDelivery(ids.delivery ?? ''), ledger.getDeliveryCreditBatches(ids.delivery ?? '')],
    deliveries: [ledger.listDeliveries({ to_organisation_id: ORG.buyer.id }), ledger.listSupplierDeliveries(SUPPLIER_A)],
    transfer: [ledger.getTransfer(ids.transfer ?? ''), ledger.getTransferCreditBatches(ids.transfer ?? '')],
    transfers: [ledger.listTransfers({ from_organisation_id: ORG.buyer.id }), ledger.listTransfers({ to_organisation_id: ORG.other.id })],
    retirement: [ledger.getRetirement(ids.retirement ?? ''), ledger.getRetirementCreditBatches(ids.retirement ?? '')],
    retirements: ledger.listRetirements({ owner_organisation_id: ORG.supplier.id }),
    refund: [ledger.getRefund(ids.refund ?? ''), ledger.getRefundCreditBatches(ids.refund ?? ''), ledger.listRefunds()],
    balances: orgs.map((o) => [ledger.getCreditBalance(o), ledger.getOrganisationCreditBalance(o)]),
  };
}

describe('a ledger read back from its snapshot', () => {
  it('answers every lookup, list and balance as the original', () => {
    const original = newLedger();
    const { statement, ids } = history(original);
    const restored = restoreLedger(restoreLedgerStore(original.serialize()), { now: steppingClock(Date.UTC(2026, 0, 1)) });
    const expected = readings(original, statement, ids) as { retirements: unknown[]; deliveries: unknown[][]; refund: unknown[] };
    // The history is all there: one of each transaction, listed under its indexes.
    expect([expected.retirements.length, expected.deliveries[0]?.length, expected.deliveries[1]?.length]).toEqual([1, 1, 1]);
    expect(readings(restored, statement, ids)).toEqual(expected);
    expect(restored.serialize()).toBe(original.serialize());
  });

  it('still refuses a statement issued before, and retires the oldest credits as the original would', () => {
    const original = newLedger();
    const { statement } = history(original);
    const restored = restoreLedger(restoreLedgerStore(original.serialize()), { now: steppingClock(Date.UTC(2026, 0, 1)) });
    const again = issuance([entry(1, 0)], { ghg_statement_id: statement });
    expect(refusal(() => restored.createIssuance(again)).map((p) => p.code)).toEqual(['statement_already_issued']);
    const oldest = {
      owner_organisation_id: ORG.supplier.id,
      beneficiary_organisation_id: ORG.supplier.id,
      supplier_id: SUPPLIER_A,
      retirement_purposes: ['other' as const],
      notes: null,
      credit_quantity_kg: 700,
    };
    const fromOriginal = original.createRetirementFromOldestCredits(oldest);
    const fromRestored = restored.createRetirementFromOldestCredits(oldest);
    const serials = (l: CreditLedger, id: string) => l.getRetirementCreditBatches(id)?.map((b) => b.serial_number);
    expect(serials(restored, fromRestored.id)).toEqual(serials(original, fromOriginal.id));
  });
});

/** A ledger whose generator gives one fixed id for `kind` and fresh ids for every other kind. */
function repeatingLedger(kind: string): CreditLedger {
  const counts = new Map<string, number>();
  const prefixes: Record<string, string> = {
    credit_batch: 'ctb',
    issuance: 'iss',
    delivery: 'dlv',
    transfer: 'tfr',
    retirement: 'ret',
    refund: 'bpr',
  };
  const ids: CreditLedgerOptions['ids'] = (k) => {
    const n = k === kind ? 0 : (counts.get(k) ?? 0) + 1;
    counts.set(k, n);
    return `${prefixes[k] ?? k}_${String(n).padStart(26, '0')}`;
  };
  const ledger = createLedger({ ids, now: steppingClock() });
  for (const org of Object.values(ORG)) ledger.registerOrganisation(org);
  ledger.registerSupplier({ id: SUPPLIER_A, organisation: ORG.supplier });
  return ledger;
}

describe('an id the generator gives again', () => {
  it('is refused for each kind of record, the ledger unchanged', () => {
    const attempts: Record<string, (l: CreditLedger, batch: () => string) => unknown> = {
      credit_batch: (l) => l.createIssuance(issuance([entry(5, 0)])),
      issuance: (l) => l.createIssuance(issuance([entry(5, 0)])),
      delivery: (l, batch) =>
        l.createDelivery({
          order: { id: ORDER, organisation: ORG.buyer, supplier_id: SUPPLIER_A },
          credit_batch_quantities: [{ credit_batch_id: batch(), credit_quantity_kg: 1 }],
        }),
      transfer: (l, batch) =>
        l.createTransfer({
          from_organisation_id: ORG.supplier.id,
          to_organisation_id: ORG.other.id,
          supplier_id: SUPPLIER_A,
          credit_batch_quantities: [{ credit_batch_id: batch(), credit_quantity_kg: 1 }],
        }),
      retirement: (l, batch) =>
        l.createRetirement({
          owner_organisation_id: ORG.supplier.id,
          beneficiary_organisation_id: ORG.supplier.id,
          supplier_id: SUPPLIER_A,
          retirement_purposes: ['other'],
          notes: null,
          credit_batch_quantities: [{ credit_batch_id: batch(), credit_quantity_kg: 1 }],
        }),
      refund: (l, batch) =>
        l.createRefund({
          from_buffer_pool_organisation_id: ORG.buffer.id,
          to_organisation_id: ORG.other.id,
          credit_batch_quantities: [{ credit_batch_id: batch(), credit_quantity_kg: 1 }],
        }),
    };
    for (const [kind, attempt] of Object.entries(attempts)) {
      const ledger = repeatingLedger(kind);
      if (kind === 'credit_batch' || kind === 'issuance') {
        // One entry with no buffer: the first issuance draws one id of each kind, the fixed one.
        ledger.createIssuance(issuance([entry(5, 0)]));
      } else {
        // Whole batches of 1 kg: a transaction of one draws no batch id.
        const issued = ledger.createIssuance(issuance([entry(1, 1), entry(1, 1)]));
        const all = ledger.getIssuanceCreditBatches(issued.id);
        const pool = (kind === 'refund' ? all?.buffer_pool_credit_batches : all?.supplier_credit_batches) ?? [];
        const batches = pool.map((b) => b.id);
        const next = () => batches.shift() ?? '';
        attempt(ledger, next);
        const before = ledger.serialize();
        expect(
          refusal(() => attempt(ledger, next)).map((p) => p.code),
          kind,
        ).toEqual(['id_generator_failure']);
        expect(ledger.serialize()).toBe(before);
        continue;
      }
      const before = ledger.serialize();
      expect(
        refusal(() => attempt(ledger, () => '')).map((p) => p.code),
        kind,
      ).toEqual(['id_generator_failure']);
      expect(ledger.serialize()).toBe(before);
    }
  });
});
