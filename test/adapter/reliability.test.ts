/**
 * The service under hostile input and faults, over real sockets on 127.0.0.1 (ports chosen by the
 * OS): bounded answers to huge invalid bodies, bodies announced but never sent, a stop that ends
 * while a client trickles, and state that survives `kill -9`. Limits are short here (the serve
 * function takes them) so that every test ends in seconds; bounds on time are generous, because
 * the machine may be loaded: what is checked is that things end, not how fast.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createNodeService } from '../../src/adapter/http/http';
import type { Sandbox } from '../../src/adapter/types';
import { startServer, type RunningServer } from '../../src/cli/serve';
import { DEMO_WORLD, datapointBody, IDS, SECRET, TOKENS } from './fixtures';
import { bundleServe, spawnServe as spawnServeProcess, type ServeProcess } from './serve-process';

const HEADERS = { 'x-client-secret': SECRET, authorization: `Bearer ${TOKENS.supplierA}`, 'content-type': 'application/json' };

async function post(url: string, path: string, body: string): Promise<{ status: number; text: string; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${url}${path}`, { method: 'POST', headers: HEADERS, body, signal: AbortSignal.timeout(30_000) });
  const text = await response.text();
  return { status: response.status, text, ms: performance.now() - started };
}

/**
 * Sends `head` (and `body`) on a raw socket and collects what comes back until the server closes,
 * or until a whole answer (headers and its announced body) has arrived.
 */
function rawExchange(port: number, head: string, body: string, limitMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${limitMs} ms; received: ${received}`));
    }, limitMs);
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString();
      const end = received.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(received.slice(0, end));
      if (end >= 0 && length !== null && received.length >= end + 4 + Number(length[1])) socket.destroy();
    });
    socket.on('error', () => undefined); // a reset after the answer is fine: the answer is what counts
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(received);
    });
    socket.write(head);
    if (body !== '') socket.write(body);
  });
}

describe('bounded answers and time limits (in process)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer(0, { world: DEMO_WORLD }, { headersTimeoutMs: 1_000, requestTimeoutMs: 1_500, lingerMs: 10_000 });
  });
  afterAll(async () => {
    await server.close(2_000);
  });
  const port = (): number => Number(new URL(server.url).port);

  test('125,000 integers in source_ids: a small 422, not a 500', async () => {
    const body = JSON.stringify({ ...datapointBody('huge', 1, 't'), source_ids: Array.from({ length: 125_000 }, (_, i) => i) });
    const answer = await post(server.url, '/mrv/v0/datapoints', body);
    expect(answer.status).toBe(422);
    expect(answer.text.length).toBeLessThan(1_000_000);
    const detail = (JSON.parse(answer.text) as { detail: { type: string; loc: unknown[] }[] }).detail;
    expect(detail.length).toBeLessThanOrEqual(101);
    expect(detail[0]).toMatchObject({ type: 'too_long', loc: ['body', 'source_ids'] });
    expect(answer.ms).toBeLessThan(10_000); // generous: the work itself is tens of ms (bench/RESULTS.md)
  });

  test('thousands of problems: 100 listed and the rest counted', async () => {
    const body = JSON.stringify({ ...datapointBody('many', 1, 't'), source_ids: Array.from({ length: 5_000 }, (_, i) => i) });
    const answer = await post(server.url, '/mrv/v0/datapoints', body);
    expect(answer.status).toBe(422);
    const detail = (JSON.parse(answer.text) as { detail: { type: string; ctx: { omitted?: number } }[] }).detail;
    expect(detail).toHaveLength(101);
    expect(detail[100]).toMatchObject({ type: 'too_many_errors', ctx: { omitted: 4_900 } });
  });

  test('87,364 unknown keys in a 1 MiB body: one small 422', async () => {
    const keys: Record<string, number> = {};
    for (let i = 0; i < 87_364; i++) keys[`k${i}`] = 1;
    const answer = await post(server.url, '/mrv/v0/datapoints', JSON.stringify(keys));
    expect(answer.status).toBe(422);
    expect(answer.text.length).toBeLessThan(1_000_000);
  });

  test('a lone surrogate is refused, naming the field', async () => {
    const answer = await post(
      server.url,
      '/mrv/v0/datapoints',
      JSON.stringify(datapointBody('s', 1, 't')).replace('"datapoint s"', '"bad \\ud800"'),
    );
    expect(answer.status).toBe(422);
    expect(JSON.parse(answer.text)).toEqual({
      detail: [expect.objectContaining({ type: 'string_unicode', loc: ['body', 'display_name'], input: 'bad \ud800' })],
    });
    // A well-formed pair is a character like any other.
    expect(
      (
        await post(
          server.url,
          '/mrv/v0/datapoints',
          JSON.stringify(datapointBody('pair', 1, 't')).replace('"datapoint pair"', '"ok \\ud83d\\ude00"'),
        )
      ).status,
    ).toBe(200);
  });

  test('a body announced larger than the limit and never sent: 413 at once', async () => {
    const head = `POST /mrv/v0/datapoints HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000000000\r\n\r\n`;
    const received = await rawExchange(port(), head, 'a'.repeat(1024), 15_000);
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(received.toLowerCase()).toContain('connection: close');
  });

  test('a body announced and only partly sent: 408 once the request time is up', async () => {
    const head = `POST /mrv/v0/datapoints HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2000\r\n\r\n`;
    const received = await rawExchange(port(), head, '{"a":', 15_000);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });

  test('a node client uploading 10 MB reads the 413 (no EPIPE)', async () => {
    const big = 'x'.repeat(10 * 1024 * 1024);
    for (let i = 0; i < 3; i++) {
      const answer = await post(server.url, '/mrv/v0/datapoints', big);
      expect(answer.status).toBe(413);
    }
  });
});

describe('answers during a stop', () => {
  test('a request in progress when the stop begins is answered, with Connection: close', async () => {
    // A sandbox whose answers take a while: the stop begins while one is being worked out.
    const slow: Sandbox = {
      handle: () =>
        new Promise((resolve) =>
          setTimeout(() => resolve({ status: 200, headers: { 'content-type': 'application/json' }, body: { ok: true } }), 400),
        ),
    };
    const service = createNodeService(slow);
    await new Promise<void>((resolve) => service.server.listen(0, '127.0.0.1', resolve));
    const { port } = service.server.address() as AddressInfo;
    const answer = rawExchange(port, 'GET /anything HTTP/1.1\r\nHost: x\r\n\r\n', '', 15_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stopped = service.shutdown(10_000);
    const received = await answer;
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(received.toLowerCase()).toContain('connection: close');
    expect(received).toContain('{"ok":true}');
    await stopped;
  }, 30_000);
});

/** The serve command bundled from the sources as its own process, with limits from the environment. */
let bundle = '';
const dir = mkdtempSync(join(tmpdir(), 'cdr-reliability-'));

beforeAll(async () => {
  bundle = await bundleServe(dir);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const spawnServe = (args: string[], limits: object = {}): Promise<ServeProcess> => spawnServeProcess(bundle, args, limits);

/** A client sending its headers one byte at a time, forever (until the server closes). */
function trickle(url: string): () => void {
  const socket = connect(Number(new URL(url).port), '127.0.0.1');
  socket.on('error', () => undefined);
  const text = 'POST /mrv/v0/datapoints HTTP/1.1\r\nHost: x\r\nX-Slow: ' + 'a'.repeat(10_000);
  let at = 0;
  const timer = setInterval(() => {
    if (socket.writable) socket.write(text.charAt(at++ % text.length));
  }, 50);
  socket.on('close', () => clearInterval(timer));
  return () => {
    clearInterval(timer);
    socket.destroy();
  };
}

describe('a stop that ends (separate process)', () => {
  test('SIGTERM while a client trickles its headers: exits 0 within the deadline', async () => {
    // Time limits far beyond the deadline: only the stop's own deadline can end the trickle.
    const child = await spawnServe([], { headersTimeoutMs: 120_000, requestTimeoutMs: 120_000, shutdownMs: 2_000 });
    const stopTrickle = trickle(child.url);
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const started = performance.now();
      child.process.kill('SIGTERM');
      expect(await child.exited).toBe(0);
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(child.output()).toContain('stopped');
    } finally {
      stopTrickle();
      child.process.kill('SIGKILL');
    }
  }, 40_000);

  test('a second signal stops at once, however long the deadline', async () => {
    const child = await spawnServe([], { headersTimeoutMs: 120_000, requestTimeoutMs: 120_000, shutdownMs: 120_000 });
    const stopTrickle = trickle(child.url);
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const started = performance.now();
      child.process.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 300));
      child.process.kill('SIGTERM');
      expect(await child.exited).toBe(0);
      expect(performance.now() - started).toBeLessThan(10_000);
    } finally {
      stopTrickle();
      child.process.kill('SIGKILL');
    }
  }, 40_000);
});

describe('--state survives kill -9', () => {
  test('every acknowledged write is there after a restart; nothing half-written; new ids are new', async () => {
    const state = join(dir, 'state');
    const first = await spawnServe(['--state', state]);
    const acknowledged = new Map<string, string>(); // id -> supplier_reference_id
    let sent = 0;
    let killed = false;
    const writer = async (): Promise<void> => {
      while (!killed) {
        const reference = `crash-${sent++}`;
        try {
          const answer = await post(first.url, '/mrv/v0/datapoints', JSON.stringify(datapointBody(reference, sent, 't')));
          if (answer.status === 200) acknowledged.set((JSON.parse(answer.text) as { id: string }).id, reference);
        } catch {
          return; // the server is gone: this write was never acknowledged
        }
      }
    };
    const writers = Array.from({ length: 8 }, writer);
    while (acknowledged.size < 60) await new Promise((resolve) => setTimeout(resolve, 20));
    first.process.kill('SIGKILL'); // writes are in flight now
    killed = true;
    await first.exited;
    await Promise.all(writers);

    const second = await spawnServe(['--state', state]);
    try {
      for (const [id, reference] of acknowledged) {
        const response = await fetch(`${second.url}/mrv/v0/datapoints/${id}`, { headers: HEADERS });
        expect(response.status, `${id} (${reference})`).toBe(200);
        expect(((await response.json()) as { supplier_reference_id: string }).supplier_reference_id).toBe(reference);
      }
      const listed = await fetch(`${second.url}/mrv/v0/datapoints?first=10&project_id=${IDS.projectA}`, { headers: HEADERS });
      expect(listed.status).toBe(200);
      const fresh = await post(second.url, '/mrv/v0/datapoints', JSON.stringify(datapointBody('after-restart', 1, 't')));
      expect(fresh.status).toBe(200);
      expect(acknowledged.has((JSON.parse(fresh.text) as { id: string }).id)).toBe(false);
    } finally {
      second.process.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
  }, 90_000);

  test('a state directory written on another world is refused, naming the problem', async () => {
    const state = join(dir, 'state-world');
    const first = await spawnServe(['--state', state]);
    first.process.kill('SIGTERM');
    await first.exited;
    const other = join(dir, 'other-world.json');
    const organisations = (DEMO_WORLD.organisations ?? []).map((o, i) => (i === 0 ? { ...o, name: `${o.name} (renamed)` } : o));
    writeFileSync(other, JSON.stringify({ ...DEMO_WORLD, organisations }));
    const child = spawn(process.execPath, [bundle, '--port', '0', '--world', other, '--state', state], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(1);
    expect(output).toContain('another world');
  }, 60_000);
});
