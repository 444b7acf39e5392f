/**
 * Issue 26 item 4, the list filters left scanning by the first round: the median time of 200
 * in-process requests of each filtered list on the demo world, and again after 100,000 more
 * records that do not match (rows and ledger records put in directly, as test/adapter/list-cost.test.ts
 * does; the API would take minutes).
 *
 *   node bench/list-filters.mjs [extra=100000]
 *
 * Reads src/ through an esbuild bundle (bench/out/list-filters-entry.mjs): the figures need the
 * sandbox's state, which no entry point exports.
 */
import { build } from 'esbuild';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const EXTRA = Number(process.argv[2] ?? 100_000);
const SECRET = 'demo-client-secret';
const TOKENS = { supplierA: 'demo-token-supplier-a', buyer: 'demo-token-buyer' };
const BUYER = 'org_01JDEMOBUYER000000000';
const PROJECT_A = 'prj_01JDEMOBIOCHARPROJA00';
const FACILITY = 'fcl_01JDEMOREACTOR00000000';

mkdirSync(join(ROOT, 'bench/out'), { recursive: true });
const entry = join(ROOT, 'bench/out/list-filters-entry.mjs');
await build({
  stdin: {
    contents:
      "export { createSandboxWithState } from './src/adapter/sandbox';\nexport { issueBuyerBatches } from './test/adapter/load-batches';\n",
    resolveDir: ROOT,
    loader: 'ts',
  },
  bundle: true,
  format: 'esm',
  platform: 'node',
  packages: 'external',
  outfile: entry,
  logLevel: 'error',
});
const { createSandboxWithState, issueBuyerBatches } = await import(pathToFileURL(entry).href);
const world = JSON.parse(readFileSync(join(ROOT, 'worlds/demo.json'), 'utf8'));

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function timeOf(work, runs = 200) {
  for (let i = 0; i < 10; i++) await work();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await work();
    times.push(performance.now() - t);
  }
  return +median(times).toFixed(4);
}

const sandbox = createSandboxWithState({ world, onInternalError: () => undefined });
const { state } = sandbox;
const ask = (who, method, path, body) =>
  sandbox.handle({
    method,
    path,
    headers: { 'x-client-secret': SECRET, authorization: `Bearer ${TOKENS[who]}` },
    ...(body === undefined ? {} : { body }),
  });
const must = async (who, method, path, body) => {
  const answer = await ask(who, method, path, body);
  if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
  return answer.body;
};

// What the buyer holds in the demo world: a delivered batch gives the order and the date window.
const held = (await must('buyer', 'GET', `/registry/v0/organisations/${BUYER}/credit_batches?first=50`)).nodes;
const delivered = held.find((b) => b.delivery_id !== null);
const order = (await must('buyer', 'GET', `/registry/v0/deliveries/${delivered.delivery_id}`)).order_id;
const around = (ms) => encodeURIComponent(new Date(Date.parse(delivered.issued_at) + ms).toISOString());
const location = await must('supplierA', 'POST', `/mrv/v0/projects/${PROJECT_A}/storage_locations`, {
  project_id: PROJECT_A,
  name: 'Bench field',
  latitude: 1,
  longitude: 2,
});
await must('supplierA', 'POST', `/sandbox/v0/projects/${PROJECT_A}/monitoring_requirements`, {
  display_name: 'Soil',
  monitoring_phase: 'operation',
  frequency: 'every_3_months',
  storage_location_id: location.id,
});
const upload = await must('supplierA', 'POST', '/mrv/v0/file-uploads', {
  content_type: 'application/vnd.apache.parquet',
  content_length: 10,
  file_name: 'a.parquet',
});
await must('supplierA', 'POST', '/mrv/v0/data-upload-submissions', {
  file_upload_id: upload.id,
  submission_type: 'dac_facility_time_series',
  facility_id: FACILITY,
});

const batches = `/registry/v0/organisations/${BUYER}/credit_batches`;
const lists = [
  ['credit batches, order_id', 'buyer', `${batches}?order_id=${order}`],
  ['credit batches, issued_after + issued_before', 'buyer', `${batches}?issued_after=${around(-1000)}&issued_before=${around(1000)}`],
  ['credit batches, sort_direction=desc, first=1', 'buyer', `${batches}?sort_direction=desc&first=1`],
  [
    'monitoring requirements, storage_location_id',
    'supplierA',
    `/mrv/v0/projects/${PROJECT_A}/monitoring_requirements?storage_location_id=${location.id}`,
  ],
  ['data upload submissions, status', 'supplierA', '/mrv/v0/data-upload-submissions?status=pending'],
  ['datapoints, quantity_kind=energy', 'supplierA', '/mrv/v0/datapoints?quantity_kind=energy'],
];
const at0 = [];
for (const [, who, path] of lists) at0.push(await timeOf(() => must(who, 'GET', path)));

// 100,000 batches the buyer holds, issued a day later to a supplier of its own; 100,000
// requirements of the project at other locations; 100,000 completed submissions; 100,000
// datapoints measuring a mass.
const loading = performance.now();
state.clock.advance(86_400_000);
issueBuyerBatches(state, BUYER, PROJECT_A, EXTRA);
const requirement = state.monitoringRequirements.rows().at(-1);
const mass = state.datapoints.get('dtp_01JA0CHARMASSA000000');
const submission = state.submissions.rows().at(-1);
for (let i = 0; i < EXTRA; i++) {
  const n = String(i).padStart(22, '0');
  state.monitoringRequirements.insert({ ...requirement, id: `pmr_LOAD${n}`, storage_location_id: `slc_LOAD${n}` });
  state.submissions.insert({ ...submission, id: `dus_LOAD${n}`, status: 'completed' });
  state.datapoints.insert({ ...mass, id: `dtp_LOAD${n}`, supplier_reference_id: `load-${i}` });
}
const loadMs = Math.round(performance.now() - loading);

const rows = [];
for (const [i, [name, who, path]] of lists.entries())
  rows.push({ list: name, at_0_ms: at0[i], [`at_${EXTRA}_ms`]: await timeOf(() => must(who, 'GET', path)) });
console.log(JSON.stringify({ extra: EXTRA, load_ms: loadMs, lists: rows }, null, 2));
