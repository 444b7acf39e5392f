/**
 * The credit ledger under split-heavy load: one issuance of many entries, then many small
 * retirements and transfers, each taking part of the remaining active batch of an entry (so every
 * operation splits a batch and the split trees grow deep), then reads of random batches.
 *
 * The floor is a plain-number split tree in a Map (no validation, no views, no exact arithmetic
 * beyond what doubles give for integers, no serial numbers), doing the same operations in the same
 * order.
 */
import { createRandom } from './generate-graph.mjs';

const MB = 1024 * 1024;

const pad = (prefix, name) => `${prefix}_${name.toUpperCase().padEnd(26, 'X')}`;
const ORG = {
  supplier: { id: pad('org', 'BENCHSUPPLIER'), name: 'Bench supplier', domain: null },
  buffer: { id: pad('org', 'BENCHBUFFER'), name: 'Bench buffer pool', domain: null },
  buyer: { id: pad('org', 'BENCHBUYER'), name: 'Bench buyer', domain: null },
};
const SUPPLIER = pad('spl', 'BENCH');

/** The operations, drawn once so that engine and floor do exactly the same work. */
function planOperations(entries, operations, seed) {
  const random = createRandom(seed);
  const plan = [];
  for (let k = 0; k < operations; k++) {
    plan.push({ entry: Math.floor(random() * entries), kg: 1 + Math.floor(random() * 500), transfer: random() < 0.3 });
  }
  return plan;
}

function runEngine(engine, { entries, plan, reads, seed }) {
  let clock = Date.UTC(2025, 0, 1);
  let idTime = Date.UTC(2025, 0, 1);
  const ledger = engine.createLedger({
    ids: engine.createIdGenerator({ now: () => idTime, random: createRandom(seed) }),
    now: () => new Date((clock += 1000)).toISOString(),
  });
  for (const org of Object.values(ORG)) ledger.registerOrganisation(org);
  ledger.registerSupplier({ id: SUPPLIER, organisation: ORG.supplier });
  const t0 = performance.now();
  ledger.createIssuance({
    ghg_statement_id: pad('ggs', 'BENCH'),
    project_id: pad('prj', 'BENCH'),
    supplier_id: SUPPLIER,
    supplier_organisation: ORG.supplier,
    buffer_pool_organisation: ORG.buffer,
    country_of_issue: 'DEU',
    registry_code: 'ISO',
    pathway_code: 'BSTORE',
    project_code: 'BNCH',
    entries: Array.from({ length: entries }, (_, e) => ({
      ghg_entry_id: `rmv_BENCH${String(e).padStart(21, '0')}`,
      sequestered_on: '2024-06-30',
      supplier_allocation_kg: 10_000_000,
      buffer_pool_contribution_kg: 500_000,
      carbon_removal_data: {
        counterfactuals_kg: 0,
        emissions_kg: 0,
        gross_carbon_removed_kg: 10_500_000,
        losses_kg: 0,
        net_carbon_removed_kg: 10_500_000,
      },
    })),
  });
  const issueMs = performance.now() - t0;
  // The active supplier batch of every entry: the remaining (right) child after each split.
  const active = ledger.listCreditBatches({ owner_organisation_id: ORG.supplier.id }).map((b) => b.id);
  const t1 = performance.now();
  for (const op of plan) {
    const id = active[op.entry];
    const lines = [{ credit_batch_id: id, credit_quantity_kg: op.kg }];
    if (op.transfer) {
      ledger.createTransfer({
        from_organisation_id: ORG.supplier.id,
        to_organisation_id: ORG.buyer.id,
        supplier_id: SUPPLIER,
        credit_batch_quantities: lines,
      });
    } else {
      ledger.createRetirement({
        owner_organisation_id: ORG.supplier.id,
        beneficiary_organisation_id: ORG.buyer.id,
        supplier_id: SUPPLIER,
        retirement_purposes: ['other'],
        notes: null,
        credit_batch_quantities: lines,
      });
    }
    active[op.entry] = ledger.getCreditBatch(id).right_child_id;
    idTime += 1;
  }
  const splitMs = performance.now() - t1;
  const counts = ledger.counts();
  const random = createRandom(seed + 1);
  const ids = active.slice();
  const t2 = performance.now();
  let sink = 0;
  for (let r = 0; r < reads; r++) sink += ledger.getCreditBatch(ids[Math.floor(random() * ids.length)]).size.credit_kgs;
  const readMs = performance.now() - t2;
  return { issueMs, splitMs, readMs, batches: counts.credit_batches, sink };
}

function runFloor({ entries, plan, reads, seed }) {
  const batches = new Map();
  let next = 0;
  const newBatch = (size, owner, parent) => {
    const id = `ctb_${String(next++).padStart(26, '0')}`;
    batches.set(id, { id, size, owner, status: 'active', parent, left: null, right: null, retirement: null });
    return id;
  };
  const log = [];
  const t0 = performance.now();
  const active = [];
  for (let e = 0; e < entries; e++) {
    active.push(newBatch(10_000_000, ORG.supplier.id, null));
    newBatch(500_000, ORG.buffer.id, null);
  }
  const issueMs = performance.now() - t0;
  const t1 = performance.now();
  for (const op of plan) {
    const batch = batches.get(active[op.entry]);
    if (batch.status !== 'active' || !(op.kg > 0 && op.kg <= batch.size)) throw new Error('floor: bad line');
    batch.status = 'split';
    batch.left = newBatch(op.kg, batch.owner, batch.id);
    batch.right = newBatch(batch.size - op.kg, batch.owner, batch.id);
    const taken = batches.get(batch.left);
    if (op.transfer) taken.owner = ORG.buyer.id;
    else taken.status = 'retired';
    log.push({ kind: op.transfer ? 'transfer' : 'retirement', batch: taken.id, kg: op.kg });
    active[op.entry] = batch.right;
  }
  const splitMs = performance.now() - t1;
  const random = createRandom(seed + 1);
  const t2 = performance.now();
  let sink = 0;
  for (let r = 0; r < reads; r++) {
    const b = batches.get(active[Math.floor(random() * active.length)]);
    const view = {
      id: b.id,
      status: b.status,
      size: { credits: b.size / 1000, credit_kgs: b.size },
      parent_id: b.parent,
      left_child_id: b.left,
      right_child_id: b.right,
    };
    sink += view.size.credit_kgs;
  }
  const readMs = performance.now() - t2;
  return { issueMs, splitMs, readMs, batches: batches.size, sink };
}

/**
 * Runs the ledger load with the engine's `createLedger` (skipped when dist does not export it yet)
 * and with the floor, and reports time, throughput, peak memory and ratios.
 */
export function runLedgerBenchmark(engine, task) {
  if (typeof engine.createLedger !== 'function' || typeof engine.createIdGenerator !== 'function') {
    return { skipped: 'the build does not export createLedger and createIdGenerator (cdr-engine/registry)' };
  }
  const entries = task.entries ?? 2000;
  const operations = task.operations ?? 40_000;
  const reads = task.reads ?? 100_000;
  const seed = 7;
  const plan = planOperations(entries, operations, seed);
  const input = { entries, plan, reads, seed };
  globalThis.gc?.();
  const rssBefore = process.memoryUsage().rss / MB;
  const mine = runEngine(engine, input);
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  const floor = runFloor(input);
  if (mine.sink !== floor.sink || mine.batches !== floor.batches) {
    throw new Error(`ledger and floor disagree: ${mine.batches} vs ${floor.batches} batches, ${mine.sink} vs ${floor.sink} kg read`);
  }
  const perSecond = (n, ms) => (1000 * n) / ms;
  return {
    entries,
    operations,
    reads,
    batchesAtEnd: mine.batches,
    engine: {
      issueMs: mine.issueMs,
      splitMs: mine.splitMs,
      splitsPerSecond: perSecond(operations, mine.splitMs),
      readMs: mine.readMs,
      readsPerSecond: perSecond(reads, mine.readMs),
      memory: { rssBeforeMb: rssBefore, peakRssMb },
    },
    floor: {
      issueMs: floor.issueMs,
      splitMs: floor.splitMs,
      splitsPerSecond: perSecond(operations, floor.splitMs),
      readMs: floor.readMs,
      readsPerSecond: perSecond(reads, floor.readMs),
    },
    ratio: { split: mine.splitMs / floor.splitMs, read: mine.readMs / floor.readMs, issue: mine.issueMs / floor.issueMs },
  };
}
