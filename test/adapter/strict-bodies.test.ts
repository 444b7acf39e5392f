/**
 * Request bodies are strict (semantics.md 7): an unknown key anywhere in a body is a 422 of type
 * `extra_forbidden` at its `loc`, every 422 item carries the five fields (ctx `{}` when there is
 * nothing to add), and the OpenAPI's "not provided" value `{"__typename": "Undefined"}` is read as
 * a field that was not sent wherever the OpenAPI declares it, and refused elsewhere. World
 * documents are strict too, naming the unknown key, its path and the nearest known key.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ID_PREFIXES } from '../../src/model';
import { ROUTES } from '../../src/adapter/resources/routes';
import { createSandbox } from '../../src/adapter/sandbox';
import type { SandboxResponse } from '../../src/adapter/types';
import { Client, DEMO_WORLD, datapointBody, demoSandbox, IDS } from './fixtures';

interface Item {
  readonly type: string;
  readonly loc: readonly (string | number)[];
  readonly msg: string;
  readonly input: unknown;
  readonly ctx: Record<string, unknown>;
}

function items(response: SandboxResponse): Item[] {
  expect(response.status, JSON.stringify(response.body)).toBe(422);
  const detail = (response.body as { detail: Item[] }).detail;
  for (const item of detail) expect(Object.keys(item).sort()).toEqual(['ctx', 'input', 'loc', 'msg', 'type']);
  return detail;
}

/** A syntactically valid id of every kind, to fill path parameters. */
const FAKE_IDS = Object.values(ID_PREFIXES).map((prefix) => `${prefix}_01ZZZZZZZZZZZZZZZZZZZZZZ`);

/** A path of `template` whose parameters pass the route's path schema. */
function pathOf(route: (typeof ROUTES)[number]): string {
  return route.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const schema = route.schemas.path;
    const fit = FAKE_IDS.find(
      (id) => schema === undefined || !(schema.safeParse({ [name]: id }).error?.issues ?? []).some((i) => i.path[0] === name),
    );
    return fit ?? 'x';
  });
}

describe('strict request bodies', () => {
  const bodyRoutes = ROUTES.filter((r) => r.schemas.body !== undefined);

  test('every route with a body refuses an unknown top-level key as extra_forbidden at its loc', async () => {
    expect(bodyRoutes.length).toBeGreaterThan(25);
    const client = new Client(demoSandbox());
    for (const route of bodyRoutes) {
      const response = await client.request('supplierA', route.method, pathOf(route), { zz_not_a_field: 1 });
      expect(response.status, `${route.method} ${pathOf(route)}`).toBe(422);
      const found = items(response).filter((i) => i.type === 'extra_forbidden');
      expect(found, `${route.method} ${route.path}`).toEqual([
        { type: 'extra_forbidden', loc: ['body', 'zz_not_a_field'], msg: 'Extra inputs are not permitted', input: 1, ctx: {} },
      ]);
    }
  });

  test('any unknown key, at the top or inside a nested quantity, is refused and nothing is created', async () => {
    const known = new Set([
      'supplier_reference_id',
      'display_name',
      'type',
      'quantity',
      'description',
      'source_ids',
      'project_id',
      'measured_at',
      'uncertainty_justification',
      'magnitude',
      'unit',
      'standard_deviation',
    ]);
    const key = fc.string({ minLength: 1, maxLength: 24 }).filter((k) => !known.has(k) && k !== '__proto__');
    await fc.assert(
      fc.asyncProperty(key, fc.boolean(), fc.jsonValue(), async (name, nested, value) => {
        const sandbox = demoSandbox();
        const before = sandbox.state.snapshot();
        const body = datapointBody('strict-dp', 3, 't', 0.1);
        const sent = nested ? { ...body, quantity: { ...body.quantity, [name]: value } } : { ...body, [name]: value };
        // The 422 body as it goes over the wire (JSON has no -0: fc.jsonValue() may draw one).
        const detail = JSON.parse(
          JSON.stringify(items(await new Client(sandbox).post('supplierA', '/mrv/v0/datapoints', sent))),
        ) as unknown;
        const loc = nested ? ['body', 'quantity', name] : ['body', name];
        expect(detail).toEqual([
          {
            type: 'extra_forbidden',
            loc,
            // A key near a field the body lacks (measured_at, uncertainty_justification) names it.
            msg: expect.stringMatching(/^Extra inputs are not permitted(; did you mean '(measured_at|uncertainty_justification)'\?)?$/),
            input: JSON.parse(JSON.stringify(value)) as unknown,
            ctx: {},
          },
        ]);
        expect(sandbox.state.snapshot()).toBe(before);
      }),
      { numRuns: 40 },
    );
  });

  test('a misspelled key is refused, never read as absent (a removal with risk_of_reversal)', async () => {
    const client = new Client(demoSandbox());
    const detail = items(
      await client.post('supplierA', '/mrv/v0/feedstock_batches', {
        delivery_date: '2026-02-20',
        display_name: 'lot',
        feedstock_type_id: IDS.feedstockType,
        mass: { magnitude: 40, unit: 't', standard_devation: 1 },
        supplier_reference_id: 'lot-x',
      }),
    );
    expect(detail.map((i) => [i.type, i.loc])).toEqual([['extra_forbidden', ['body', 'mass', 'standard_devation']]]);
  });

  test("a misspelled key's message names the nearest field the body lacks, in pydantic's shape; nothing is created", async () => {
    const client = new Client(demoSandbox());
    const before = client.sandbox.state.snapshot();
    const batch = {
      delivery_date: '2026-02-20',
      feedstock_type_id: IDS.feedstockType,
      mass: { magnitude: 40, unit: 't' },
      supplier_reference_id: 'lot-y',
    };
    const response = await client.post('supplierA', '/mrv/v0/feedstock_batches', { ...batch, display_nme: 'Lot 3' });
    expect(response.status).toBe(422);
    expect(items(response)).toEqual([
      { type: 'missing', loc: ['body', 'display_name'], msg: 'Field required', input: { ...batch, display_nme: 'Lot 3' }, ctx: {} },
      {
        type: 'extra_forbidden',
        loc: ['body', 'display_nme'],
        msg: "Extra inputs are not permitted; did you mean 'display_name'?",
        input: 'Lot 3',
        ctx: {},
      },
    ]);
    // A field the body has already is no hint (display_name given, display_nme extra); nor is a name too far from any field.
    const both = items(
      await client.post('supplierA', '/mrv/v0/feedstock_batches', { ...batch, display_name: 'Lot 3', display_nme: 'x', colour: 'red' }),
    );
    expect(both.map((i) => [i.loc, i.msg])).toEqual([
      [['body', 'display_nme'], 'Extra inputs are not permitted'],
      [['body', 'colour'], 'Extra inputs are not permitted'],
    ]);
    expect(client.sandbox.state.snapshot()).toBe(before);
  });

  test('a misspelled query parameter is ignored, as FastAPI ignores it: the list answers as if it were not sent', async () => {
    const client = new Client(demoSandbox());
    const all = await client.ok('supplierA', 'GET', '/mrv/v0/datapoints?first=50');
    expect(await client.ok('supplierA', 'GET', '/mrv/v0/datapoints?first=50&quantity_knd=mass')).toEqual(all);
    const masses = await client.ok<{ total_count: number }>('supplierA', 'GET', '/mrv/v0/datapoints?first=50&quantity_kind=mass');
    expect(masses.total_count).toBeLessThan((all as { total_count: number }).total_count);
  });

  test('every 422 item carries type, loc, msg, input and ctx ({} when there is nothing to add)', async () => {
    const client = new Client(demoSandbox());
    const detail = items(await client.post('supplierA', '/mrv/v0/datapoints', { display_name: 5, quantity: 'x', zz: true }));
    expect(detail.length).toBeGreaterThan(3);
    expect(detail.find((i) => i.type === 'missing')?.ctx).toEqual({});
    expect(detail.find((i) => i.type === 'string_type')?.ctx).toEqual({});
  });
});

describe('the "not provided" value {"__typename": "Undefined"}', () => {
  const UNDEFINED = { __typename: 'Undefined' };

  test('is "not sent" wherever the OpenAPI declares it: a PATCH of only such values changes nothing', async () => {
    const client = new Client(demoSandbox());
    const created = await client.ok<Record<string, unknown>>(
      'supplierA',
      'POST',
      '/mrv/v0/datapoints',
      datapointBody('undef-dp', 3, 't', 0.1),
    );
    const patched = await client.ok('supplierA', 'PATCH', `/mrv/v0/datapoints/${String(created.id)}`, {
      type: UNDEFINED,
      display_name: UNDEFINED,
      description: UNDEFINED,
      quantity: UNDEFINED,
      source_ids: UNDEFINED,
      uncertainty_justification: UNDEFINED,
    });
    expect(patched).toEqual(created);
  });

  test('a create takes it for an optional field: the storage method falls back to its default', async () => {
    const client = new Client(demoSandbox());
    const location = await client.ok<{ storage_method: string; description: string | null }>(
      'supplierA',
      'POST',
      `/mrv/v0/projects/${IDS.projectA}/storage_locations`,
      {
        project_id: IDS.projectA,
        name: 'field-u',
        storage_method: UNDEFINED,
        description: UNDEFINED,
        supplier_reference_id: UNDEFINED,
        latitude: 52.4,
        longitude: 13.1,
      },
    );
    expect(location).toMatchObject({ storage_method: 'biochar_field', description: null });
  });

  test('is refused where the OpenAPI does not declare it', async () => {
    const client = new Client(demoSandbox());
    const detail = items(
      await client.post('supplierA', '/mrv/v0/datapoints', { ...datapointBody('undef-x', 3, 't'), display_name: UNDEFINED }),
    );
    expect(detail.map((i) => [i.type, i.loc])).toEqual([['string_type', ['body', 'display_name']]]);
    // Only exactly {"__typename": "Undefined"}: another typename, or an extra key, is a value like any other.
    const other = items(
      await client.patch('supplierA', `/mrv/v0/datapoints/${IDS.energyA}`, { display_name: { __typename: 'Undefined', x: 1 } }),
    );
    expect(other.map((i) => i.loc)).toEqual([['body', 'display_name']]);
  });
});

describe('strict world documents', () => {
  test('an unknown key is refused with its path and the nearest known key, with every other problem', () => {
    const datapoints = (DEMO_WORLD.datapoints ?? []).map((d, i) =>
      i === 2 ? { ...d, quantity: { ...d.quantity, standard_devation: 0.1 } } : d,
    );
    const projects = (DEMO_WORLD.projects ?? []).map((p, i) => (i === 0 ? { ...p, risk_of_reversal_percent: 5 } : p));
    const world = { ...DEMO_WORLD, datapoints, projects, organisations: [...(DEMO_WORLD.organisations ?? []), { id: 'bad', name: 'x' }] };
    let message = '';
    try {
      createSandbox({ world });
    } catch (error) {
      message = (error as Error).message;
      expect((error as { issues: { code: string }[] }).issues.filter((i) => i.code === 'unrecognized_key')).toHaveLength(2);
    }
    expect(message).toContain("unknown key 'standard_devation' at datapoints[2].quantity; did you mean 'standard_deviation'?");
    expect(message).toContain("unknown key 'risk_of_reversal_percent' at projects[0]; did you mean 'risk_of_reversal_percentage'?");
    expect(message).toMatch(/organisations\[5\]\.id/);
  });

  test('an unknown collection at the top is named too', () => {
    expect(() => createSandbox({ world: { ...DEMO_WORLD, datapoint: [] } as never })).toThrow(
      "unknown key 'datapoint' at the top of the document; did you mean 'datapoints'?",
    );
  });
});
