/**
 * Issue 34's figures, run by hand (not by npm test), after `npm run build`:
 *
 *   node bench/state-store.mjs [records...] [--seconds S]
 *
 * 1. Restart: a state directory is made by `cdr-engine serve --state` (the demo world), then
 *    filled directly in its database with N datapoint rows (copies of one the server stored, with
 *    ids and references of their own), as a long-lived server would have stored them. Then the
 *    time from spawning `cdr-engine serve --state` to its "listening" line, and the peak resident
 *    memory (VmHWM) of the process then. Default N: 100,000 and 1,000,000.
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
const sizes = args.filter((a, i) => !a.startsWith('--') && i !== secondsAt + 1).map(Number);
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

function peakMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)[1]) / 1024;
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
  const meta = JSON.parse(db.prepare("SELECT value FROM meta WHERE key = 'state'").get().value);
  const row = JSON.parse(template.json);
  const put = db.prepare('INSERT INTO rows (seq, tbl, json) VALUES (?, ?, ?)');
  const table = db.prepare('SELECT tbl FROM rows WHERE seq = ?').get(template.seq).tbl;
  db.transaction(() => {
    for (let i = 0; i < n; i++) {
      const id = `dtp_01BENCH${String(i).padStart(18, '0')}`;
      put.run(meta.seq + 1 + i, table, JSON.stringify({ ...row, id, supplier_reference_id: `bench-${i}`, display_name: `datapoint ${i}` }));
    }
    db.prepare("UPDATE meta SET value = ? WHERE key = 'state'").run(JSON.stringify({ ...meta, seq: meta.seq + n }));
  })();
  db.close();
  return dir;
}

async function restart(n) {
  const dir = await filled(n);
  try {
    const server = await serve(['--state', dir]);
    const mb = peakMb(server.child.pid);
    const check = await fetch(`${server.url}/mrv/v0/datapoints?first=1&supplier_reference_id=bench-${n - 1}`, { headers: HEADERS });
    const found = (await check.json()).nodes?.length === 1;
    await stop(server);
    return { records: n, restart_ms: Math.round(server.ms), peak_rss_mb: Math.round(mb), last_record_found: found };
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

if (process.env.FILL_ONLY) {
  console.log(await filled(Number(process.env.FILL_ONLY)));
  process.exit(0);
}
const out = { restart: [], throughput: {} };
for (const n of records) out.restart.push(await restart(n));
out.throughput.memory = await throughput([]);
const dir = mkdtempSync(join(tmpdir(), 'cdr-state-bench-'));
out.throughput.state = await throughput(['--state', dir]);
rmSync(dir, { recursive: true, force: true });
console.log(JSON.stringify(out, null, 2));
