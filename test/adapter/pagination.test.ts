import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { CursorCodec, paginate } from '../../src/adapter/store/pagination';
import { Client, datapointBody, demoSandbox, expect422, IDS } from './fixtures';

type Page = {
  nodes: { id: string }[];
  page_info: { has_previous_page: boolean; start_cursor: string | null; has_next_page: boolean; end_cursor: string | null };
  total_count: number;
};

/** A sandbox where supplier B owns `count` datapoints; returns their ids in creation order. */
async function withDatapoints(count: number) {
  const client = new Client(demoSandbox());
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const d = await client.ok<{ id: string }>(
      'supplierB',
      'POST',
      '/mrv/v0/datapoints',
      datapointBody(`p-${i}`, i, 't', null, IDS.projectB),
    );
    ids.push(d.id);
  }
  return { client, ids };
}

const list = (client: Client, query: string) => client.ok<Page>('supplierB', 'GET', `/mrv/v0/datapoints?${query}`);

describe('cursor pagination', () => {
  test('default page: first 10, PageInfo shape', async () => {
    const { client, ids } = await withDatapoints(12);
    const page = await list(client, '');
    expect(page.nodes.map((n) => n.id)).toEqual(ids.slice(0, 10));
    expect(page.total_count).toBe(12);
    expect(page.page_info.has_previous_page).toBe(false);
    expect(page.page_info.has_next_page).toBe(true);
    expect(typeof page.page_info.start_cursor).toBe('string');
    expect(typeof page.page_info.end_cursor).toBe('string');
  });

  test('an empty list has null cursors and no pages either way', async () => {
    const { client } = await withDatapoints(0);
    const page = await list(client, 'first=5');
    expect(page).toEqual({
      nodes: [],
      page_info: { has_previous_page: false, start_cursor: null, has_next_page: false, end_cursor: null },
      total_count: 0,
    });
  });

  test('walking forward with first/after and backward with last/before visits every item once, in creation order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 1, max: 50 }), async (count, size) => {
        const { client, ids } = await withDatapoints(count);
        const forward: string[] = [];
        let after = '';
        for (let guard = 0; guard <= count; guard++) {
          const page = await list(client, `first=${size}${after}`);
          expect(page.total_count).toBe(count);
          forward.push(...page.nodes.map((n) => n.id));
          if (!page.page_info.has_next_page) break;
          after = `&after=${page.page_info.end_cursor}`;
        }
        expect(forward).toEqual(ids);
        const backward: string[] = [];
        let before = '';
        for (let guard = 0; guard <= count; guard++) {
          const page = await list(client, `last=${size}${before}`);
          backward.unshift(...page.nodes.map((n) => n.id));
          if (!page.page_info.has_previous_page) break;
          before = `&before=${page.page_info.start_cursor}`;
        }
        expect(backward).toEqual(ids);
      }),
      { seed: 20260601, numRuns: 25 },
    );
  });

  test('only `before` pages backward with the default size', async () => {
    const { client, ids } = await withDatapoints(15);
    const end = await list(client, 'first=15');
    const page = await list(client, `before=${end.page_info.end_cursor}`);
    expect(page.nodes.map((n) => n.id)).toEqual(ids.slice(4, 14));
    expect(page.page_info.has_previous_page).toBe(true);
    expect(page.page_info.has_next_page).toBe(true);
  });

  test('stable under inserts: a cursor keeps its place when items are added', async () => {
    const { client, ids } = await withDatapoints(6);
    const first = await list(client, 'first=3');
    const added = await client.ok<{ id: string }>(
      'supplierB',
      'POST',
      '/mrv/v0/datapoints',
      datapointBody('late', 1, 't', null, IDS.projectB),
    );
    const rest = await list(client, `first=10&after=${first.page_info.end_cursor}`);
    expect([...first.nodes, ...rest.nodes].map((n) => n.id)).toEqual([...ids, added.id]);
    expect(rest.total_count).toBe(7);
  });

  test('a cursor this list did not issue is a 422 on its parameter', async () => {
    const { client } = await withDatapoints(3);
    const page = await list(client, 'first=1');
    const cursor = page.page_info.end_cursor as string;
    const tampered = cursor.replace(/^./, (c) => (c === '1' ? '2' : '1'));
    expect422(await client.get('supplierB', `/mrv/v0/datapoints?after=${tampered}`), ['query', 'after']);
    expect422(await client.get('supplierB', `/mrv/v0/datapoints?before=${cursor}x`), ['query', 'before']);
    // A cursor of another list.
    const blueprints = await client.ok<Page>('supplierB', 'GET', '/mrv/v0/component_blueprints?first=1');
    expect422(await client.get('supplierB', `/mrv/v0/datapoints?after=${blueprints.page_info.end_cursor}`), ['query', 'after']);
    // A cursor of another sandbox.
    const other = await withDatapoints(1);
    const foreign = (await list(other.client, 'first=1')).page_info.end_cursor as string;
    const otherSeed = new Client(demoSandbox({ seed: 99 }));
    expect422(await otherSeed.get('supplierB', `/mrv/v0/datapoints?after=${foreign}`), ['query', 'after']);
  });

  test('first and last together are a 422; page sizes are 1 to 50', async () => {
    const { client } = await withDatapoints(1);
    expect422(await client.get('supplierB', '/mrv/v0/datapoints?first=1&last=1'), ['query', 'last']);
    expect((await client.get('supplierB', '/mrv/v0/datapoints?first=50')).status).toBe(200);
    expect((await client.get('supplierB', '/mrv/v0/datapoints?last=1')).status).toBe(200);
  });
});

describe('paginate', () => {
  test('locates a cursor deep in a long list without walking it', () => {
    const codec = new CursorCodec('k');
    const items = Array.from({ length: 200_000 }, (_, i) => ({ seq: i * 3 + 1, row: i }));
    const page = paginate(items, { first: 2, after: codec.encode('l', 3 * 199_990 + 1) }, 'l', codec, (r) => r);
    expect(page.nodes).toEqual([199_991, 199_992]);
    expect(page.total_count).toBe(200_000);
    // A cursor whose item is gone still has its place.
    const gone = paginate(items, { first: 1, after: codec.encode('l', 3 * 10 + 2) }, 'l', codec, (r) => r);
    expect(gone.nodes).toEqual([11]);
  });
});
