import { describe, expect, test } from 'vitest';
import { createSandbox } from '../../src/adapter/sandbox';
import { DEMO_WORLD, demoSandbox, IDS, SECRET, TOKENS } from './fixtures';

/** A route that needs a bearer token (no public reads). */
const PATH = '/mrv/v0/data-upload-submissions';

describe('client secret', () => {
  test('missing: 422 missing at ["header", "x-client-secret"]', async () => {
    const response = await demoSandbox().handle({ method: 'GET', path: PATH, headers: { authorization: `Bearer ${TOKENS.supplierA}` } });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      detail: [{ type: 'missing', loc: ['header', 'x-client-secret'], msg: 'Field required', input: null, ctx: {} }],
    });
  });

  test('unknown: 401 with a detail message', async () => {
    const response = await demoSandbox().handle({
      method: 'GET',
      path: PATH,
      headers: { 'x-client-secret': 'nope', authorization: `Bearer ${TOKENS.supplierA}` },
    });
    expect(response.status).toBe(401);
    expect(typeof (response.body as { detail: unknown }).detail).toBe('string');
  });

  test('header names are case-insensitive', async () => {
    const response = await demoSandbox().handle({
      method: 'GET',
      path: PATH,
      headers: { 'X-Client-Secret': SECRET, Authorization: `Bearer ${TOKENS.supplierA}` },
    });
    expect(response.status).toBe(200);
  });

  test('credentials are checked before anything else: a bad body with a bad secret is 401', async () => {
    const response = await demoSandbox().handle({
      method: 'POST',
      path: '/mrv/v0/datapoints',
      headers: { 'x-client-secret': 'nope' },
      body: '{',
    });
    expect(response.status).toBe(401);
  });
});

describe('bearer token', () => {
  const call = (authorization?: string) =>
    demoSandbox().handle({
      method: 'GET',
      path: PATH,
      headers: { 'x-client-secret': SECRET, ...(authorization === undefined ? {} : { authorization }) },
    });

  test('missing, malformed or unknown: 401 with WWW-Authenticate: Bearer', async () => {
    for (const authorization of [undefined, '', 'Basic abc', 'Bearer', 'Bearer a b', 'Bearer unknown-token']) {
      const response = await call(authorization);
      expect(response.status, String(authorization)).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(typeof (response.body as { detail: unknown }).detail).toBe('string');
    }
  });

  test('no Authorization header at all is 401, even for what every organisation may read', async () => {
    const sandbox = demoSandbox();
    const headers = { 'x-client-secret': SECRET };
    const refused = {
      status: 401,
      headers: { 'content-type': 'application/json', 'www-authenticate': 'Bearer' },
      body: { detail: 'Not authenticated' },
    };
    for (const path of ['/mrv/v0/component_blueprints', `/registry/v0/credit_batches/${IDS.batchB1}`, PATH]) {
      expect(await sandbox.handle({ method: 'GET', path, headers }), path).toEqual(refused);
    }
  });

  test('the scheme is case-insensitive', async () => {
    expect((await call(`bearer ${TOKENS.buyer}`)).status).toBe(200);
  });

  test('a token expires one year after it was generated', async () => {
    const sandbox = createSandbox({
      now: () => '2026-06-01T00:00:00Z',
      world: {
        organisations: [{ id: IDS.orgA, name: 'A' }],
        clients: [{ client_secret: 's' }],
        access_tokens: [{ token: 'young', organisation_id: IDS.orgA, generated_at: '2026-01-01T00:00:00Z' }],
      },
    });
    const headers = { 'x-client-secret': 's', authorization: 'Bearer young' };
    expect((await sandbox.handle({ method: 'GET', path: PATH, headers })).status).toBe(200);
    // 2026-06-01 + 214 days = 2027-01-01: exactly one year after generation, the token is refused.
    const advanced = await sandbox.handle({ method: 'POST', path: '/sandbox/v0/clock/advance', headers, body: { days: 213 } });
    expect(advanced.status).toBe(200);
    expect((await sandbox.handle({ method: 'GET', path: PATH, headers })).status).toBe(200);
    await sandbox.handle({ method: 'POST', path: '/sandbox/v0/clock/advance', headers, body: { days: 1 } });
    const expired = await sandbox.handle({ method: 'GET', path: PATH, headers });
    expect(expired.status).toBe(401);
    expect((expired.body as { detail: string }).detail).toMatch(/expired/i);
  });

  test('each token acts for its own organisation', async () => {
    const sandbox = createSandbox({ world: DEMO_WORLD, now: () => '2026-06-01T00:00:00Z' });
    const project = `/mrv/v0/projects/${IDS.projectA}/removal_templates`;
    const as = (token: string) =>
      sandbox.handle({ method: 'GET', path: project, headers: { 'x-client-secret': SECRET, authorization: `Bearer ${token}` } });
    expect((await as(TOKENS.supplierA)).status).toBe(200);
    expect((await as(TOKENS.supplierB)).status).toBe(404);
  });
});
