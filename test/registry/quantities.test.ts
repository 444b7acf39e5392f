/**
 * The registry's amounts (src/registry/quantity.ts) and balances (balances.ts, totals.ts) by known
 * answers: kilograms shown as credits (1 credit = 1 t) at every digit count and sign, what
 * parseKg accepts and refuses at its bounds and what it says, and an organisation's balances by
 * supplier, project and order, sorted, without the keys whose credits are all gone.
 */
import { describe, expect, it } from 'vitest';
import { creditQuantity, MAX_CREDIT_KG } from '../../src/registry';
import { describe as describeValue, parseKg } from '../../src/registry/quantity';
import { entry, issuance, newLedger, ORDER_1, ORG, PROJECT_A, PROJECT_B, SUPPLIER_A } from './fixtures';

describe('creditQuantity', () => {
  it('shows kilograms as credits of a tonne, exactly, at every digit count and sign', () => {
    expect(creditQuantity(0n)).toEqual({ credits: 0, credit_kgs: 0 });
    expect(creditQuantity(5n)).toEqual({ credits: 0.005, credit_kgs: 5 });
    expect(creditQuantity(50n)).toEqual({ credits: 0.05, credit_kgs: 50 });
    expect(creditQuantity(999n)).toEqual({ credits: 0.999, credit_kgs: 999 });
    expect(creditQuantity(1_000n)).toEqual({ credits: 1, credit_kgs: 1_000 });
    expect(creditQuantity(1_234n)).toEqual({ credits: 1.234, credit_kgs: 1_234 });
    expect(creditQuantity(123_456_789n)).toEqual({ credits: 123_456.789, credit_kgs: 123_456_789 });
    expect(creditQuantity(-1_500n)).toEqual({ credits: -1.5, credit_kgs: -1_500 });
    expect(creditQuantity(-7n)).toEqual({ credits: -0.007, credit_kgs: -7 });
    // 0.1 + 0.2 style errors would show here: the credits are read from the digits, not divided.
    expect(creditQuantity(300n).credits).toBe(0.3);
    expect(creditQuantity(9_007_199_254_740_993n)).toEqual({ credits: Number('9007199254740.993'), credit_kgs: 2 ** 53 });
  });
});

describe('parseKg', () => {
  it('takes whole kilograms as a number, a bigint or a decimal string', () => {
    expect(parseKg(12)).toEqual({ ok: true, kg: 12n });
    expect(parseKg(-3)).toEqual({ ok: true, kg: -3n });
    expect(parseKg(Number.MAX_SAFE_INTEGER)).toEqual({ ok: true, kg: 9_007_199_254_740_991n });
    expect(parseKg(12n)).toEqual({ ok: true, kg: 12n });
    for (const [text, kg] of [
      ['12', 12n],
      ['  12 ', 12n],
      ['+5', 5n],
      ['-5', -5n],
      ['1e3', 1_000n],
      ['1.5e1', 15n],
      ['2.', 2n],
      ['1000000000000000000000000000000', MAX_CREDIT_KG],
      ['9007199254740993', 9_007_199_254_740_993n],
    ] as const) {
      expect(parseKg(text), text).toEqual({ ok: true, kg });
    }
  });

  it('refuses amounts above 10^30 kg either way, and takes 10^30 itself', () => {
    const tooLarge = { ok: false, code: 'amount_too_large', message: `amounts above ${MAX_CREDIT_KG} kg are refused` };
    expect(MAX_CREDIT_KG).toBe(10n ** 30n);
    expect(parseKg(MAX_CREDIT_KG)).toEqual({ ok: true, kg: MAX_CREDIT_KG });
    expect(parseKg(-MAX_CREDIT_KG)).toEqual({ ok: true, kg: -MAX_CREDIT_KG });
    expect(parseKg(MAX_CREDIT_KG + 1n)).toEqual(tooLarge);
    expect(parseKg(-MAX_CREDIT_KG - 1n)).toEqual(tooLarge);
    expect(parseKg('1000000000000000000000000000001')).toEqual(tooLarge);
    expect(parseKg('-1e31')).toEqual(tooLarge);
    expect(parseKg('1e30')).toEqual({ ok: true, kg: MAX_CREDIT_KG });
  });

  it('says why it refuses anything else', () => {
    expect(parseKg(Number.NaN)).toEqual({ ok: false, code: 'invalid_number', message: 'NaN is not a finite number of kg' });
    expect(parseKg(Number.NEGATIVE_INFINITY)).toEqual({
      ok: false,
      code: 'invalid_number',
      message: '-Infinity is not a finite number of kg',
    });
    expect(parseKg(2.5)).toEqual({ ok: false, code: 'fractional_kg', message: '2.5 kg is not a whole number of kilograms' });
    expect(parseKg(2 ** 53)).toEqual({
      ok: false,
      code: 'unsafe_integer',
      message: '9007199254740992 kg is beyond 2^53 and may have lost precision as a number; pass it as a bigint or a decimal string',
    });
    expect(parseKg('2.5')).toEqual({ ok: false, code: 'fractional_kg', message: '2.5 kg is not a whole number of kilograms' });
    expect(parseKg('.5')).toEqual({ ok: false, code: 'fractional_kg', message: '.5 kg is not a whole number of kilograms' });
    for (const text of ['ten', '', '1,000', '1e', '--1', '1.2.3', 'e3', '0x10']) {
      expect(parseKg(text), text).toEqual({ ok: false, code: 'invalid_number', message: `"${text}" is not a decimal number of kg` });
    }
    for (const [value, shown] of [
      [null, 'null'],
      [undefined, 'nothing'],
      [[1], 'an array'],
      [{}, 'a object'],
      [true, 'a boolean'],
    ] as const) {
      expect(parseKg(value)).toEqual({ ok: false, code: 'invalid_type', message: `expected an integer number of kg, got ${shown}` });
      expect(describeValue(value)).toBe(shown);
    }
  });
});

describe('balances', () => {
  it('are zero for an organisation that never held credits', () => {
    const ledger = newLedger();
    const zero = { active_credits_total: { credits: 0, credit_kgs: 0 }, retired_credits_total: { credits: 0, credit_kgs: 0 } };
    expect(ledger.getCreditBalance(ORG.other.id)).toEqual(zero);
    expect(ledger.getOrganisationCreditBalance(ORG.other.id)).toEqual({
      total: zero,
      supplier_balances: [],
      project_balances: [],
      order_balances: [],
    });
  });

  it('split by supplier, project and order, sorted by id, leaving out what is all gone', () => {
    const ledger = newLedger();
    const a = ledger.createIssuance(issuance([entry(1_000, 100)], { project_id: PROJECT_B }));
    ledger.createIssuance(issuance([entry(2_000, 200)], { project_id: PROJECT_A }));
    const batch = ledger.getIssuanceCreditBatches(a.id)?.supplier_credit_batches[0]?.id ?? '';
    ledger.createDelivery({
      order: { id: ORDER_1, organisation: ORG.buyer, supplier_id: SUPPLIER_A },
      credit_batch_quantities: [{ credit_batch_id: batch, credit_quantity_kg: 1_000 }],
      notes: null,
    });
    const q = (kg: number) => ({ credits: kg / 1000, credit_kgs: kg });
    const balance = (active: number, retired: number) => ({ active_credits_total: q(active), retired_credits_total: q(retired) });
    const supplier = ledger.getOrganisationCreditBalance(ORG.supplier.id);
    expect(supplier.total).toEqual(balance(2_000, 0));
    // Project B's credits all went to the buyer: only project A is left, and no order.
    expect(supplier.project_balances).toEqual([{ project_id: PROJECT_A, total: balance(2_000, 0) }]);
    expect(supplier.supplier_balances).toEqual([{ supplier_id: SUPPLIER_A, total: balance(2_000, 0) }]);
    expect(supplier.order_balances).toEqual([]);
    const buyer = ledger.getOrganisationCreditBalance(ORG.buyer.id);
    expect(buyer.order_balances).toEqual([{ order_id: ORDER_1, total: balance(1_000, 0) }]);
    ledger.createRetirement({
      owner_organisation_id: ORG.buyer.id,
      beneficiary_organisation_id: ORG.buyer.id,
      supplier_id: SUPPLIER_A,
      retirement_purposes: ['other'],
      notes: null,
      credit_batch_quantities: [{ credit_batch_id: batch, credit_quantity_kg: 400 }],
    });
    expect(ledger.getCreditBalance(ORG.buyer.id)).toEqual(balance(600, 400));
    const after = ledger.getOrganisationCreditBalance(ORG.buyer.id);
    expect(after.project_balances).toEqual([{ project_id: PROJECT_B, total: balance(600, 400) }]);
    expect(after.order_balances).toEqual([{ order_id: ORDER_1, total: balance(600, 400) }]);
    // Both projects under the buffer pool, in id order (A before B, issued the other way round).
    const buffer = ledger.getOrganisationCreditBalance(ORG.buffer.id);
    expect(buffer.project_balances.map((p) => [p.project_id, p.total.active_credits_total.credit_kgs])).toEqual([
      [PROJECT_A, 200],
      [PROJECT_B, 100],
    ]);
  });
});
