// The fast path of preparation (src/model/graph-exact-shape.ts): items of datapoints, components and
// GHG entries that already have exactly their schema's shape are used as they are instead of zod's
// copy. It must never accept what zod rejects, never change an outcome, and a prepared graph must
// not change when the caller edits the document afterwards.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluatePreparedGraph, explainPreparedGhgEntry, type PrepareResult, type RemovalGraphInput } from '../../src';
import { removalGraphSchema } from '../../src/model/graph';
import { attributionsOf, componentAt } from '../../src/accounting/prepare/prepare';
import { prepareGraphDocument } from '../../src/accounting/prepare/graph';
import { safeParseRemovalGraph } from '../../src/model/graph-exact-shape';
import { blueprint, cmp, component, datapoint, dtp, entry, rmv, transportGraph } from './fixtures';

const DELETE = Symbol('delete');
const prj = (name: string) => `prj_${name.padEnd(16, '0')}`;
const ggs = (name: string) => `ggs_${name.padEnd(16, '0')}`;

/**
 * A small document touching every field the fast path checks: LIST and SCALAR inputs, the single
 * `datapoint_id` form, a legacy factor datapoint, extra (passthrough) fields, a statement with a
 * statement-level component and a project with an amortised one.
 */
function richGraph(): RemovalGraphInput {
  const graph = {
    component_blueprints: [
      ...transportGraph().component_blueprints,
      blueprint({
        key: 'pile',
        type: 'SEQUESTRATION',
        template: 'sum({masses}) * {share}',
        inputs: { masses: { kind: 'mass', unit: 't', shape: 'LIST' }, share: { kind: 'dimensionless_ratio', unit: 'dimensionless' } },
      }),
      blueprint({ key: 'emit', type: 'ACTIVITY', template: '{m}', inputs: { m: { kind: 'mass', unit: 't' } } }),
    ],
    datapoints: [
      ...transportGraph().datapoints,
      { ...datapoint('a', 2, 't', 0.1), display_name: 'pile a', uncertainty_justification: 'scale' },
      { ...datapoint('b', 3000, 'kg'), uncertainty_justification: null },
      datapoint('share', 0.8, 'dimensionless', 0.05),
      datapoint('half', 0.5, 'dimensionless'),
      { id: dtp('tiny'), quantity: { magnitude: 0.2, unit: 't' } },
      datapoint('x', 1, 't', 0.2),
    ],
    components: [
      ...transportGraph().components,
      { ...component('pile', 'pile', { masses: ['a', 'b'], share: 'share' }), display_name: 'the pile' },
      { id: cmp('single'), blueprint_key: 'emit', inputs: [{ input_key: 'm', datapoint_id: dtp('tiny') }] },
      component('x', 'emit', { m: 'x' }),
      component('y', 'emit', { m: 'tiny' }),
    ],
    ghg_entries: [
      { ...entry('one', { transport: 1 }), project_id: prj('p'), completed_on: '2025-03-01' },
      {
        ...entry('two', { pile: 1 }, null),
        component_attributions: [
          { component_id: cmp('pile'), attribution_factor: 1 },
          { component_id: cmp('single'), attribution_factor_datapoint_id: dtp('half') },
        ],
        ghg_statement_id: ggs('s'),
      },
    ],
    ghg_statements: [
      {
        id: ggs('s'),
        project_id: prj('p'),
        reporting_period_start_at: '2025-01-01',
        reporting_period_end_at: '2025-06-30',
        removal_ids: [rmv('one'), rmv('two')],
        component_ids: [cmp('x')],
      },
    ],
    projects: [
      {
        id: prj('p'),
        estimated_gross_tonnage_kg: 100_000,
        components: [{ component_id: cmp('y'), allocation_strategy: 'ESTIMATED_PROJECT_TONNAGE' }],
      },
    ],
  };
  return graph as RemovalGraphInput;
}

const BASES: readonly (() => RemovalGraphInput)[] = [richGraph, () => transportGraph()];

/** Everything an outcome says: issues, or the evaluations and the prepared figures. */
function outcomeOf(result: PrepareResult): unknown {
  if (!result.ok) return { issues: result.issues };
  const p = result.prepared;
  return {
    graph: p.graph,
    evaluated: evaluatePreparedGraph(p),
    datapoints: [
      p.datapointIds,
      p.datapointUnits,
      p.datapointMagnitudes,
      p.datapointStandardDeviations,
      p.siMagnitudes,
      p.siStandardDeviations,
      p.siScales,
    ],
    components: Array.from({ length: p.components.count }, (_, i) => componentAt(p, i)).map((c) => [
      c.id,
      c.documentIndex,
      c.blueprint.key,
      Array.from(c.slots),
      Array.from(c.inputStart),
      Array.from(c.slotUses),
    ]),
    entries: [p.entries.ids, p.entries.riskOfReversalPercentage, Array.from({ length: p.entries.count }, (_, e) => attributionsOf(p, e))],
    statements: [p.statements, p.entryStatement, p.amortisations, p.shareSlotCount, p.maxSlots],
  };
}

const PROTO_KEY = '__proto__ (own key)';
const PROTOTYPE = 'prototype';

/** Keys a mutation may change, by kind of object: the known ones, extra ones and prototype tricks. */
const KEYS = {
  datapoint: ['id', 'quantity', 'uncertainty_justification', 'display_name', 'source_ids', 'measured_at', 'extra', PROTO_KEY, PROTOTYPE],
  quantity: ['magnitude', 'unit', 'standard_deviation', 'extra', PROTO_KEY, PROTOTYPE],
  component: ['id', 'blueprint_key', 'inputs', 'display_name', 'description', 'extra', PROTO_KEY, PROTOTYPE],
  input: ['input_key', 'datapoint_ids', 'datapoint_id', '__typename', 'extra', PROTO_KEY, PROTOTYPE],
  attribution: ['component_id', 'attribution_factor', 'attribution_factor_datapoint_id', 'id', 'extra', PROTO_KEY, PROTOTYPE],
  entry: [
    'id',
    'risk_of_reversal_percentage',
    'component_attributions',
    'project_id',
    'completed_on',
    'started_on',
    'ghg_statement_id',
    'supplier_reference_id',
    'extra',
    PROTO_KEY,
    PROTOTYPE,
  ],
} as const;
type Target = keyof typeof KEYS | 'item' | 'array';

/** Numbers at the edges of what the schemas accept (finite; factor in (0, 1]; risk in [0, 100]). */
const EDGE_NUMBERS: readonly unknown[] = [
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  1e308,
  -0,
  0,
  Number.MIN_VALUE,
  -Number.MIN_VALUE,
  0.5,
  1,
  1 + Number.EPSILON,
  1 - Number.EPSILON / 2,
  -1,
  100,
  100 + 2 * Number.EPSILON * 64,
  100.5,
  99.99,
  101,
];
const STRINGS: readonly unknown[] = [
  '',
  'x',
  '2025-03-01',
  '2025-02-30',
  'kg',
  't',
  'km',
  'dimensionless',
  'm',
  'masses',
  dtp('a'),
  dtp('tiny'),
  dtp('nope'),
  cmp('x'),
  cmp('pile'),
  'pile',
  'emit',
];
const SHAPES: readonly unknown[] = [
  null,
  undefined,
  DELETE,
  true,
  [],
  {},
  [1],
  [dtp('a')],
  [dtp('a'), ''],
  [dtp('a'), dtp('a')],
  [dtp('a'), undefined],
  { magnitude: 1, unit: 't' },
  { magnitude: 1, unit: 't', extra: 1 },
  { magnitude: 1, unit: 't', standard_deviation: undefined },
  { component_id: cmp('x') },
  { component_id: cmp('x'), attribution_factor: undefined },
  { input_key: 'm', datapoint_ids: [dtp('x')] },
  Object.create(null) as unknown,
  new Date(0),
  new Map<unknown, unknown>(),
  Object.setPrototypeOf([dtp('a')], Object.create(Array.prototype) as object) as unknown,
];
const values: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...EDGE_NUMBERS), weight: 4 },
  { arbitrary: fc.constantFrom(...STRINGS), weight: 2 },
  { arbitrary: fc.constantFrom(...SHAPES), weight: 2 },
  { arbitrary: fc.anything(), weight: 1 },
  { arbitrary: fc.double(), weight: 1 },
  { arbitrary: fc.string(), weight: 1 },
);

const mutation = fc.record({
  target: fc.constantFrom<Target>(
    'datapoint',
    'quantity',
    'component',
    'input',
    'attribution',
    'entry',
    'quantity',
    'input',
    'attribution',
    'entry',
    'item',
    'array',
  ),
  index: fc.nat(20),
  inner: fc.nat(5),
  key: fc.nat(20),
  value: values,
});
type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never;

function change(node: unknown, key: string, value: unknown): void {
  if (typeof node !== 'object' || node === null) return;
  const record = node as Record<string, unknown>;
  if (key === PROTOTYPE) {
    // An inherited field, or no prototype at all: zod reads through the prototype.
    Object.setPrototypeOf(record, typeof value === 'object' ? value : { display_name: value, id: value });
  } else if (key === PROTO_KEY) {
    // What JSON.parse makes of "__proto__": an own data property.
    Object.defineProperty(record, '__proto__', { value, enumerable: true, writable: true, configurable: true });
  } else if (value === DELETE) {
    delete record[key];
  } else record[key] = value;
}

function pick<T>(items: unknown, index: number): T | undefined {
  return Array.isArray(items) && items.length > 0 ? (items[index % items.length] as T) : undefined;
}

function apply(graph: Record<string, unknown>, m: Mutation): void {
  const value = m.value === DELETE ? undefined : m.value;
  type Item = Record<string, unknown>;
  switch (m.target) {
    case 'item': {
      const name = (['datapoints', 'components', 'ghg_entries'] as const)[m.key % 3]!;
      const items = graph[name];
      if (Array.isArray(items) && items.length > 0) items[m.index % items.length] = value;
      return;
    }
    case 'array': {
      const name = (['datapoints', 'components', 'ghg_entries'] as const)[m.key % 3]!;
      if (m.inner % 2 === 0) graph[name] = value;
      else if (Array.isArray(graph[name])) (graph[name] as unknown[]).push(value);
      return;
    }
    case 'datapoint':
    case 'component':
    case 'entry': {
      const name = m.target === 'datapoint' ? 'datapoints' : m.target === 'component' ? 'components' : 'ghg_entries';
      const keys = KEYS[m.target];
      change(pick<Item>(graph[name], m.index), keys[m.key % keys.length]!, m.value);
      return;
    }
    case 'quantity':
      change(pick<Item>(graph['datapoints'], m.index)?.['quantity'], KEYS.quantity[m.key % KEYS.quantity.length]!, m.value);
      return;
    case 'input':
      change(pick(pick<Item>(graph['components'], m.index)?.['inputs'], m.inner), KEYS.input[m.key % KEYS.input.length]!, m.value);
      return;
    case 'attribution':
      change(
        pick(pick<Item>(graph['ghg_entries'], m.index)?.['component_attributions'], m.inner),
        KEYS.attribution[m.key % KEYS.attribution.length]!,
        m.value,
      );
      return;
  }
}

const documents = fc
  .record({ base: fc.nat(BASES.length - 1), mutations: fc.array(mutation, { maxLength: 3 }) })
  .map(({ base, mutations }) => {
    const graph = BASES[base]!() as unknown as Record<string, unknown>;
    for (const m of mutations) apply(graph, m);
    return graph;
  });

describe('the fast path of prepareGraph', () => {
  it('accepts only documents zod accepts, with an equal value, and never changes an outcome', () => {
    let shared = 0;
    let copied = 0;
    let rejected = 0;
    fc.assert(
      fc.property(documents, (document) => {
        const fast = safeParseRemovalGraph(document, true);
        const zod = removalGraphSchema.safeParse(document);
        expect(fast.success).toBe(zod.success);
        if (fast.success && zod.success) {
          if (fast.sharesCallerItems) {
            shared++;
            const given = document as { datapoints: unknown[] };
            expect(fast.data.datapoints).not.toBe(given.datapoints);
            fast.data.datapoints.forEach((item, d) => expect(item).toBe(given.datapoints[d]));
          } else copied++;
          // Same value as zod's copy: same keys (undefined ones included), types and prototypes.
          expect(fast.data).toStrictEqual(zod.data);
        } else {
          rejected++;
          if (!fast.success && !zod.success) expect(fast.error.issues).toEqual(zod.error.issues);
        }
        expect(outcomeOf(prepareGraphDocument(document, undefined, true))).toEqual(
          outcomeOf(prepareGraphDocument(document, undefined, false)),
        );
      }),
      { seed: 707, numRuns: 3000 },
    );
    // Both ways were taken, and often. Documents are strict, so zod copies an item instead of
    // sharing it only when the item is not a plain object (a prototype trick), which is rare.
    expect(shared).toBeGreaterThan(300);
    expect(copied).toBeGreaterThan(5);
    expect(rejected).toBeGreaterThan(300);
  });

  it('agrees with zod for every single-field edit with an edge value (exhaustive)', () => {
    const targets = ['datapoint', 'quantity', 'component', 'input', 'attribution', 'entry'] as const;
    let shared = 0;
    let checked = 0;
    for (let base = 0; base < BASES.length; base++) {
      for (const target of targets) {
        for (let key = 0; key < KEYS[target].length; key++) {
          for (const value of [...EDGE_NUMBERS, ...STRINGS, ...SHAPES]) {
            for (const index of [0, 1]) {
              const document = BASES[base]!() as unknown as Record<string, unknown>;
              apply(document, { target, index, inner: index, key, value });
              const fast = safeParseRemovalGraph(document, true);
              const zod = removalGraphSchema.safeParse(document);
              expect(fast.success).toBe(zod.success);
              if (fast.success && zod.success) expect(fast.data).toStrictEqual(zod.data);
              if (fast.success && fast.sharesCallerItems) shared++;
              expect(outcomeOf(prepareGraphDocument(document, undefined, true))).toEqual(
                outcomeOf(prepareGraphDocument(document, undefined, false)),
              );
              checked++;
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(4000);
    expect(shared).toBeGreaterThan(500);
    // About 7,000 preparations: more than the default minute on a busy shared machine.
  }, 180_000);

  it('agrees with zod on arbitrary documents and arbitrary items', () => {
    const items = fc.array(fc.oneof(fc.anything(), values), { maxLength: 4 });
    const junk = fc.oneof(
      fc.anything(),
      fc.record({ component_blueprints: fc.constant([]), datapoints: items, components: items, ghg_entries: items }),
      fc.record(
        { component_blueprints: fc.anything(), datapoints: fc.constant([]), components: fc.constant([]), ghg_entries: fc.constant([]) },
        { requiredKeys: [] },
      ),
    );
    fc.assert(
      fc.property(junk, (document) => {
        const fast = safeParseRemovalGraph(document, true);
        const zod = removalGraphSchema.safeParse(document);
        expect(fast.success).toBe(zod.success);
        if (fast.success && zod.success) expect(fast.data).toStrictEqual(zod.data);
        expect(outcomeOf(prepareGraphDocument(document, undefined, true))).toEqual(
          outcomeOf(prepareGraphDocument(document, undefined, false)),
        );
      }),
      { seed: 708, numRuns: 800 },
    );
  });

  it('takes the fast path for a JSON document, and copies an item that is not a plain object', () => {
    const document = JSON.parse(JSON.stringify(richGraph())) as Record<string, unknown[]>;
    const prepared = prepareGraphDocument(document, undefined, true);
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.issues));
    // The caller's items, in arrays of their own.
    for (const name of ['datapoints', 'components', 'ghg_entries'] as const) {
      expect(prepared.prepared.graph[name]).not.toBe(document[name]);
      expect(prepared.prepared.graph[name]).toHaveLength(document[name]!.length);
      prepared.prepared.graph[name].forEach((item, i) => expect(item).toBe(document[name]![i]));
    }
    // Blueprints, statements and projects are zod's copies (defaults applied).
    expect(prepared.prepared.graph.component_blueprints).not.toBe(document['component_blueprints']);
    expect(prepared.prepared.graph.ghg_statements?.[0]?.status).toBe('DRAFT');

    // An object whose prototype is not Object.prototype: zod reads it and returns a plain copy.
    const own = document['datapoints']![0] as object;
    document['datapoints']![0] = Object.assign(Object.create(Object.create(Object.prototype) as object) as object, own);
    const copied = prepareGraphDocument(document, undefined, true);
    if (!copied.ok) throw new Error(JSON.stringify(copied.issues));
    expect(copied.prepared.graph.datapoints[0]).not.toBe(document['datapoints']![0]);
    expect(Object.getPrototypeOf(copied.prepared.graph.datapoints[0])).toBe(Object.prototype);
    expect(outcomeOf(copied)).toEqual(outcomeOf(prepareGraphDocument(document, undefined, false)));

    // A key the schema does not define is refused both ways, with the same problem.
    (document['datapoints']![1] as { quantity: Record<string, unknown> }).quantity['note'] = 'unknown';
    const refused = prepareGraphDocument(document, undefined, true);
    expect(refused).toEqual(prepareGraphDocument(document, undefined, false));
    expect(refused.ok ? [] : refused.issues).toEqual([
      {
        path: ['datapoints', 1, 'quantity', 'note'],
        code: 'unrecognized_key',
        message: "unknown key 'note' at datapoints[1].quantity; the keys there are 'magnitude', 'unit', 'standard_deviation'",
      },
    ]);
  });

  it('reports the same problems, in the same order, as zod alone and then the checks of what is readable', () => {
    const document = JSON.parse(JSON.stringify(richGraph())) as {
      datapoints: { quantity: Record<string, unknown> }[];
      ghg_entries: { id: unknown }[];
    };
    document.datapoints[1]!.quantity['magnitude'] = 'ten';
    document.ghg_entries[1]!.id = 7;
    const fast = prepareGraphDocument(document, undefined, true);
    const zod = removalGraphSchema.safeParse(document);
    expect(fast.ok).toBe(false);
    expect(zod.success).toBe(false);
    if (fast.ok || zod.success) return;
    expect(fast.issues.map((i) => i.path)).toEqual([
      ['datapoints', 1, 'quantity', 'magnitude'],
      ['ghg_entries', 1, 'id'],
      // The statement lists the entry by the id it no longer has.
      ['ghg_statements', 0, 'removal_ids', 1],
    ]);
    expect(fast.issues.slice(0, 2)).toEqual(zod.error.issues.map((i) => ({ path: i.path, code: i.code, message: i.message })));
    expect(fast).toEqual(prepareGraphDocument(document, undefined, false));
  });
});

describe('a prepared graph does not depend on the caller’s document', () => {
  it('evaluates the same after every datapoint, component and entry of the document is changed', () => {
    const document = JSON.parse(JSON.stringify(richGraph())) as Record<string, unknown>;
    const prepared = prepareGraphDocument(document, undefined, true);
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.issues));
    expect(prepared.prepared.graph.datapoints[0]).toBe((document['datapoints'] as unknown[])[0]); // the shared case
    const before = evaluatePreparedGraph(prepared.prepared);
    const beforeWithoutPropagation = evaluatePreparedGraph(prepared.prepared, { propagate: false });
    const reportBefore = explainPreparedGhgEntry(prepared.prepared, rmv('two'));
    expect(before.ok).toBe(true);
    expect(reportBefore.ok).toBe(true);

    type Loose = Record<string, unknown> & {
      quantity: Record<string, unknown>;
      inputs: Record<string, unknown>[];
      component_attributions: Record<string, unknown>[];
    };
    for (const d of document['datapoints'] as Loose[]) {
      d['id'] = `${String(d['id'])}_renamed`;
      d.quantity['magnitude'] = 1234;
      d.quantity['unit'] = 'kg';
      d.quantity['standard_deviation'] = 99;
    }
    for (const c of document['components'] as Loose[]) {
      c['id'] = 'cmp_other';
      c['blueprint_key'] = 'emit';
      for (const input of c.inputs) {
        input['input_key'] = 'm';
        input['datapoint_ids'] = [dtp('x')];
      }
    }
    for (const e of document['ghg_entries'] as Loose[]) {
      e['id'] = 'rmv_other';
      e['risk_of_reversal_percentage'] = 50;
      for (const a of e.component_attributions) a['attribution_factor'] = 0.01;
      e.component_attributions.reverse();
    }
    (document['ghg_entries'] as unknown[]).push({ id: rmv('late'), component_attributions: [] });
    (document['datapoints'] as unknown[]).length = 1;
    (document['components'] as unknown[]).splice(0, 2);
    document['ghg_statements'] = undefined;
    document['projects'] = [];

    expect(evaluatePreparedGraph(prepared.prepared)).toEqual(before);
    expect(evaluatePreparedGraph(prepared.prepared, { propagate: false })).toEqual(beforeWithoutPropagation);
    // Reports too: their figures come from the prepared graph, and the display names and
    // justifications they read from the caller's items were left alone here.
    expect(explainPreparedGhgEntry(prepared.prepared, rmv('two'))).toEqual(reportBefore);
    // And the same as preparing an untouched copy.
    const fresh = prepareGraphDocument(JSON.parse(JSON.stringify(richGraph())), undefined, false);
    if (!fresh.ok) throw new Error(JSON.stringify(fresh.issues));
    expect(evaluatePreparedGraph(fresh.prepared)).toEqual(before);
  });
});
