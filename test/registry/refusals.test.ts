/**
 * One test per refusal: the request is refused with the problem's path and code, and the ledger's
 * snapshot is byte-identical afterwards.
 */
import { describe, expect, it } from 'vitest';
import type { CreditBatchQuantityInput, CreditLedger, LedgerProblemCode, RetirementByBatchInput } from '../../src/registry';
import { fakeId, ORDER_1, ORG, refusal, SUPPLIER_A, transferOf as transfer, twoSupplierIssuances as setup } from './fixtures';

function retirement(lines: readonly CreditBatchQuantityInput[], overrides: Partial<RetirementByBatchInput> = {}): RetirementByBatchInput {
  return {
    owner_organisation_id: ORG.supplier.id,
    beneficiary_organisation_id: ORG.buyer.id,
    supplier_id: SUPPLIER_A,
    retirement_purposes: ['corporate_targets'],
    notes: null,
    credit_batch_quantities: lines,
    ...overrides,
  };
}

/** Expects exactly these problems and an unchanged snapshot. */
function expectRefused(
  ledger: CreditLedger,
  action: () => unknown,
  expected: readonly [readonly (string | number)[], LedgerProblemCode][],
): void {
  const before = ledger.serialize();
  const problems = refusal(action);
  expect(problems.map((p) => [p.path, p.code])).toEqual(expected);
  for (const problem of problems) expect(problem.message.length).toBeGreaterThan(10);
  expect(ledger.serialize()).toBe(before);
}

const KG = (i: number) => ['credit_batch_quantities', i, 'credit_quantity_kg'];
const ID = (i: number) => ['credit_batch_quantities', i, 'credit_batch_id'];

describe('refusals of transaction lines', () => {
  it('over-quantity', () => {
    const { ledger, a1 } = setup();
    expectRefused(ledger, () => ledger.createTransfer(transfer([{ credit_batch_id: a1, credit_quantity_kg: 1_001 }])), [
      [KG(0), 'exceeds_batch_size'],
    ]);
  });

  it('zero and negative quantities', () => {
    const { ledger, a1, a2 } = setup();
    expectRefused(
      ledger,
      () =>
        ledger.createTransfer(
          transfer([
            { credit_batch_id: a1, credit_quantity_kg: 0 },
            { credit_batch_id: a2, credit_quantity_kg: -3n },
          ]),
        ),
      [
        [KG(0), 'not_positive'],
        [KG(1), 'not_positive'],
      ],
    );
  });

  it('fractional kilograms, as a number or a string', () => {
    const { ledger, a1, a2 } = setup();
    expectRefused(
      ledger,
      () =>
        ledger.createTransfer(
          transfer([
            { credit_batch_id: a1, credit_quantity_kg: 0.5 },
            { credit_batch_id: a2, credit_quantity_kg: '10.25' },
          ]),
        ),
      [
        [KG(0), 'fractional_kg'],
        [KG(1), 'fractional_kg'],
      ],
    );
  });

  it('numbers that cannot be exact, and non-numbers', () => {
    const { ledger, a1, a2 } = setup();
    expectRefused(
      ledger,
      () =>
        ledger.createTransfer(
          transfer([
            { credit_batch_id: a1, credit_quantity_kg: 2 ** 60 },
            { credit_batch_id: a2, credit_quantity_kg: 'ten' },
          ]),
        ),
      [
        [KG(0), 'unsafe_integer'],
        [KG(1), 'invalid_number'],
      ],
    );
  });

  it('a split batch', () => {
    const { ledger, a1 } = setup();
    ledger.createTransfer(transfer([{ credit_batch_id: a1, credit_quantity_kg: 10 }]));
    expectRefused(ledger, () => ledger.createTransfer(transfer([{ credit_batch_id: a1, credit_quantity_kg: 10 }])), [
      [ID(0), 'batch_split'],
    ]);
  });

  it('a retired batch', () => {
    const { ledger, a1 } = setup();
    ledger.createRetirement(retirement([{ credit_batch_id: a1, credit_quantity_kg: 1_000 }]));
    expectRefused(ledger, () => ledger.createRetirement(retirement([{ credit_batch_id: a1, credit_quantity_kg: 1 }])), [
      [ID(0), 'batch_retired'],
    ]);
    expectRefused(ledger, () => ledger.createTransfer(transfer([{ credit_batch_id: a1, credit_quantity_kg: 1 }])), [
      [ID(0), 'batch_retired'],
    ]);
  });

  it('an unknown batch', () => {
    const { ledger } = setup();
    expectRefused(ledger, () => ledger.createTransfer(transfer([{ credit_batch_id: fakeId('ctb', 'NOPE'), credit_quantity_kg: 1 }])), [
      [ID(0), 'unknown_credit_batch'],
    ]);
  });

  it('mixed suppliers', () => {
    const { ledger, a1, b1 } = setup();
    // b1 is owned by supplier B's organisation too, so the owner check speaks as well.
    expectRefused(
      ledger,
      () =>
        ledger.createTransfer(
          transfer([
            { credit_batch_id: a1, credit_quantity_kg: 1 },
            { credit_batch_id: b1, credit_quantity_kg: 1 },
          ]),
        ),
      [
        [ID(1), 'not_owner'],
        [ID(1), 'supplier_mismatch'],
      ],
    );
  });

  it('not the owner', () => {
    const { ledger, a1 } = setup();
    expectRefused(
      ledger,
      () => ledger.createTransfer(transfer([{ credit_batch_id: a1, credit_quantity_kg: 1 }], { from_organisation_id: ORG.other.id })),
      [[ID(0), 'not_owner']],
    );
  });

  it('the same batch twice in one request', () => {
    const { ledger, a1 } = setup();
    expectRefused(
      ledger,
      () =>
        ledger.createRetirement(
          retirement([
            { credit_batch_id: a1, credit_quantity_kg: 1 },
            { credit_batch_id: a1, credit_quantity_kg: 2 },
          ]),
        ),
      [[ID(1), 'duplicate_credit_batch']],
    );
  });

  it('no lines', () => {
    const { ledger } = setup();
    expectRefused(ledger, () => ledger.createTransfer(transfer([])), [[['credit_batch_quantities'], 'no_lines']]);
    expectRefused(ledger, () => ledger.createRetirement(retirement([])), [[['credit_batch_quantities'], 'no_lines']]);
  });

  it('every problem of every line at once, and nothing applied from the valid lines', () => {
    const { ledger, a1, a2, b1 } = setup();
    expectRefused(
      ledger,
      () =>
        ledger.createTransfer(
          transfer([
            { credit_batch_id: a1, credit_quantity_kg: 10 },
            { credit_batch_id: a2, credit_quantity_kg: 5_000 },
            { credit_batch_id: b1, credit_quantity_kg: 1.5 },
            { credit_batch_id: a1, credit_quantity_kg: 1 },
          ]),
        ),
      [
        [KG(1), 'exceeds_batch_size'],
        [KG(2), 'fractional_kg'],
        [ID(2), 'not_owner'],
        [ID(2), 'supplier_mismatch'],
        [ID(3), 'duplicate_credit_batch'],
      ],
    );
  });

  it('malformed lines', () => {
    const { ledger } = setup();
    expectRefused(ledger, () => ledger.createTransfer(transfer([null as never, { credit_quantity_kg: 1 } as never])), [
      [['credit_batch_quantities', 0], 'invalid_type'],
      [ID(1), 'missing'],
    ]);
    expectRefused(ledger, () => ledger.createTransfer(transfer('all' as never)), [[['credit_batch_quantities'], 'invalid_type']]);
  });
});

describe('refusals of request fields', () => {
  it('notes too long', () => {
    const { ledger, a1 } = setup();
    expectRefused(
      ledger,
      () => ledger.createTransfer(transfer([{ credit_batch_id: a1, credit_quantity_kg: 1 }], { notes: 'x'.repeat(257) })),
      [[['notes'], 'notes_too_long']],
    );
    expectRefused(
      ledger,
      () => ledger.createRetirement(retirement([{ credit_batch_id: a1, credit_quantity_kg: 1 }], { notes: 'y'.repeat(300) })),
      [[['notes'], 'notes_too_long']],
    );
    expect(() =>
      ledger.createTransfer(transfer([{ credit_batch_id: a1, credit_quantity_kg: 1 }], { notes: 'z'.repeat(256) })),
    ).not.toThrow();
  });

  it('no purposes, an unknown purpose, a repeated purpose', () => {
    const { ledger, a1 } = setup();
    const line = [{ credit_batch_id: a1, credit_quantity_kg: 1 }];
    expectRefused(ledger, () => ledger.createRetirement(retirement(line, { retirement_purposes: [] })), [
      [['retirement_purposes'], 'no_purposes'],
    ]);
    expectRefused(ledger, () => ledger.createRetirement(retirement(line, { retirement_purposes: ['other', 'fun' as never, 'other'] })), [
      [['retirement_purposes', 1], 'invalid_purpose'],
      [['retirement_purposes', 2], 'duplicate_purpose'],
    ]);
  });

  it('unknown organisations and suppliers, and a transfer to oneself', () => {
    const { ledger, a1 } = setup();
    const line = [{ credit_batch_id: a1, credit_quantity_kg: 1 }];
    expectRefused(
      ledger,
      () => ledger.createTransfer(transfer(line, { to_organisation_id: fakeId('org', 'NOBODY'), supplier_id: fakeId('spl', 'NOBODY') })),
      [
        [['to_organisation_id'], 'unknown_organisation'],
        [['supplier_id'], 'unknown_supplier'],
      ],
    );
    expectRefused(ledger, () => ledger.createTransfer(transfer(line, { to_organisation_id: ORG.supplier.id })), [
      [['to_organisation_id'], 'same_organisation'],
    ]);
    expectRefused(ledger, () => ledger.createRetirement(retirement(line, { beneficiary_organisation_id: fakeId('org', 'NOBODY') })), [
      [['beneficiary_organisation_id'], 'unknown_organisation'],
    ]);
  });

  it('delivery: lines of another supplier, an unknown supplier, the supplier delivering to itself', () => {
    const { ledger, a1, b1 } = setup();
    const order = { id: ORDER_1, organisation: ORG.buyer, supplier_id: SUPPLIER_A };
    expectRefused(
      ledger,
      () => ledger.createDelivery({ order, credit_batch_quantities: [{ credit_batch_id: b1, credit_quantity_kg: 1 }] }),
      [
        [ID(0), 'not_owner'],
        [ID(0), 'supplier_mismatch'],
      ],
    );
    expectRefused(
      ledger,
      () =>
        ledger.createDelivery({
          order: { ...order, supplier_id: fakeId('spl', 'NOBODY') },
          credit_batch_quantities: [{ credit_batch_id: a1, credit_quantity_kg: 1 }],
        }),
      [[['order', 'supplier_id'], 'unknown_supplier']],
    );
    expectRefused(
      ledger,
      () =>
        ledger.createDelivery({
          order: { ...order, organisation: ORG.supplier },
          credit_batch_quantities: [{ credit_batch_id: a1, credit_quantity_kg: 1 }],
        }),
      [[['order', 'organisation', 'id'], 'same_organisation']],
    );
    expectRefused(ledger, () => ledger.createDelivery({ order: { ...order, id: 'ord_1' }, credit_batch_quantities: [] }), [
      [['order', 'id'], 'invalid_id'],
      [['credit_batch_quantities'], 'no_lines'],
    ]);
    // A refused delivery does not register the buyer either.
    const newcomer = { id: fakeId('org', 'NEWCOMER'), name: 'New', domain: null };
    expectRefused(
      ledger,
      () =>
        ledger.createDelivery({
          order: { ...order, organisation: newcomer },
          credit_batch_quantities: [{ credit_batch_id: a1, credit_quantity_kg: 1_001 }],
        }),
      [[KG(0), 'exceeds_batch_size']],
    );
    expect(ledger.getOrganisation(newcomer.id)).toBeUndefined();
  });

  it('refund: credits that are not buffer-pool credits, or not the buffer pool organisation', () => {
    const { ledger, a1, aBuffer } = setup();
    expectRefused(
      ledger,
      () =>
        ledger.createRefund({
          from_buffer_pool_organisation_id: ORG.buffer.id,
          to_organisation_id: ORG.buyer.id,
          credit_batch_quantities: [{ credit_batch_id: a1, credit_quantity_kg: 1 }],
        }),
      [
        [ID(0), 'not_owner'],
        [ID(0), 'not_buffer_pool_credit'],
      ],
    );
    expectRefused(
      ledger,
      () =>
        ledger.createRefund({
          from_buffer_pool_organisation_id: ORG.other.id,
          to_organisation_id: ORG.buyer.id,
          credit_batch_quantities: [{ credit_batch_id: aBuffer, credit_quantity_kg: 101 }],
        }),
      [
        [ID(0), 'not_owner'],
        [KG(0), 'exceeds_batch_size'],
      ],
    );
  });

  it('retirement from oldest credits: too few credits, bad quantity, bad vintage', () => {
    const { ledger } = setup();
    const base = {
      owner_organisation_id: ORG.supplier.id,
      beneficiary_organisation_id: ORG.supplier.id,
      supplier_id: SUPPLIER_A,
      retirement_purposes: ['other'] as const,
      notes: null,
    };
    expectRefused(ledger, () => ledger.createRetirementFromOldestCredits({ ...base, credit_quantity_kg: 3_001 }), [
      [['credit_quantity_kg'], 'insufficient_credits'],
    ]);
    expectRefused(ledger, () => ledger.createRetirementFromOldestCredits({ ...base, credit_quantity_kg: 10, vintage: 2019 }), [
      [['credit_quantity_kg'], 'insufficient_credits'],
    ]);
    expectRefused(ledger, () => ledger.createRetirementFromOldestCredits({ ...base, credit_quantity_kg: 10, order_id: ORDER_1 }), [
      [['credit_quantity_kg'], 'insufficient_credits'],
    ]);
    expectRefused(ledger, () => ledger.createRetirementFromOldestCredits({ ...base, credit_quantity_kg: 0 }), [
      [['credit_quantity_kg'], 'not_positive'],
    ]);
    expectRefused(ledger, () => ledger.createRetirementFromOldestCredits({ ...base, credit_quantity_kg: 2.5, vintage: 1850 }), [
      [['credit_quantity_kg'], 'fractional_kg'],
      [['vintage'], 'invalid_vintage'],
    ]);
    // Exactly what is held is fine.
    expect(ledger.createRetirementFromOldestCredits({ ...base, credit_quantity_kg: 3_000 }).credit_batch_size_total.credit_kgs).toBe(3_000);
  });

  it('requests that are not objects', () => {
    const { ledger } = setup();
    for (const run of [
      () => ledger.createTransfer(undefined as never),
      () => ledger.createDelivery(42 as never),
      () => ledger.createRetirement([] as never),
      () => ledger.createRetirementFromOldestCredits('x' as never),
      () => ledger.createRefund(null as never),
      () => ledger.registerOrganisation({ id: 'org_x', name: 3 } as never),
      () => ledger.registerSupplier({ id: SUPPLIER_A, organisation: ORG.other }),
    ]) {
      const before = ledger.serialize();
      expect(refusal(run).length).toBeGreaterThan(0);
      expect(ledger.serialize()).toBe(before);
    }
  });
});
