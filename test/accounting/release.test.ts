/**
 * The releasing preparation (`prepareGraphReleasing`, what `cdr-engine evaluate` runs on a file):
 * it gives the document's items up as it prepares them, and it must come to what `prepareGraph`
 * followed by `evaluationOnly` comes to: the same problems with the same paths and order for a bad
 * document (whatever the order of its collections, a reference to an item defined later included),
 * the same evaluation for a good one, and `again` exactly when an entry is refused.
 */
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluatePreparedGraph, prepareGraph, type RemovalGraphInput } from '../../src';
import { evaluationOnly, prepareGraphReleasing } from '../../src/accounting/prepare';
import { divisionBlueprint, component, datapoint, entry } from './fixtures';

const EXAMPLES = new URL('../../examples/', import.meta.url);

/** What the releasing preparation comes to, and what prepareGraph + evaluationOnly does, on copies of one document. */
function bothWays(document: unknown): { releasing: ReturnType<typeof prepareGraphReleasing>; whole: ReturnType<typeof prepareGraph> } {
  return { releasing: prepareGraphReleasing(structuredClone(document), undefined), whole: prepareGraph(structuredClone(document)) };
}

/** The same as `prepareGraph` (issues, or the evaluation's JSON). */
function expectSameAsWhole(document: unknown, label: string): void {
  const { releasing, whole } = bothWays(document);
  if (releasing.again) {
    expect(whole.ok && (whole.prepared.refusedEntries?.length ?? 0) > 0, `${label}: again only for a refused entry`).toBe(true);
    return;
  }
  const { result } = releasing;
  expect(result.ok, label).toBe(whole.ok);
  if (!result.ok || !whole.ok) {
    expect(result.ok ? [] : result.issues, label).toEqual(whole.ok ? [] : whole.issues);
    return;
  }
  expect(whole.prepared.refusedEntries, label).toBeUndefined();
  for (const options of [{}, { expressionValues: true }]) {
    const expected = JSON.stringify(evaluatePreparedGraph(evaluationOnly(whole.prepared), options));
    expect(JSON.stringify(evaluatePreparedGraph(result.prepared, options)), label).toBe(expected);
  }
}

/** Mutations a small graph can have; each makes a problem (or a refused entry) of its own kind. */
type Mutation =
  | 'duplicateDatapoint'
  | 'unknownDatapoint'
  | 'unknownComponent'
  | 'overAttributed'
  | 'unknownUnit'
  | 'notFinite'
  | 'duplicateComponent'
  | 'badMagnitude';

const MUTATIONS: readonly Mutation[] = [
  'duplicateDatapoint',
  'unknownDatapoint',
  'unknownComponent',
  'overAttributed',
  'unknownUnit',
  'notFinite',
  'duplicateComponent',
  'badMagnitude',
];

/** n entries, entry i of component q_i = {m} / ({r} - 1) over datapoints m_i, r_i, with mutations at places. */
function graphOf(n: number, mutations: readonly [Mutation, number][]): RemovalGraphInput {
  const graph: RemovalGraphInput = {
    component_blueprints: [divisionBlueprint()],
    datapoints: Array.from({ length: n }, (_, i) => [datapoint(`m${i}`, i + 1, 'kg', 0.1), datapoint(`r${i}`, 3, 'dimensionless')]).flat(),
    components: Array.from({ length: n }, (_, i) => component(`q${i}`, 'q', { m: `m${i}`, r: `r${i}` })),
    ghg_entries: Array.from({ length: n }, (_, i) => entry(`e${i}`, { [`q${i}`]: 1 })),
  };
  for (const [mutation, at] of mutations) {
    const i = at % n;
    const j = (i + 1) % n;
    const dp = graph.datapoints as { id: string; quantity: { magnitude: number; unit: string } }[];
    const cp = graph.components as { id: string; inputs: { input_key: string; datapoint_ids: string[] }[] }[];
    const en = graph.ghg_entries as { component_attributions: { component_id: string; attribution_factor: number }[] }[];
    if (mutation === 'duplicateDatapoint') (dp[2 * i] as { id: string }).id = (dp[2 * j] as { id: string }).id;
    else if (mutation === 'unknownDatapoint') (cp[i]!.inputs[0] as { datapoint_ids: string[] }).datapoint_ids = ['dtp_nowhere000000000'];
    else if (mutation === 'unknownComponent') en[i]!.component_attributions[0]!.component_id = 'cmp_nowhere000000000';
    else if (mutation === 'overAttributed') en[i]!.component_attributions.push({ component_id: cp[j]!.id, attribution_factor: 1 });
    else if (mutation === 'unknownUnit') dp[2 * i]!.quantity.unit = 'kgg';
    else if (mutation === 'notFinite') dp[2 * i + 1]!.quantity.magnitude = 1;
    else if (mutation === 'duplicateComponent') cp[i]!.id = cp[j]!.id;
    else dp[2 * i]!.quantity.magnitude = -1;
  }
  return graph;
}

/** The document with its top-level keys in the given order (a collection may come before what it names). */
function inKeyOrder(graph: RemovalGraphInput, order: readonly string[]): unknown {
  const record = graph as unknown as Record<string, unknown>;
  return Object.fromEntries(order.filter((key) => key in record).map((key) => [key, record[key]]));
}

describe('prepareGraphReleasing', () => {
  it('evaluates every bundled example as prepareGraph + evaluationOnly does', () => {
    const names = readdirSync(EXAMPLES).filter((name) => name.endsWith('.json'));
    expect(names.length).toBeGreaterThanOrEqual(4);
    for (const name of names) expectSameAsWhole(JSON.parse(readFileSync(new URL(name, EXAMPLES), 'utf8')), name);
  });

  it('empties the arrays of a valid document it was given, and leaves every other key', () => {
    const document = graphOf(3, []);
    const blueprints = document.component_blueprints;
    const outcome = prepareGraphReleasing(document, undefined);
    expect(outcome.again).toBe(false);
    expect(!outcome.again && outcome.result.ok).toBe(true);
    expect([document.datapoints, document.components, document.ghg_entries]).toEqual([[], [], []]);
    expect(document.component_blueprints).toBe(blueprints);
  });

  it('leaves a document whose shape is wrong as it is, with the same problems', () => {
    const document = { ...graphOf(2, []), datapoints: [{ id: 'dtp_x', quantity: { magnitude: 'ten', unit: 'kg' } }] };
    const copy = structuredClone(document);
    const outcome = prepareGraphReleasing(document, undefined);
    expect(document).toEqual(copy);
    expect(!outcome.again && !outcome.result.ok && outcome.result.issues).toEqual(
      !prepareGraph(copy).ok && (prepareGraph(copy) as { issues: unknown }).issues,
    );
  });

  it('says again for a refused entry (its caller prepares a fresh copy)', () => {
    expect(prepareGraphReleasing(graphOf(3, [['notFinite', 1]]), undefined).again).toBe(true);
  });

  it('names an over-attributed component by its id, though the component items are gone', () => {
    const { releasing } = bothWays(graphOf(3, [['overAttributed', 0]]));
    const issues = !releasing.again && !releasing.result.ok ? releasing.result.issues : [];
    expect(issues.map((issue) => issue.code)).toEqual(['attribution_over_one']);
    expect(issues[0]!.message).toContain("component 'cmp_q1");
  });

  it('a reference to an item defined later: the same problems as prepareGraph', () => {
    const graph = graphOf(3, [
      ['unknownDatapoint', 1],
      ['overAttributed', 2],
    ]);
    expectSameAsWhole(inKeyOrder(graph, ['ghg_entries', 'components', 'datapoints', 'component_blueprints']), 'reversed');
  });

  it('property: any small graph, any mutations, any order of collections -> what prepareGraph comes to', () => {
    const keys = ['component_blueprints', 'datapoints', 'components', 'ghg_entries'];
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.tuple(fc.constantFrom(...MUTATIONS), fc.nat(20)), { maxLength: 4 }),
        fc.shuffledSubarray(keys, { minLength: keys.length, maxLength: keys.length }),
        (n, mutations, order) => expectSameAsWhole(inKeyOrder(graphOf(n, mutations), order), JSON.stringify({ n, mutations, order })),
      ),
      { numRuns: 150 },
    );
  });
});
