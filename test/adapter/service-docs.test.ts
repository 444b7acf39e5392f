/**
 * docs/service.md stays true: its route table is the service's own OpenAPI document's, row for row,
 * and its curl lines are answered as it says by the demo world `cdr-engine serve` runs. (Its code
 * examples run with the other documentation examples.)
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { createSandbox } from '../../src/adapter/sandbox';
import { codeBlocks, shellWords } from '../docs/code-blocks';
import { DEMO_WORLD } from './fixtures';
import { routeTable } from './service-docs-table';

test('the route table of docs/service.md lists every operation with the statuses it answers', () => {
  const text = readFileSync(new URL('../../docs/service.md', import.meta.url), 'utf8');
  expect(text).toContain(routeTable());
});

test('the curl lines of docs/service.md are answered 200 by the demo world that serve runs, with the bodies they promise', async () => {
  const text = readFileSync(new URL('../../docs/service.md', import.meta.url), 'utf8');
  const lines = codeBlocks(text, 'docs/service.md')
    .filter((b) => b.lang === 'sh')
    .flatMap((b) => b.code.split('\n'))
    .filter((line) => line.startsWith('curl '));
  expect(lines.length).toBeGreaterThanOrEqual(3);
  const sandbox = createSandbox({ world: DEMO_WORLD });
  const answers = new Map<string, unknown>();
  for (const line of lines) {
    const words = shellWords(line);
    const headers: Record<string, string> = {};
    words.forEach((word, i) => {
      if (word !== '-H') return;
      const [name, ...value] = (words[i + 1] as string).split(':');
      headers[(name as string).toLowerCase()] = value.join(':').trim();
    });
    const url = new URL(words[words.length - 1] as string);
    expect(url.origin, line).toBe('http://127.0.0.1:8080');
    const response = await sandbox.handle({ method: 'GET', path: `${url.pathname}${url.search}`, headers });
    expect(response.status, line).toBe(200);
    answers.set(url.pathname, response.body);
  }
  expect((answers.get('/') as { openapi: string }).openapi).toBe('/openapi.json');
  expect((answers.get('/openapi.json') as { openapi: string }).openapi).toBe('3.1.0');
  expect((answers.get('/mrv/v0/component_blueprints') as { nodes: unknown[] }).nodes).toHaveLength(2);
});
