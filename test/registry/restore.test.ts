/**
 * The ledger read back from its snapshot (src/registry/restore.ts): after random operations, a
 * ledger restored from `serialize()` has the same snapshot, and then behaves as the original under
 * random operations: every answer (or refusal) and every snapshot after it equal. The same for the
 * ledger's row form (src/registry/ledger-rows.ts): the rows each operation changed, written to a
 * "disk" as a kept state writes them, load back into a ledger that is, and then behaves as, the original.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createIdGenerator, type IdGenerator } from '../../src/model/ids';
import { createLedger, CreditLedgerError, type CreditLedger } from '../../src/registry';
import { restoreLedger } from '../../src/registry/ledger';
import { everyLedgerRowKey, ledgerRow, loadLedgerRows } from '../../src/registry/ledger-rows';
import { restoreLedgerStore } from '../../src/registry/restore';
import { LedgerStore } from '../../src/registry/store';
import { createRandomSource } from '../../src/uncertainty';
import { entry, fakeId, issuance, ORG, PROJECT_A, PROJECT_B, SUPPLIER_A, SUPPLIER_B } from './fixtures';

const ORGS = Object.values(ORG).map((o) => o.id);
const SUPPLIER_ORG: Record<string, string> = { [SUPPLIER_A]: ORG.supplier.id, [SUPPLIER_B]: ORG.supplierB.id };
const ORDER = { id: fakeId('ord', 'ONE'), organisation: ORG.buyer, supplier_id: SUPPLIER_A };

/** One operation, its choices as numbers resolved against the ledger when it runs. */
type Op = readonly [kind: number, a: number, b: number, c: number];
const opArb: fc.Arbitrary<Op> = fc.tuple(fc.nat(6), fc.nat(1000), fc.nat(1000), fc.nat(1000));

/** Ids and clock both ledgers draw from, made afresh (equal) for each. */
function sources(seed: number): { ids: IdGenerator; now: () => string } {
  let tick = 0;
  return {
    ids: createIdGenerator({ now: () => Date.UTC(2025, 0, 1) + seed, random: createRandomSource(seed) }),
    now: () => new Date(Date.UTC(2025, 0, 1) + seed * 1e6 + 1000 * tick++).toISOString(),
  };
}

function activeBatches(ledger: CreditLedger, owner?: string) {
  return ledger.listCreditBatches(owner === undefined ? { status: 'active' } : { status: 'active', owner_organisation_id: owner });
}

/** The request of `op` against the ledger as it is (built once, applied to both ledgers). */
function request(ledger: CreditLedger, [kind, a, b, c]: Op): (l: CreditLedger) => unknown {
  const batches = activeBatches(ledger);
  const pick = batches[a % Math.max(1, batches.length)];
  const kg = pick === undefined ? 1 : 1 + (b % pick.size.credit_kgs);
  const lines = pick === undefined ? [] : [{ credit_batch_id: pick.id, credit_quantity_kg: kg }];
  const owner = pick?.owner.id ?? ORG.supplier.id;
  const supplier = pick?.supplier_id ?? SUPPLIER_A;
  const other = ORGS[c % ORGS.length] as string;
  switch (kind) {
    case 0: {
      const onB = a % 2 === 1;
      const input = issuance([entry(1 + (b % 500), c % 50, `202${c % 4}-0${1 + (b % 9)}-15`)], {
        supplier_id: onB ? SUPPLIER_B : SUPPLIER_A,
        supplier_organisation: onB ? ORG.supplierB : ORG.supplier,
        project_id: onB ? PROJECT_B : PROJECT_A,
      });
      return (l) => l.createIssuance(input);
    }
    case 1:
      return (l) =>
        l.createTransfer({
          from_organisation_id: owner,
          to_organisation_id: other,
          supplier_id: supplier,
          credit_batch_quantities: lines,
          notes: null,
        });
    case 2:
      return (l) =>
        l.createRetirement({
          owner_organisation_id: owner,
          beneficiary_organisation_id: other,
          supplier_id: supplier,
          retirement_purposes: ['other'],
          notes: null,
          credit_batch_quantities: lines,
        });
    case 3: {
      const holder = ORGS[a % ORGS.length] as string;
      const supplierOf = b % 2 === 0 ? SUPPLIER_A : SUPPLIER_B;
      return (l) =>
        l.createRetirementFromOldestCredits({
          owner_organisation_id: holder,
          beneficiary_organisation_id: holder,
          supplier_id: supplierOf,
          retirement_purposes: ['other'],
          notes: null,
          credit_quantity_kg: 1 + (c % 300),
          vintage: null,
          order_id: null,
        });
    }
    case 4: {
      const own = activeBatches(ledger, SUPPLIER_ORG[SUPPLIER_A]).filter((x) => x.supplier_id === SUPPLIER_A);
      const d = own[a % Math.max(1, own.length)];
      const dl = d === undefined ? [] : [{ credit_batch_id: d.id, credit_quantity_kg: 1 + (b % d.size.credit_kgs) }];
      return (l) => l.createDelivery({ order: ORDER, credit_batch_quantities: dl, notes: null });
    }
    case 5: {
      const pool = activeBatches(ledger, ORG.buffer.id);
      const r = pool[a % Math.max(1, pool.length)];
      const rl = r === undefined ? [] : [{ credit_batch_id: r.id, credit_quantity_kg: 1 + (b % r.size.credit_kgs) }];
      return (l) =>
        l.createRefund({ from_buffer_pool_organisation_id: ORG.buffer.id, to_organisation_id: other, credit_batch_quantities: rl });
    }
    default:
      return (l) => l.registerOrganisation({ id: fakeId('org', `NEW${a % 7}`), name: `New ${b}`, domain: null });
  }
}

/** The answer of a request as text, or the refusal's problems. */
function outcome(run: () => unknown): string {
  try {
    return JSON.stringify(run(), (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
  } catch (error) {
    if (error instanceof CreditLedgerError) return `refused ${JSON.stringify(error.problems)}`;
    throw error;
  }
}

/** A ledger whose ids and clock can be swapped for fresh ones (`swap`), with the test organisations. */
function newLedger(seed: number): { ledger: CreditLedger; swap(seed: number): void } {
  let current = sources(seed);
  const ledger = createLedger({ ids: (kind) => current.ids(kind), now: () => current.now() });
  for (const org of Object.values(ORG)) ledger.registerOrganisation(org);
  ledger.registerSupplier({ id: SUPPLIER_A, organisation: ORG.supplier });
  ledger.registerSupplier({ id: SUPPLIER_B, organisation: ORG.supplierB });
  return {
    ledger,
    swap: (next) => {
      current = sources(next);
    },
  };
}

describe('restoreLedgerStore (the inverse of serialize)', () => {
  it('an empty ledger comes back empty', () => {
    const ledger = createLedger();
    expect(restoreLedger(restoreLedgerStore(ledger.serialize())).serialize()).toBe(ledger.serialize());
  });

  it('a restored ledger equals the original and then behaves as it does', () => {
    fc.assert(
      fc.property(
        fc.array(opArb, { maxLength: 40 }),
        fc.array(opArb, { minLength: 1, maxLength: 25 }),
        fc.nat(1000),
        (before, after, seed) => {
          const { ledger: original, swap } = newLedger(seed);
          for (const op of before) {
            const run = request(original, op);
            outcome(() => run(original));
          }
          const text = original.serialize();
          const restored = restoreLedger(restoreLedgerStore(text), sources(seed + 1));
          expect(restored.serialize()).toBe(text);
          // From here on both draw the same ids and read the same clock.
          swap(seed + 1);
          for (const op of after) {
            const run = request(original, op);
            expect(outcome(() => run(restored))).toBe(outcome(() => run(original)));
            expect(restored.serialize()).toBe(original.serialize());
          }
        },
      ),
      { numRuns: 60, seed: 38 },
    );
  });

  it('refuses a text that is not a ledger snapshot', () => {
    expect(() => restoreLedgerStore(JSON.stringify({ format: 'something/else' }))).toThrow(/format something\/else/);
  });
});

/** Rows as a kept state keeps them: upserted in place (first-written order kept), removed when null. */
function writeRows(disk: Map<string, string>, store: LedgerStore, keys: readonly string[]): void {
  for (const key of keys) {
    const row = ledgerRow(store, key);
    if (row === null) disk.delete(key);
    else disk.set(key, row);
  }
}

describe('loadLedgerRows (the ledger as rows written by each operation)', () => {
  it('the rows each operation changed load back into the same ledger, which then behaves as the original', () => {
    fc.assert(
      fc.property(
        fc.array(opArb, { maxLength: 40 }),
        fc.array(opArb, { minLength: 1, maxLength: 25 }),
        fc.nat(1000),
        (before, after, seed) => {
          const store = new LedgerStore();
          store.noteChanges();
          let current = sources(seed);
          const original = restoreLedger(store, { ids: (kind) => current.ids(kind), now: () => current.now() });
          const disk = new Map<string, string>();
          const step = (run: () => unknown): string => {
            const out = outcome(run);
            writeRows(disk, store, store.takeChanges());
            return out;
          };
          for (const org of Object.values(ORG)) step(() => original.registerOrganisation(org));
          step(() => original.registerSupplier({ id: SUPPLIER_A, organisation: ORG.supplier }));
          step(() => original.registerSupplier({ id: SUPPLIER_B, organisation: ORG.supplierB }));
          for (const op of before) {
            const run = request(original, op);
            step(() => run(original));
          }
          const text = original.serialize();
          // Every row at once (a new kept state's first write) gives the same ledger as the rows written step by step.
          const whole = new Map<string, string>();
          writeRows(whole, store, everyLedgerRowKey(store));
          expect(restoreLedger(loadLedgerRows(whole.values())).serialize()).toBe(text);
          const loadedStore = loadLedgerRows(disk.values());
          loadedStore.noteChanges();
          const loaded = restoreLedger(loadedStore, sources(seed + 1));
          expect(loaded.serialize()).toBe(text);
          current = sources(seed + 1);
          const again = new Map(disk);
          for (const op of after) {
            const run = request(original, op);
            const answer = outcome(() => run(loaded));
            writeRows(again, loadedStore, loadedStore.takeChanges());
            expect(answer).toBe(step(() => run(original)));
            expect(loaded.serialize()).toBe(original.serialize());
          }
          // The rows the loaded ledger wrote load back too.
          expect(restoreLedger(loadLedgerRows(again.values())).serialize()).toBe(original.serialize());
        },
      ),
      { numRuns: 60, seed: 39 },
    );
  });

  it('refuses a row of a kind it does not know', () => {
    expect(() => loadLedgerRows(['["x",[]]'])).toThrow(/kind x/);
  });
});
