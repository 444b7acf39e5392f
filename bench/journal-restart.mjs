/**
 * The journal's restart figures, for issue 34's comparison (bench/RESULTS.md): the journal that
 * `serve --state` kept before the SQLite store exists only in older commits, so this script runs
 * against a checkout of one, built (`npm run build` there), given by its path:
 *
 *   git worktree add /work/wt-journal ad57af8 && (cd /work/wt-journal && npm run build)
 *   node bench/journal-restart.mjs /work/wt-journal [records...]
 *
 * It starts that checkout's `serve --state DIR` (the demo world), creates one datapoint, stops it,
 * then repeats the datapoint's journal record N times (its reference and drawn id made unique, the
 * checksum of each line computed as the journal does), as a long-lived server would have written
 * them. Then the time from spawning `serve --state DIR` to its "listening" line, the peak resident
 * memory (VmHWM) and the CPU time of the process. Default N: 100,000.
 *
 * Prints one JSON object.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [checkout, ...rest] = process.argv.slice(2);
if (checkout === undefined) throw new Error('usage: node bench/journal-restart.mjs CHECKOUT [records...]');
const records = rest.length > 0 ? rest.map(Number) : [100_000];
const HEADERS = {
  'x-client-secret': 'demo-client-secret',
  authorization: 'Bearer demo-token-supplier-a',
  'content-type': 'application/json',
};
const demo = JSON.parse(readFileSync(join(checkout, 'worlds/demo.json'), 'utf8'));
const owner = demo.access_tokens.find((t) => t.token === 'demo-token-supplier-a').organisation_id;
const project = demo.projects.find((p) => p.owner_organisation_id === owner).id;

function serve(args) {
  const started = performance.now();
  const child = spawn(process.execPath, [join(checkout, 'bin/cdr-engine.js'), 'serve', '--port', '0', ...args], {
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
    child.on('exit', (code) => reject(new Error(`exited ${code} after ${Math.round(performance.now() - started)} ms: ${output}`)));
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

const checksum = (text) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** A state directory whose journal holds the demo world and `n` more datapoint records. */
async function filled(n) {
  const dir = mkdtempSync(join(tmpdir(), 'cdr-journal-bench-'));
  const first = await serve(['--state', dir]);
  const body = { supplier_reference_id: 'bench-x', display_name: 'datapoint x', type: 'REPORTED', project_id: project };
  Object.assign(body, {
    quantity: { magnitude: 1, unit: 't', standard_deviation: null },
    description: 'a bench datapoint',
    source_ids: [],
  });
  const r = await fetch(`${first.url}/mrv/v0/datapoints`, { method: 'POST', headers: HEADERS, body: JSON.stringify(body) });
  const id = (await r.json()).id;
  await stop(first);
  const path = join(dir, 'journal.jsonl');
  const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
  const template = lines.at(-1).slice(17);
  const fd = openSync(path, 'a');
  let chunk = '';
  for (let i = 0; i < n; i++) {
    const record = template
      .replaceAll('bench-x', `bench-${i}`)
      .replaceAll('datapoint x', `datapoint ${i}`)
      .replaceAll(id, `dtp_01BENCH${String(i).padStart(18, '0')}`);
    chunk += `${checksum(record)} ${record}\n`;
    if (chunk.length > 1 << 20) {
      writeSync(fd, chunk);
      chunk = '';
    }
  }
  writeSync(fd, chunk);
  closeSync(fd);
  return { dir, bytes: statSync(path).size };
}

async function restart(n) {
  const { dir, bytes } = await filled(n);
  try {
    const server = await serve(['--state', dir]);
    const used = usage(server.child.pid);
    const check = await fetch(`${server.url}/mrv/v0/datapoints?first=1&supplier_reference_id=bench-${n - 1}`, { headers: HEADERS });
    const found = (await check.json()).nodes?.length === 1;
    await stop(server);
    return { records: n, journal_mb: Math.round(bytes / 2 ** 20), restart_ms: Math.round(server.ms), ...used, last_record_found: found };
  } catch (error) {
    return { records: n, journal_mb: Math.round(bytes / 2 ** 20), failed: String(error.message).slice(0, 300) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const out = { checkout, load_average: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '), restart: [] };
for (const n of records) out.restart.push(await restart(n));
console.log(JSON.stringify(out, null, 2));
