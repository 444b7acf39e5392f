/**
 * The ledger's own surface (src/registry/ledger.ts) that mutation testing (npm run test:mutation --
 * registry-ledger) showed no other test deciding: what a refused registration says, the filters of
 * the lists, lookups of unknown ids and an issuance's totals.
 */
import { describe, expect, it } from 'vitest';
import { createLedger, CreditLedgerError, DEFAULT_LEDGER_POLICIES } from '../../src/registry';
import { entry, issuance, newLedger, ORDER_1, ORG, PROJECT_B, SUPPLIER_A, SUPPLIER_B } from './fixtures';

function refusedWith(action: () => unknown): CreditLedgerError {
  try {
    action();
  } catch (error) {
    if (error instanceof CreditLedgerError) return error;
    throw error;
  }
  throw new Error('expected the ledger to refuse the request');
}

describe('registrations', () => {
  it('names the operation, each field and its label when a supplier is refused', () => {
    const ledger = newLedger();
    const error = refusedWith(() =>
      ledger.registerSupplier({ id: 5, organisation: 5, short_description: 5, long_description: 5, location: 5 } as never),
    );
    expect(error.operation).toBe('supplier');
    expect(error.problems.map((p) => [p.path, p.message.split(' ')[0]])).toEqual([
      [['id'], 'supplier'],
      [['organisation'], 'organisation'],
      [['short_description'], 'short_description'],
      [['long_description'], 'long_description'],
      [['location'], expect.any(String)],
    ]);
    expect(error.problems[0]?.message).toMatch(/^supplier id /);
    const notObject = refusedWith(() => ledger.registerSupplier(5 as never));
    expect([notObject.operation, notObject.problems[0]?.message]).toEqual(['supplier', 'supplier must be an object, got a number']);
  });

  it('refuses a supplier of another organisation, naming both', () => {
    const ledger = newLedger();
    const error = refusedWith(() => ledger.registerSupplier({ id: SUPPLIER_A, organisation: ORG.other }));
    expect(error.problems).toEqual([
      {
        path: ['organisation', 'id'],
        code: 'supplier_organisation_conflict',
        message: `supplier ${SUPPLIER_A} belongs to ${ORG.supplier.id}, not ${ORG.other.id}`,
      },
    ]);
    // A new supplier with a malformed organisation: refused, not a TypeError.
    const badOrg = refusedWith(() => ledger.registerSupplier({ id: 'spl_CXXXXXXXXXXXXXXXXXXXXXXXXX', organisation: 5 } as never));
    expect(badOrg.problems.map((p) => [p.path, p.code])).toEqual([[['organisation'], 'invalid_type']]);
    // A malformed id with an organisation: only the id is reported.
    const badId = refusedWith(() => ledger.registerSupplier({ id: 'x', organisation: ORG.other }));
    expect(badId.problems.map((p) => p.code)).toEqual(['invalid_id']);
  });

  it('names the operation and the fields when an organisation is refused', () => {
    const ledger = newLedger();
    const error = refusedWith(() => ledger.registerOrganisation({ id: 'x', name: 5 } as never));
    expect(error.operation).toBe('organisation');
    expect(error.problems.map((p) => [p.path, p.message.split(' ').slice(0, 2).join(' ')])).toEqual([
      [['id'], 'organisation id'],
      [['name'], 'organisation name'],
    ]);
    expect(refusedWith(() => ledger.registerOrganisation(5 as never)).problems[0]?.message).toBe(
      'organisation must be an object, got a number',
    );
  });

  it('names createLedger in the TypeError of an unknown option', () => {
    expect(() => createLedger({ nope: 1 } as never)).toThrow("invalid options of createLedger: unknown key 'nope' at options");
  });
});

describe('lookups and lists', () => {
  function history() {
    const ledger = newLedger();
    const a = ledger.createIssuance(issuance([entry(1_000, 100)]));
    const b = ledger.createIssuance(
      issuance([entry(500, 50)], { supplier_id: SUPPLIER_B, supplier_organisation: ORG.supplierB, project_id: PROJECT_B }),
    );
    // Each delivery takes 10 kg from an active batch the supplier's organisation still holds.
    const deliver = (supplier: string, owner: string, to: (typeof ORG)[keyof typeof ORG]) =>
      ledger.createDelivery({
        order: { id: ORDER_1, organisation: to, supplier_id: supplier },
        credit_batch_quantities: [
          {
            credit_batch_id:
              ledger.listCreditBatches({ owner_organisation_id: owner, supplier_id: supplier, status: 'active' })[0]?.id ?? '',
            credit_quantity_kg: 10,
          },
        ],
        notes: null,
      });
    const d1 = deliver(SUPPLIER_A, ORG.supplier.id, ORG.buyer);
    const d2 = deliver(SUPPLIER_A, ORG.supplier.id, ORG.other);
    const d3 = deliver(SUPPLIER_B, ORG.supplierB.id, ORG.buyer);
    return { ledger, a, b, d1, d2, d3 };
  }

  it('filters batches by supplier and by project', () => {
    const { ledger } = history();
    const suppliers = (filter: object) => [...new Set(ledger.listCreditBatches(filter).map((x) => x.supplier_id))];
    expect(suppliers({ supplier_id: SUPPLIER_B })).toEqual([SUPPLIER_B]);
    expect(suppliers({ project_id: PROJECT_B })).toEqual([SUPPLIER_B]);
  });

  it('filters deliveries by supplier and organisation together', () => {
    const { ledger, d1, d2, d3 } = history();
    const ids = (filter: object) => ledger.listDeliveries(filter).map((d) => d.id);
    expect(ids({ from_supplier_id: SUPPLIER_A, to_organisation_id: ORG.buyer.id })).toEqual([d1.id]);
    expect(ids({ from_supplier_id: SUPPLIER_A })).toEqual([d1.id, d2.id]);
    expect(ids({ to_organisation_id: ORG.buyer.id })).toEqual([d1.id, d3.id]);
    expect(ledger.getDelivery(d2.id)?.id).toBe(d2.id);
  });

  it('filters transfers by both organisations together', () => {
    const { ledger } = history();
    const transfer = (to: string) =>
      ledger.createTransfer({
        from_organisation_id: ORG.buyer.id,
        to_organisation_id: to,
        supplier_id: SUPPLIER_A,
        credit_batch_quantities: [
          {
            credit_batch_id:
              ledger.listCreditBatches({ owner_organisation_id: ORG.buyer.id, supplier_id: SUPPLIER_A, status: 'active' })[0]?.id ?? '',
            credit_quantity_kg: 1,
          },
        ],
        notes: null,
      });
    const t1 = transfer(ORG.other.id);
    transfer(ORG.supplierB.id);
    expect(ledger.listTransfers({ from_organisation_id: ORG.buyer.id, to_organisation_id: ORG.other.id }).map((t) => t.id)).toEqual([
      t1.id,
    ]);
  });

  it('gives undefined for an unknown id or statement', () => {
    const { ledger, a } = history();
    expect(ledger.getDelivery('dlv_NOTHINGXXXXXXXXXXXXXXXXXXX')).toBeUndefined();
    expect(ledger.getRetirement('ret_NOTHINGXXXXXXXXXXXXXXXXXXX')).toBeUndefined();
    expect(ledger.getIssuanceOfStatement('ggs_NOTHINGXXXXXXXXXXXXXXXXXXX')).toBeUndefined();
    expect(ledger.getIssuanceOfStatement(a.ghg_statement_id)?.id).toBe(a.id);
    const retired = ledger.createRetirementFromOldestCredits({
      owner_organisation_id: ORG.supplier.id,
      beneficiary_organisation_id: ORG.supplier.id,
      supplier_id: SUPPLIER_A,
      retirement_purposes: ['other'],
      notes: null,
      credit_quantity_kg: 10,
    });
    expect(ledger.getRetirement(retired.id)?.id).toBe(retired.id);
  });

  it("totals an issuance's batches", () => {
    const { ledger, a } = history();
    expect(ledger.getIssuanceCreditBatches(a.id)?.credit_batch_size_total).toEqual({ credits: 1.1, credit_kgs: 1_100 });
  });
});

describe('a ledger with the defaults', () => {
  it('reads the wall clock and says which policies are in force', () => {
    const ledger = createLedger({ policies: { unitNumbering: 'per_issuance' } });
    expect(ledger.policies).toEqual({ ...DEFAULT_LEDGER_POLICIES, unitNumbering: 'per_issuance' });
    const before = Date.now();
    const issued = ledger.createIssuance(issuance([entry(1_000, 100)]));
    expect(Date.parse(issued.issued_at)).toBeGreaterThanOrEqual(before - 1_000);
    expect(issued.issued_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
  });
});
