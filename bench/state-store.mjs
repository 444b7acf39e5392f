/**
 * Issue 34's figures, run by hand (not by npm test), after `npm run build`:
 *
 *   node bench/state-store.mjs [records...] [--seconds S] [--no-throughput]
 *   node bench/state-store.mjs --ledger N --no-throughput
 *   FILL_ONLY=N node bench/state-store.mjs          (makes a state directory of N records, prints it)
 *   RESTART_DIR=DIR node bench/state-store.mjs      (times one restart on that directory)
 *
 * 1. Restart: a state directory is made by `cdr-engine serve --state` (the demo world), then
 *    filled directly in its database with N datapoint rows (copies of one the server stored, with
 *    ids and references of their own), as a long-lived server would have stored them. Then the
 *    time from spawning `cdr-engine serve --state` to its "listening" line, and the peak resident
 *    memory (VmHWM) and CPU time of the process then, the load average before, and the parts of
 *    the restart timed in this process (open and check, read, parse). Default N: 100,000 and
 *    1,000,000. With `--ledger N`: no more datapoints but N ledger writes as a version 1 state kept
 *    them (table `ledger`); the first restart migrates them (applies them once and writes the
 *    ledger's rows in their place), the second restart (`second_restart`) loads the ledger's rows.
 * 2. Write throughput over loopback, 16 keep-alive connections each creating datapoints for S
 *    seconds (default 10, after 3 s of warm-up), `serve` in memory and `serve --state` (a fresh
 *    directory on the machine's disk), one after the other in the same run.
 *
 * Prints one JSON object.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const Database = createRequire(import.meta.url)('better-sqlite3');
const HEADERS = {
  'x-client-secret': 'demo-client-secret',
  authorization: 'Bearer demo-token-supplier-a',
  'content-type': 'application/json',
};
const demo = JSON.parse(readFileSync(join(ROOT, 'worlds/demo.json'), 'utf8'));
const owner = demo.access_tokens.find((t) => t.token === 'demo-token-supplier-a').organisation_id;
const project = demo.projects.find((p) => p.owner_organisation_id === owner).id;
const args = process.argv.slice(2);
const secondsAt = args.indexOf('--seconds');
const seconds = secondsAt < 0 ? 10 : Number(args[secondsAt + 1]);
const sizes = args.filter((a, i) => !a.startsWith('--') && i !== secondsAt + 1 && args[i - 1] !== '--ledger').map(Number);
const records = sizes.length > 0 ? sizes : [100_000, 1_000_000];

function datapoint(i) {
  return {
    supplier_reference_id: `bench-${i}`,
    display_name: `datapoint ${i}`,
    type: 'REPORTED',
    quantity: { magnitude: 1 + (i % 1000), unit: 't', standard_deviation: null },
    description: 'a bench datapoint',
    source_ids: [],
    project_id: project,
  };
}

/** Starts the built server; resolves with its address and the ms it took to print it. */
function serve(args) {
  const started = performance.now();
  const child = spawn(process.execPath, [join(ROOT, 'bin/cdr-engine.js'), 'serve', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (c) => {
      output += c;
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (m) resolve({ child, url: m[1], ms: performance.now() - started, output });
    });
    child.stderr.on('data', (c) => (output += c));
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
  });
}

async function stop({ child }) {
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Peak resident memory (MB) and CPU time (s, user + system) of a running process. */
function usage(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return {
    peak_rss_mb: Math.round(Number(/VmHWM:\s+(\d+) kB/.exec(status)[1]) / 1024),
    cpu_s: (Number(stat[11]) + Number(stat[12])) / 100,
  };
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/**
 * The parts of a restart, timed (wall and CPU) in this process on the same file: `PRAGMA
 * quick_check`, reading every row, reading and parsing every row. What the server's CPU time adds
 * to them is its own start (about 1 s with no state) and putting the rows into tables and indexes
 * (and the ledger).
 */
function breakdown(dir) {
  const timed = (work) => {
    const wall = performance.now();
    const cpu = process.cpuUsage();
    work();
    const used = process.cpuUsage(cpu);
    return { wall_ms: Math.round(performance.now() - wall), cpu_ms: Math.round((used.user + used.system) / 1000) };
  };
  const db = new Database(join(dir, 'state.sqlite'), { readonly: true });
  // As the server reads them at start (schema 5): the rows of the tables not left on disk, with their text.
  const query = 'SELECT tbl, seq, (SELECT json FROM rows WHERE rows.seq = k.seq) FROM row_keys AS k WHERE id IS NULL ORDER BY seq';
  const rows = db.prepare(query).raw(true);
  const parts = {
    open_check: timed(() => db.pragma('quick_check')),
    read: timed(() => {
      for (const _ of rows.iterate());
    }),
    read_parse: timed(() => {
      for (const r of rows.iterate()) JSON.parse(r[2]);
    }),
  };
  db.close();
  return parts;
}

async function post(url, body) {
  const r = await fetch(`${url}/mrv/v0/datapoints`, { method: 'POST', headers: HEADERS, body: JSON.stringify(body) });
  return { status: r.status, body: await r.json() };
}

/** A state directory holding the demo world and `n` more datapoints. */
async function filled(n) {
  const dir = mkdtempSync(join(tmpdir(), 'cdr-state-bench-'));
  const first = await serve(['--state', dir]);
  const one = await post(first.url, datapoint(-1));
  await stop(first);
  const db = new Database(join(dir, 'state.sqlite'));
  const template = db.prepare('SELECT seq, json FROM rows WHERE json LIKE ?').get(`%${one.body.id}%`);
  const stored = db.prepare('SELECT keys, owner FROM row_keys WHERE seq = ?').get(template.seq);
  template.keys = stored.keys;
  const meta = JSON.parse(db.prepare("SELECT value FROM meta WHERE key = 'state'").get().value);
  const row = JSON.parse(template.json);
  // The row's keys (schema 5: table row_keys with the id, owner and reference beside them,
  // src/adapter/store/row-keys.ts, sqlite-state.ts) as the server wrote them, with the copy's id and reference.
  const keys = template.keys === null ? null : JSON.parse(template.keys);
  const put = db.prepare('INSERT INTO rows (seq, tbl, json) VALUES (?, ?, ?)');
  const putKeys = db.prepare('INSERT INTO row_keys (seq, tbl, keys, id, owner, ref) VALUES (?, ?, ?, ?, ?, ?)');
  const table = db.prepare('SELECT tbl FROM rows WHERE seq = ?').get(template.seq).tbl;
  db.transaction(() => {
    for (let i = 0; i < n; i++) {
      const id = `dtp_01BENCH${String(i).padStart(18, '0')}`;
      const copy = { id, supplier_reference_id: `bench-${i}` };
      put.run(meta.seq + 1 + i, table, JSON.stringify({ ...row, ...copy, display_name: `datapoint ${i}` }));
      if (keys === null) putKeys.run(meta.seq + 1 + i, table, null, null, null, null);
      else putKeys.run(meta.seq + 1 + i, table, JSON.stringify({ ...keys, ...copy }), id, stored.owner, copy.supplier_reference_id);
    }
    db.prepare("UPDATE meta SET value = ? WHERE key = 'state'").run(JSON.stringify({ ...meta, seq: meta.seq + n }));
  })();
  db.close();
  return dir;
}

/**
 * Adds `n` ledger writes to the state in `dir` (organisations registered with the ledger, the
 * cheapest write there is): what restoring the ledger by applying its writes again costs per write.
 */
function withLedgerWrites(dir, n) {
  const db = new Database(join(dir, 'state.sqlite'));
  const put = db.prepare("INSERT INTO ledger (method, input, at, ids) VALUES ('registerOrganisation', ?, 0, '[]')");
  db.transaction(() => {
    for (let i = 0; i < n; i++)
      put.run(JSON.stringify({ id: `org_01BENCH${String(i).padStart(13, '0')}`, name: `Bench ${i}`, domain: null }));
  })();
  db.close();
}

async function restart(n, ledgerWrites = 0) {
  const dir = await filled(n);
  if (ledgerWrites > 0) withLedgerWrites(dir, ledgerWrites);
  try {
    const load_average = loadAverage();
    const server = await serve(['--state', dir]);
    const used = usage(server.child.pid);
    const loaded_ms = Number(/loaded in (\d+) ms/.exec(server.output)[1]);
    const check = await fetch(`${server.url}/mrv/v0/datapoints?first=1&supplier_reference_id=bench-${n - 1}`, { headers: HEADERS });
    const found = (await check.json()).nodes?.length === 1;
    await stop(server);
    // With ledger writes: the first restart migrated them to the ledger's rows; the second loads those.
    let second;
    if (ledgerWrites > 0) {
      const again = await serve(['--state', dir]);
      second = {
        restart_ms: Math.round(again.ms),
        ...usage(again.child.pid),
        loaded_ms: Number(/loaded in (\d+) ms/.exec(again.output)[1]),
      };
      await stop(again);
    }
    const parts = breakdown(dir);
    return {
      records: n,
      ledger_writes: ledgerWrites,
      load_average,
      restart_ms: Math.round(server.ms),
      ...used,
      loaded_ms,
      parts,
      last_record_found: found,
      ...(second === undefined ? {} : { second_restart: second }),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function throughput(args) {
  const server = await serve(args);
  let ok = 0;
  let other = 0;
  let counting = false;
  let running = true;
  let i = 0;
  const worker = async () => {
    while (running) {
      const r = await post(server.url, datapoint(i++));
      if (counting && r.status === 200) ok++;
      else if (counting) other++;
    }
  };
  const workers = Array.from({ length: 16 }, worker);
  await new Promise((r) => setTimeout(r, 3_000));
  counting = true;
  await new Promise((r) => setTimeout(r, seconds * 1_000));
  counting = false;
  running = false;
  await Promise.all(workers);
  await stop(server);
  return { writes_per_s: Math.round(ok / seconds), other_answers: other };
}

/** A datapoint from the middle of the history stored in `dir` (read before the server opens it). */
function oldDatapoint(dir) {
  const db = new Database(join(dir, 'state.sqlite'), { readonly: true });
  const query = "SELECT json FROM rows WHERE tbl = 'datapoints' AND seq >= (SELECT max(seq) FROM rows) / 2 ORDER BY seq LIMIT 1";
  const json = db.prepare(query).pluck(true).get();
  db.close();
  return JSON.parse(json);
}

/** GETs `path`; the ms from `started` to its answer, which must be 200 with `check(body)` true. */
async function answeredAt(url, path, started, check) {
  const r = await fetch(`${url}${path}`, { headers: HEADERS });
  const body = await r.json();
  if (r.status !== 200 || !check(body)) throw new Error(`GET ${path}: ${r.status} ${JSON.stringify(body).slice(0, 300)}`);
  return Math.round(performance.now() - started);
}

/**
 * Times `serve --state DIR` on an existing directory (made once with FILL_ONLY=N), without changing
 * it: to the listening line, then (from the same spawn) to the answer of a read of an old
 * datapoint by its id (the components using it, and a list by its supplier reference that returns
 * the whole row) and of a first list page of datapoints.
 */
async function restartOnly(dir) {
  const old = oldDatapoint(dir);
  const load_average = loadAverage();
  const started = performance.now();
  const server = await serve(['--state', dir]);
  const listening = usage(server.child.pid);
  try {
    return { dir, load_average, restart_ms: Math.round(server.ms), ...listening, ...(await firstReads(server, old, started)) };
  } finally {
    await stop(server);
  }
}

/** The first reads after a restart, timed from its spawn, and the CPU time then. */
async function firstReads(server, old, started) {
  const first_read_by_id_ms = await answeredAt(server.url, `/mrv/v0/datapoints/${old.id}/components`, started, (b) =>
    Array.isArray(b.nodes),
  );
  const ref = encodeURIComponent(old.supplier_reference_id);
  const first_read_by_reference_ms = await answeredAt(server.url, `/mrv/v0/datapoints?supplier_reference_id=${ref}`, started, (b) =>
    b.nodes.some((d) => d.id === old.id && d.display_name === old.display_name),
  );
  const first_page_ms = await answeredAt(server.url, '/mrv/v0/datapoints', started, (b) => b.nodes.length > 0);
  const after_reads_cpu_s = usage(server.child.pid).cpu_s;
  return { first_read_by_id_ms, first_read_by_reference_ms, first_page_ms, after_reads_cpu_s };
}

if (process.env.RESTART_DIR) {
  console.log(JSON.stringify(await restartOnly(process.env.RESTART_DIR)));
  process.exit(0);
}
if (process.env.FILL_ONLY) {
  console.log(await filled(Number(process.env.FILL_ONLY)));
  process.exit(0);
}
const ledgerAt = args.indexOf('--ledger');
const out = { restart: [], throughput: {} };
if (ledgerAt >= 0) out.restart.push(await restart(0, Number(args[ledgerAt + 1])));
else for (const n of records) out.restart.push(await restart(n));
if (args.includes('--no-throughput')) {
  console.log(JSON.stringify(out, null, 2));
  process.exit(0);
}
out.throughput.memory = await throughput([]);
const dir = mkdtempSync(join(tmpdir(), 'cdr-state-bench-'));
out.throughput.state = await throughput(['--state', dir]);
rmSync(dir, { recursive: true, force: true });
console.log(JSON.stringify(out, null, 2));
