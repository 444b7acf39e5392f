import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLedger, creditQuantity, parseSerialNumber, type CreditLedgerOptions } from '../../src/registry';
import { entry, issuance, newLedger, ORG, PROJECT_A, PROJECT_B, refusal, SUPPLIER_A } from './fixtures';

describe('issuance', () => {
  it('creates a supplier batch and a buffer-pool batch per entry, with totals', () => {
    const ledger = newLedger();
    const issued = ledger.createIssuance(issuance([entry(9500, 500, '2024-03-01'), entry(1900, 100, '2023-12-31')]));
    expect(issued.id).toMatch(/^iss_/);
    expect(issued.supplier_credit_batch_size_total).toEqual({ credits: 11.4, credit_kgs: 11400 });
    expect(issued.buffer_pool_credit_batch_size_total).toEqual({ credits: 0.6, credit_kgs: 600 });
    expect(issued.credit_batch_size_total).toEqual({ credits: 12, credit_kgs: 12000 });
    expect(issued.reporting_period_start_at).toBe('2023-12-31');
    expect(issued.reporting_period_end_at).toBe('2024-03-01');
    expect(issued.supplier.organisation).toEqual(ORG.supplier);

    const batches = ledger.getIssuanceCreditBatches(issued.id);
    expect(batches?.supplier_credit_batches).toHaveLength(2);
    expect(batches?.buffer_pool_credit_batches).toHaveLength(2);
    const [first] = batches?.supplier_credit_batches ?? [];
    expect(first).toMatchObject({
      status: 'active',
      size: { credits: 9.5, credit_kgs: 9500 },
      owner: ORG.supplier,
      beneficiary: null,
      issuance_id: issued.id,
      project_id: PROJECT_A,
      supplier_id: SUPPLIER_A,
      country_of_issue: 'GBR',
      sequestered_on: '2024-03-01',
      issued_at: issued.issued_at,
      ccp_approved: false,
      parent_id: null,
      left_child_id: null,
      right_child_id: null,
      delivery_id: null,
      delivered_at: null,
      retirement_id: null,
      retired_at: null,
    });
    expect(first?.ghg_entry_id).toBe(first?.removal_id);
    expect(first?.carbon_removal_data?.net_carbon_removed_kg).toBe(1000);
    expect(batches?.buffer_pool_credit_batches[0]?.owner).toEqual(ORG.buffer);
  });

  it('numbers serial ranges in entry order without overlap (supplier, then buffer pool)', () => {
    const ledger = newLedger();
    const issued = ledger.createIssuance(issuance([entry(9500, 500, '2024-03-01'), entry(1900, 100, '2023-12-31')]));
    const batches = ledger.getIssuanceCreditBatches(issued.id);
    const serials = [
      batches?.supplier_credit_batches[0],
      batches?.buffer_pool_credit_batches[0],
      batches?.supplier_credit_batches[1],
      batches?.buffer_pool_credit_batches[1],
    ].map((b) => b?.serial_number);
    expect(serials).toEqual([
      'ISO-1-BSTORE-GBR-F5X7-2024-1-9500',
      'ISO-1-BSTORE-GBR-F5X7-2024-9501-10000',
      'ISO-1-BSTORE-GBR-F5X7-2023-10001-11900',
      'ISO-1-BSTORE-GBR-F5X7-2023-11901-12000',
    ]);
    expect(parseSerialNumber(serials[2] ?? '')).toMatchObject({
      vintage: 2023,
      first_unit: 10001n,
      last_unit: 11900n,
      issuance_sequence: 1,
    });
  });

  it('continues units per project by default, and restarts per issuance when asked', () => {
    const perProject = newLedger();
    perProject.createIssuance(issuance([entry(100, 0)]));
    perProject.createIssuance(issuance([entry(50, 0)], { project_id: PROJECT_B }));
    const second = perProject.createIssuance(issuance([entry(30, 0)]));
    expect(perProject.getIssuanceCreditBatches(second.id)?.supplier_credit_batches[0]?.serial_number).toBe(
      'ISO-2-BSTORE-GBR-F5X7-2024-101-130',
    );

    const perIssuance = newLedger({ unitNumbering: 'per_issuance' });
    perIssuance.createIssuance(issuance([entry(100, 0)]));
    perIssuance.createIssuance(issuance([entry(50, 0)], { project_id: PROJECT_B }));
    const third = perIssuance.createIssuance(issuance([entry(30, 0)]));
    expect(perIssuance.getIssuanceCreditBatches(third.id)?.supplier_credit_batches[0]?.serial_number).toBe(
      'ISO-3-BSTORE-GBR-F5X7-2024-1-30',
    );
  });

  it('does not create zero-size batches', () => {
    const ledger = newLedger();
    const issued = ledger.createIssuance(issuance([entry(1000, 0), entry(0, 0), entry(0, 40)]));
    const batches = ledger.getIssuanceCreditBatches(issued.id);
    expect(batches?.supplier_credit_batches.map((b) => b.size.credit_kgs)).toEqual([1000]);
    expect(batches?.buffer_pool_credit_batches.map((b) => b.size.credit_kgs)).toEqual([40]);
    expect(ledger.counts().credit_batches).toBe(2);
  });

  it('accepts bigint and decimal-string amounts beyond 2^53 exactly', () => {
    const ledger = newLedger();
    const big = 2n ** 60n + 7n;
    const issued = ledger.createIssuance(issuance([entry(big, '1000000000000000000001')]));
    const batches = ledger.getIssuanceCreditBatches(issued.id);
    expect(batches?.supplier_credit_batches[0]?.serial_number.endsWith(`-1-${big}`)).toBe(true);
    expect(batches?.buffer_pool_credit_batches[0]?.serial_number.endsWith(`-${big + 1n}-${big + 1000000000000000000001n}`)).toBe(true);
  });

  it('sets ccp_approved, country and an explicit reporting period', () => {
    const ledger = newLedger();
    const issued = ledger.createIssuance(
      issuance([entry(10, 0, '2024-05-05')], {
        ccp_approved: true,
        country_of_issue: 'CAN',
        reporting_period_start_at: '2024-01-01',
        reporting_period_end_at: '2024-12-31',
      }),
    );
    expect(issued.reporting_period_start_at).toBe('2024-01-01');
    const batch = ledger.getIssuanceCreditBatches(issued.id)?.supplier_credit_batches[0];
    expect(batch?.ccp_approved).toBe(true);
    expect(batch?.country_of_issue).toBe('CAN');
    expect(batch?.serial_number).toBe('ISO-1-BSTORE-CAN-F5X7-2024-1-10');
  });

  it('refuses every malformed field at once, naming where', () => {
    const ledger = newLedger();
    const before = ledger.serialize();
    const problems = refusal(() =>
      ledger.createIssuance(
        issuance(
          [
            {
              ...entry(-5, 1.5, '2024-02-30', 'DUP'),
              carbon_removal_data: {
                counterfactuals_kg: 1,
                emissions_kg: Number.NaN,
                gross_carbon_removed_kg: 1,
                losses_kg: 1,
                net_carbon_removed_kg: 1,
              },
            },
            entry(1, 1, '2024-01-01', 'DUP'),
          ],
          { country_of_issue: 'gb', registry_code: 'IS-O', project_id: 'prj_short' },
        ),
      ),
    );
    expect(problems.map((p) => [p.path, p.code])).toEqual([
      [['project_id'], 'invalid_id'],
      [['country_of_issue'], 'invalid_country'],
      [['registry_code'], 'invalid_serial_code'],
      [['entries', 0, 'sequestered_on'], 'invalid_date'],
      [['entries', 0, 'supplier_allocation_kg'], 'negative_amount'],
      [['entries', 0, 'buffer_pool_contribution_kg'], 'fractional_kg'],
      [['entries', 0, 'carbon_removal_data', 'emissions_kg'], 'invalid_type'],
      [['entries', 1, 'ghg_entry_id'], 'duplicate_ghg_entry'],
    ]);
    expect(ledger.serialize()).toBe(before);
  });

  it('refuses an empty statement, a statement issued twice, and a supplier of another organisation', () => {
    const ledger = newLedger();
    expect(refusal(() => ledger.createIssuance(issuance([])))).toEqual([
      expect.objectContaining({ path: ['entries'], code: 'no_entries' }),
    ]);
    const request = issuance([entry(10, 1)]);
    ledger.createIssuance(request);
    const before = ledger.serialize();
    expect(refusal(() => ledger.createIssuance(request))).toEqual([
      expect.objectContaining({ path: ['ghg_statement_id'], code: 'statement_already_issued' }),
    ]);
    expect(refusal(() => ledger.createIssuance(issuance([entry(1, 1)], { supplier_organisation: ORG.other })))).toEqual([
      expect.objectContaining({ path: ['supplier_organisation', 'id'], code: 'supplier_organisation_conflict' }),
    ]);
    expect(refusal(() => ledger.createIssuance(issuance([entry(1, 1)], { buffer_pool_organisation: ORG.supplier })))).toEqual([
      expect.objectContaining({ path: ['buffer_pool_organisation', 'id'], code: 'same_organisation' }),
    ]);
    expect(ledger.serialize()).toBe(before);
  });

  it('refuses input that is not an object or lacks fields, without throwing anything else', () => {
    const ledger = newLedger();
    expect(refusal(() => ledger.createIssuance(null as never))[0]?.code).toBe('invalid_type');
    const problems = refusal(() => ledger.createIssuance({} as never));
    expect(problems.map((p) => p.path[0])).toEqual([
      'ghg_statement_id',
      'project_id',
      'supplier_id',
      'supplier_organisation',
      'buffer_pool_organisation',
      'country_of_issue',
      'registry_code',
      'pathway_code',
      'project_code',
      'entries',
    ]);
    expect(problems.every((p) => p.code === 'missing')).toBe(true);
  });

  it('refuses a clock that is not a date-time and an id generator that repeats itself', () => {
    const ledger = newLedger();
    const badClock = newLedgerWith({ now: () => 'yesterday' });
    expect(refusal(() => badClock.createIssuance(issuance([entry(1, 1)])))[0]?.code).toBe('invalid_clock');
    const stuck = newLedgerWith({ ids: (kind) => `${kind === 'issuance' ? 'iss' : 'ctb'}_${'0'.repeat(26)}` });
    const before = stuck.serialize();
    expect(refusal(() => stuck.createIssuance(issuance([entry(1, 1)])))[0]?.code).toBe('id_generator_failure');
    expect(stuck.serialize()).toBe(before);
    expect(ledger.counts().issuances).toBe(0);
  });
});

describe('creditQuantity', () => {
  it('reports kg / 1000 exactly to three decimals', () => {
    expect(creditQuantity(125632n)).toEqual({ credits: 125.632, credit_kgs: 125632 });
    expect(creditQuantity(1n)).toEqual({ credits: 0.001, credit_kgs: 1 });
    expect(creditQuantity(0n)).toEqual({ credits: 0, credit_kgs: 0 });
    // The exact quotient has no double; the credits are the double nearest it.
    // eslint-disable-next-line no-loss-of-precision
    expect(creditQuantity(9007199254740993n).credits).toBe(9007199254740.993);
  });
});

function newLedgerWith(options: CreditLedgerOptions) {
  const ledger = createLedger({ now: () => '2025-01-01T00:00:00Z', ...options });
  ledger.registerOrganisation(ORG.supplier);
  return ledger;
}

describe('creditQuantity against decimal.js', () => {
  it('gives exactly Decimal(kg).div(1000).toNumber() for any amount up to 10^30 kg', () => {
    const D = Decimal.clone({ precision: 80 });
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), (kg) => {
        expect(creditQuantity(kg).credits).toBe(new D(kg.toString()).div(1000).toNumber());
      }),
      { seed: 42, numRuns: 2_000 },
    );
  });
});
