/**
 * Registry behaviour that mutation testing (npm run test:mutation -- registry) showed no other test
 * deciding: serial numbers that are not ones, the parties an issuance registers, the ids an issuance
 * draws, a delivery without an order, and the bounds of a retirement's vintage filter.
 */
import { describe, expect, it } from 'vitest';
import { ID_PREFIXES, type IdKind } from '../../src/model/ids';
import { createLedger, CreditLedgerError, formatSerialNumber, parseSerialNumber } from '../../src/registry';
import { entry, issuance, newLedger, ORDER_1, ORG, refusal, steppingClock, SUPPLIER_A, SUPPLIER_B } from './fixtures';

describe('parseSerialNumber', () => {
  it('returns undefined, without throwing, for anything not in the default format', () => {
    for (const text of [
      'garbage',
      '',
      'ISO-1-BSTORE-GBR-F5X7-2024-1',
      'ISO-1-BSTORE-gbr-F5X7-2024-1-9500',
      'ISO-1-BSTORE-GBR-F5X7-24-1-9500',
      'ISO-x-BSTORE-GBR-F5X7-2024-1-9500',
      'ISO-1-BSTORE-GBR-F5X7-2024-1-9500-',
      ' ISO-1-BSTORE-GBR-F5X7-2024-1-9500',
      'IS_O-1-BSTORE-GBR-F5X7-2024-1-9500',
    ]) {
      expect(parseSerialNumber(text)).toBeUndefined();
    }
  });

  it('reads every part of a serial number, units beyond 2^53 exactly, and formats it back', () => {
    const serial = 'ISO-12-BSTORE-GBR-F5X7-2031-9007199254740993-9007199254741000';
    const parts = parseSerialNumber(serial);
    expect(parts).toEqual({
      registry_code: 'ISO',
      issuance_sequence: 12,
      pathway_code: 'BSTORE',
      country_of_issue: 'GBR',
      project_code: 'F5X7',
      vintage: 2031,
      first_unit: 9007199254740993n,
      last_unit: 9007199254741000n,
    });
    expect(parts === undefined ? undefined : formatSerialNumber(parts)).toBe(serial);
  });
});

/** A ledger whose ids count up per kind, recording each kind drawn. */
function countingLedger() {
  const drawn: IdKind[] = [];
  const counters = new Map<IdKind, number>();
  const ids = (kind: IdKind): string => {
    drawn.push(kind);
    const n = (counters.get(kind) ?? 0) + 1;
    counters.set(kind, n);
    return `${ID_PREFIXES[kind]}_${String(n).padStart(26, '0')}`;
  };
  return { ledger: createLedger({ ids, now: steppingClock() }), drawn };
}

describe('issuance', () => {
  it('registers the supplier and both organisations it names', () => {
    const { ledger } = countingLedger();
    expect(ledger.getSupplier(SUPPLIER_A)).toBeUndefined();
    ledger.createIssuance(issuance([entry(1_000, 100)]));
    expect(ledger.getOrganisation(ORG.supplier.id)).toEqual(ORG.supplier);
    expect(ledger.getOrganisation(ORG.buffer.id)).toEqual(ORG.buffer);
    expect(ledger.getSupplier(SUPPLIER_A)).toMatchObject({ id: SUPPLIER_A, organisation: ORG.supplier });
    // The registered supplier can now deliver.
    const batch = ledger.listCreditBatches({ supplier_id: SUPPLIER_A })[0];
    const delivery = ledger.createDelivery({
      order: { id: ORDER_1, organisation: ORG.buyer, supplier_id: SUPPLIER_A },
      credit_batch_quantities: [{ credit_batch_id: batch?.id ?? '', credit_quantity_kg: 10 }],
      notes: null,
    });
    expect(delivery.credit_batch_size_total.credit_kgs).toBe(10);
    expect(ledger.getOrganisation(ORG.buyer.id)).toEqual(ORG.buyer);
  });

  it('keeps a supplier registered before, and its organisation', () => {
    const ledger = newLedger();
    const before = ledger.getSupplier(SUPPLIER_A);
    ledger.createIssuance(issuance([entry(1_000, 100)]));
    expect(ledger.getSupplier(SUPPLIER_A)).toEqual(before);
  });

  it('draws one issuance id and one batch id per non-empty batch, a 0 kg batch using none', () => {
    const { ledger, drawn } = countingLedger();
    const issued = ledger.createIssuance(issuance([entry(1_000, 0), entry(0, 30), entry(500, 20)]));
    expect(drawn).toEqual(['issuance', 'credit_batch', 'credit_batch', 'credit_batch', 'credit_batch']);
    expect(issued.id).toBe(`iss_${'1'.padStart(26, '0')}`);
    const batches = ledger.getIssuanceCreditBatches(issued.id);
    expect(batches?.supplier_credit_batches.map((b) => [b.id, b.size.credit_kgs])).toEqual([
      [`ctb_${'1'.padStart(26, '0')}`, 1_000],
      [`ctb_${'3'.padStart(26, '0')}`, 500],
    ]);
    expect(batches?.buffer_pool_credit_batches.map((b) => [b.id, b.size.credit_kgs])).toEqual([
      [`ctb_${'2'.padStart(26, '0')}`, 30],
      [`ctb_${'4'.padStart(26, '0')}`, 20],
    ]);
  });

  it('refuses an id generator that gives an id of another kind', () => {
    const ledger = createLedger({ ids: () => 'ctb_00000000000000000000000001', now: steppingClock() });
    const problems = refusal(() => ledger.createIssuance(issuance([entry(1_000, 100)])));
    expect(problems.map((p) => p.code)).toEqual(['id_generator_failure']);
    expect(ledger.listIssuances()).toEqual([]);
  });
});

describe('delivery', () => {
  it('refuses a request without an order with a CreditLedgerError naming it', () => {
    const ledger = newLedger();
    const batch = ledger.getIssuanceCreditBatches(ledger.createIssuance(issuance([entry(1_000, 100)])).id)?.supplier_credit_batches[0];
    const lines = [{ credit_batch_id: batch?.id ?? '', credit_quantity_kg: 10 }];
    for (const order of [undefined, null, 'ord_1', {}]) {
      const before = ledger.serialize();
      let error: unknown;
      try {
        ledger.createDelivery({ order, credit_batch_quantities: lines, notes: null } as never);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(CreditLedgerError);
      expect((error as CreditLedgerError).problems.some((p) => p.path[0] === 'order')).toBe(true);
      expect(ledger.serialize()).toBe(before);
    }
  });
});

describe('retirement from the oldest credits: the vintage filter', () => {
  const request = (vintage: unknown) => ({
    owner_organisation_id: ORG.supplier.id,
    beneficiary_organisation_id: ORG.supplier.id,
    supplier_id: SUPPLIER_A,
    retirement_purposes: ['other'] as const,
    notes: null,
    credit_quantity_kg: 10,
    vintage: vintage as number,
  });
  const codes = (vintage: unknown): string[] => {
    const ledger = newLedger();
    ledger.createIssuance(issuance([entry(1_000, 100, '2024-06-30')]));
    try {
      ledger.createRetirementFromOldestCredits(request(vintage));
      return [];
    } catch (error) {
      if (!(error instanceof CreditLedgerError)) throw error;
      return error.problems.map((p) => p.code);
    }
  };

  it('accepts the years 1900 to 2100 and null, and refuses anything else naming the vintage', () => {
    expect(codes(2024)).toEqual([]);
    expect(codes(null)).toEqual([]);
    expect(codes(undefined)).toEqual([]);
    expect(codes(1900)).toEqual(['insufficient_credits']);
    expect(codes(2100)).toEqual(['insufficient_credits']);
    for (const bad of [1899, 2101, 2024.5, '2024', Number.NaN]) expect(codes(bad)).toEqual(['invalid_vintage']);
  });

  it('says which vintage and order it looked for when there are too few credits', () => {
    const ledger = newLedger();
    ledger.createIssuance(issuance([entry(1_000, 100, '2024-06-30')]));
    const problems = refusal(() => ledger.createRetirementFromOldestCredits({ ...request(2023), order_id: ORDER_1 }));
    expect(problems).toHaveLength(1);
    expect(problems[0]?.message).toBe(
      `${ORG.supplier.id} holds only 0 kg of active credits of ${SUPPLIER_A} of vintage 2023 delivered against ${ORDER_1}; 10 kg were asked`,
    );
  });
});

/** The CreditLedgerError `action` throws (failing when it throws anything else or nothing). */
function refusedWith(action: () => unknown): CreditLedgerError {
  try {
    action();
  } catch (error) {
    if (error instanceof CreditLedgerError) return error;
    throw error;
  }
  throw new Error('expected the ledger to refuse the request');
}

/** A ledger with one issuance (1,000 kg to the supplier, 100 kg to the buffer pool), and its two batch ids. */
function issued(policies: Parameters<typeof newLedger>[0] = {}) {
  const ledger = newLedger(policies);
  const batches = ledger.getIssuanceCreditBatches(ledger.createIssuance(issuance([entry(1_000, 100)])).id);
  return {
    ledger,
    supplierBatch: batches?.supplier_credit_batches[0]?.id ?? '',
    bufferBatch: batches?.buffer_pool_credit_batches[0]?.id ?? '',
  };
}

const retireHead = {
  owner_organisation_id: ORG.supplier.id,
  beneficiary_organisation_id: ORG.buyer.id,
  supplier_id: SUPPLIER_A,
  retirement_purposes: ['other'] as const,
  notes: null,
};

describe('each transaction names itself: its id prefix, the operation of its refusals and the request in their messages', () => {
  it('delivery', () => {
    const { ledger, supplierBatch } = issued();
    const lines = [{ credit_batch_id: supplierBatch, credit_quantity_kg: 10 }];
    const notObject = refusedWith(() => ledger.createDelivery(42 as never));
    expect([notObject.operation, notObject.problems[0]?.message]).toEqual(['delivery', 'delivery request must be an object, got a number']);
    const badOrder = refusedWith(() => ledger.createDelivery({ order: 'x', credit_batch_quantities: lines, notes: null } as never));
    expect([badOrder.operation, badOrder.problems]).toEqual([
      'delivery',
      [{ path: ['order'], code: 'invalid_type', message: 'order must be an object, got a string' }],
    ]);
    const badFields = refusedWith(() =>
      ledger.createDelivery({
        order: { id: 'x', organisation: 5, supplier_id: SUPPLIER_A },
        credit_batch_quantities: lines,
        notes: 7,
      } as never),
    );
    expect(badFields.problems.map((p) => [p.path, p.message.split(' must')[0]?.split(' "')[0]])).toEqual([
      [['order', 'id'], 'order id'],
      [['order', 'organisation'], 'order organisation'],
      [['notes'], 'notes'],
    ]);
    // No organisation but a known supplier: refused, not a TypeError.
    const noBuyer = refusedWith(() =>
      ledger.createDelivery({ order: { id: ORDER_1, supplier_id: SUPPLIER_A }, credit_batch_quantities: lines, notes: null } as never),
    );
    expect(noBuyer.problems.map((p) => [p.path, p.code])).toEqual([[['order', 'organisation'], 'missing']]);
    const delivery = ledger.createDelivery({
      order: { id: ORDER_1, organisation: ORG.buyer, supplier_id: SUPPLIER_A },
      credit_batch_quantities: lines,
      notes: null,
    });
    expect(delivery.id).toMatch(/^dlv_/);
  });

  it('transfer', () => {
    const { ledger, supplierBatch } = issued();
    const notObject = refusedWith(() => ledger.createTransfer(42 as never));
    expect([notObject.operation, notObject.problems[0]?.message]).toEqual(['transfer', 'transfer request must be an object, got a number']);
    const request = {
      from_organisation_id: ORG.supplier.id,
      to_organisation_id: ORG.supplier.id,
      supplier_id: SUPPLIER_A,
      credit_batch_quantities: [{ credit_batch_id: supplierBatch, credit_quantity_kg: 10 }],
      notes: null,
    };
    const same = refusedWith(() => ledger.createTransfer(request));
    expect([same.operation, same.problems[0]?.message]).toEqual(['transfer', `cannot transfer from ${ORG.supplier.id} to itself`]);
    expect(ledger.createTransfer({ ...request, to_organisation_id: ORG.buyer.id }).id).toMatch(/^tfr_/);
  });

  it('retirement', () => {
    const { ledger, supplierBatch } = issued();
    for (const run of [() => ledger.createRetirement(42 as never), () => ledger.createRetirementFromOldestCredits(42 as never)]) {
      const notObject = refusedWith(run);
      expect([notObject.operation, notObject.problems[0]?.message]).toEqual([
        'retirement',
        'retirement request must be an object, got a number',
      ]);
    }
    const bad = refusedWith(() =>
      ledger.createRetirementFromOldestCredits({ ...retireHead, credit_quantity_kg: -1, order_id: 5 } as never),
    );
    expect(bad.operation).toBe('retirement');
    expect(bad.problems).toEqual([
      { path: ['credit_quantity_kg'], code: 'not_positive', message: 'credit_quantity_kg must be positive, got -1' },
      { path: ['order_id'], code: 'invalid_type', message: 'order_id must be a string, got a number' },
    ]);
    const unknownOwner = refusedWith(() =>
      ledger.createRetirement({ ...retireHead, owner_organisation_id: 'org_NOBODYXXXXXXXXXXXXXXXXXXXX', credit_batch_quantities: [] }),
    );
    expect(unknownOwner.operation).toBe('retirement');
    expect(
      ledger.createRetirement({ ...retireHead, credit_batch_quantities: [{ credit_batch_id: supplierBatch, credit_quantity_kg: 10 }] }).id,
    ).toMatch(/^ret_/);
    expect(ledger.createRetirementFromOldestCredits({ ...retireHead, credit_quantity_kg: 10, order_id: null }).id).toMatch(/^ret_/);
  });

  it('refund', () => {
    const { ledger, bufferBatch } = issued();
    const notObject = refusedWith(() => ledger.createRefund(42 as never));
    expect([notObject.operation, notObject.problems[0]?.message]).toEqual(['refund', 'refund request must be an object, got a number']);
    const request = {
      from_buffer_pool_organisation_id: ORG.buffer.id,
      to_organisation_id: ORG.buffer.id,
      credit_batch_quantities: [{ credit_batch_id: bufferBatch, credit_quantity_kg: 10 }],
      notes: 7,
    };
    const same = refusedWith(() => ledger.createRefund(request as never));
    expect(same.operation).toBe('refund');
    expect(same.problems).toEqual([
      { path: ['to_organisation_id'], code: 'same_organisation', message: `cannot refund from ${ORG.buffer.id} to itself` },
      { path: ['notes'], code: 'invalid_type', message: 'notes must be a string or null, got a number' },
    ]);
    expect(ledger.createRefund({ ...request, to_organisation_id: ORG.supplier.id, notes: null }).id).toMatch(/^bpr_/);
  });

  it('issuance', () => {
    const ledger = newLedger();
    const empty = refusedWith(() => ledger.createIssuance(issuance([])));
    expect([empty.operation, empty.problems.map((p) => p.code)]).toEqual(['issuance', ['no_entries']]);
    const badClock = createLedger({ now: () => 'yesterday' });
    expect(refusedWith(() => badClock.createIssuance(issuance([entry(1_000, 100)]))).operation).toBe('issuance');
    const badIds = createLedger({ ids: () => 'ctb_00000000000000000000000001', now: steppingClock() });
    expect(refusedWith(() => badIds.createIssuance(issuance([entry(1_000, 100)]))).operation).toBe('issuance');
  });
});

describe('retirement requests the ledger must not half-read', () => {
  it('refuses a retirement of a batch the owner does not hold, or of another supplier', () => {
    const { ledger, supplierBatch } = issued();
    const lines = [{ credit_batch_id: supplierBatch, credit_quantity_kg: 10 }];
    expect(
      refusedWith(() =>
        ledger.createRetirement({ ...retireHead, owner_organisation_id: ORG.buyer.id, credit_batch_quantities: lines }),
      ).problems.map((p) => p.code),
    ).toEqual(['not_owner']);
    expect(
      refusedWith(() => ledger.createRetirement({ ...retireHead, supplier_id: SUPPLIER_B, credit_batch_quantities: lines })).problems.map(
        (p) => p.code,
      ),
    ).toEqual(['supplier_mismatch']);
  });

  it('reports only the problems of the request when it is refused, not a shortage it cannot have measured', () => {
    const { ledger } = issued();
    const codes = (request: object): string[] =>
      refusedWith(() => ledger.createRetirementFromOldestCredits(request as never)).problems.map((p) => p.code);
    expect(codes({ ...retireHead, credit_quantity_kg: 5_000, vintage: 1850 })).toEqual(['invalid_vintage']);
    expect(codes({ ...retireHead, credit_quantity_kg: 5_000, order_id: 'x' })).toEqual(['invalid_id']);
    expect(codes({ ...retireHead, owner_organisation_id: 'org_NOBODYXXXXXXXXXXXXXXXXXXXX', credit_quantity_kg: 5_000 })).toEqual([
      'unknown_organisation',
    ]);
    expect(codes({ ...retireHead, supplier_id: 'spl_NOBODYXXXXXXXXXXXXXXXXXXXX', credit_quantity_kg: 5_000 })).toEqual([
      'unknown_supplier',
    ]);
    expect(codes({ ...retireHead, credit_quantity_kg: 2.5 })).toEqual(['fractional_kg']);
    const fractional = refusedWith(() => ledger.createRetirementFromOldestCredits({ ...retireHead, credit_quantity_kg: 2.5 }));
    expect(fractional.problems[0]?.message).toMatch(/^credit_quantity_kg: \S/);
  });

  it('takes delivered credits from the oldest when no order is named, and says which filter found too few', () => {
    const { ledger, supplierBatch } = issued();
    ledger.createDelivery({
      order: { id: ORDER_1, organisation: ORG.buyer, supplier_id: SUPPLIER_A },
      credit_batch_quantities: [{ credit_batch_id: supplierBatch, credit_quantity_kg: 300 }],
      notes: null,
    });
    const buyer = { ...retireHead, owner_organisation_id: ORG.buyer.id };
    expect(ledger.createRetirementFromOldestCredits({ ...buyer, credit_quantity_kg: 100 }).credit_batch_size_total.credit_kgs).toBe(100);
    const message = (request: object): string | undefined =>
      refusedWith(() => ledger.createRetirementFromOldestCredits(request as never)).problems[0]?.message;
    // An organisation holding nothing of the supplier at all.
    expect(message({ ...retireHead, owner_organisation_id: ORG.other.id, credit_quantity_kg: 10 })).toBe(
      `${ORG.other.id} holds only 0 kg of active credits of ${SUPPLIER_A}; 10 kg were asked`,
    );
    const head = `${ORG.buyer.id} holds only 200 kg of active credits of ${SUPPLIER_A}`;
    expect(message({ ...buyer, credit_quantity_kg: 500 })).toBe(`${head}; 500 kg were asked`);
    expect(message({ ...buyer, credit_quantity_kg: 500, vintage: 2024 })).toBe(`${head} of vintage 2024; 500 kg were asked`);
    expect(message({ ...buyer, credit_quantity_kg: 500, order_id: ORDER_1 })).toBe(
      `${head} delivered against ${ORDER_1}; 500 kg were asked`,
    );
  });
});

describe('what an issuance keeps in the snapshot', () => {
  it('lists exactly its batch ids, and numbers per project only under that policy', () => {
    const { ledger, supplierBatch, bufferBatch } = issued();
    const snapshot = JSON.parse(ledger.serialize()) as {
      numbering: { projects: unknown[] };
      issuances: { supplier_batch_ids: string[]; buffer_pool_batch_ids: string[]; origins: unknown[] }[];
    };
    expect(snapshot.issuances[0]?.supplier_batch_ids).toEqual([supplierBatch]);
    expect(snapshot.issuances[0]?.buffer_pool_batch_ids).toEqual([bufferBatch]);
    expect(snapshot.issuances[0]?.origins).toHaveLength(2);
    expect(snapshot.numbering.projects).toHaveLength(1);
    const perIssuance = JSON.parse(issued({ unitNumbering: 'per_issuance' }).ledger.serialize()) as { numbering: { projects: unknown[] } };
    expect(perIssuance.numbering.projects).toEqual([]);
  });

  it('keeps what a registered supplier already says about itself', () => {
    const ledger = newLedger();
    ledger.registerSupplier({ id: 'spl_CXXXXXXXXXXXXXXXXXXXXXXXXX', organisation: ORG.other, short_description: 'Kilns', location: null });
    ledger.createIssuance(
      issuance([entry(1_000, 100)], { supplier_id: 'spl_CXXXXXXXXXXXXXXXXXXXXXXXXX', supplier_organisation: ORG.other }),
    );
    expect(ledger.getSupplier('spl_CXXXXXXXXXXXXXXXXXXXXXXXXX')).toMatchObject({ short_description: 'Kilns' });
  });
});
