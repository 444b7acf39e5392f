/**
 * Shared fixtures of the registry tests: a ledger with a deterministic clock and ids, named
 * organisations and suppliers, and issuance requests.
 */
import { createIdGenerator } from '../../src/model/ids';
import { BatchRecord, type Origin } from '../../src/registry/records';
import { createRandomSource } from '../../src/uncertainty';
import {
  createLedger,
  CreditLedgerError,
  type CreditBatchQuantityInput,
  type CreditLedger,
  type IssuanceEntryInput,
  type IssuanceInput,
  type KgAmount,
  type LedgerPolicies,
  type LedgerProblem,
  type OrganisationView,
  type TransferInput,
} from '../../src/registry';

/** A 30-character id of a kind, readable in test output. */
export function fakeId(prefix: string, name: string): string {
  return `${prefix}_${name.toUpperCase().padEnd(26, 'X')}`;
}

export const ORG = {
  supplier: { id: fakeId('org', 'SUPPLIERA'), name: 'Supplier A Ltd', domain: 'a.example' },
  supplierB: { id: fakeId('org', 'SUPPLIERB'), name: 'Supplier B Ltd', domain: null },
  buffer: { id: fakeId('org', 'BUFFERPOOL'), name: 'Registry buffer pool', domain: 'registry.example' },
  buyer: { id: fakeId('org', 'BUYER'), name: 'Buyer Inc', domain: 'buyer.example' },
  other: { id: fakeId('org', 'OTHER'), name: 'Other Co', domain: null },
} satisfies Record<string, OrganisationView>;

export const SUPPLIER_A = fakeId('spl', 'A');
export const SUPPLIER_B = fakeId('spl', 'B');
export const PROJECT_A = fakeId('prj', 'A');
export const PROJECT_B = fakeId('prj', 'B');
export const ORDER_1 = fakeId('ord', '1');

/** A clock that advances one second per reading, from 2025-01-01T00:00:00Z. */
export function steppingClock(startMs = Date.UTC(2025, 0, 1)): () => string {
  let tick = 0;
  return () => new Date(startMs + 1000 * tick++).toISOString();
}

/** A ledger with a deterministic clock and ids, and the test organisations registered. */
export function newLedger(policies: Partial<LedgerPolicies> = {}): CreditLedger {
  const ledger = createLedger({
    ids: createIdGenerator({ now: () => Date.UTC(2025, 0, 1), random: createRandomSource(7) }),
    now: steppingClock(),
    policies,
  });
  for (const org of Object.values(ORG)) ledger.registerOrganisation(org);
  ledger.registerSupplier({ id: SUPPLIER_A, organisation: ORG.supplier });
  ledger.registerSupplier({ id: SUPPLIER_B, organisation: ORG.supplierB });
  return ledger;
}

let statementCounter = 0;

/** An entry with the given allocation. */
export function entry(supplierKg: KgAmount, bufferKg: KgAmount, sequesteredOn = '2024-06-30', name?: string): IssuanceEntryInput {
  statementCounter += 1;
  return {
    ghg_entry_id: fakeId('rmv', name ?? `E${statementCounter}`),
    sequestered_on: sequesteredOn,
    supplier_allocation_kg: supplierKg,
    buffer_pool_contribution_kg: bufferKg,
    carbon_removal_data: {
      counterfactuals_kg: 10,
      emissions_kg: 20,
      gross_carbon_removed_kg: 1030,
      losses_kg: 0,
      net_carbon_removed_kg: 1000,
    },
  };
}

/** An issuance request for supplier A (or B) with the given entries. */
export function issuance(entries: readonly IssuanceEntryInput[], overrides: Partial<IssuanceInput> = {}): IssuanceInput {
  statementCounter += 1;
  return {
    ghg_statement_id: fakeId('ggs', `S${statementCounter}`),
    project_id: PROJECT_A,
    supplier_id: SUPPLIER_A,
    supplier_organisation: ORG.supplier,
    buffer_pool_organisation: ORG.buffer,
    country_of_issue: 'GBR',
    registry_code: 'ISO',
    pathway_code: 'BSTORE',
    project_code: 'F5X7',
    entries,
    ...overrides,
  };
}

/** Runs `action`, expects a CreditLedgerError, and returns its problems. */
export function refusal(action: () => unknown): readonly LedgerProblem[] {
  try {
    action();
  } catch (error) {
    if (error instanceof CreditLedgerError) return error.problems;
    throw error;
  }
  throw new Error('expected the ledger to refuse the request');
}

/**
 * A ledger with two issuances: supplier A's with two entries (batches a1, a2 and a buffer batch)
 * and supplier B's with one (batch b1), for the refusal tests.
 */
export function twoSupplierIssuances(): { ledger: CreditLedger; a1: string; a2: string; aBuffer: string; b1: string } {
  const ledger = newLedger();
  const a = ledger.createIssuance(issuance([entry(1_000, 100), entry(2_000, 200)]));
  const b = ledger.createIssuance(
    issuance([entry(500, 50)], { supplier_id: SUPPLIER_B, supplier_organisation: ORG.supplierB, project_id: PROJECT_B }),
  );
  const aBatches = ledger.getIssuanceCreditBatches(a.id);
  const [a1 = '', a2 = ''] = aBatches?.supplier_credit_batches.map((x) => x.id) ?? [];
  const [aBuffer = ''] = aBatches?.buffer_pool_credit_batches.map((x) => x.id) ?? [];
  const b1 = ledger.getIssuanceCreditBatches(b.id)?.supplier_credit_batches[0]?.id ?? '';
  return { ledger, a1, a2, aBuffer, b1 };
}

/** A transfer of `lines` from supplier A's organisation to the buyer. */
export function transferOf(lines: readonly CreditBatchQuantityInput[], overrides: Partial<TransferInput> = {}): TransferInput {
  return {
    from_organisation_id: ORG.supplier.id,
    to_organisation_id: ORG.buyer.id,
    supplier_id: SUPPLIER_A,
    credit_batch_quantities: lines,
    notes: null,
    ...overrides,
  };
}

/** A one-credit batch issued at `issuedAtMs`, all a holding reads (its id and issue time). */
export function heldBatch(id: string, issuedAtMs: number): BatchRecord {
  return new BatchRecord({
    id,
    origin: { issuedAtMs } as unknown as Origin,
    firstUnit: 0n,
    size: 1n,
    owner: 'org',
    parentId: null,
    deliveryId: null,
    deliveredAt: null,
    orderId: null,
  });
}
