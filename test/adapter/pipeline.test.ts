import { describe, expect, test } from 'vitest';
import { createSandbox } from '../../src/adapter/sandbox';
import { Client, demoSandbox, expect422, IDS, SECRET, TOKENS } from './fixtures';

const auth = { 'x-client-secret': SECRET, authorization: `Bearer ${TOKENS.supplierA}` };

describe('routing', () => {
  test('an unknown path is 404 Not Found', async () => {
    const sandbox = demoSandbox();
    for (const path of ['/mrv/v0/nothing', '/mrv/v1/datapoints', '/registry/v0/removals', '/mrv/v0/datapoints/', '/docs/nothing', '/mrv']) {
      const response = await sandbox.handle({ method: 'GET', path, headers: auth });
      expect(response.status, path).toBe(404);
      expect(response.body).toEqual({ detail: 'Not Found' });
    }
  });

  test('GET /, /docs and the bare API prefixes point to /openapi.json and list the routes, without credentials', async () => {
    const sandbox = demoSandbox();
    const root = await sandbox.handle({ method: 'GET', path: '/' });
    expect(root.status).toBe(200);
    const body = root.body as { openapi: string; detail: string; routes: string[] };
    expect(body.openapi).toBe('/openapi.json');
    expect(body.detail).toContain('/openapi.json');
    expect(body.routes).toContain('POST /mrv/v0/datapoints');
    expect(body.routes).toContain('GET /registry/v0/credit_batches/{id}');
    expect(body.routes.length).toBeGreaterThanOrEqual(125);
    expect((await sandbox.handle({ method: 'GET', path: '/docs' })).body).toEqual(body);
    for (const prefix of ['/mrv/v0', '/registry/v0/', '/sandbox/v0']) {
      const answer = await sandbox.handle({ method: 'GET', path: prefix, headers: auth });
      expect(answer.status, prefix).toBe(200);
      const routes = (answer.body as { routes: string[] }).routes;
      expect(routes.length, prefix).toBeGreaterThan(0);
      for (const route of routes) expect(route.split(' ')[1]?.startsWith(`${prefix.replace(/\/$/, '')}/`), route).toBe(true);
    }
    // Other methods there are not documents: the router answers as before.
    expect((await sandbox.handle({ method: 'POST', path: '/', headers: auth })).status).toBe(404);
  });

  test('a known path with another method is 405 with an allow header', async () => {
    const sandbox = demoSandbox();
    const response = await sandbox.handle({ method: 'PUT', path: '/mrv/v0/datapoints', headers: auth });
    expect(response.status).toBe(405);
    expect(response.body).toEqual({ detail: 'Method Not Allowed' });
    expect(response.headers.allow?.split(', ').sort()).toEqual(['GET', 'POST']);
  });

  test('methods are case-insensitive and the query string is split off', async () => {
    const client = new Client(demoSandbox());
    const response = await client.sandbox.handle({ method: 'get', path: '/mrv/v0/component_blueprints?first=2', headers: auth });
    expect(response.status).toBe(200);
    expect((response.body as { nodes: unknown[] }).nodes).toHaveLength(2);
  });

  test('test helpers exist only under /sandbox/v0', async () => {
    const sandbox = demoSandbox();
    for (const path of ['/mrv/v0/clock', '/registry/v0/clock', '/mrv/v0/ghg_statements/ggs_01ZZZZZZZZZZZZZZZZZZZZZZZZ/verify']) {
      expect((await sandbox.handle({ method: 'GET', path, headers: auth })).status).toBe(404);
    }
    expect((await sandbox.handle({ method: 'GET', path: '/sandbox/v0/clock', headers: auth })).status).toBe(200);
  });

  test('percent-encoded path parameters are decoded; malformed encoding is 404', async () => {
    const sandbox = demoSandbox();
    const encoded = await sandbox.handle({ method: 'GET', path: '/mrv/v0/component_blueprints/road%5Ftransport', headers: auth });
    expect(encoded.status).toBe(200);
    const malformed = await sandbox.handle({ method: 'GET', path: '/mrv/v0/datapoints/%E0%A4%A', headers: auth });
    expect(malformed.status).toBe(404);
  });
});

describe('bodies', () => {
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    demoSandbox().handle({ method: 'POST', path: '/mrv/v0/feedstock_batches', headers: { ...auth, ...headers }, body });

  test('malformed JSON is a 422 json_invalid at the offset, with the decoder reason', async () => {
    const cases: [string, number, string][] = [
      ['{"a": }', 6, 'Expecting value'],
      ['{"a" 1}', 5, "Expecting ':' delimiter"],
      ['{"a": 1,}', 8, 'Expecting property name enclosed in double quotes'],
      ['{"a": 1} x', 9, 'Extra data'],
      ['[1, 2', 5, "Expecting ',' delimiter"],
      ['{"a": "b', 6, 'Unterminated string starting at'],
      ['{"a": NaN}', 6, 'Expecting value'],
    ];
    for (const [text, position, reason] of cases) {
      const response = await post(text);
      expect(response.status, text).toBe(422);
      expect(response.body, text).toEqual({
        detail: [{ type: 'json_invalid', loc: ['body', position], msg: 'JSON decode error', input: {}, ctx: { error: reason } }],
      });
    }
  });

  test('raw bytes are read as UTF-8 JSON', async () => {
    const response = await post(new TextEncoder().encode('{"a": }'));
    expect(response.status).toBe(422);
    expect((response.body as { detail: { type: string }[] }).detail[0]?.type).toBe('json_invalid');
  });

  test('a body that is not an object is 422 model_attributes_type', async () => {
    for (const body of ['[1, 2]', '"text"', '42', 'null', [1, 2]]) {
      const response = await post(body);
      expect422(response, ['body']);
      expect((response.body as { detail: { type: string }[] }).detail[0]?.type).toBe('model_attributes_type');
    }
  });

  test('a missing body is 422 missing at ["body"]', async () => {
    for (const body of [undefined, '']) {
      const response = await post(body);
      expect(response.body).toEqual({ detail: [{ type: 'missing', loc: ['body'], msg: 'Field required', input: null, ctx: {} }] });
    }
  });

  test('a body with a non-JSON content type is not parsed: 422 model_attributes_type', async () => {
    const response = await post('{"display_name": "x"}', { 'content-type': 'text/plain' });
    expect422(response, ['body']);
    expect((response.body as { detail: { type: string }[] }).detail[0]?.type).toBe('model_attributes_type');
    const json = await post('{}', { 'content-type': 'application/json; charset=utf-8' });
    expect(json.status).toBe(422);
    expect((json.body as { detail: { type: string }[] }).detail[0]?.type).toBe('missing');
  });

  test('over-deep JSON is refused as json_invalid, not a crash', async () => {
    const response = await post('['.repeat(100_000) + ']'.repeat(100_000));
    expect(response.status).toBe(422);
    expect((response.body as { detail: { type: string }[] }).detail[0]?.type).toBe('json_invalid');
  });

  test('path parameters are validated: 422 at ["path", "id"]', async () => {
    const client = new Client(demoSandbox());
    expect422(await client.get('supplierA', '/mrv/v0/biochar_applications/xyz'), ['path', 'id']);
    expect422(await client.get('supplierA', '/mrv/v0/biochar_applications/rmv_01ZZZZZZZZZZZZZZZZZZZZZZZZ'), ['path', 'id']);
    expect422(await client.get('supplierA', `/mrv/v0/projects/short/storage_locations/${IDS.projectA}`), ['path', 'project_id']);
  });

  test('query values arrive as strings and are parsed: int_parsing for a non-integer', async () => {
    const client = new Client(demoSandbox());
    const response = await client.get('supplierA', '/mrv/v0/component_blueprints?first=two');
    expect422(response, ['query', 'first']);
    expect((response.body as { detail: { type: string }[] }).detail[0]?.type).toBe('int_parsing');
  });

  test('responses are JSON copies: changing one does not change the store', async () => {
    const client = new Client(demoSandbox());
    const before = client.sandbox.state.snapshot();
    const page = await client.ok<{ nodes: { quantity: { magnitude: number } }[] }>('supplierA', 'GET', '/mrv/v0/datapoints?first=5');
    for (const node of page.nodes) node.quantity.magnitude = -1;
    expect(client.sandbox.state.snapshot()).toBe(before);
  });
});

describe('defects', () => {
  test('an unexpected internal error is a logged 500, never a rejection', async () => {
    let broken = false;
    const logged: unknown[] = [];
    const sandbox = createSandbox({
      world: {
        clients: [{ client_secret: 's' }],
        organisations: [{ id: IDS.orgA, name: 'A' }],
        access_tokens: [{ token: 't', organisation_id: IDS.orgA, expires_at: '2099-01-01T00:00:00Z' }],
      },
      now: () => {
        if (broken) throw new Error('the clock broke');
        return '2026-01-01T00:00:00Z';
      },
      onInternalError: (error) => logged.push(error),
    });
    broken = true;
    const response = await sandbox.handle({
      method: 'GET',
      path: '/sandbox/v0/clock',
      headers: { 'x-client-secret': 's', authorization: 'Bearer t' },
    });
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ detail: 'Internal Server Error' });
    expect(logged).toHaveLength(1);
  });

  test('a request that is not an object is a 400, not a crash', async () => {
    const sandbox = createSandbox();
    const response = await sandbox.handle(null as unknown as { method: string; path: string });
    expect(response.status).toBe(400);
  });
});

describe('date-times', () => {
  test('a date alone is refused as a date-time without its zone, in a query and in a body, and nothing is created', async () => {
    const client = new Client(demoSandbox());
    const before = client.sandbox.state.snapshot();
    const query = await client.get('buyer', `/registry/v0/organisations/${IDS.buyer}/credit_batches?issued_after=2026-01-01`);
    expect(query.status).toBe(422);
    expect(query.body).toEqual({
      detail: [
        { type: 'timezone_aware', loc: ['query', 'issued_after'], msg: 'Input should have timezone info', input: '2026-01-01', ctx: {} },
      ],
    });
    const body = await client.post('supplierA', '/mrv/v0/components', {
      supplier_reference_id: 'date-alone',
      project_id: IDS.projectA,
      component_blueprint_key: 'diesel_combustion',
      display_name: 'Generator diesel',
      activity_started_at: '2026-03-01',
      activity_completed_at: '2026-03-31T00:00:00Z',
      inputs: [
        { input_key: 'volume', datapoint_ids: [IDS.dieselA] },
        { input_key: 'emission_factor', datapoint_ids: ['dtp_01JA0DIESELFACTOR000'] },
      ],
    });
    expect(body.status).toBe(422);
    expect(body.body).toEqual({
      detail: [
        {
          type: 'timezone_aware',
          loc: ['body', 'activity_started_at'],
          msg: 'Input should have timezone info',
          input: '2026-03-01',
          ctx: {},
        },
      ],
    });
    expect(client.sandbox.state.snapshot()).toBe(before);
    // With its time and zone it is taken.
    expect(
      (await client.get('buyer', `/registry/v0/organisations/${IDS.buyer}/credit_batches?issued_after=2026-01-01T00:00:00Z`)).status,
    ).toBe(200);
  });
});
