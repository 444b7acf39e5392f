/**
 * Issue 26's figures, run by hand (not by npm test), after `npm run build`:
 *
 *   node bench/service-faults.mjs [seconds] [extra]
 *
 * 1. The mixed workload over loopback at 16 connections, `cdr-engine serve` without and with
 *    `--state` (a fresh directory): half reads (a page of datapoints, a datapoint by id), half
 *    writes (create a datapoint; every fourth one deleted again). Requests/s and p99 latency.
 * 2. In process (dist/sandbox.js): the list of datapoints filtered by `supplier_reference_id`, on
 *    the demo world and on the demo world plus `extra` (default 100,000) datapoints of the caller.
 * 3. In process (dist/registry.js): a retirement of 1 kg from the oldest credits, with 10 and with
 *    10 + `extra` active batches in the holding.
 * 4. The bounded answers: a 125,000-integer `source_ids` body and 87,364 unknown keys, handled in
 *    process (time of `handle`, size of the answer).
 *
 * Prints one JSON object. Times of 2-4 are the median of repeated runs. MIXED_ONLY=1 runs part 1
 * only; ORDER=state,memory runs its two servers the other way round; WRITES_ONLY=1 makes part 1
 * writes only.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SECRET = 'demo-client-secret';
const TOKEN = 'demo-token-supplier-a';
const HEADERS = { 'x-client-secret': SECRET, authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
const seconds = Number(process.argv[2] ?? 10);
/** WRITES_ONLY=1: part 1 sends creates (and deletes) only: what the journal's sync costs at most. */
const WRITES_ONLY = process.env.WRITES_ONLY === '1';
const extra = Number(process.argv[3] ?? 100_000);
const demo = JSON.parse(readFileSync(join(ROOT, 'worlds/demo.json'), 'utf8'));
const owner = demo.access_tokens.find((t) => t.token === TOKEN).organisation_id;
const project = demo.projects.find((p) => p.owner_organisation_id === owner).id;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

function datapointBody(reference) {
  return {
    supplier_reference_id: reference,
    display_name: `bench ${reference}`,
    type: 'REPORTED',
    quantity: { magnitude: 1, unit: 't', standard_deviation: null },
    description: 'bench',
    source_ids: [],
    project_id: project,
  };
}

async function startServe(args) {
  const child = spawn(process.execPath, [join(ROOT, 'bin/cdr-engine.js'), 'serve', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const url = await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match) resolve(match[1]);
    });
    child.on('exit', () => reject(new Error(`serve exited: ${out}`)));
  });
  return { url, stop: () => new Promise((resolve) => (child.on('exit', resolve), child.kill('SIGTERM'))) };
}

let runs = 0;

/** 16 clients for `duration` seconds: requests/s, p99 (ms) and any unexpected answer. */
async function mixed(url, duration = seconds) {
  const latencies = [];
  let unexpected = 0;
  let n = 0;
  const end = performance.now() + duration * 1000;
  const run = runs++; // supplier references stay unique across the warm-up and the measured run
  const ids = [];
  const call = async (method, path, body, want) => {
    const t = performance.now();
    const res = await fetch(`${url}${path}`, { method, headers: HEADERS, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const text = await res.text();
    latencies.push(performance.now() - t);
    if (res.status !== want) unexpected += 1;
    return text;
  };
  const client = async (c) => {
    while (performance.now() < end) {
      const k = n++;
      if (k % 2 === 0 && !WRITES_ONLY) {
        const id = ids[k % Math.max(1, ids.length)];
        if (k % 4 === 0 || id === undefined) await call('GET', `/mrv/v0/datapoints?first=20&project_id=${project}`, undefined, 200);
        else await call('GET', `/mrv/v0/datapoints/${id}`, undefined, 200);
      } else {
        const created = JSON.parse(await call('POST', '/mrv/v0/datapoints', datapointBody(`mixed-${run}-${c}-${k}`), 200));
        if (k % 8 === 1) await call('DELETE', `/mrv/v0/datapoints/${created.id}`, undefined, 204);
        else ids.push(created.id);
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: 16 }, (_, c) => client(c)));
  const elapsed = (performance.now() - started) / 1000;
  return {
    requests: latencies.length,
    requests_per_s: Math.round(latencies.length / elapsed),
    p50_ms: +percentile(latencies, 0.5).toFixed(2),
    p99_ms: +percentile(latencies, 0.99).toFixed(2),
    unexpected,
  };
}

async function timeOf(work, runs) {
  for (let i = 0; i < 5; i++) await work();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await work();
    times.push(performance.now() - t);
  }
  return +median(times).toFixed(3);
}

async function filteredList(sandboxModule, count) {
  const datapoints = Array.from({ length: count }, (_, i) => ({
    ...datapointBody(`bench-${i}`),
    id: `dtp_BENCH${String(i).padStart(21, '0')}`,
    owner_organisation_id: owner,
  }));
  for (const d of datapoints) delete d.source_ids;
  const world = { ...demo, datapoints: [...demo.datapoints, ...datapoints.map(({ description, ...d }) => d)] };
  const t = performance.now();
  const sandbox = sandboxModule.createSandbox({ world });
  const loadMs = performance.now() - t;
  const reference = demo.datapoints[0].supplier_reference_id;
  const ask = () => sandbox.handle({ method: 'GET', path: `/mrv/v0/datapoints?supplier_reference_id=${reference}`, headers: HEADERS });
  const answer = await ask();
  if (answer.status !== 200 || answer.body.nodes.length !== 1)
    throw new Error(`filtered list: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
  return { records: count, world_load_ms: Math.round(loadMs), filtered_list_ms: await timeOf(ask, 200) };
}

function retirement(registry, holding) {
  const pad = (prefix, name) => `${prefix}_${name.toUpperCase().padEnd(26, 'X')}`;
  const org = (name) => ({ id: pad('org', name), name, domain: null });
  const [supplier, buffer, buyer] = [org('benchsupplier'), org('benchbuffer'), org('benchbuyer')];
  let clock = Date.UTC(2025, 0, 1);
  const ledger = registry.createLedger({ now: () => new Date((clock += 1000)).toISOString() });
  for (const o of [supplier, buffer, buyer]) ledger.registerOrganisation(o);
  ledger.registerSupplier({ id: pad('spl', 'bench'), organisation: supplier });
  ledger.createIssuance({
    ghg_statement_id: pad('ggs', 'bench'),
    project_id: pad('prj', 'bench'),
    supplier_id: pad('spl', 'bench'),
    supplier_organisation: supplier,
    buffer_pool_organisation: buffer,
    country_of_issue: 'DEU',
    registry_code: 'ISO',
    pathway_code: 'BSTORE',
    project_code: 'BNCH',
    entries: Array.from({ length: holding }, (_, e) => ({
      ghg_entry_id: `rmv_BENCH${String(e).padStart(21, '0')}`,
      sequestered_on: '2024-06-30',
      supplier_allocation_kg: 1_000_000,
      buffer_pool_contribution_kg: 0,
      carbon_removal_data: {
        counterfactuals_kg: 0,
        emissions_kg: 0,
        gross_carbon_removed_kg: 1_000_000,
        losses_kg: 0,
        net_carbon_removed_kg: 1_000_000,
      },
    })),
  });
  const retire = () =>
    ledger.createRetirementFromOldestCredits({
      owner_organisation_id: supplier.id,
      beneficiary_organisation_id: buyer.id,
      supplier_id: pad('spl', 'bench'),
      retirement_purposes: ['other'],
      notes: null,
      credit_quantity_kg: 1,
    });
  return timeOf(retire, 200).then((ms) => ({ active_batches: holding, retire_oldest_ms: ms }));
}

async function bounded(sandboxModule) {
  const sandbox = sandboxModule.createSandbox({ world: demo });
  const ints = JSON.stringify({ ...datapointBody('huge'), source_ids: Array.from({ length: 125_000 }, (_, i) => i) });
  const keys = JSON.stringify(Object.fromEntries(Array.from({ length: 87_364 }, (_, i) => [`k${i}`, 1])));
  const out = {};
  for (const [name, text] of [
    ['integers_125000', ints],
    ['unknown_keys_87364', keys],
  ]) {
    const body = new TextEncoder().encode(text);
    const ask = () => sandbox.handle({ method: 'POST', path: '/mrv/v0/datapoints', headers: HEADERS, body });
    const answer = await ask();
    const floor = () => JSON.parse(new TextDecoder().decode(body)); // reading the body at all: the floor
    out[name] = {
      request_bytes: body.length,
      status: answer.status,
      answer_bytes: JSON.stringify(answer.body).length,
      handle_ms: await timeOf(ask, 20),
      json_parse_ms: await timeOf(floor, 20),
    };
  }
  return out;
}

const sandboxModule = await import(join(ROOT, 'dist/sandbox.js'));
const registry = await import(join(ROOT, 'dist/registry.js'));
const result = { seconds, connections: 16, workload: WRITES_ONLY ? 'writes' : 'mixed' };
// ORDER=state,memory runs the two servers the other way round (on a loaded machine, order matters).
const order = (process.env.ORDER ?? 'memory,state').split(',');
for (const name of order) {
  const args = name === 'state' ? ['--state', mkdtempSync(join(tmpdir(), 'cdr-bench-state-'))] : [];
  const server = await startServe(args);
  await mixed(server.url, 3); // warm-up, not counted: without it the first server measured lost to the second
  result[`mixed_${name}`] = await mixed(server.url);
  await server.stop();
  if (name === 'state') rmSync(args[1], { recursive: true, force: true });
}
if (process.env.MIXED_ONLY === '1') {
  console.log(JSON.stringify(result, null, 2));
  process.exit(0);
}
result.filtered_list = [await filteredList(sandboxModule, 0), await filteredList(sandboxModule, extra)];
result.retire_from_oldest = [await retirement(registry, 10), await retirement(registry, 10 + extra)];
result.bounded = await bounded(sandboxModule);
console.log(JSON.stringify(result, null, 2));
