/**
 * The in-memory service under load: `createSandbox().handle()` in-process, on the bundled demo world
 * plus `items` rows of one organisation in each of four tables (datapoints, sources, feedstock
 * types, components). Measures reads by id (round robin over the four tables), pages of the
 * datapoint list (the first page, the last one by `last=50`, twenty pages forward from the start
 * by cursor and twenty backward from the end), first pages of the other three lists, and writes
 * (creating datapoints).
 *
 * The floor is a plain async handler over a Map and an array: the same requests answered with the
 * same kind of objects, with no validation, no routing table and no error shapes.
 * Skipped, with a message, while the built package does not export `createSandbox`.
 *
 * Run by bench/run.mjs (phase `sandbox`), or alone: `node --expose-gc bench/sandbox-load.mjs
 * [items] [reads] [writes]` against CDR_ENGINE_DIST (default dist/index.js; `createSandbox` is taken
 * from it, or from dist/sandbox.js, the `cdr-engine/sandbox` entry), printing one JSON line.
 */
import { createRandom } from './generate-graph.mjs';
import { importEntry, median } from './measure.mjs';
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SECRET = 'demo-client-secret';
const TOKEN = 'demo-token-supplier-a';
const PAGE = 50;

/** The demo world with `items` more datapoints of supplier A in its first project. */
function worldWith(items) {
  const demo = JSON.parse(readFileSync(new URL('../worlds/demo.json', import.meta.url), 'utf8'));
  const owner = demo.access_tokens.find((t) => t.token === TOKEN).organisation_id;
  const project = demo.projects.find((p) => p.owner_organisation_id === owner).id;
  const added = Array.from({ length: items }, (_, i) => ({
    id: `dtp_BENCH${String(i).padStart(21, '0')}`,
    owner_organisation_id: owner,
    project_id: project,
    display_name: `Bench datapoint ${i}`,
    type: 'REPORTED',
    quantity: { magnitude: 1 + (i % 97), unit: i % 2 === 0 ? 't' : 'kg', standard_deviation: i % 5 === 0 ? null : 0.1 },
    supplier_reference_id: `bench-${i}`,
  }));
  const sources = Array.from({ length: items }, (_, i) => ({
    id: `src_BENCH${String(i).padStart(21, '0')}`,
    owner_organisation_id: owner,
    project_id: project,
    display_name: `Bench source ${i}`,
    supplier_reference_id: `bench-source-${i}`,
  }));
  const feedstockTypes = Array.from({ length: items }, (_, i) => ({
    id: `ftt_BENCH${String(i).padStart(21, '0')}`,
    owner_organisation_id: owner,
    name: `Bench feedstock ${i}`,
    supplier_reference_id: `bench-feedstock-${i}`,
  }));
  // Components of the demo's diesel blueprint over the demo's diesel datapoints.
  const diesel = demo.datapoints.find((d) => d.id === 'dtp_01JA0DIESELA00000000').id;
  const factor = demo.datapoints.find((d) => d.id === 'dtp_01JA0DIESELFACTOR000').id;
  const components = Array.from({ length: items }, (_, i) => ({
    id: `cmp_BENCH${String(i).padStart(21, '0')}`,
    owner_organisation_id: owner,
    project_id: project,
    blueprint_key: 'diesel_combustion',
    display_name: `Bench component ${i}`,
    inputs: [
      { input_key: 'volume', datapoint_ids: [diesel] },
      { input_key: 'emission_factor', datapoint_ids: [factor] },
    ],
    supplier_reference_id: `bench-component-${i}`,
  }));
  return {
    world: {
      ...demo,
      datapoints: [...demo.datapoints, ...added],
      sources: [...demo.sources, ...sources],
      feedstock_types: [...demo.feedstock_types, ...feedstockTypes],
      components: [...demo.components, ...components],
    },
    ids: added.map((d) => d.id),
    reads: [
      ...[added, sources, feedstockTypes, components].map((rows, k) => ({
        rows,
        path: ['/mrv/v0/datapoints/', '/mrv/v0/sources/', '/mrv/v0/feedstock_types/', '/mrv/v0/components/'][k],
      })),
    ],
    owner,
    project,
  };
}

/** The floor: the same requests over a Map and an array. */
function createFloor(world) {
  const secrets = new Set(world.clients.map((c) => c.client_secret));
  const tokens = new Map(world.access_tokens.map((t) => [t.token, t.organisation_id]));
  const byId = new Map();
  const list = [];
  for (const d of world.datapoints) {
    byId.set(d.id, d);
    list.push(d);
  }
  const view = (d) => ({
    id: d.id,
    display_name: d.display_name,
    type: d.type,
    quantity: { ...d.quantity },
    project_id: d.project_id,
    supplier_reference_id: d.supplier_reference_id ?? null,
  });
  let created = 0;
  return async (request) => {
    if (!secrets.has(request.headers['x-client-secret'])) return { status: 422, headers: {}, body: { detail: [] } };
    const org = tokens.get(request.headers.authorization.slice(7));
    if (org === undefined) return { status: 401, headers: {}, body: { detail: 'Not authenticated' } };
    const [path, query = ''] = request.path.split('?');
    if (request.method === 'POST') {
      const body = request.body;
      const d = { id: `dtp_FLOOR${String(created++).padStart(21, '0')}`, owner_organisation_id: org, ...body };
      byId.set(d.id, d);
      list.push(d);
      return { status: 200, headers: { 'content-type': 'application/json' }, body: view(d) };
    }
    if (path.length > '/mrv/v0/datapoints/'.length) {
      const d = byId.get(path.slice('/mrv/v0/datapoints/'.length));
      if (d === undefined || d.owner_organisation_id !== org) return { status: 404, headers: {}, body: { detail: 'Not found' } };
      return { status: 200, headers: { 'content-type': 'application/json' }, body: view(d) };
    }
    const params = new URLSearchParams(query);
    const visible = list; // one organisation owns nearly everything here
    let start = 0;
    let end;
    if (params.has('last')) {
      end = params.has('before') ? Number(params.get('before')) : visible.length;
      start = Math.max(0, end - Number(params.get('last')));
    } else if (params.has('after')) {
      start = Number(params.get('after')) + 1;
      end = Math.min(visible.length, start + Number(params.get('first') ?? 10));
    } else end = Math.min(visible.length, Number(params.get('first') ?? 10));
    const nodes = [];
    for (let i = start; i < end; i++) nodes.push(view(visible[i]));
    return {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: {
        nodes,
        page_info: {
          has_previous_page: start > 0,
          has_next_page: end < visible.length,
          start_cursor: String(start),
          end_cursor: String(end - 1),
        },
        total_count: visible.length,
      },
    };
  };
}

async function timeEach(count, request) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    await request(i);
    times.push(performance.now() - t);
  }
  return times;
}

async function load(handle, { ids, tables, otherLists, project, reads, writes, seed }) {
  const headers = { 'x-client-secret': SECRET, authorization: `Bearer ${TOKEN}` };
  const expectOk = (response, what) => {
    if (response.status !== 200) throw new Error(`${what}: status ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`);
    return response;
  };
  // Warm-up, so that the first timed request is not the one that compiles the handler.
  for (let i = 0; i < 200; i++)
    expectOk(await handle({ method: 'GET', path: `/mrv/v0/datapoints/${ids[i % ids.length]}`, headers }), 'read');

  const random = createRandom(seed);
  const t0 = performance.now();
  for (let r = 0; r < reads; r++) {
    // Round robin over the tables when the world has several; datapoints alone for the floor.
    const table = tables[r % tables.length];
    const id = table.rows[Math.floor(random() * table.rows.length)].id;
    expectOk(await handle({ method: 'GET', path: `${table.path}${id}`, headers }), 'read');
  }
  const readMs = performance.now() - t0;
  const otherPages = {};
  for (const path of otherLists) {
    const times = await timeEach(30, async () =>
      expectOk(await handle({ method: 'GET', path: `${path}?first=${PAGE}`, headers }), `first page of ${path}`),
    );
    otherPages[path] = median(times);
  }

  const firstPage = await timeEach(30, async () =>
    expectOk(await handle({ method: 'GET', path: `/mrv/v0/datapoints?first=${PAGE}`, headers }), 'first page'),
  );
  const lastPage = await timeEach(30, async () =>
    expectOk(await handle({ method: 'GET', path: `/mrv/v0/datapoints?last=${PAGE}`, headers }), 'last page'),
  );

  // Twenty pages forward from the start by `after`, twenty backward from the end by `before`:
  // a page deep in the list must cost what the first one does.
  const walk = async (direction) => {
    const times = [];
    let cursor = null;
    let total = 0;
    for (let page = 0; page < 20; page++) {
      const query =
        direction === 'forward'
          ? `first=${PAGE}${cursor === null ? '' : `&after=${encodeURIComponent(cursor)}`}`
          : `last=${PAGE}${cursor === null ? '' : `&before=${encodeURIComponent(cursor)}`}`;
      const t = performance.now();
      const body = expectOk(await handle({ method: 'GET', path: `/mrv/v0/datapoints?${query}`, headers }), `${direction} walk`).body;
      times.push(performance.now() - t);
      total = body.total_count;
      if (body.nodes.length !== PAGE) throw new Error(`${direction} walk: page ${page} has ${body.nodes.length} items`);
      cursor = direction === 'forward' ? body.page_info.end_cursor : body.page_info.start_cursor;
    }
    return { times, total };
  };
  const forward = await walk('forward');
  const backward = await walk('backward');

  const w1 = performance.now();
  for (let i = 0; i < writes; i++) {
    expectOk(
      await handle({
        method: 'POST',
        path: '/mrv/v0/datapoints',
        headers: { ...headers, 'content-type': 'application/json' },
        body: {
          supplier_reference_id: `bench-write-${i}`,
          display_name: `Written ${i}`,
          type: 'REPORTED',
          quantity: { magnitude: 1 + i, unit: 't', standard_deviation: 0.5 },
          description: '',
          source_ids: [],
          project_id: project,
        },
      }),
      'write',
    );
  }
  const writeMs = performance.now() - w1;
  return {
    readsPerSecond: (1000 * reads) / readMs,
    firstPageMs: median(firstPage),
    lastPageMs: median(lastPage),
    forwardPagesMs: median(forward.times),
    backwardPagesMs: median(backward.times),
    listTotal: forward.total,
    otherFirstPagesMs: otherPages,
    writesPerSecond: (1000 * writes) / writeMs,
  };
}

/**
 * Runs the sandbox load against the engine and the floor, or reports why it was skipped.
 */
export async function runSandboxBenchmark(engine, task) {
  if (typeof engine.createSandbox !== 'function') {
    return { skipped: 'the built package does not export createSandbox' };
  }
  const items = task.items ?? 100_000;
  const reads = task.reads ?? 20_000;
  const writes = task.writes ?? 200;
  const { world, ids, project, reads: tables } = worldWith(items);
  globalThis.gc?.();
  const rssBeforeMb = process.memoryUsage().rss / (1024 * 1024);
  const t0 = performance.now();
  const sandbox = engine.createSandbox({ world, now: () => '2026-06-01T00:00:00Z', seed: 1 });
  const loadMs = performance.now() - t0;
  const otherLists = ['/mrv/v0/sources', '/mrv/v0/feedstock_types', '/mrv/v0/components'];
  const mine = await load((request) => sandbox.handle(request), { ids, tables, otherLists, project, reads, writes, seed: 3 });
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  const floorHandle = createFloor(world);
  const floor = await load(floorHandle, { ids, tables: [tables[0]], otherLists: [], project, reads, writes, seed: 3 });
  return {
    items,
    reads,
    writes,
    engine: { ...mine, loadMs, memory: { rssBeforeMb, peakRssMb } },
    floor,
    ratio: {
      read: floor.readsPerSecond / mine.readsPerSecond,
      firstPage: mine.firstPageMs / floor.firstPageMs,
      write: floor.writesPerSecond / mine.writesPerSecond,
    },
  };
}

// Run directly: `node --expose-gc bench/sandbox-load.mjs [items] [reads] [writes]` against
// the sandbox entry beside CDR_ENGINE_DIST (default dist/index.js); prints the figures as one JSON line.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dist = process.env.CDR_ENGINE_DIST ?? fileURLToPath(new URL('../dist/index.js', import.meta.url));
  const engine = await importEntry(dist, 'sandbox');
  const [items, reads, writes] = process.argv.slice(2).map(Number);
  const figures = await runSandboxBenchmark(engine, { items: items || undefined, reads: reads || undefined, writes: writes || undefined });
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}
