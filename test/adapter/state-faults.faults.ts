/**
 * `serve --state` under faults, as an operator meets them, with child servers on 127.0.0.1 and
 * temporary folders: a file-size limit reached while writing (the disk is full for this server),
 * two servers on one database from two pid namespaces (two containers on one volume), the
 * database removed or renamed while serving and the server then killed, and kill -9 during
 * multi-row requests. Bounds on time are generous (the machine may be loaded): what is
 * checked is what was acknowledged and what is there after a restart.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { datapointBody, DEMO_WORLD, IDS, SECRET, TOKENS } from './fixtures';
import { bundleServe, DEMO_WORLD_PATH, spawnServe, type ServeProcess } from './serve-process';

const HEADERS = { 'x-client-secret': SECRET, 'content-type': 'application/json' };
const as = (token: string) => ({ ...HEADERS, authorization: `Bearer ${token}` });

let bundle = '';
const dir = mkdtempSync(join(tmpdir(), 'cdr-state-faults-'));
beforeAll(async () => {
  bundle = await bundleServe(dir);
}, 240_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function send(url: string, method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: as(token),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(30_000),
  });
  return { status: response.status, headers: response.headers, body: (await response.json().catch(() => null)) as Record<string, unknown> };
}

async function stop(server: ServeProcess): Promise<void> {
  server.process.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}

/** Runs the bundled server through `prefix` (prlimit, unshare, ...) and waits for it to exit. */
function runThrough(prefix: readonly string[], state: string): Promise<{ code: number | null; output: string }> {
  const [command, ...args] = [...prefix, process.execPath, bundle, '--port', '0', '--world', DEMO_WORLD_PATH, '--state', state];
  const child = spawn(command as string, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

describe('serve --state under faults', () => {
  test('past a file-size limit: writes are 503 with Retry-After, reads 200, writes resume; every 2xx is there after a restart', async () => {
    const state = join(dir, 'full');
    await stop(await spawnServe(bundle, ['--state', state]));
    const size = statSync(join(state, 'state.sqlite')).size;
    // The server under a limit of its file sizes: the WAL can grow by 48 KiB, then writes fail (EFBIG).
    const server = await spawnServe(bundle, ['--state', state], {}, ['prlimit', `--fsize=${size + 48 * 1024}:unlimited`, '--']);
    const acknowledged = new Map<string, string>();
    let refused = 0;
    try {
      for (let i = 0; i < 200 && refused < 3; i++) {
        const answer = await send(server.url, 'POST', '/mrv/v0/datapoints', TOKENS.supplierA, datapointBody(`full-${i}`, i + 1, 't'));
        if (answer.status === 200) acknowledged.set(answer.body.id as string, `full-${i}`);
        else {
          expect(answer.status).toBe(503);
          expect(answer.headers.get('retry-after')).toBe('5');
          refused += 1;
          const read = await send(server.url, 'GET', `/mrv/v0/datapoints?first=5&project_id=${IDS.projectA}`, TOKENS.supplierA);
          expect(read.status).toBe(200);
        }
      }
      expect(refused).toBe(3);
      expect(acknowledged.size).toBeGreaterThan(0);
      // Space returns: the limit is lifted on the running server, and writes go through again.
      execFileSync('prlimit', ['--pid', String(server.process.pid), '--fsize=unlimited:unlimited']);
      const after = await send(server.url, 'POST', '/mrv/v0/datapoints', TOKENS.supplierA, datapointBody('after-full', 1, 't'));
      expect(after.status).toBe(200);
      acknowledged.set(after.body.id as string, 'after-full');
    } finally {
      server.process.kill('SIGKILL');
      await server.exited;
    }
    const restarted = await spawnServe(bundle, ['--state', state]);
    try {
      for (const [id, reference] of acknowledged) {
        const read = await send(restarted.url, 'GET', `/mrv/v0/datapoints/${id}`, TOKENS.supplierA);
        expect(read.status, reference).toBe(200);
        expect(read.body.supplier_reference_id).toBe(reference);
      }
    } finally {
      await stop(restarted);
    }
  }, 240_000);

  test('a second server on the same database, from another pid namespace, is refused naming the first', async () => {
    // The machines this runs on (CI included) run it as root with util-linux: a missing unshare is a
    // failure to see, not a test to pass over.
    const probe = spawnSync('unshare', ['-p', '-f', '--mount-proc', 'true'], { stdio: 'pipe' });
    expect(probe.status, `unshare -p -f --mount-proc: ${probe.stderr.toString().trim()}`).toBe(0);
    const state = join(dir, 'two');
    const first = await spawnServe(bundle, ['--state', state], {}, ['unshare', '-p', '-f', '--mount-proc', '--kill-child']);
    try {
      const second = await runThrough(['unshare', '-p', '-f', '--mount-proc', '--kill-child'], state);
      expect(second.code).toBe(1);
      expect(second.output).toMatch(/state\.sqlite is in use by process 1 on host \S+ \(since 20/);
      const write = await send(first.url, 'POST', '/mrv/v0/datapoints', TOKENS.supplierA, datapointBody('first-holder', 1, 't'));
      expect(write.status).toBe(200);
    } finally {
      first.process.kill('SIGKILL'); // unshare waits through SIGTERM; killed, it takes its child (--kill-child)
      await first.exited;
    }
  }, 240_000);

  test('the database removed, or renamed, while serving: writes 503 with Retry-After, reads 200; after kill -9 the start is refused naming the WAL (exit 1); the renamed file put back loads every 2xx', async () => {
    const feedstock = (reference: string) => ({
      delivery_date: '2026-02-20',
      display_name: reference,
      feedstock_type_id: IDS.feedstockType,
      mass: { magnitude: 1, unit: 't' },
      supplier_reference_id: reference,
    });
    const listed = async (url: string) => {
      const list = await send(url, 'GET', `/mrv/v0/feedstock_types/${IDS.feedstockType}/feedstock_batches`, TOKENS.supplierA);
      expect(list.status).toBe(200);
      return (list.body.nodes as { supplier_reference_id: string }[]).map((n) => n.supplier_reference_id).sort();
    };
    for (const how of ['removed', 'renamed'] as const) {
      const state = join(dir, how);
      const path = join(state, 'state.sqlite');
      const server = await spawnServe(bundle, ['--state', state]);
      try {
        expect((await send(server.url, 'POST', '/mrv/v0/feedstock_batches', TOKENS.supplierA, feedstock('before'))).status).toBe(200);
        if (how === 'removed') rmSync(path);
        else renameSync(path, join(dir, 'renamed-aside.sqlite'));
        const refused = await send(server.url, 'POST', '/mrv/v0/feedstock_batches', TOKENS.supplierA, feedstock('after'));
        expect(refused.status).toBe(503);
        expect(refused.headers.get('retry-after')).toBe('5');
        expect(await listed(server.url)).toEqual(['before']);
        expect(server.output()).toContain(
          `--state ${state}: ${path} is no longer the file this server opened (removed or renamed while serving)`,
        );
      } finally {
        server.process.kill('SIGKILL');
        await server.exited;
      }
      const again = await runThrough([], state);
      expect(again.code).toBe(1);
      expect(again.output).toContain(`cdr-engine serve: --state ${state}: ${state} holds state.sqlite-wal but no state.sqlite`);
      expect(existsSync(`${path}-wal`)).toBe(true);
    }
    // The renamed file put back beside its WAL: the write answered 200 is there, the one answered 503 is not.
    renameSync(join(dir, 'renamed-aside.sqlite'), join(dir, 'renamed', 'state.sqlite'));
    const restarted = await spawnServe(bundle, ['--state', join(dir, 'renamed')]);
    try {
      expect(await listed(restarted.url)).toEqual(['before']);
      expect((await send(restarted.url, 'POST', '/mrv/v0/feedstock_batches', TOKENS.supplierA, feedstock('after'))).status).toBe(200);
    } finally {
      await stop(restarted);
    }
  }, 240_000);

  test('kill -9 during multi-row requests: each request wholly there or absent, credits conserved', async () => {
    const state = join(dir, 'crash');
    const first = await spawnServe(bundle, ['--state', state]);
    const balance = async (url: string) => {
      const b = await send(url, 'GET', `/registry/v0/organisations/${IDS.orgB}/credit_balance`, TOKENS.supplierB);
      const total = b.body.total as { active_credits_total: { credit_kgs: number }; retired_credits_total: { credit_kgs: number } };
      return { active: total.active_credits_total.credit_kgs, retired: total.retired_credits_total.credit_kgs };
    };
    const start = await balance(first.url);
    const retirements = new Set<string>();
    const datapoints = new Map<string, string>();
    let killed = false;
    const retire = {
      owner_organisation_id: IDS.orgB,
      beneficiary_organisation_id: IDS.orgB,
      supplier_id: IDS.supplierB,
      retirement_purposes: ['other'],
      notes: null,
      credit_quantity_kg: 1,
    };
    let n = 0;
    const writer = async (i: number): Promise<void> => {
      while (!killed) {
        try {
          if (i % 2 === 0) {
            const r = await send(first.url, 'POST', '/registry/v0/retirements/from_oldest_credits', TOKENS.supplierB, retire);
            if (r.status === 200) retirements.add(r.body.id as string);
          } else {
            const reference = `crash-${n++}`;
            const r = await send(first.url, 'POST', '/mrv/v0/datapoints', TOKENS.supplierA, datapointBody(reference, n, 't'));
            if (r.status === 200) datapoints.set(r.body.id as string, reference);
          }
        } catch {
          return; // the server is gone: this request was never acknowledged
        }
      }
    };
    const writers = Array.from({ length: 8 }, (_, i) => writer(i));
    while (retirements.size < 30) await new Promise((resolve) => setTimeout(resolve, 20));
    first.process.kill('SIGKILL'); // requests are in flight now
    killed = true;
    await first.exited;
    await Promise.all(writers);

    const second = await spawnServe(bundle, ['--state', state]);
    try {
      const end = await balance(second.url);
      expect(end.active + end.retired).toBe(start.active + start.retired);
      const present: string[] = [];
      for (let after = ''; ; ) {
        const path = `/registry/v0/retirements?first=50&owner_org_id=${IDS.orgB}${after === '' ? '' : `&after=${after}`}`;
        const page = await send(second.url, 'GET', path, TOKENS.supplierB);
        expect(page.status, JSON.stringify(page.body)).toBe(200);
        present.push(...(page.body.nodes as { id: string }[]).map((r) => r.id));
        const info = page.body.page_info as { has_next_page: boolean; end_cursor: string | null };
        if (!info.has_next_page || info.end_cursor === null) break;
        after = info.end_cursor;
      }
      expect(end.retired - start.retired).toBe(present.length); // 1 kg each: no retirement without its credits, nor credits without it
      for (const id of retirements) expect(present).toContain(id);
      for (const [id, reference] of datapoints) {
        const read = await send(second.url, 'GET', `/mrv/v0/datapoints/${id}`, TOKENS.supplierA);
        expect(read.status, reference).toBe(200);
      }
    } finally {
      await stop(second);
    }
  }, 240_000);
});

void DEMO_WORLD;
