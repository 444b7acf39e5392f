/**
 * The ledger's views read whole (src/registry/views.ts): every field of an issuance, its batches, a
 * split batch's two children, a supplier with descriptions and location, and each transaction
 * (delivery, transfer, retirement, refund) as it reads back, with its url and notes, and the
 * batches it took as they are now.
 */
import { describe, expect, it } from 'vitest';
import type { CreditBatchView, CreditLedger } from '../../src/registry';
import { entry, fakeId, issuance, newLedger, ORG, SUPPLIER_B } from './fixtures';

const SUPPLIER_C = fakeId('spl', 'C');
const PROJECT_C = fakeId('prj', 'C');
const ORDER = fakeId('ord', 'VIEWS');
const LOCATION = { country_code: 'CA', country_name: 'Canada', latitude: 49.25, longitude: -123.1, description: 'kiln' };
const CARBON = { counterfactuals_kg: 10, emissions_kg: 20, gross_carbon_removed_kg: 1030, losses_kg: 0, net_carbon_removed_kg: 1000 };
const q = (kg: number) => ({ credits: kg / 1000, credit_kgs: kg });

/** A ledger with supplier C (organisation "other", described and located) and one issuance of 1,000 + 100 kg. */
function scene(): { ledger: CreditLedger; issuanceId: string; statementId: string; entryId: string; issuedAt: string } {
  const ledger = newLedger();
  ledger.registerSupplier({
    id: SUPPLIER_C,
    organisation: ORG.other,
    short_description: 'short',
    long_description: 'long',
    location: LOCATION,
  });
  const e = entry(1_000, 100, '2023-06-30', 'VIEWENTRY');
  const request = issuance([e], {
    supplier_id: SUPPLIER_C,
    supplier_organisation: ORG.other,
    project_id: PROJECT_C,
    ccp_approved: true,
    country_of_issue: 'CAN',
  });
  const issued = ledger.createIssuance(request);
  return { ledger, issuanceId: issued.id, statementId: request.ghg_statement_id, entryId: e.ghg_entry_id, issuedAt: issued.issued_at };
}

describe('ledger views', () => {
  it('a supplier reads with its descriptions, organisation and location', () => {
    const { ledger } = scene();
    expect(ledger.getSupplier(SUPPLIER_C)).toEqual({
      id: SUPPLIER_C,
      short_description: 'short',
      long_description: 'long',
      organisation: ORG.other,
      location: LOCATION,
    });
    expect(ledger.getSupplier(SUPPLIER_B)).toEqual({
      id: SUPPLIER_B,
      short_description: null,
      long_description: null,
      organisation: ORG.supplierB,
      location: null,
    });
  });

  it('an issuance and its batches read field by field', () => {
    const { ledger, issuanceId, statementId, entryId, issuedAt } = scene();
    const supplier = ledger.getSupplier(SUPPLIER_C);
    expect(ledger.getIssuance(issuanceId)).toEqual({
      id: issuanceId,
      issued_at: issuedAt,
      ghg_statement_id: statementId,
      supplier,
      project_id: PROJECT_C,
      reporting_period_start_at: '2023-06-30',
      reporting_period_end_at: '2023-06-30',
      supplier_credit_batch_size_total: q(1000),
      buffer_pool_credit_batch_size_total: q(100),
      credit_batch_size_total: q(1100),
    });
    const batches = ledger.getIssuanceCreditBatches(issuanceId);
    const common = {
      status: 'active',
      issued_at: issuedAt,
      retired_at: null,
      delivered_at: null,
      sequestered_on: '2023-06-30',
      country_of_issue: 'CAN',
      supplier_id: SUPPLIER_C,
      parent_id: null,
      left_child_id: null,
      right_child_id: null,
      issuance_id: issuanceId,
      delivery_id: null,
      beneficiary: null,
      retirement_id: null,
      ghg_entry_id: entryId,
      removal_id: entryId,
      project_id: PROJECT_C,
      carbon_removal_data: CARBON,
      ccp_approved: true,
    };
    const [own] = batches?.supplier_credit_batches ?? [];
    const [buffer] = batches?.buffer_pool_credit_batches ?? [];
    expect(own).toEqual({ ...common, id: own?.id, serial_number: 'ISO-1-BSTORE-CAN-F5X7-2023-1-1000', size: q(1000), owner: ORG.other });
    expect(buffer).toEqual({
      ...common,
      id: buffer?.id,
      serial_number: 'ISO-1-BSTORE-CAN-F5X7-2023-1001-1100',
      size: q(100),
      owner: ORG.buffer,
    });
    // A view is a copy: changing it changes nothing stored.
    (own?.carbon_removal_data as { losses_kg: number }).losses_kg = 99;
    expect(ledger.getCreditBatch(own?.id ?? '')?.carbon_removal_data).toEqual(CARBON);
  });

  it('a delivery, a transfer, a retirement and a refund read back whole, their batches as they are now', () => {
    const { ledger, issuanceId } = scene();
    const issued = ledger.getIssuanceCreditBatches(issuanceId);
    const own = issued?.supplier_credit_batches[0] as CreditBatchView;
    const buffer = issued?.buffer_pool_credit_batches[0] as CreditBatchView;
    const supplier = ledger.getSupplier(SUPPLIER_C);

    const delivery = ledger.createDelivery({
      order: { id: ORDER, organisation: ORG.buyer, supplier_id: SUPPLIER_C },
      credit_batch_quantities: [{ credit_batch_id: own.id, credit_quantity_kg: 300 }],
      notes: 'first',
    });
    expect(delivery).toEqual({
      id: delivery.id,
      delivered_at: delivery.delivered_at,
      order_id: ORDER,
      from_supplier: supplier,
      to_organisation: ORG.buyer,
      credit_batch_size_total: q(300),
      url: `/registry/v0/deliveries/${delivery.id}`,
      notes: 'first',
    });
    expect(ledger.getDelivery(delivery.id)).toEqual(delivery);
    const parent = ledger.getCreditBatch(own.id);
    expect(parent?.status).toBe('split');
    const left = ledger.getCreditBatch(parent?.left_child_id ?? '') as CreditBatchView;
    const right = ledger.getCreditBatch(parent?.right_child_id ?? '') as CreditBatchView;
    expect([left.serial_number, left.size, left.owner, left.parent_id, left.delivery_id, left.delivered_at]).toEqual([
      'ISO-1-BSTORE-CAN-F5X7-2023-1-300',
      q(300),
      ORG.buyer,
      own.id,
      delivery.id,
      delivery.delivered_at,
    ]);
    expect([right.serial_number, right.size, right.owner, right.parent_id, right.delivery_id]).toEqual([
      'ISO-1-BSTORE-CAN-F5X7-2023-301-1000',
      q(700),
      ORG.other,
      own.id,
      null,
    ]);
    expect(ledger.getDeliveryCreditBatches(delivery.id)).toEqual([left]);

    const transfer = ledger.createTransfer({
      from_organisation_id: ORG.buyer.id,
      to_organisation_id: ORG.supplierB.id,
      supplier_id: SUPPLIER_C,
      credit_batch_quantities: [{ credit_batch_id: left.id, credit_quantity_kg: 300 }],
    });
    expect(transfer).toEqual({
      id: transfer.id,
      transferred_at: transfer.transferred_at,
      from_organisation: ORG.buyer,
      to_organisation: ORG.supplierB,
      credit_batch_size_total: q(300),
      notes: null,
    });
    expect(ledger.getTransfer(transfer.id)).toEqual(transfer);

    const retirement = ledger.createRetirement({
      owner_organisation_id: ORG.supplierB.id,
      beneficiary_organisation_id: ORG.buyer.id,
      supplier_id: SUPPLIER_C,
      retirement_purposes: ['insetting', 'other'],
      notes: null,
      credit_batch_quantities: [{ credit_batch_id: left.id, credit_quantity_kg: 300 }],
    });
    expect(retirement).toEqual({
      id: retirement.id,
      retired_at: retirement.retired_at,
      purposes: ['insetting', 'other'],
      beneficiary: ORG.buyer,
      owner: ORG.supplierB,
      credit_batch_size_total: q(300),
      url: `/registry/v0/retirements/${retirement.id}`,
      notes: null,
    });
    expect(ledger.getRetirement(retirement.id)).toEqual(retirement);
    const retired = ledger.getCreditBatch(left.id);
    expect([retired?.status, retired?.beneficiary, retired?.retirement_id, retired?.retired_at, retired?.owner]).toEqual([
      'retired',
      ORG.buyer,
      retirement.id,
      retirement.retired_at,
      ORG.supplierB,
    ]);
    // The transfer's batches read as they are now: retired since.
    expect(ledger.getTransferCreditBatches(transfer.id)?.map((b) => b.status)).toEqual(['retired']);

    const refund = ledger.createRefund({
      from_buffer_pool_organisation_id: ORG.buffer.id,
      to_organisation_id: ORG.buyer.id,
      credit_batch_quantities: [{ credit_batch_id: buffer.id, credit_quantity_kg: 100 }],
    });
    expect(refund).toEqual({
      id: refund.id,
      refunded_at: refund.refunded_at,
      from_buffer_pool_organisation: ORG.buffer,
      to_organisation: ORG.buyer,
      credit_batch_size_total: q(100),
      notes: '',
    });
    expect(ledger.getRefund(refund.id)).toEqual(refund);
    expect(ledger.getRefundCreditBatches(refund.id)?.map((b) => [b.id, b.owner])).toEqual([[buffer.id, ORG.buyer]]);
  });

  it('a resource url policy and a serial number policy are what the views use', () => {
    const ledger = newLedger({
      resourceUrl: (kind, id) => `https://r.example/${kind}/${id}`,
      formatSerialNumber: (s) => `${s.registry_code}:${s.first_unit}..${s.last_unit}`,
    });
    const issued = ledger.createIssuance(issuance([entry(5, 0)]));
    const [batch] = ledger.getIssuanceCreditBatches(issued.id)?.supplier_credit_batches ?? [];
    expect(batch?.serial_number).toBe('ISO:1..5');
    const delivery = ledger.createDelivery({
      order: { id: ORDER, organisation: ORG.buyer, supplier_id: issued.supplier.id },
      credit_batch_quantities: [{ credit_batch_id: batch?.id ?? '', credit_quantity_kg: 5 }],
    });
    expect(delivery.url).toBe(`https://r.example/delivery/${delivery.id}`);
    const retirement = ledger.createRetirement({
      owner_organisation_id: ORG.buyer.id,
      beneficiary_organisation_id: ORG.buyer.id,
      supplier_id: issued.supplier.id,
      retirement_purposes: ['other'],
      notes: 'n',
      credit_batch_quantities: [{ credit_batch_id: batch?.id ?? '', credit_quantity_kg: 5 }],
    });
    expect([retirement.url, retirement.notes]).toEqual([`https://r.example/retirement/${retirement.id}`, 'n']);
  });
});
