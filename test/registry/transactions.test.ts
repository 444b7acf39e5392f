import { describe, expect, it } from 'vitest';
import { parseSerialNumber, type CreditBatchView } from '../../src/registry';
import { entry, fakeId, issuance, newLedger, ORDER_1, ORG, PROJECT_A, PROJECT_B, SUPPLIER_A, SUPPLIER_B } from './fixtures';

function setup() {
  const ledger = newLedger();
  const issued = ledger.createIssuance(issuance([entry(10_000, 500, '2023-06-01'), entry(4_000, 200, '2024-06-01')]));
  const batches = ledger.getIssuanceCreditBatches(issued.id);
  const [old, young] = batches?.supplier_credit_batches ?? [];
  if (old === undefined || young === undefined) throw new Error('fixture');
  const bufferIds = batches?.buffer_pool_credit_batches.map((b) => b.id) ?? [];
  return { ledger, issued, old, young, bufferIds };
}

function units(batch: CreditBatchView | undefined): [bigint, bigint] {
  const parts = parseSerialNumber(batch?.serial_number ?? '');
  if (parts === undefined) throw new Error(`not a serial: ${batch?.serial_number}`);
  return [parts.first_unit, parts.last_unit];
}

describe('split tree', () => {
  it('splits a batch: left child takes the quantity and the first units, right child keeps the rest', () => {
    const { ledger, old } = setup();
    const transfer = ledger.createTransfer({
      from_organisation_id: ORG.supplier.id,
      to_organisation_id: ORG.other.id,
      supplier_id: SUPPLIER_A,
      credit_batch_quantities: [{ credit_batch_id: old.id, credit_quantity_kg: 3_000 }],
      notes: 'part',
    });
    const parent = ledger.getCreditBatch(old.id);
    expect(parent?.status).toBe('split');
    const left = ledger.getCreditBatch(parent?.left_child_id ?? '');
    const right = ledger.getCreditBatch(parent?.right_child_id ?? '');
    expect(left).toMatchObject({ status: 'active', parent_id: old.id, owner: ORG.other, size: { credit_kgs: 3_000 } });
    expect(right).toMatchObject({ status: 'active', parent_id: old.id, owner: ORG.supplier, size: { credit_kgs: 7_000 } });
    expect(units(left)).toEqual([1n, 3000n]);
    expect(units(right)).toEqual([3001n, 10000n]);
    for (const child of [left, right]) {
      expect(child).toMatchObject({
        issuance_id: old.issuance_id,
        project_id: old.project_id,
        supplier_id: old.supplier_id,
        ghg_entry_id: old.ghg_entry_id,
        sequestered_on: old.sequestered_on,
        country_of_issue: old.country_of_issue,
        issued_at: old.issued_at,
        carbon_removal_data: old.carbon_removal_data,
      });
    }
    expect(ledger.getTransferCreditBatches(transfer.id)?.map((b) => b.id)).toEqual([left?.id]);
    expect(transfer.credit_batch_size_total).toEqual({ credits: 3, credit_kgs: 3000 });
  });

  it('moves a whole batch without splitting when the quantity equals its size', () => {
    const { ledger, young } = setup();
    ledger.createTransfer({
      from_organisation_id: ORG.supplier.id,
      to_organisation_id: ORG.other.id,
      supplier_id: SUPPLIER_A,
      credit_batch_quantities: [{ credit_batch_id: young.id, credit_quantity_kg: 4_000 }],
    });
    expect(ledger.getCreditBatch(young.id)).toMatchObject({ status: 'active', owner: ORG.other, left_child_id: null });
    expect(ledger.counts().credit_batches).toBe(4);
  });
});

describe('delivery', () => {
  it('delivers to the order organisation, records the delivery on the batches, and lists it', () => {
    const { ledger, old, young } = setup();
    const delivery = ledger.createDelivery({
      order: { id: ORDER_1, organisation: ORG.buyer, supplier_id: SUPPLIER_A },
      credit_batch_quantities: [
        { credit_batch_id: old.id, credit_quantity_kg: 2_500 },
        { credit_batch_id: young.id, credit_quantity_kg: 4_000 },
      ],
      notes: 'Delivered with care.',
    });
    expect(delivery).toMatchObject({
      order_id: ORDER_1,
      to_organisation: ORG.buyer,
      from_supplier: { id: SUPPLIER_A, organisation: ORG.supplier },
      credit_batch_size_total: { credits: 6.5, credit_kgs: 6500 },
      notes: 'Delivered with care.',
      url: `/registry/v0/deliveries/${delivery.id}`,
    });
    const batches = ledger.getDeliveryCreditBatches(delivery.id) ?? [];
    expect(batches.map((b) => [b.owner.id, b.delivery_id, b.delivered_at, b.size.credit_kgs])).toEqual([
      [ORG.buyer.id, delivery.id, delivery.delivered_at, 2500],
      [ORG.buyer.id, delivery.id, delivery.delivered_at, 4000],
    ]);
    expect(ledger.listSupplierDeliveries(SUPPLIER_A).map((d) => d.id)).toEqual([delivery.id]);
    expect(ledger.listDeliveries({ to_organisation_id: ORG.buyer.id })).toHaveLength(1);
    expect(ledger.listDeliveries({ to_organisation_id: ORG.other.id })).toHaveLength(0);
    expect(ledger.listSupplierDeliveries(SUPPLIER_B)).toEqual([]);
    const balance = ledger.getOrganisationCreditBalance(ORG.buyer.id);
    expect(balance.order_balances).toEqual([
      {
        order_id: ORDER_1,
        total: { active_credits_total: { credits: 6.5, credit_kgs: 6500 }, retired_credits_total: { credits: 0, credit_kgs: 0 } },
      },
    ]);
  });

  it('keeps delivery facts on children when a delivered batch is split again', () => {
    const { ledger, young } = setup();
    const delivery = ledger.createDelivery({
      order: { id: ORDER_1, organisation: ORG.buyer, supplier_id: SUPPLIER_A },
      credit_batch_quantities: [{ credit_batch_id: young.id, credit_quantity_kg: 4_000 }],
    });
    const transfer = ledger.createTransfer({
      from_organisation_id: ORG.buyer.id,
      to_organisation_id: ORG.other.id,
      supplier_id: SUPPLIER_A,
      credit_batch_quantities: [{ credit_batch_id: young.id, credit_quantity_kg: 1_000 }],
    });
    const [child] = ledger.getTransferCreditBatches(transfer.id) ?? [];
    expect(child).toMatchObject({ delivery_id: delivery.id, delivered_at: delivery.delivered_at, owner: ORG.other });
    expect(ledger.getOrganisationCreditBalance(ORG.other.id).order_balances[0]?.order_id).toBe(ORDER_1);
  });
});

describe('transfer', () => {
  it('moves balances and is listed by from and to organisation', () => {
    const { ledger, old } = setup();
    const t1 = ledger.createTransfer({
      from_organisation_id: ORG.supplier.id,
      to_organisation_id: ORG.buyer.id,
      supplier_id: SUPPLIER_A,
      credit_batch_quantities: [{ credit_batch_id: old.id, credit_quantity_kg: 1_000 }],
      notes: null,
    });
    const [moved] = ledger.getTransferCreditBatches(t1.id) ?? [];
    const t2 = ledger.createTransfer({
      from_organisation_id: ORG.buyer.id,
      to_organisation_id: ORG.other.id,
      supplier_id: SUPPLIER_A,
      credit_batch_quantities: [{ credit_batch_id: moved?.id ?? '', credit_quantity_kg: 400n }],
    });
    expect(ledger.listTransfers().map((t) => t.id)).toEqual([t1.id, t2.id]);
    expect(ledger.listTransfers({ from_organisation_id: ORG.buyer.id }).map((t) => t.id)).toEqual([t2.id]);
    expect(ledger.listTransfers({ to_organisation_id: ORG.buyer.id }).map((t) => t.id)).toEqual([t1.id]);
    expect(ledger.listTransfers({ from_organisation_id: ORG.supplier.id, to_organisation_id: ORG.other.id })).toEqual([]);
    expect(ledger.getTransfer(t2.id)).toMatchObject({
      from_organisation: ORG.buyer,
      to_organisation: ORG.other,
      notes: null,
      credit_batch_size_total: { credit_kgs: 400 },
    });
    expect(ledger.getCreditBalance(ORG.supplier.id).active_credits_total.credit_kgs).toBe(13_000);
    expect(ledger.getCreditBalance(ORG.buyer.id).active_credits_total.credit_kgs).toBe(600);
    expect(ledger.getCreditBalance(ORG.other.id).active_credits_total.credit_kgs).toBe(400);
  });
});

describe('retirement', () => {
  it('retires given batches for a beneficiary; retirement is final', () => {
    const { ledger, old } = setup();
    const retirement = ledger.createRetirement({
      owner_organisation_id: ORG.supplier.id,
      beneficiary_organisation_id: ORG.buyer.id,
      supplier_id: SUPPLIER_A,
      retirement_purposes: ['corporate_targets', 'insetting'],
      notes: 'Retired with care.',
      credit_batch_quantities: [{ credit_batch_id: old.id, credit_quantity_kg: 600 }],
    });
    expect(retirement).toMatchObject({
      owner: ORG.supplier,
      beneficiary: ORG.buyer,
      purposes: ['corporate_targets', 'insetting'],
      credit_batch_size_total: { credits: 0.6, credit_kgs: 600 },
      url: `/registry/v0/retirements/${retirement.id}`,
    });
    const [retired] = ledger.getRetirementCreditBatches(retirement.id) ?? [];
    expect(retired).toMatchObject({
      status: 'retired',
      beneficiary: ORG.buyer,
      retirement_id: retirement.id,
      retired_at: retirement.retired_at,
      owner: ORG.supplier,
    });
    expect(ledger.getCreditBalance(ORG.supplier.id)).toEqual({
      active_credits_total: { credits: 13.4, credit_kgs: 13_400 },
      retired_credits_total: { credits: 0.6, credit_kgs: 600 },
    });
    expect(ledger.listRetirements({ owner_organisation_id: ORG.supplier.id }).map((r) => r.id)).toEqual([retirement.id]);
    expect(ledger.listRetirements({ owner_organisation_id: ORG.buyer.id })).toEqual([]);
  });

  it('counts retired credits for the beneficiary under that policy', () => {
    const ledger = newLedger({ retiredCreditsCountFor: 'beneficiary' });
    const issued = ledger.createIssuance(issuance([entry(1000, 0)]));
    const [batch] = ledger.getIssuanceCreditBatches(issued.id)?.supplier_credit_batches ?? [];
    ledger.createRetirement({
      owner_organisation_id: ORG.supplier.id,
      beneficiary_organisation_id: ORG.buyer.id,
      supplier_id: SUPPLIER_A,
      retirement_purposes: ['other'],
      notes: null,
      credit_batch_quantities: [{ credit_batch_id: batch?.id ?? '', credit_quantity_kg: 1000 }],
    });
    expect(ledger.getCreditBalance(ORG.supplier.id).retired_credits_total.credit_kgs).toBe(0);
    expect(ledger.getCreditBalance(ORG.buyer.id).retired_credits_total.credit_kgs).toBe(1000);
  });

  it('retires the oldest credits first (issued_at, then id) and splits the last batch taken', () => {
    const { ledger, old, young } = setup();
    const later = ledger.createIssuance(issuance([entry(5_000, 0, '2022-01-01')]));
    const retirement = ledger.createRetirementFromOldestCredits({
      owner_organisation_id: ORG.supplier.id,
      beneficiary_organisation_id: ORG.supplier.id,
      supplier_id: SUPPLIER_A,
      retirement_purposes: ['other'],
      notes: null,
      credit_quantity_kg: 12_000,
    });
    const retired = ledger.getRetirementCreditBatches(retirement.id) ?? [];
    // Both batches of the first issuance come before the later issuance, whatever their vintage.
    expect(retired.map((b) => [b.issuance_id, b.size.credit_kgs])).toEqual([
      [old.issuance_id, 10_000],
      [young.issuance_id, 2_000],
    ]);
    expect(ledger.getCreditBatch(young.id)?.status).toBe('split');
    expect(ledger.getIssuanceCreditBatches(later.id)?.supplier_credit_batches[0]?.status).toBe('active');
  });

  it('filters oldest credits by vintage and by order', () => {
    const { ledger, old, young } = setup();
    const byVintage = ledger.createRetirementFromOldestCredits({
      owner_organisation_id: ORG.supplier.id,
      beneficiary_organisation_id: ORG.buyer.id,
      supplier_id: SUPPLIER_A,
      retirement_purposes: ['regulatory_requirement'],
      notes: null,
      credit_quantity_kg: 100,
      vintage: 2024,
    });
    expect(ledger.getRetirementCreditBatches(byVintage.id)?.[0]?.parent_id).toBe(young.id);

    ledger.createDelivery({
      order: { id: ORDER_1, organisation: ORG.buyer, supplier_id: SUPPLIER_A },
      credit_batch_quantities: [{ credit_batch_id: old.id, credit_quantity_kg: 300 }],
    });
    const byOrder = ledger.createRetirementFromOldestCredits({
      owner_organisation_id: ORG.buyer.id,
      beneficiary_organisation_id: ORG.buyer.id,
      supplier_id: SUPPLIER_A,
      retirement_purposes: ['public_environmental_claims'],
      notes: null,
      credit_quantity_kg: 300,
      order_id: ORDER_1,
      vintage: null,
    });
    expect(ledger.getRetirementCreditBatches(byOrder.id)?.map((b) => b.size.credit_kgs)).toEqual([300]);
    expect(ledger.getOrganisationCreditBalance(ORG.buyer.id).order_balances).toEqual([
      {
        order_id: ORDER_1,
        total: { active_credits_total: { credits: 0, credit_kgs: 0 }, retired_credits_total: { credits: 0.3, credit_kgs: 300 } },
      },
    ]);
  });
});

describe('buffer-pool refund', () => {
  it('hands buffer-pool credits to an organisation, mixing suppliers', () => {
    const { ledger, bufferIds } = setup();
    const other = ledger.createIssuance(
      issuance([entry(100, 50)], { supplier_id: SUPPLIER_B, supplier_organisation: ORG.supplierB, project_id: PROJECT_B }),
    );
    const otherBuffer = ledger.getIssuanceCreditBatches(other.id)?.buffer_pool_credit_batches[0]?.id ?? '';
    const refund = ledger.createRefund({
      from_buffer_pool_organisation_id: ORG.buffer.id,
      to_organisation_id: ORG.buyer.id,
      credit_batch_quantities: [
        { credit_batch_id: bufferIds[0] ?? '', credit_quantity_kg: 100 },
        { credit_batch_id: otherBuffer, credit_quantity_kg: 50 },
      ],
    });
    expect(refund).toMatchObject({
      from_buffer_pool_organisation: ORG.buffer,
      to_organisation: ORG.buyer,
      credit_batch_size_total: { credit_kgs: 150 },
      notes: '',
    });
    expect(ledger.getRefund(refund.id)?.id).toBe(refund.id);
    expect(ledger.getRefundCreditBatches(refund.id)?.map((b) => [b.owner.id, b.supplier_id])).toEqual([
      [ORG.buyer.id, SUPPLIER_A],
      [ORG.buyer.id, SUPPLIER_B],
    ]);
    const balance = ledger.getOrganisationCreditBalance(ORG.buyer.id);
    expect(balance.supplier_balances.map((b) => [b.supplier_id, b.total.active_credits_total.credit_kgs])).toEqual([
      [SUPPLIER_A, 100],
      [SUPPLIER_B, 50],
    ]);
    expect(balance.project_balances.map((b) => [b.project_id, b.total.active_credits_total.credit_kgs])).toEqual([
      [PROJECT_A, 100],
      [PROJECT_B, 50],
    ]);
    expect(ledger.getCreditBalance(ORG.buffer.id).active_credits_total.credit_kgs).toBe(600);
    expect(ledger.listRefunds().map((r) => r.id)).toEqual([refund.id]);
  });
});

describe('reads', () => {
  it('answers undefined for unknown ids and zero balances for organisations without credits', () => {
    const { ledger, issued } = setup();
    const unknown = 'xxx_00000000000000000000000000';
    expect(ledger.getCreditBatch(unknown)).toBeUndefined();
    expect(ledger.getIssuance(unknown)).toBeUndefined();
    expect(ledger.getIssuanceCreditBatches(unknown)).toBeUndefined();
    expect(ledger.getDelivery(unknown)).toBeUndefined();
    expect(ledger.getDeliveryCreditBatches(unknown)).toBeUndefined();
    expect(ledger.getTransfer(unknown)).toBeUndefined();
    expect(ledger.getTransferCreditBatches(unknown)).toBeUndefined();
    expect(ledger.getRetirement(unknown)).toBeUndefined();
    expect(ledger.getRetirementCreditBatches(unknown)).toBeUndefined();
    expect(ledger.getRefund(unknown)).toBeUndefined();
    expect(ledger.getRefundCreditBatches(unknown)).toBeUndefined();
    expect(ledger.getCreditBalance(ORG.other.id)).toEqual({
      active_credits_total: { credits: 0, credit_kgs: 0 },
      retired_credits_total: { credits: 0, credit_kgs: 0 },
    });
    expect(ledger.getOrganisationCreditBalance(ORG.other.id).supplier_balances).toEqual([]);
    expect(ledger.getIssuance(issued.id)).toEqual(issued);
    expect(ledger.getIssuanceOfStatement(issued.ghg_statement_id)?.id).toBe(issued.id);
    expect(ledger.listIssuances({ supplier_id: SUPPLIER_A }).map((i) => i.id)).toEqual([issued.id]);
    expect(ledger.listIssuances({ supplier_id: SUPPLIER_B })).toEqual([]);
    expect(ledger.getSupplier(SUPPLIER_A)?.organisation).toEqual(ORG.supplier);
    expect(ledger.getOrganisation(ORG.buyer.id)).toEqual(ORG.buyer);
  });

  it('returns views that cannot change the ledger', () => {
    const { ledger, old } = setup();
    const view = ledger.getCreditBatch(old.id);
    const before = ledger.serialize();
    expect(Object.isFrozen(view?.owner)).toBe(true);
    if (view?.carbon_removal_data) (view.carbon_removal_data as { losses_kg: number }).losses_kg = 99;
    expect(ledger.getCreditBatch(old.id)?.carbon_removal_data?.losses_kg).toBe(0);
    expect(ledger.serialize()).toBe(before);
  });

  it('lists batches by owner, supplier, project and status', () => {
    const { ledger, old } = setup();
    ledger.createTransfer({
      from_organisation_id: ORG.supplier.id,
      to_organisation_id: ORG.other.id,
      supplier_id: SUPPLIER_A,
      credit_batch_quantities: [{ credit_batch_id: old.id, credit_quantity_kg: 1 }],
    });
    expect(ledger.listCreditBatches({ status: 'split' }).map((b) => b.id)).toEqual([old.id]);
    expect(ledger.listCreditBatches({ owner_organisation_id: ORG.other.id, status: 'active' })).toHaveLength(1);
    expect(ledger.listCreditBatches({ supplier_id: SUPPLIER_A, project_id: PROJECT_A })).toHaveLength(6);
    expect(ledger.counts()).toMatchObject({ credit_batches: 6, active_credit_batches: 5, transfers: 1 });
  });
});

describe('serialize', () => {
  it('gives the same bytes for the same history, and different bytes after a change', () => {
    const run = () => {
      const ledger = newLedger();
      // Fixed entry and statement ids: the fixture counters would differ between the two runs.
      const issued = ledger.createIssuance(issuance([entry(100, 5, '2024-01-01', 'FIXED')], { ghg_statement_id: fakeId('ggs', 'FIXED') }));
      const old = ledger.getIssuanceCreditBatches(issued.id)?.supplier_credit_batches[0]?.id ?? '';
      ledger.createTransfer({
        from_organisation_id: ORG.supplier.id,
        to_organisation_id: ORG.other.id,
        supplier_id: SUPPLIER_A,
        credit_batch_quantities: [{ credit_batch_id: old, credit_quantity_kg: 7 }],
      });
      return ledger;
    };
    const a = run();
    const b = run();
    expect(a.serialize()).toBe(b.serialize());
    const [leaf] = a.listCreditBatches({ owner_organisation_id: ORG.other.id });
    a.createRetirement({
      owner_organisation_id: ORG.other.id,
      beneficiary_organisation_id: ORG.other.id,
      supplier_id: SUPPLIER_A,
      retirement_purposes: ['other'],
      notes: null,
      credit_batch_quantities: [{ credit_batch_id: leaf?.id ?? '', credit_quantity_kg: 7 }],
    });
    expect(a.serialize()).not.toBe(b.serialize());
    expect(() => JSON.parse(a.serialize()) as unknown).not.toThrow();
  });
});
