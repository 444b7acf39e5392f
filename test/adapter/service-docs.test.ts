/**
 * docs/service.md stays true: its route table is the service's own OpenAPI document's, row for row.
 * (Its code examples run with the other documentation examples.)
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { routeTable } from './service-docs-table';

test('the route table of docs/service.md lists every operation with the statuses it answers', () => {
  const text = readFileSync(new URL('../../docs/service.md', import.meta.url), 'utf8');
  expect(text).toContain(routeTable());
});
