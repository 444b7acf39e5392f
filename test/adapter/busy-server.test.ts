/**
 * No request holds the others hostage (docs/service.md, "Limits"): a keep-alive connection whose
 * idle time runs out while the server is busy with another request, and whose client has sent its
 * next request meanwhile, is answered, not reset; and the request time limit covers the whole
 * answer, so that a client that does not read its answer holds no connection beyond it. Over real
 * sockets on 127.0.0.1, with short limits.
 */
import { spawn } from 'node:child_process';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { createNodeService, type NodeService } from '../../src/adapter/http/http';
import type { Sandbox, SandboxResponse } from '../../src/adapter/types';

const JSON_HEADERS = { 'content-type': 'application/json' };

/** A sandbox that answers at once: `/big` with a large body. */
function sandbox(): Sandbox {
  return {
    handle: (req): Promise<SandboxResponse> => {
      const body = req.path === '/big' ? { text: 'x'.repeat(8 * 1024 * 1024) } : { path: req.path };
      return Promise.resolve({ status: 200, headers: JSON_HEADERS, body });
    },
  };
}

let service: NodeService | undefined;
afterEach(() => {
  service?.closeNow();
  service?.server.close();
  service = undefined;
});

async function listen(s: NodeService): Promise<string> {
  await new Promise<void>((resolve) => s.server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(s.server.address() as AddressInfo).port}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Holds the event loop for `ms`, as a long synchronous request does. */
function hold(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy
  }
}

/**
 * A keep-alive client (its own process): two rounds of a request, `idle` (the server then holds
 * its event loop), and 50 ms later the next request on the same connection; prints each status or
 * error code.
 */
const CLIENT = `
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const get = () => new Promise((done) => {
  const req = http.request(process.argv[1] + '/cheap', { agent }, (res) => { res.resume(); res.on('end', () => done(res.statusCode)); });
  req.on('error', (e) => done(e.code));
  req.end();
});
(async () => {
  for (let round = 0; round < 2; round++) {
    console.log(await get());
    console.log('idle');
    await new Promise((r) => setTimeout(r, 50));
    console.log(await get());
  }
  agent.destroy();
})();
`;

describe('a busy server', () => {
  test('answers a keep-alive request sent while it was busy beyond the idle limit, never resets it', async () => {
    service = createNodeService(sandbox()); // the default idle limit, 5 s
    const base = await listen(service);
    // The client is another process: it sends its next request while this one's event loop is held.
    const child = spawn(process.execPath, ['-e', CLIENT, base], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const rounds = output.split('idle').length - 1;
      if (rounds > held) {
        held = rounds;
        hold(6_000); // a busy request: longer than the connection's idle limit
      }
    });
    let held = 0;
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(held).toBe(2);
    expect(
      output
        .trim()
        .split('\n')
        .filter((line) => line !== 'idle'),
    ).toEqual(['200', '200', '200', '200']);
    expect(code).toBe(0);
  }, 60_000);

  test('still closes a keep-alive connection idle beyond its limit', async () => {
    service = createNodeService(sandbox(), { keepAliveTimeoutMs: 100 });
    const base = await listen(service);
    const socket = connect(Number(new URL(base).port), '127.0.0.1');
    const closed = new Promise<number>((resolve) => {
      let at = 0;
      socket.on('data', () => {
        at = performance.now();
      });
      socket.on('close', () => resolve(performance.now() - at));
    });
    socket.write('GET /cheap HTTP/1.1\r\nHost: x\r\n\r\n');
    const idle = await closed;
    expect(idle).toBeGreaterThanOrEqual(50);
    expect(idle).toBeLessThan(5_000);
  }, 30_000);

  test('closes the connection of a client that does not read its answer within the request limit', async () => {
    service = createNodeService(sandbox(), { requestTimeoutMs: 500, headersTimeoutMs: 500, keepAliveTimeoutMs: 60_000 });
    const base = await listen(service);
    const socket = connect(Number(new URL(base).port), '127.0.0.1');
    socket.on('error', () => undefined);
    socket.pause(); // does not read: the 8 MB answer cannot all be written
    socket.write('GET /big HTTP/1.1\r\nHost: x\r\n\r\n');
    await sleep(1_500);
    let bytes = 0;
    socket.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    const closed = new Promise<boolean>((resolve) => {
      socket.on('close', () => resolve(true));
      setTimeout(() => resolve(false), 5_000);
    });
    socket.resume();
    // The server gave up the answer at its limit: the connection ends before the whole body came.
    expect(await closed).toBe(true);
    expect(bytes).toBeLessThan(8 * 1024 * 1024);
    socket.destroy();
  }, 30_000);
});
