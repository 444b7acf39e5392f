/**
 * The OpenAPI-driven fuzzer over the service's own document: 10,000 requests in-process and a
 * smaller run over HTTP through the node binding `cdr-engine serve` uses. No 5xx, no answer that
 * violates the document, no refused request that changes the state. (The conformance script runs
 * the same fuzzer from the real service's documents.)
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, test } from 'vitest';
import { toNodeListener } from '../../src/adapter/http/http';
import { serviceOpenApiDocument } from '../../src/adapter/openapi/openapi';
import type { SandboxRequest } from '../../src/adapter/types';
import { demoSandbox } from './fixtures';
import { fuzz, operationsOf, type FuzzStats } from './openapi-fuzz';

const document = serviceOpenApiDocument() as unknown as Record<string, unknown>;
const operations = operationsOf(document);

function report(name: string, stats: FuzzStats): void {
  const statuses = [...stats.statuses.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');
  console.log(`${name}: ${stats.requests} requests over ${operations.length} operations; ${statuses}`);
}

describe('OpenAPI-driven fuzzing of the sandbox', () => {
  test('10,000 requests in-process: never 5xx, always as documented, refusals change nothing', async () => {
    const stats = await fuzz({
      operations,
      document,
      fresh: () => demoSandbox({ onInternalError: () => undefined }),
      send: (sandbox, request) => sandbox.handle(request),
      count: 10_000,
      batch: 100,
      seed: 17,
    });
    report('in-process', stats);
    expect(stats.problems.slice(0, 10)).toEqual([]);
    expect(stats.requests).toBeGreaterThanOrEqual(10_000);
    // The mix reaches the handlers: successes, and refusals of every kind.
    for (const status of [200, 204, 401, 404, 409, 422]) expect(stats.statuses.get(status) ?? 0, `status ${status}`).toBeGreaterThan(0);
  }, 240_000);

  test('a run over HTTP through the serve binding', async () => {
    let current = demoSandbox({ onInternalError: () => undefined });
    const server = createServer((req, res) => toNodeListener(current)(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const send = async (sandbox: typeof current, request: SandboxRequest) => {
        current = sandbox;
        const body =
          request.body === undefined ? undefined : typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
        const headers = {
          ...(request.headers as Record<string, string>),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        };
        const response = await fetch(`${url}${request.path}`, {
          method: request.method,
          headers,
          ...(body === undefined ? {} : { body }),
          signal: AbortSignal.timeout(10_000),
        });
        const text = await response.text();
        return { status: response.status, headers: {}, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
      };
      const stats = await fuzz({
        operations,
        document,
        fresh: () => demoSandbox({ onInternalError: () => undefined }),
        send,
        count: 600,
        batch: 100,
        seed: 29,
        checkState: false,
      });
      report('over HTTP', stats);
      expect(stats.problems.slice(0, 10)).toEqual([]);
      expect(stats.requests).toBe(600);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }, 120_000);
});
