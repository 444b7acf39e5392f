/**
 * The streaming preparation (`streamAndPrepare`, what `cdr-engine evaluate` runs first on a file):
 * items are checked and made columns as the file is parsed, and nothing of the large collections is
 * kept. What it prepares must evaluate to what `prepareGraph` + `evaluationOnly` evaluates to; for
 * anything it does not take on (a problem, a refused entry, statements, an order where a collection
 * comes before what it names...) it says `again`, and the command prepares the document the
 * ordinary way, so that the output and every problem are the same whatever the document's order.
 */
import fc from 'fast-check';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluatePreparedGraph, prepareGraph, type RemovalGraphInput } from '../../src';
import { evaluationOnly } from '../../src/accounting/prepare';
import { JsonObjectStream } from '../../src/cli/json-stream';
import { fileChunk } from '../../src/cli/document';
import { countItems, streamAndPrepare } from '../../src/cli/stream-prepare';
import { component, datapoint, divisionBlueprint, entry } from '../accounting/fixtures';
import { runCli } from './run-cli';

const EXAMPLES = new URL('../../examples/', import.meta.url);
const DIRECTORY = mkdtempSync(join(tmpdir(), 'cdr-engine-stream-'));
let files = 0;

/** The text written to a file of its own. */
function fileOf(text: string): string {
  const file = join(DIRECTORY, `graph-${files++}.json`);
  writeFileSync(file, text);
  return file;
}

/** The evaluation's JSON of prepareGraph + evaluationOnly, or its problems, or 'refused'. */
function whole(document: unknown): string {
  const result = prepareGraph(structuredClone(document));
  if (!result.ok) return JSON.stringify(result.issues);
  if (result.prepared.refusedEntries !== undefined) return 'refused';
  return JSON.stringify(evaluatePreparedGraph(evaluationOnly(result.prepared), { expressionValues: true }));
}

/** What the streaming preparation comes to on the document's text: 'again', or the evaluation's JSON. */
async function streamed(text: string, chunkBytes?: number): Promise<string> {
  const outcome = await streamAndPrepare(fileOf(text), undefined, chunkBytes);
  if (outcome.again) return 'again';
  if (!outcome.result.ok) return JSON.stringify(outcome.result.issues);
  return JSON.stringify(evaluatePreparedGraph(outcome.result.prepared, { expressionValues: true }));
}

/** n entries, entry i of component q_i = {m} / ({r} - 1); `bad`: one problem or a refused entry, by kind. */
function graphOf(n: number, bad?: 'unknownDatapoint' | 'notFinite' | 'unknownKey' | 'overAttributed'): RemovalGraphInput {
  const graph = {
    component_blueprints: [divisionBlueprint()],
    datapoints: Array.from({ length: n }, (_, i) => [datapoint(`m${i}`, i + 1, 'kg', 0.1), datapoint(`r${i}`, 3, 'dimensionless')]).flat(),
    components: Array.from({ length: n }, (_, i) => component(`q${i}`, 'q', { m: `m${i}`, r: `r${i}` })),
    ghg_entries: Array.from({ length: n }, (_, i) => entry(`e${i}`, { [`q${i}`]: 1 })),
  };
  const last = n - 1;
  if (bad === 'unknownDatapoint') (graph.components[last]!.inputs[0] as { datapoint_ids: string[] }).datapoint_ids = ['dtp_nowhere'];
  else if (bad === 'notFinite') (graph.datapoints[2 * last + 1]!.quantity as { magnitude: number }).magnitude = 1;
  else if (bad === 'unknownKey') (graph.datapoints[2 * last]!.quantity as Record<string, unknown>)['standard_devation'] = 1;
  else if (bad === 'overAttributed')
    graph.ghg_entries[last]!.component_attributions.push({ component_id: graph.components[0]!.id, attribution_factor: 1 });
  return graph as RemovalGraphInput;
}

const KEYS = ['component_blueprints', 'datapoints', 'components', 'ghg_entries'];

/** The document with its top-level keys in the given order. */
function inKeyOrder(graph: RemovalGraphInput, order: readonly string[]): unknown {
  const record = graph as unknown as Record<string, unknown>;
  return Object.fromEntries(order.filter((key) => key in record).map((key) => [key, record[key]]));
}

describe('streamAndPrepare', () => {
  it('evaluates every bundled example as prepareGraph + evaluationOnly does, streaming those without statements or sample sets', async () => {
    const names = readdirSync(EXAMPLES).filter((name) => name.endsWith('.json'));
    expect(names.length).toBeGreaterThanOrEqual(4);
    let streamedCount = 0;
    for (const name of names) {
      const text = readFileSync(new URL(name, EXAMPLES), 'utf8');
      const document = JSON.parse(text) as Record<string, unknown>;
      const outcome = await streamed(text, 512);
      const takesOn = !('ghg_statements' in document) && !('projects' in document) && !('sample_sets' in document);
      if (takesOn && prepareGraph(structuredClone(document)).ok) expect(outcome, name).not.toBe('again');
      if (outcome !== 'again') {
        streamedCount++;
        expect(outcome, name).toBe(whole(document));
      }
    }
    expect(streamedCount).toBeGreaterThanOrEqual(3);
  });

  it('a generated graph, parsed in chunks of any size: the same evaluation', async () => {
    // The benchmarks' generator (bench/generate-graph.mjs, plain JavaScript: imported by its URL).
    const generator = new URL('../../bench/generate-graph.mjs', import.meta.url).href;
    const { generateGraph } = (await import(generator)) as { generateGraph: (options: object) => { graph: unknown } };
    const { graph } = generateGraph({ entries: 40, components: 6, seed: 3 });
    const text = JSON.stringify(graph);
    const expected = whole(graph);
    expect(expected).toMatch(/^\{/); // evaluated: neither problems nor a refused entry
    for (const chunkBytes of [97, 1000, 1 << 20]) expect(await streamed(text, chunkBytes)).toBe(expected);
  });

  it('says again for a problem, a refused entry, an unknown key, statements, a collection given twice, a text that is not JSON, no file', async () => {
    for (const bad of ['unknownDatapoint', 'notFinite', 'unknownKey', 'overAttributed'] as const)
      expect(await streamed(JSON.stringify(graphOf(3, bad))), bad).toBe('again');
    expect(await streamed(JSON.stringify({ ...graphOf(2), ghg_statements: [] }))).not.toBe('again');
    expect(await streamed(readFileSync(new URL('biochar-statement.json', EXAMPLES), 'utf8'))).toBe('again');
    // An entry naming a statement: the statement is checked on the whole document (unknown_statement here).
    const named = graphOf(2);
    (named.ghg_entries[0] as Record<string, unknown>)['ghg_statement_id'] = 'ggs_nowhere';
    expect(await streamed(JSON.stringify(named))).toBe('again');
    expect(whole(named)).toContain('"code":"unknown_statement"');
    const text = JSON.stringify(graphOf(2));
    expect(await streamed(`${text.slice(0, -1)},"ghg_entries":[]}`)).toBe('again');
    expect(await streamed(text.slice(0, -2))).toBe('again');
    expect((await streamAndPrepare(join(DIRECTORY, 'none.json'), undefined)).again).toBe(true);
    expect((await streamAndPrepare(fileOf(text), { componentSigns: 'x' } as never)).again).toBe(true);
  });

  it('a collection before what it names (a reference to an item defined later): again', async () => {
    expect(
      await streamed(JSON.stringify(inKeyOrder(graphOf(3), ['component_blueprints', 'components', 'datapoints', 'ghg_entries']))),
    ).toBe('again');
    expect(
      await streamed(JSON.stringify(inKeyOrder(graphOf(3), ['datapoints', 'component_blueprints', 'components', 'ghg_entries']))),
    ).toBe('again');
  });

  it('property: any small graph, any order of collections, any chunk size -> the evaluation of prepareGraph or again', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom(undefined, 'unknownDatapoint', 'notFinite', 'unknownKey', 'overAttributed' as const),
        fc.shuffledSubarray(KEYS, { minLength: KEYS.length, maxLength: KEYS.length }),
        fc.integer({ min: 1, max: 300 }),
        async (n, bad, order, chunkBytes) => {
          const document = inKeyOrder(graphOf(n, bad), order);
          const outcome = await streamed(JSON.stringify(document), chunkBytes);
          // Streamed exactly when the graph is good and each collection comes after what it names.
          expect(outcome === 'again').toBe(bad !== undefined || order.join() !== KEYS.join());
          if (outcome !== 'again') expect(outcome).toBe(whole(document));
        },
      ),
      { numRuns: 120 },
    );
  });

  it('counts the items of the large collections without parsing them, and the stream keeps none of them', async () => {
    const graph = graphOf(4);
    const file = fileOf(JSON.stringify(graph));
    expect(Object.fromEntries(await countItems(file, fileChunk(16)))).toEqual({ datapoints: 8, components: 4, ghg_entries: 4 });
    const handed: Record<string, unknown[]> = {};
    const parser = new JsonObjectStream((key, items) => (handed[key] ??= []).push(...items), {
      consumes: (key) => key !== 'component_blueprints',
    });
    parser.feed(Buffer.from(JSON.stringify(graph)));
    const parsed = parser.end();
    expect(parsed).toEqual({ ...graph, datapoints: [], components: [], ghg_entries: [] });
    expect(handed).toEqual({
      component_blueprints: graph.component_blueprints,
      datapoints: graph.datapoints,
      components: graph.components,
      ghg_entries: graph.ghg_entries,
    });
  });
});

describe('cdr-engine evaluate on a file, streamed or not', () => {
  it('the same output whatever the order of the collections, and the same problems with their paths', async () => {
    const good = graphOf(5);
    const outputs = await Promise.all(
      [KEYS, [...KEYS].reverse()].map((order) =>
        runCli(['evaluate', fileOf(JSON.stringify(inKeyOrder(good, order))), '--format', 'ndjson']),
      ),
    );
    expect(outputs[0]!.code).toBe(0);
    expect(outputs[1]!.out).toBe(outputs[0]!.out);
    const bad = JSON.stringify(graphOf(3, 'unknownKey'));
    const fromFile = await runCli(['evaluate', fileOf(bad), '--format', 'ndjson']);
    const checked = await runCli(['check', fileOf(bad)]);
    expect(fromFile.code).toBe(1);
    expect(fromFile.err).toContain("did you mean 'standard_deviation'");
    expect(fromFile.err).toContain('datapoints[4].quantity.standard_devation');
    expect(checked.err.replace('check', 'evaluate')).toContain(fromFile.err.split('\n')[1]);
  });
});
