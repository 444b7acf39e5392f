/**
 * Every quantity the service is given is checked like a datapoint's (semantics.md 7): for each
 * ScalarQuantity field of a request, a unit that cannot be read (`banana`) and a unit of the wrong
 * kind are each a 422 at the field's `unit`, with the units module's message naming the unit and
 * the kind, and nothing is created. World documents are held to the same check.
 */
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { QUANTITY_FIELDS } from '../../src/adapter/resources';
import { ROUTES } from '../../src/adapter/resources/routes';
import { createSandbox } from '../../src/adapter/sandbox';
import { requestQuantitySchema } from '../../src/model/requests';
import { isCompatible } from '../../src/units';
import type { QuantityKind } from '../../src/model';
import { Client, DEMO_WORLD, datapointBody, demoSandbox, IDS, loaderDieselBody, sampleBody } from './fixtures';

type Body = Record<string, unknown>;

/** A request that creates a resource with quantities: its route and a valid body. */
interface Case {
  readonly resource: keyof typeof QUANTITY_FIELDS;
  readonly path: string;
  readonly body: (client: Client) => Promise<Body>;
}

const CASES: readonly Case[] = [
  {
    resource: 'feedstock_batch',
    path: '/mrv/v0/feedstock_batches',
    body: async () => ({
      delivery_date: '2026-02-20',
      display_name: 'Residues',
      feedstock_type_id: IDS.feedstockType,
      mass: { magnitude: 40, unit: 't', standard_deviation: 1 },
      supplier_reference_id: 'q-lot',
    }),
  },
  {
    resource: 'production_batch',
    path: '/mrv/v0/production_batches',
    body: async () => ({
      facility_id: IDS.facility,
      feedstock_type_ids: [IDS.feedstockType],
      supplier_reference_id: 'q-pb',
      kind: 'biochar',
      started_at: '2026-04-01T00:00:00Z',
      ended_at: '2026-04-02T00:00:00Z',
      mass: { magnitude: 3.2, unit: 't', standard_deviation: null },
    }),
  },
  {
    resource: 'biochar_application',
    path: '/mrv/v0/biochar_applications',
    body: async (client) => {
      const site = await client.ok<{ id: string }>('supplierA', 'POST', `/mrv/v0/projects/${IDS.projectA}/storage_locations`, {
        project_id: IDS.projectA,
        name: 'q-field',
        latitude: 52.4,
        longitude: 13.1,
      });
      return {
        application_date: '2026-04-02',
        average_application_rate: { magnitude: 5, unit: 't/ha', standard_deviation: 0.2 },
        production_batch_id: IDS.productionBatch,
        project_id: IDS.projectA,
        storage_site_id: site.id,
        supplier_reference_id: 'q-spread',
        truck_mass_on_arrival: { magnitude: 26, unit: 't' },
        truck_mass_on_departure: { magnitude: 14, unit: 't' },
      };
    },
  },
];

/** A unit of another kind than `kind`, that reads. */
function wrongUnitFor(kind: QuantityKind): string {
  return ['kWh', 'm', 'degC', 'L'].find((unit) => !isCompatible(unit, kind).ok) as string;
}

async function refused(client: Client, path: string, body: Body, field: readonly (string | number)[], unit: string, kind: QuantityKind) {
  const before = client.sandbox.state.snapshot();
  const response = await client.post('supplierA', path, body);
  expect(response.status, JSON.stringify(response.body)).toBe(422);
  const detail = (response.body as { detail: { loc: unknown[]; msg: string; input: unknown; type: string; ctx: unknown }[] }).detail;
  const expected = isCompatible(unit, kind);
  expect(expected.ok).toBe(false);
  expect(detail).toEqual([
    {
      type: 'value_error',
      loc: ['body', ...field, 'unit'],
      msg: `Value error, ${(expected as { message: string }).message}`,
      input: unit,
      ctx: { error: (expected as { message: string }).message },
    },
  ]);
  expect(detail[0]?.msg).toContain(`'${unit}'`);
  expect(client.sandbox.state.snapshot()).toBe(before);
}

describe('every quantity field of the service checks its unit and kind', () => {
  for (const c of CASES) {
    for (const [field, kind] of Object.entries(QUANTITY_FIELDS[c.resource]) as [string, QuantityKind][]) {
      test(`${c.resource}.${field} (${kind}): an unreadable unit and a unit of the wrong kind are 422 at its unit`, async () => {
        const client = new Client(demoSandbox());
        const body = await c.body(client);
        const quantity = body[field] as Body;
        for (const unit of ['banana', wrongUnitFor(kind)])
          await refused(client, c.path, { ...body, [field]: { ...quantity, unit } }, [field], unit, kind);
        // The valid body itself is accepted, with the quantity as given.
        const created = await client.ok(`supplierA`, 'POST', c.path, body);
        expect(created[field]).toEqual({ standard_deviation: null, ...quantity });
      });
    }
  }

  test('an impossible value (a negative mass) and a negative standard deviation are 422 at the field, naming the kind and the bound', async () => {
    const client = new Client(demoSandbox());
    const feedstock = CASES[0] as Case;
    const body = await feedstock.body(client);
    const before = client.sandbox.state.snapshot();
    const negative = await client.post('supplierA', feedstock.path, {
      ...body,
      mass: { magnitude: -12, unit: 't', standard_deviation: null },
    });
    expect(negative.status).toBe(422);
    const detail = (negative.body as { detail: { loc: unknown[]; msg: string }[] }).detail;
    expect(detail.map((d) => d.loc)).toEqual([['body', 'mass', 'magnitude']]);
    expect(detail[0]?.msg).toContain("-12 t is outside the physical bounds of quantity kind 'mass': it must be at least 0 t");
    const sd = await client.post('supplierA', feedstock.path, { ...body, mass: { magnitude: 12, unit: 't', standard_deviation: -1 } });
    expect(sd.status).toBe(422);
    expect((sd.body as { detail: { loc: unknown[] }[] }).detail.map((d) => d.loc)).toEqual([['body', 'mass', 'standard_deviation']]);
    expect(client.sandbox.state.snapshot()).toBe(before);
  });

  test('a datapoint with an impossible value for the input a component feeds it to is refused (422)', async () => {
    const client = new Client(demoSandbox());
    await client.ok('supplierA', 'POST', '/mrv/v0/components', loaderDieselBody('q-component-bounds'));
    const negative = await client.patch('supplierA', `/mrv/v0/datapoints/${IDS.dieselA}`, {
      quantity: { magnitude: -180, unit: 'l', standard_deviation: null },
    });
    expect(negative.status).toBe(422);
    expect(JSON.stringify(negative.body)).toMatch(/below the physical bound 0 l of quantity kind 'volume'/);
  });

  test("measurement sample values: the unit must be of the value's measured kind", async () => {
    const client = new Client(demoSandbox());
    const body = sampleBody('q-sample');
    const value = body.values[0] as { value: Body; measurement_property: { quantity_kind: QuantityKind } };
    const kind = value.measurement_property.quantity_kind;
    for (const unit of ['banana', wrongUnitFor(kind)]) {
      await refused(
        client,
        '/mrv/v0/measurement_samples',
        { ...body, values: [{ ...value, value: { ...value.value, unit } }] },
        ['values', 0, 'value'],
        unit,
        kind,
      );
    }
  });

  test('datapoints: an unreadable unit is 422 at quantity.unit on create and on change; a wrong kind where a component uses it', async () => {
    const client = new Client(demoSandbox());
    const create = await client.post('supplierA', '/mrv/v0/datapoints', datapointBody('q-dp', 3, 'banana'));
    expect(create.status).toBe(422);
    expect((create.body as { detail: { loc: unknown[]; msg: string }[] }).detail).toMatchObject([
      { loc: ['body', 'quantity', 'unit'], msg: "Value error, unknown unit 'banana': no unit named 'banana'" },
    ]);
    const patch = await client.patch('supplierA', `/mrv/v0/datapoints/${IDS.dieselA}`, {
      quantity: { magnitude: 1, unit: 'banana', standard_deviation: null },
    });
    expect(patch.status).toBe(422);
    // Once a component feeds the diesel datapoint to a volume input, a mass unit is refused, naming the unit and the kind.
    await client.ok('supplierA', 'POST', '/mrv/v0/components', loaderDieselBody('q-component'));
    const wrongKind = await client.patch('supplierA', `/mrv/v0/datapoints/${IDS.dieselA}`, {
      quantity: { magnitude: 1, unit: 'kg', standard_deviation: null },
    });
    expect(wrongKind.status).toBe(422);
    expect(JSON.stringify(wrongKind.body)).toMatch(/'kg'.*volume|volume.*'kg'/);
  });

  test('a component fed a datapoint of the wrong kind is refused naming the new component by its place in the request, or a stored one by its id', async () => {
    const client = new Client(demoSandbox());
    const body = {
      ...loaderDieselBody('q-wrong-kind'),
      inputs: [
        { input_key: 'volume', datapoint_ids: [IDS.dryMassA] },
        { input_key: 'emission_factor', datapoint_ids: ['dtp_01JA0DIESELFACTOR000'] },
      ],
    };
    const created = await client.post('supplierA', '/mrv/v0/components', body);
    expect(created.status).toBe(422);
    const messages = (created.body as { detail: { msg: string }[] }).detail.map((d) => d.msg);
    expect(messages).toEqual([expect.stringMatching(/of the new component at body expects quantity kind 'volume'/)]);
    expect(JSON.stringify(created.body)).not.toContain('cmp_checked');
    const stored = await client.ok<{ id: string }>('supplierA', 'POST', '/mrv/v0/components', loaderDieselBody('q-right-kind'));
    const changed = await client.patch('supplierA', `/mrv/v0/components/${stored.id}`, { inputs: body.inputs });
    expect(changed.status).toBe(422);
    expect(JSON.stringify(changed.body)).toContain(`of component '${stored.id}' expects quantity kind 'volume'`);
    expect(JSON.stringify(changed.body)).not.toContain('cmp_checked');
  });

  test("the empty unit is Pint's dimensionless: a datapoint may carry it, and a mass field refuses it naming the kind", async () => {
    const client = new Client(demoSandbox());
    const create = await client.post('supplierA', '/mrv/v0/datapoints', datapointBody('q-dp-empty-unit', 0.8, ''));
    expect(create.status).toBe(200);
    expect((create.body as { quantity: { unit: string } }).quantity.unit).toBe('');
    const feedstock = CASES[0] as Case;
    const body = await feedstock.body(client);
    await refused(client, feedstock.path, { ...body, mass: { ...(body['mass'] as Body), unit: '' } }, ['mass'], '', 'mass');
  });

  test('every ScalarQuantity of a request body is a field listed in QUANTITY_FIELDS or a datapoint or sample value', () => {
    const found: string[] = [];
    const walk = (schema: z.ZodType, path: string): void => {
      if (schema === (requestQuantitySchema as z.ZodType)) {
        found.push(path);
        return;
      }
      const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
      if (schema instanceof z.ZodObject)
        for (const [key, child] of Object.entries(schema.shape as Record<string, z.ZodType>)) walk(child, `${path}.${key}`);
      for (const key of ['innerType', 'in', 'out', 'element']) if (def[key] instanceof z.ZodType) walk(def[key] as z.ZodType, path);
      if (Array.isArray(def.options)) for (const option of def.options as z.ZodType[]) walk(option, path);
    };
    for (const route of ROUTES) if (route.schemas.body !== undefined) walk(route.schemas.body, `${route.method} ${route.path}`);
    const listed = [
      ...Object.keys(QUANTITY_FIELDS.feedstock_batch).map((f) => `POST /mrv/v0/feedstock_batches.${f}`),
      ...Object.keys(QUANTITY_FIELDS.production_batch).map((f) => `POST /mrv/v0/production_batches.${f}`),
      ...Object.keys(QUANTITY_FIELDS.biochar_application).map((f) => `POST /mrv/v0/biochar_applications.${f}`),
    ];
    expect([...new Set(found)].sort()).toEqual(listed.sort());
  });
});

describe('one 422 lists the problems of the quantities with those of the other fields', () => {
  test('a feedstock batch with an impossible date and a mass in degC, then -1 t: both problems each time, nothing created', async () => {
    const client = new Client(demoSandbox());
    const before = client.sandbox.state.snapshot();
    const body = {
      delivery_date: '2026-02-30',
      display_name: 'x',
      feedstock_type_id: IDS.feedstockType,
      mass: { magnitude: 1, unit: 'degC' },
      supplier_reference_id: 'r1',
    };
    const response = await client.post('supplierA', '/mrv/v0/feedstock_batches', body);
    expect(response.status).toBe(422);
    const kind = isCompatible('degC', 'mass') as { message: string };
    expect((response.body as { detail: unknown[] }).detail).toEqual([
      {
        type: 'date_from_datetime_parsing',
        loc: ['body', 'delivery_date'],
        msg: 'Input should be a valid date or datetime, day value is outside expected range',
        input: '2026-02-30',
        ctx: { error: 'day value is outside expected range' },
      },
      {
        type: 'value_error',
        loc: ['body', 'mass', 'unit'],
        msg: `Value error, ${kind.message}`,
        input: 'degC',
        ctx: { error: kind.message },
      },
    ]);
    const negative = await client.post('supplierA', '/mrv/v0/feedstock_batches', { ...body, mass: { magnitude: -1, unit: 't' } });
    expect((negative.body as { detail: { loc: unknown[] }[] }).detail.map((d) => d.loc)).toEqual([
      ['body', 'delivery_date'],
      ['body', 'mass', 'magnitude'],
    ]);
    expect(client.sandbox.state.snapshot()).toBe(before);
  });

  test('every route with quantity fields declares them, and lists their problems beside a schema problem, in field order', async () => {
    const declared = ROUTES.filter((r) => r.schemas.quantities !== undefined).map((r) => [`${r.method} ${r.path}`, r.schemas.quantities]);
    expect(declared).toEqual([
      ['POST /mrv/v0/feedstock_batches', QUANTITY_FIELDS.feedstock_batch],
      ['POST /mrv/v0/production_batches', QUANTITY_FIELDS.production_batch],
      ['POST /mrv/v0/biochar_applications', QUANTITY_FIELDS.biochar_application],
    ]);
    for (const c of CASES) {
      const client = new Client(demoSandbox());
      const body = await c.body(client);
      const fields = Object.keys(QUANTITY_FIELDS[c.resource]);
      const wrong = Object.fromEntries(fields.map((f) => [f, { ...(body[f] as Body), unit: 'banana' }]));
      const response = await client.post('supplierA', c.path, { ...body, ...wrong, supplier_reference_id: '' });
      const locs = (response.body as { detail: { loc: unknown[] }[] }).detail.map((d) => JSON.stringify(d.loc));
      const expected = [...fields.map((f) => ['body', f, 'unit']), ['body', 'supplier_reference_id']].map((loc) => JSON.stringify(loc));
      expect(locs.sort(), c.path).toEqual(expected.sort());
      // In the order of the body's fields: each item after those of the fields declared before it.
      const order = Object.keys((ROUTES.find((r) => r.method === 'POST' && r.path === c.path)?.schemas.body as z.ZodObject).shape);
      const ranks = (response.body as { detail: { loc: string[] }[] }).detail.map((d) => order.indexOf(d.loc[1] as string));
      expect(ranks, c.path).toEqual([...ranks].sort((a, b) => a - b));
    }
  });
});

describe('world documents hold their quantities to the same check', () => {
  test('a production batch mass in banana or in kWh, and a sample value of the wrong kind, are refused with their paths', () => {
    const production_batches = (DEMO_WORLD.production_batches ?? []).map((b) => ({ ...b, mass: { ...b.mass, unit: 'banana' } }));
    expect(() => createSandbox({ world: { ...DEMO_WORLD, production_batches } })).toThrow(
      /production_batches\[0\]\.mass\.unit: unknown unit 'banana'/,
    );
    const inKwh = (DEMO_WORLD.production_batches ?? []).map((b) => ({ ...b, mass: { ...b.mass, unit: 'kWh' } }));
    expect(() => createSandbox({ world: { ...DEMO_WORLD, production_batches: inKwh } })).toThrow(
      /production_batches\[0\]\.mass\.unit: unit 'kWh' is not a unit of quantity kind 'mass'/,
    );
    const sample = (DEMO_WORLD.measurement_samples ?? [])[0];
    if (sample === undefined || sample.values === undefined) throw new Error('the demo world has a measurement sample with values');
    const measurement_samples = [
      {
        ...sample,
        values: sample.values.map((v) => ({ ...v, measurement_property: { ...v.measurement_property, quantity_kind: 'energy' as const } })),
      },
    ];
    expect(() => createSandbox({ world: { ...DEMO_WORLD, measurement_samples } })).toThrow(
      /measurement_samples\[0\]\.values\[0\]\.datapoint_id: .*quantity kind 'energy'/,
    );
  });

  test('a datapoint in banana is refused with its path', () => {
    const datapoints = (DEMO_WORLD.datapoints ?? []).map((d, i) => (i === 0 ? { ...d, quantity: { ...d.quantity, unit: 'banana' } } : d));
    expect(() => createSandbox({ world: { ...DEMO_WORLD, datapoints } })).toThrow(/datapoints\[0\]\.quantity\.unit: unknown unit 'banana'/);
  });
});
