/**
 * The ids of a graph document made one string each while it is read in chunks (shared-ids.ts):
 * the parsed document is still exactly what JSON.parse gives, whatever the items hold (ids
 * repeated, in any order, malformed items, values that are not strings), and the chunked parse
 * hands every run of a top-level array's items to the handler, under the array's key.
 */
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFileInChunks } from '../../src/cli/document';
import { JsonObjectStream } from '../../src/cli/json-stream';
import { sharedIds } from '../../src/cli/shared-ids';

function parseWithIds(text: string, chunk: number): unknown {
  const ids = sharedIds();
  const parser = new JsonObjectStream(ids.itemsParsed);
  const bytes = Buffer.from(text, 'utf8');
  for (let at = 0; at < bytes.length; at += chunk) parser.feed(bytes.subarray(at, at + chunk));
  const parsed = parser.end();
  ids.done();
  return parsed;
}

const id = fc.oneof(
  fc.constantFrom('dtp_A0000000000000000', 'dtp_B0000000000000000', 'cmp_C0000000000000000'),
  fc.string(),
  fc.jsonValue(),
);
const input = fc.oneof(
  fc.record({ input_key: fc.string(), datapoint_ids: fc.oneof(fc.array(id, { maxLength: 4 }), fc.jsonValue()) }),
  fc.jsonValue(),
);
const collections = {
  datapoints: fc.array(fc.oneof(fc.record({ id, quantity: fc.jsonValue() }), fc.jsonValue()), { maxLength: 5 }),
  components: fc.array(fc.oneof(fc.record({ id, inputs: fc.oneof(fc.array(input, { maxLength: 3 }), fc.jsonValue()) }), fc.jsonValue()), {
    maxLength: 5,
  }),
  ghg_entries: fc.array(
    fc.oneof(
      fc.record({
        id,
        component_attributions: fc.oneof(
          fc.array(fc.oneof(fc.record({ component_id: id }), fc.jsonValue()), { maxLength: 3 }),
          fc.jsonValue(),
        ),
      }),
      fc.jsonValue(),
    ),
    { maxLength: 5 },
  ),
};
const graphLike = fc
  .record(collections, { requiredKeys: [] })
  .chain((graph) =>
    fc
      .shuffledSubarray(Object.keys(graph), { minLength: Object.keys(graph).length })
      .map((order) => Object.fromEntries(order.map((k) => [k, graph[k as keyof typeof graph]]))),
  );

describe('one string per id while a document is read', () => {
  it('gives what JSON.parse gives, for any items in any order and any chunk size', () => {
    fc.assert(
      fc.property(graphLike, fc.integer({ min: 1, max: 30 }), (graph, chunk) => {
        const text = JSON.stringify(graph);
        expect(parseWithIds(text, chunk)).toStrictEqual(JSON.parse(text));
      }),
    );
  });

  it('reads every bundled example as JSON.parse does', async () => {
    const examples = new URL('../../examples/', import.meta.url);
    const names = readdirSync(examples).filter((name) => name.endsWith('.json'));
    expect(names.length).toBeGreaterThan(3);
    for (const name of names) {
      const path = new URL(name, examples);
      expect(await parseFileInChunks(path, 97), name).toStrictEqual(JSON.parse(readFileSync(path, 'utf8')));
    }
  });

  it('is handed every run of a top-level array, under its key', () => {
    const seen: [string, number][] = [];
    const parser = new JsonObjectStream((key, items) => seen.push([key, items.length]));
    const text = JSON.stringify({ a: 1, datapoints: [1, 2, 3, 4, 5], b: { c: [1] }, ghg_entries: [] });
    const bytes = Buffer.from(text, 'utf8');
    for (let at = 0; at < bytes.length; at += 4) parser.feed(bytes.subarray(at, at + 4));
    parser.end();
    expect(seen.every(([key]) => key === 'datapoints')).toBe(true);
    expect(seen.reduce((sum, [, n]) => sum + n, 0)).toBe(5);
    expect(seen.length).toBeGreaterThan(1);
  });
});
