/**
 * The OpenAPI-driven fuzzer (test/adapter/openapi-fuzz.ts) driven by the real service's documents:
 * requests generated from every operation's parameter and body schemas of certify-v0.json and
 * registry-v0.json, valid and broken, sent to the sandbox. No 5xx, every answer as the service's
 * own document says, no refused request that changes the state.
 */
import { describe, expect, test } from 'vitest';
import { demoSandbox } from '../test/adapter/fixtures';
import { fuzz, operationsOf, type FuzzOperation } from '../test/adapter/openapi-fuzz';
import { readRealDocument, REAL_DOCUMENTS } from './document-differences';

describe('fuzzing from the real documents', () => {
  test.each(REAL_DOCUMENTS)(
    '$file: 4,000 requests, never 5xx, always as documented',
    async ({ prefix, file }) => {
      const document = readRealDocument(file);
      const operations: FuzzOperation[] = operationsOf(document, prefix);
      const stats = await fuzz({
        operations,
        document,
        fresh: () => demoSandbox({ onInternalError: () => undefined }),
        send: (sandbox, request) => sandbox.handle(request),
        count: 4000,
        batch: 100,
        seed: 41,
      });
      const statuses = [...stats.statuses.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([s, n]) => `${s}: ${n}`)
        .join(', ');
      console.log(`${file}: ${stats.requests} requests over ${operations.length} operations; ${statuses}`);
      expect(stats.problems.slice(0, 10)).toEqual([]);
      expect(stats.statuses.get(200) ?? 0).toBeGreaterThan(100);
    },
    240_000,
  );
});
