/**
 * What a refusal of a transaction says (src/registry/request-checks.ts, pipeline.ts): each message
 * names the batch, the amounts, the organisations and the line it is about (docs/rules.md: a
 * clear error naming what and where), not only its code. refusals.test.ts pins paths and codes;
 * this file pins the words, which `npm run test:mutation -- registry-requests` showed untested.
 */
import { describe, expect, it } from 'vitest';
import { createIdGenerator } from '../../src/model/ids';
import { createLedger, type LedgerProblem } from '../../src/registry';
import { createRandomSource } from '../../src/uncertainty';
import {
  entry,
  fakeId,
  issuance,
  newLedger,
  ORDER_1,
  ORG,
  refusal,
  steppingClock,
  SUPPLIER_A,
  SUPPLIER_B,
  transferOf as transfer,
  twoSupplierIssuances as setup,
} from './fixtures';

const messages = (problems: readonly LedgerProblem[]) => problems.map((p) => p.message);

describe('the messages of a refused line', () => {
  it('name the batch, its owner and supplier, and the amounts', () => {
    const { ledger, a1, b1 } = setup();
    expect(messages(refusal(() => ledger.createTransfer(transfer([{ credit_batch_id: a1, credit_quantity_kg: 1_001 }]))))).toEqual([
      `1001 kg asked from credit batch ${a1}, which holds 1000 kg`,
    ]);
    expect(messages(refusal(() => ledger.createTransfer(transfer([{ credit_batch_id: b1, credit_quantity_kg: 1 }]))))).toEqual([
      `credit batch ${b1} is owned by ${ORG.supplierB.id}, not by ${ORG.supplier.id}`,
      `credit batch ${b1} comes from supplier ${SUPPLIER_B}, not ${SUPPLIER_A}; one request takes credits of one supplier`,
    ]);
    const nope = fakeId('ctb', 'NOPE');
    expect(messages(refusal(() => ledger.createTransfer(transfer([{ credit_batch_id: nope, credit_quantity_kg: 1 }]))))).toEqual([
      `no credit batch ${nope}`,
    ]);
    const twice = [
      { credit_batch_id: a1, credit_quantity_kg: 1 },
      { credit_batch_id: a1, credit_quantity_kg: 2 },
    ];
    expect(messages(refusal(() => ledger.createTransfer(transfer(twice))))).toEqual([`credit batch ${a1} already appears in line 0`]);
  });

  it('name the children of a split batch and the retirement of a retired one', () => {
    const { ledger, a1, a2 } = setup();
    ledger.createTransfer(transfer([{ credit_batch_id: a1, credit_quantity_kg: 10 }]));
    const split = ledger.getCreditBatch(a1);
    const children = [split?.left_child_id, split?.right_child_id];
    expect(children.every((id) => typeof id === 'string' && id.startsWith('ctb_'))).toBe(true);
    expect(messages(refusal(() => ledger.createTransfer(transfer([{ credit_batch_id: a1, credit_quantity_kg: 1 }]))))).toEqual([
      `credit batch ${a1} was split into ${children[0]} and ${children[1]}; only active batches can be transacted`,
    ]);
    const retired = ledger.createRetirement({
      owner_organisation_id: ORG.supplier.id,
      beneficiary_organisation_id: ORG.supplier.id,
      supplier_id: SUPPLIER_A,
      retirement_purposes: ['other'],
      notes: null,
      credit_batch_quantities: [{ credit_batch_id: a2, credit_quantity_kg: 2_000 }],
    });
    expect(messages(refusal(() => ledger.createTransfer(transfer([{ credit_batch_id: a2, credit_quantity_kg: 1 }]))))).toEqual([
      `credit batch ${a2} is retired (${retired.id}); retirement is final`,
    ]);
  });

  it('say what is wrong with the list of lines', () => {
    const { ledger } = setup();
    const problems = (lines: unknown) => refusal(() => ledger.createTransfer(transfer(lines as never)));
    expect(problems(undefined).map((p) => [p.code, p.message])).toEqual([
      ['missing', 'credit_batch_quantities must be an array of {credit_batch_id, credit_quantity_kg}'],
    ]);
    expect(problems('all').map((p) => [p.code, p.message])).toEqual([
      ['invalid_type', 'credit_batch_quantities must be an array of {credit_batch_id, credit_quantity_kg}'],
    ]);
    expect(problems([]).map((p) => [p.code, p.message])).toEqual([['no_lines', 'credit_batch_quantities needs at least one line']]);
  });

  it('name a refund line that is not a buffer-pool credit', () => {
    const { ledger, a1, aBuffer } = setup();
    const problems = refusal(() =>
      ledger.createRefund({
        from_buffer_pool_organisation_id: ORG.buffer.id,
        to_organisation_id: ORG.supplier.id,
        credit_batch_quantities: [
          { credit_batch_id: aBuffer, credit_quantity_kg: 1 },
          { credit_batch_id: a1, credit_quantity_kg: 1 },
        ],
        notes: null,
      }),
    );
    expect(problems.map((p) => [p.code, p.message])).toContainEqual([
      'not_buffer_pool_credit',
      `credit batch ${a1} was issued to the supplier, not to the buffer pool`,
    ]);
  });
});

describe('the messages about the parties', () => {
  it('name the unknown organisation or supplier, the field, and a move to oneself', () => {
    const { ledger, a1 } = setup();
    const line = [{ credit_batch_id: a1, credit_quantity_kg: 1 }];
    const nobody = fakeId('org', 'NOBODY');
    const noSupplier = fakeId('spl', 'NOBODY');
    expect(messages(refusal(() => ledger.createTransfer(transfer(line, { to_organisation_id: nobody, supplier_id: noSupplier }))))).toEqual(
      [`to_organisation_id: no organisation ${nobody} is known to the registry`, `no supplier ${noSupplier} is known to the registry`],
    );
    expect(messages(refusal(() => ledger.createTransfer(transfer(line, { to_organisation_id: ORG.supplier.id }))))).toEqual([
      `cannot transfer from ${ORG.supplier.id} to itself`,
    ]);
  });

  it('name the organisation a delivered supplier belongs to', () => {
    const { ledger, a1 } = setup();
    const problems = refusal(() =>
      ledger.createDelivery({
        order: { id: ORDER_1, organisation: ORG.buyer, supplier_id: SUPPLIER_B },
        credit_batch_quantities: [{ credit_batch_id: a1, credit_quantity_kg: 1 }],
      }),
    );
    expect(problems.map((p) => p.code)).toContain('supplier_mismatch');
  });
});

describe('a faulty clock or id generator', () => {
  it('is named with what it gave, and changes nothing', () => {
    for (const [now, shown] of [
      [() => 'yesterday', '"yesterday"'],
      [() => 42, '42'],
      [() => undefined, 'nothing'],
    ] as const) {
      const ledger = createLedger({ now: now as () => string });
      const problems = refusal(() => ledger.createIssuance(issuance([entry(1_000, 100)])));
      expect(problems.map((p) => [p.code, p.message])).toEqual([
        ['invalid_clock', `the ledger clock gave ${shown}, not an ISO 8601 date-time`],
      ]);
      expect(ledger.listIssuances()).toEqual([]);
    }
  });

  it('refuses an id drawn twice in one request, an id already taken and no id at all', () => {
    // The same batch id twice within one issuance.
    let n = 0;
    const repeating = createLedger({
      ids: (kind) => (kind === 'credit_batch' ? 'ctb_00000000000000000000000001' : `iss_${String(++n).padStart(26, '0')}`),
      now: steppingClock(),
    });
    const twice = refusal(() => repeating.createIssuance(issuance([entry(1_000, 100)])));
    expect(twice.map((p) => [p.code, p.message])).toEqual([
      ['id_generator_failure', 'the id generator gave "ctb_00000000000000000000000001" for a new credit_batch: not a fresh ctb_ id'],
    ]);
    expect(repeating.listIssuances()).toEqual([]);
    // An issuance id already in the ledger: the generator restarts from the same seed.
    const seeded = () => createIdGenerator({ now: () => Date.UTC(2025, 0, 1), random: createRandomSource(7) });
    const first = seeded();
    let fresh = true;
    const ledger = createLedger({ ids: (kind) => (fresh ? first(kind) : seeded()(kind)), now: steppingClock() });
    const issued = ledger.createIssuance(issuance([entry(1_000, 100)]));
    fresh = false;
    const taken = refusal(() => ledger.createIssuance(issuance([entry(1_000, 100)])));
    expect(taken.map((p) => p.message)).toEqual([`the id generator gave "${issued.id}" for a new issuance: not a fresh iss_ id`]);
    // No id at all.
    const silent = createLedger({ ids: (() => undefined) as never, now: steppingClock() });
    expect(messages(refusal(() => silent.createIssuance(issuance([entry(1_000, 100)]))))).toEqual([
      'the id generator gave nothing for a new issuance: not a fresh iss_ id',
    ]);
  });

  it('draws two batch ids per split line and none for a line taken whole', () => {
    const { ledger, a1, a2 } = setup();
    const moved = ledger.createTransfer(
      transfer([
        { credit_batch_id: a1, credit_quantity_kg: 1_000 },
        { credit_batch_id: a2, credit_quantity_kg: 5 },
      ]),
    );
    const batches = ledger.getTransferCreditBatches(moved.id) ?? [];
    // a1 moves whole; a2 splits, its child of 5 kg moves and the 1,995 kg child stays.
    expect(batches.map((b) => [b.size.credit_kgs, b.owner.id])).toEqual([
      [1_000, ORG.buyer.id],
      [5, ORG.buyer.id],
    ]);
    expect(batches[0]?.id).toBe(a1);
    expect(moved.credit_batch_size_total.credit_kgs).toBe(1_005);
    const parent = ledger.getCreditBatch(a2);
    expect(parent?.status).toBe('split');
    expect(parent?.left_child_id).toBe(batches[1]?.id);
    const stays = ledger.getCreditBatch(parent?.right_child_id ?? '');
    expect([stays?.size.credit_kgs, stays?.owner.id, stays?.parent_id]).toEqual([1_995, ORG.supplier.id, a2]);
  });
});

describe('the fields a refusal names', () => {
  it('names the request itself (path []) when it is not an object', () => {
    const { ledger } = setup();
    expect(refusal(() => ledger.createTransfer('x' as never))).toEqual([
      { path: [], code: 'invalid_type', message: 'transfer request must be an object, got a string' },
    ]);
  });

  it('reports a missing or malformed party once, under its own field', () => {
    const { ledger, a1 } = setup();
    const line = [{ credit_batch_id: a1, credit_quantity_kg: 1 }];
    const problems = refusal(() =>
      ledger.createTransfer(transfer(line, { from_organisation_id: undefined, to_organisation_id: 42, supplier_id: undefined } as never)),
    );
    expect(problems).toEqual([
      { path: ['from_organisation_id'], code: 'missing', message: 'from_organisation_id is required' },
      { path: ['to_organisation_id'], code: 'invalid_type', message: 'to_organisation_id must be a string, got a number' },
      { path: ['supplier_id'], code: 'missing', message: 'supplier_id is required' },
    ]);
    // Two unknown organisations are not the same organisation.
    const nobody = fakeId('org', 'NOBODY');
    const unknown = refusal(() => ledger.createTransfer(transfer(line, { from_organisation_id: nobody, to_organisation_id: nobody })));
    expect(unknown.map((p) => p.code)).toEqual(['unknown_organisation', 'unknown_organisation']);
  });

  it("names a retirement's supplier field and a malformed line", () => {
    const { ledger, a1 } = setup();
    const problems = refusal(() =>
      ledger.createRetirement({
        owner_organisation_id: ORG.supplier.id,
        beneficiary_organisation_id: ORG.supplier.id,
        supplier_id: 7,
        retirement_purposes: ['other'],
        notes: null,
        credit_batch_quantities: ['x', { credit_batch_id: 5, credit_quantity_kg: 1 }, { credit_batch_id: a1, credit_quantity_kg: 'ten' }],
      } as never),
    );
    expect(problems).toEqual([
      { path: ['supplier_id'], code: 'invalid_type', message: 'supplier_id must be a string, got a number' },
      { path: ['credit_batch_quantities', 0], code: 'invalid_type', message: 'line 0 must be an object, got a string' },
      {
        path: ['credit_batch_quantities', 1, 'credit_batch_id'],
        code: 'invalid_type',
        message: 'credit_batch_id must be a string, got a number',
      },
      {
        path: ['credit_batch_quantities', 2, 'credit_quantity_kg'],
        code: 'invalid_number',
        message: '"ten" is not a decimal number of kg',
      },
    ]);
  });

  it('lets a supplier be registered again with its own organisation', () => {
    const ledger = newLedger();
    const again = ledger.registerSupplier({ id: SUPPLIER_A, organisation: ORG.supplier, short_description: 'again' });
    expect(again.id).toBe(SUPPLIER_A);
    expect(ledger.getSupplier(SUPPLIER_A)?.organisation).toEqual(ORG.supplier);
  });

  it('gives the clock and id faults no path', () => {
    const clock = refusal(() => createLedger({ now: () => 'never' }).createIssuance(issuance([entry(1_000, 100)])));
    expect(clock.map((p) => p.path)).toEqual([[]]);
    const ids = refusal(() => createLedger({ ids: () => 'nope', now: steppingClock() }).createIssuance(issuance([entry(1_000, 100)])));
    expect(ids.map((p) => [p.path, p.message])).toEqual([[[], 'the id generator gave "nope" for a new issuance: not a fresh iss_ id']]);
  });

  it('draws ids of the transaction and of the two children of each split line only', () => {
    const drawn: string[] = [];
    const counters = new Map<string, number>();
    const base = createIdGenerator({ now: () => Date.UTC(2025, 0, 1), random: createRandomSource(7) });
    const ledger = createLedger({
      ids: (kind) => {
        drawn.push(kind);
        counters.set(kind, (counters.get(kind) ?? 0) + 1);
        return base(kind);
      },
      now: steppingClock(),
    });
    for (const org of Object.values(ORG)) ledger.registerOrganisation(org);
    const issued = ledger.createIssuance(issuance([entry(1_000, 100), entry(2_000, 200)]));
    const [a1 = '', a2 = ''] = ledger.getIssuanceCreditBatches(issued.id)?.supplier_credit_batches.map((b) => b.id) ?? [];
    drawn.length = 0;
    const moved = ledger.createTransfer(
      transfer([
        { credit_batch_id: a1, credit_quantity_kg: 1_000 },
        { credit_batch_id: a2, credit_quantity_kg: 5 },
      ]),
    );
    expect(drawn).toEqual(['transfer', 'credit_batch', 'credit_batch']);
    const taken = ledger.getTransferCreditBatches(moved.id) ?? [];
    expect(taken.map((b) => b.size.credit_kgs)).toEqual([1_000, 5]);
    // The transfer records exactly the batches it took (the snapshot's row: id, at, total, batch ids, ...).
    const transfers = (JSON.parse(ledger.serialize()) as { transfers: unknown[][] }).transfers;
    expect(transfers.map((row) => row.slice(0, 4))).toEqual([[moved.id, moved.transferred_at, '1005', taken.map((b) => b.id)]]);
  });
});
