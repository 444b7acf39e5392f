/**
 * Benchmark of the credit ledger: builds a ledger of about 1,000,000 credit batches by splitting
 * issued batches through transfers, then times a batch read by id and an organisation's balance
 * on it and on a small ledger. Both reads should take microseconds whatever the ledger's size.
 *
 *   npm run build && node --expose-gc bench/registry.bench.mjs
 *
 * Options (environment): BENCH_BATCHES (default 1000000); CDR_ENGINE_DIST, the root entry of
 * another build of the package (its `registry.js` beside it is imported) instead of ../dist/index.js.
 */
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { importEntry } from './measure.mjs';

const distEntry = process.env.CDR_ENGINE_DIST
  ? resolve(process.env.CDR_ENGINE_DIST)
  : fileURLToPath(new URL('../dist/index.js', import.meta.url));
const { createLedger } = await importEntry(distEntry, 'registry');

const TARGET = Number(process.env.BENCH_BATCHES ?? 1_000_000);
const LINES_PER_TRANSFER = 1_000;
const ORGANISATIONS = 8;

const id = (prefix, name) => `${prefix}_${name.padEnd(26, 'X')}`;
const orgs = Array.from({ length: ORGANISATIONS }, (_, i) => ({ id: id('org', `BENCH${i}`), name: `Organisation ${i}`, domain: null }));
const buffer = { id: id('org', 'BUFFER'), name: 'Buffer pool', domain: null };
const supplierId = id('spl', 'BENCH');
const projectId = id('prj', 'BENCH');

function gc() {
  if (typeof globalThis.gc === 'function') {
    globalThis.gc();
    globalThis.gc();
  }
}

function heapMb() {
  return process.memoryUsage().heapUsed / 1e6;
}

/**
 * Builds a ledger of at least `target` batches. Each organisation keeps a queue of its active
 * batches; in turn, each sends half of up to 1,000 of them to the next organisation, which
 * splits every one (2 new batches per line).
 */
function build(target) {
  const ledger = createLedger();
  for (const org of orgs) ledger.registerOrganisation(org);
  const allIds = [];
  // Queues as arrays with a read position: Array.prototype.shift is linear on long arrays.
  const queues = orgs.map(() => ({ items: [], head: 0 }));
  for (let i = 0; i < 4; i++) {
    const issued = ledger.createIssuance({
      ghg_statement_id: id('ggs', `BENCH${i}`),
      project_id: projectId,
      supplier_id: supplierId,
      supplier_organisation: orgs[0],
      buffer_pool_organisation: buffer,
      country_of_issue: 'GBR',
      registry_code: 'ISO',
      pathway_code: 'BSTORE',
      project_code: 'BNCH',
      entries: Array.from({ length: 5 }, (_, e) => ({
        ghg_entry_id: id('rmv', `BENCH${i}E${e}`),
        sequestered_on: `202${i}-0${e + 1}-15`,
        supplier_allocation_kg: 1_000_000_000_000,
        buffer_pool_contribution_kg: 10_000_000,
        carbon_removal_data: { counterfactuals_kg: 0, emissions_kg: 0, gross_carbon_removed_kg: 0, losses_kg: 0, net_carbon_removed_kg: 0 },
      })),
    });
    const batches = ledger.getIssuanceCreditBatches(issued.id);
    for (const b of batches.supplier_credit_batches) {
      queues[0].items.push([b.id, BigInt(b.size.credit_kgs)]);
      allIds.push(b.id);
    }
    for (const b of batches.buffer_pool_credit_batches) allIds.push(b.id);
  }
  let transfers = 0;
  let turn = 0;
  let inLedger = 0;
  while (ledger.counts().credit_batches < target) {
    const from = turn % ORGANISATIONS;
    const to = (from + 1) % ORGANISATIONS;
    turn += 1;
    const queue = queues[from];
    const lines = [];
    const taken = [];
    while (
      lines.length < LINES_PER_TRANSFER &&
      queue.head < queue.items.length &&
      ledger.counts().credit_batches + 2 * lines.length < target
    ) {
      const [batchId, size] = queue.items[queue.head];
      queue.items[queue.head++] = undefined;
      if (size < 2n) continue;
      lines.push({ credit_batch_id: batchId, credit_quantity_kg: size / 2n });
      taken.push(batchId);
    }
    if (lines.length === 0) continue;
    const t0 = performance.now();
    ledger.createTransfer({
      from_organisation_id: orgs[from].id,
      to_organisation_id: orgs[to].id,
      supplier_id: supplierId,
      credit_batch_quantities: lines,
      notes: null,
    });
    inLedger += performance.now() - t0;
    transfers += 1;
    for (const parentId of taken) {
      const parent = ledger.getCreditBatch(parentId);
      const left = ledger.getCreditBatch(parent.left_child_id);
      const right = ledger.getCreditBatch(parent.right_child_id);
      queues[to].items.push([left.id, BigInt(left.size.credit_kgs)]);
      queues[from].items.push([right.id, BigInt(right.size.credit_kgs)]);
      allIds.push(left.id, right.id);
    }
  }
  return { ledger, allIds, transfers, transferSeconds: inLedger / 1000 };
}

/** Mean time per call in nanoseconds over `n` calls of `fn(i)`, after a warm-up. */
function time(n, fn) {
  for (let i = 0; i < Math.min(n, 20_000); i++) fn(i);
  const start = performance.now();
  let sink = 0;
  for (let i = 0; i < n; i++) sink += fn(i) === undefined ? 0 : 1;
  const elapsed = performance.now() - start;
  if (sink !== n) throw new Error('a read returned nothing');
  return (elapsed * 1e6) / n;
}

/** A fixed pseudo-random sequence of indexes, so runs are comparable. */
function indexes(count, modulo) {
  const out = new Uint32Array(count);
  let x = 2463534242;
  for (let i = 0; i < count; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    out[i] = x % modulo;
  }
  return out;
}

function measure(label, ledger, allIds) {
  const picks = indexes(200_000, allIds.length);
  const batchRead = time(picks.length, (i) => ledger.getCreditBatch(allIds[picks[i]]));
  // The same 1,000 ids over and over: the cost without cache misses, to tell memory effects of a
  // large heap from algorithmic cost.
  const hot = allIds.slice(0, 1_000);
  const hotRead = time(picks.length, (i) => ledger.getCreditBatch(hot[picks[i] % hot.length]));
  const balance = time(1_000_000, (i) => ledger.getCreditBalance(orgs[i % ORGANISATIONS].id));
  const fullBalance = time(200_000, (i) => ledger.getOrganisationCreditBalance(orgs[i % ORGANISATIONS].id));
  const counts = ledger.counts();
  console.log(
    `${label}: ${counts.credit_batches.toLocaleString('en')} batches (${counts.active_credit_batches.toLocaleString('en')} active), ` +
      `getCreditBatch ${(batchRead / 1000).toFixed(2)} us (random ids; ${(hotRead / 1000).toFixed(2)} us on 1,000 hot ids), getCreditBalance ${(balance / 1000).toFixed(3)} us, ` +
      `getOrganisationCreditBalance ${(fullBalance / 1000).toFixed(2)} us`,
  );
}

gc();
const heapBefore = heapMb();
const small = build(1_000);
measure('small ledger', small.ledger, small.allIds);

const started = performance.now();
const large = build(TARGET);
const buildSeconds = (performance.now() - started) / 1000;
gc();
const heapAfter = heapMb();
console.log(
  `built ${large.ledger.counts().credit_batches.toLocaleString('en')} batches through ${large.transfers} transfers in ${buildSeconds.toFixed(1)} s ` +
    `(${large.transferSeconds.toFixed(1)} s in createTransfer, the rest reading children back); ` +
    `heap ${(heapAfter - heapBefore).toFixed(0)} MB${typeof globalThis.gc === 'function' ? '' : ' (run with --expose-gc for a settled figure)'}, ` +
    `rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`,
);
measure('large ledger', large.ledger, large.allIds);

const total = large.ledger.getCreditBalance(orgs[0].id);
console.log(`check: organisation 0 holds ${total.active_credits_total.credits} credits (${total.active_credits_total.credit_kgs} kg)`);
